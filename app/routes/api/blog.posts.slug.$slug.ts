/** GET /api/blog/posts/slug/{slug}: a published post (drafts and scheduled posts do not exist for this API). SPEC §7. */
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { getPostBySlug, publicPost } from "~/domain/blog.server";
import { conditional, weakEtag } from "~/infra/http-cache.server";
import { fail, ok } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { publicData } from "~/lib/route-policy";
import type { Route } from "./+types/blog.posts.slug.$slug";

export const handle = { policy: publicData({ shows: ["blog"] }) };

export async function loader({ request, params }: Route.LoaderArgs) {
  await publishDueBeforeRead();
  const found = await getPostBySlug(params.slug);
  if (!found || !found.published) return fail(404, blogApiMessages.postNotFound);
  const post = publicPost(found);
  const { headers, notModified } = conditional(request, {
    etag: weakEtag("post", post),
    lastModified: post.updatedAt,
  });
  if (notModified) return new Response(null, { status: 304, headers });
  return ok(post, { headers });
}
