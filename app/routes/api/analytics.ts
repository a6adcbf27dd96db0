import { recordBeacon } from "~/domain/analytics/record.server";
import { fail } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import type { Route } from "./+types/analytics";

export const handle = { policy: publicEndpoint() };

/**
 * POST /api/analytics: the page's beacons (navigator.sendBeacon, text/plain JSON `{ k, p, f, r }`):
 * a counted page's own view, a client-side navigation, the chat or consultation dialog opened, a
 * form started. 204 even when the hit is not counted (a bot, an admin), so nobody learns what is
 * counted; 400 if malformed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const accepted = recordBeacon(await request.text(), {
    ip: context.clientIp || "unknown",
    userAgent: request.headers.get("user-agent"),
    cookie: request.headers.get("cookie"),
    host: new URL(request.url).host,
  });
  return accepted ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }) : fail(400, "Evento inválido.");
}
