import { env } from "~/config.server";
import { publicData } from "~/lib/route-policy";

export const handle = { policy: publicData() };

/** robots.txt: private areas stay out of search engines; the sitemap lists the public pages. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /api/",
    "",
    `Sitemap: ${env.SITE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
