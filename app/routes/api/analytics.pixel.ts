import { recordPixel } from "~/domain/analytics/record.server";
import { publicEndpoint } from "~/lib/route-policy";
import type { Route } from "./+types/analytics.pixel";

export const handle = { policy: publicEndpoint() };

/** A transparent 1×1 GIF: the image a page viewed without JavaScript loads to be counted. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** GET /api/analytics/pixel: a page's view without JavaScript; the page is the request's Referer. */
export function loader({ request, context }: Route.LoaderArgs) {
  recordPixel({
    ip: context.clientIp || "unknown",
    userAgent: request.headers.get("user-agent"),
    cookie: request.headers.get("cookie"),
    host: new URL(request.url).host,
    page: request.headers.get("referer"),
  });
  return new Response(new Uint8Array(PIXEL), { headers: { "Content-Type": "image/gif", "Content-Length": String(PIXEL.length) } });
}
