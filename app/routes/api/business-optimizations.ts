import { requireAdminApi } from "~/domain/auth/sessions.server";
import { listBusinessOptimizations } from "~/domain/leads/admin.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/business-optimizations";

export const handle = { policy: adminOnly() };

/** GET /api/business-optimizations (admin, SPEC §7): polled every 3 s, never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  const { rows, total } = await listBusinessOptimizations();
  return Response.json(
    { success: true, data: rows, total },
    { headers: { "Cache-Control": "no-store, no-cache, must-revalidate", Pragma: "no-cache" } },
  );
}
