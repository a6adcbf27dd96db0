/** GET /sitemap/{file}: one file of the sitemap index (app/domain/blog/sitemap.server.ts); 404 for any other name. */
import { env } from "~/config.server";
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { sitemapFile } from "~/domain/blog/sitemap.server";
import { blogLastModified } from "~/domain/blog.server";
import { conditional, weakEtag } from "~/infra/http-cache.server";
import { publicData } from "~/lib/route-policy";
import type { Route } from "./+types/sitemap.$file";

export const handle = { policy: publicData({ shows: ["blog"] }) };

export async function loader({ request, params }: Route.LoaderArgs) {
  await publishDueBeforeRead();
  const lastModified = await blogLastModified();
  const xml = await sitemapFile(params.file, lastModified);
  if (xml === null) return new Response("Não encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { headers, notModified } = conditional(request, { etag: weakEtag("sitemap", params.file, env.SITE_URL, xml), lastModified });
  if (notModified) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/xml; charset=utf-8");
  return new Response(xml, { headers });
}
