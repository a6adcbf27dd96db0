import { data, Link } from "react-router";
import { requireAdmin } from "~/domain/auth/sessions.server";
import type { Route } from "./+types/$";

/**
 * Any other address under /admin: private like every admin page (it declares no policy), so
 * without a session it asks for the login instead of telling what exists; with one, a 404 inside
 * the admin's own layout.
 */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Página não encontrada | Admin" }, { name: "robots", content: "noindex" }];

export default function AdminNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Página não encontrada</h1>
      <p className="text-muted-foreground">Este endereço não existe na área administrativa.</p>
      <Link to="/admin/dashboard" className="rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground hover:bg-primary-hover">
        Voltar ao painel
      </Link>
    </section>
  );
}
