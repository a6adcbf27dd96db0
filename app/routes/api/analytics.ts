import { recordBeacon } from "~/domain/analytics/record.server";
import { fail, methodNotAllowed } from "~/infra/http.server";
import type { Route } from "./+types/analytics";

/**
 * POST /api/analytics: the page's beacons (navigator.sendBeacon, text/plain JSON `{ k, p, f }`):
 * a client-side navigation, the chat or consultation dialog opened, a form started. 204 even when
 * the hit is not counted (a bot, an admin), so nobody learns what is counted; 400 if malformed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const accepted = recordBeacon(await request.text(), {
    ip: context.clientIp || "unknown",
    userAgent: request.headers.get("user-agent"),
    cookie: request.headers.get("cookie"),
  });
  return accepted ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }) : fail(400, "Evento inválido.");
}

export const loader = () => methodNotAllowed();
