/** GET /api/blog/posts/slug/{slug}: a published post (drafts do not exist for this API). SPEC §7. */
import { getPostBySlug } from "~/domain/blog.server";
import { conditional, PUBLIC_PAGE_CACHE, weakEtag } from "~/infra/http-cache.server";
import { fail, ok } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import type { Route } from "./+types/blog-post-by-slug";

export async function loader({ request, params }: Route.LoaderArgs) {
  const post = await getPostBySlug(params.slug);
  if (!post || !post.published) return fail(404, blogApiMessages.postNotFound);
  const { headers, notModified } = conditional(request, {
    etag: weakEtag("post", post),
    lastModified: post.updatedAt,
    cacheControl: PUBLIC_PAGE_CACHE,
  });
  if (notModified) return new Response(null, { status: 304, headers });
  return ok(post, { headers });
}
