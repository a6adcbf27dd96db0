import { requireAdmin } from "~/domain/auth.server";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () => [{ title: "Administração do Blog" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

// Placeholder: the blog issue builds this page.
export default function AdminBlog() {
  return <h1 className="text-2xl font-bold">Administração do Blog</h1>;
}
