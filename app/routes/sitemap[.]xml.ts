/** GET /sitemap.xml: every public page, the blog categories, and every published post with its lastmod. */
import { env } from "~/config.server";
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { blogLastModified, listCategories, sitemapPosts } from "~/domain/blog.server";
import { conditional, weakEtag } from "~/infra/http-cache.server";
import { publicData } from "~/lib/route-policy";
import { escapeXml } from "~/lib/xml";
import type { Route } from "./+types/sitemap[.]xml";

export const handle = { policy: publicData({ shows: ["blog"] }) };

/** Public pages of SPEC §2 plus the legal pages. */
const STATIC_PAGES: Array<{ path: string; changefreq: string; priority: string }> = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/sobre", changefreq: "monthly", priority: "0.7" },
  { path: "/carreiras", changefreq: "monthly", priority: "0.6" },
  { path: "/formulario", changefreq: "monthly", priority: "0.6" },
  { path: "/agentes", changefreq: "monthly", priority: "0.8" },
  { path: "/produtos", changefreq: "monthly", priority: "0.8" },
  { path: "/blog", changefreq: "daily", priority: "0.8" },
  { path: "/privacidade", changefreq: "yearly", priority: "0.3" },
  { path: "/termos", changefreq: "yearly", priority: "0.3" },
  { path: "/cookies", changefreq: "yearly", priority: "0.3" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await publishDueBeforeRead(); // a scheduled post that fell due shows up here first (docs/decisions/0060)
  const [posts, categories, lastModified] = await Promise.all([sitemapPosts(), listCategories(), blogLastModified()]);
  const { headers, notModified } = conditional(request, {
    etag: weakEtag("sitemap", env.SITE_URL, posts, categories),
    lastModified,
  });
  if (notModified) return new Response(null, { status: 304, headers });

  const url = (path: string) => escapeXml(`${env.SITE_URL}${path}`);
  const entries = [
    ...STATIC_PAGES.map(
      (p) =>
        `<url><loc>${url(p.path)}</loc>${p.path === "/blog" && lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ""}<changefreq>${p.changefreq}</changefreq><priority>${p.priority}</priority></url>`,
    ),
    ...categories.map(
      (c) =>
        `<url><loc>${url(`/blog?categoria=${encodeURIComponent(c.slug)}`)}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`,
    ),
    ...posts.map(
      (p) =>
        `<url><loc>${url(`/blog/${encodeURIComponent(p.slug)}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod><changefreq>monthly</changefreq><priority>0.7</priority></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  headers.set("Content-Type", "application/xml; charset=utf-8");
  return new Response(xml, { headers });
}
