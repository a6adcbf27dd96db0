/** GET /sitemap.xml: the sitemap index (app/domain/blog/sitemap.server.ts): the pages file and the posts' files. */
import { env } from "~/config.server";
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { sitemapIndex } from "~/domain/blog/sitemap.server";
import { blogLastModified } from "~/domain/blog.server";
import { conditional, weakEtag } from "~/infra/http-cache.server";
import { publicData } from "~/lib/route-policy";
import type { Route } from "./+types/sitemap[.]xml";

export const handle = { policy: publicData({ shows: ["blog"] }) };

export async function loader({ request }: Route.LoaderArgs) {
  await publishDueBeforeRead(); // a scheduled post that fell due shows up here first (docs/decisions/0060)
  const lastModified = await blogLastModified();
  const { xml } = await sitemapIndex(lastModified);
  const { headers, notModified } = conditional(request, { etag: weakEtag("sitemap-index", env.SITE_URL, xml), lastModified });
  if (notModified) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/xml; charset=utf-8");
  return new Response(xml, { headers });
}
