import { env } from "~/config.server";
import { publicData } from "~/lib/route-policy";

export const handle = { policy: publicData() };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. Generated, so its
 * required Expires field always lies about six months ahead and never goes stale.
 */
export function loader() {
  const expires = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 180 * DAY_MS);
  const body = [
    `Contact: mailto:${env.DPO_EMAIL}`,
    `Expires: ${expires.toISOString()}`,
    "Preferred-Languages: pt, en",
    `Canonical: ${env.SITE_URL}/.well-known/security.txt`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
