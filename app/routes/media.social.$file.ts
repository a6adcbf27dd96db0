/**
 * GET /media/social/{postId}-{version}.jpg: a published post's social image, 1200×630 JPEG
 * (docs/decisions/0062). The version is a hash of what the picture is made of: cached forever;
 * an old version leads to the current one (303, not cached).
 */
import { parseSocialFile, renderSocialImage, socialImagePath, versionOf } from "~/domain/blog/social-image.server";
import { getPostById } from "~/domain/blog.server";
import { conditional } from "~/infra/http-cache.server";
import { imageNotFound as notFound } from "~/lib/media";
import { publicData } from "~/lib/route-policy";
import type { Route } from "./+types/media.social.$file";

/** Content-addressed (the version is a hash of what the picture is made of): kept for good. */
export const handle = { policy: publicData({ immutable: true }) };

export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = parseSocialFile(params.file);
  if (!parsed) return notFound();
  const post = await getPostById(parsed.id);
  // Drafts have no public picture: their title is not public yet.
  if (!post || !post.published) return notFound();
  const source = { ...post, categoryName: post.category?.name ?? null };
  if (versionOf(source) !== parsed.version) {
    // An older picture of the post: see the current one. A 303 is kept by no cache (this address
    // is immutable, the answer to it is not).
    return new Response(null, { status: 303, headers: { Location: socialImagePath(source) } });
  }
  const { headers, notModified } = conditional(request, { etag: `"${params.file}"` });
  if (notModified) return new Response(null, { status: 304, headers });
  const jpeg = await renderSocialImage(source);
  headers.set("Content-Type", "image/jpeg");
  headers.set("Content-Length", String(jpeg.length));
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(new Uint8Array(jpeg), { headers });
}
