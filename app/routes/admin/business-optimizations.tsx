import { requireAdmin } from "~/domain/auth.server";
import type { Route } from "./+types/business-optimizations";

export const meta: Route.MetaFunction = () => [{ title: "Formulários de Otimização" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

// Placeholder: the lead-capture issue builds this page.
export default function BusinessOptimizations() {
  return <h1 className="text-2xl font-bold">Formulários de Otimização</h1>;
}
