import { requireAdmin } from "~/domain/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Painel Administrativo" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

// Placeholder: the lead-capture issue builds this page.
export default function Dashboard() {
  return <h1 className="text-2xl font-bold">Painel Administrativo</h1>;
}
