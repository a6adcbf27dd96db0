/**
 * The sitemap (sitemaps.org): /sitemap.xml is an index of files, each well under the protocol's
 * 50,000 URLs and 50 MB, and small enough to be cheap to serve: the public pages and categories
 * in one, the published posts (newest first) in files of POSTS_PER_FILE.
 */
import { env } from "~/config.server";
import { escapeXml } from "~/lib/xml";
import { countSitemapPosts, listCategories, sitemapPosts } from "../blog.server";

export const POSTS_PER_FILE = 1_000;
export const PAGES_FILE = "paginas.xml";
const postsFile = (n: number) => `posts-${n}.xml`;

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

const url = (path: string) => escapeXml(`${env.SITE_URL}${path}`);

/** The index: the pages file and one file per POSTS_PER_FILE published posts. */
export async function sitemapIndex(lastModified: Date | null): Promise<{ xml: string; files: string[] }> {
  const posts = await countSitemapPosts();
  const files = [PAGES_FILE, ...Array.from({ length: Math.ceil(posts / POSTS_PER_FILE) }, (_, i) => postsFile(i + 1))];
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
  const entries = files.map((f) => `<sitemap><loc>${url(`/sitemap/${f}`)}</loc>${lastmod}</sitemap>`);
  return {
    files,
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`,
  };
}

/** One file of the index; null for a name it does not list. */
export async function sitemapFile(name: string, lastModified: Date | null): Promise<string | null> {
  let entries: string[];
  if (name === PAGES_FILE) {
    const categories = await listCategories();
    entries = [
      ...STATIC_PAGES.map(
        (p) =>
          `<url><loc>${url(p.path)}</loc>${p.path === "/blog" && lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ""}<changefreq>${p.changefreq}</changefreq><priority>${p.priority}</priority></url>`,
      ),
      ...categories.map(
        (c) =>
          `<url><loc>${url(`/blog?categoria=${encodeURIComponent(c.slug)}`)}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`,
      ),
    ];
  } else {
    const n = /^posts-([1-9]\d{0,5})\.xml$/.exec(name)?.[1];
    if (!n) return null;
    const posts = await sitemapPosts({ offset: (Number(n) - 1) * POSTS_PER_FILE, limit: POSTS_PER_FILE });
    if (posts.length === 0 && n !== "1") return null;
    entries = posts.map(
      (p) =>
        `<url><loc>${url(`/blog/${encodeURIComponent(p.slug)}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod><changefreq>monthly</changefreq><priority>0.7</priority></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}
