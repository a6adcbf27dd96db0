/** GET /blog/rss.xml: RSS 2.0 feed of the newest published posts (linked from the blog pages' head). */
import { env } from "~/config.server";
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { blogLastModified, feedPosts } from "~/domain/blog.server";
import { conditional, weakEtag } from "~/infra/http-cache.server";
import { sanitizeContent } from "~/infra/sanitize.server";
import { BLOG_DESCRIPTION, BLOG_TITLE } from "~/lib/messages/blog";
import { publicData } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import { cdata, escapeXml } from "~/lib/xml";
import type { Route } from "./+types/blog.rss[.]xml";

export const handle = { policy: publicData({ shows: ["blog"] }) };

export async function loader({ request }: Route.LoaderArgs) {
  await publishDueBeforeRead(); // a scheduled post that fell due shows up here first (docs/decisions/0060)
  const [posts, lastModified] = await Promise.all([feedPosts(20), blogLastModified()]);
  const { headers, notModified } = conditional(request, {
    etag: weakEtag("rss", env.SITE_URL, posts),
    lastModified,
  });
  if (notModified) return new Response(null, { status: 304, headers });

  const site = env.SITE_URL;
  const absolutise = (html: string) => html.replace(/(src|href)="\/(?!\/)/g, `$1="${site}/`);
  const items = posts.map((post) => {
    const link = `${site}/blog/${encodeURIComponent(post.slug)}`;
    const date = post.publishedAt ?? post.createdAt;
    const image = post.imageUrl ? new URL(post.imageUrl, `${site}/`).toString() : null;
    return [
      "<item>",
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${date.toUTCString()}</pubDate>`,
      post.category ? `<category>${escapeXml(post.category.name)}</category>` : "",
      `<description>${escapeXml(post.summary)}</description>`,
      `<content:encoded>${cdata(absolutise(sanitizeContent(post.content)))}</content:encoded>`,
      image ? `<media:content url="${escapeXml(image)}" medium="image"/>` : "",
      "</item>",
    ]
      .filter(Boolean)
      .join("");
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">',
    "<channel>",
    `<title>${escapeXml(`${BLOG_TITLE} | ${SITE_NAME}`)}</title>`,
    `<link>${escapeXml(`${site}/blog`)}</link>`,
    `<description>${escapeXml(BLOG_DESCRIPTION)}</description>`,
    "<language>pt-BR</language>",
    `<atom:link href="${escapeXml(`${site}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    lastModified ? `<lastBuildDate>${lastModified.toUTCString()}</lastBuildDate>` : "",
    ...items,
    "</channel>",
    "</rss>",
    "",
  ]
    .filter((line, i, all) => line !== "" || i === all.length - 1)
    .join("\n");
  headers.set("Content-Type", "application/rss+xml; charset=utf-8");
  return new Response(xml, { headers });
}
