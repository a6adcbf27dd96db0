/** GET /api/blog/posts (public: published only) and POST /api/blog/posts (admin). SPEC §7. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { getAdminPost } from "~/domain/blog/admin-post.server";
import { createPost } from "~/domain/blog/editing.server";
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { listPublishedPosts } from "~/domain/blog.server";
import { conditional, weakEtag } from "~/infra/http-cache.server";
import { fail, fieldErrors, ok, parseBody } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { publicData } from "~/lib/route-policy";
import { postListQuerySchema, postSchema } from "~/lib/schemas/blog";
import type { Route } from "./+types/blog.posts";

export const handle = {
  policy: { ...publicData({ params: ["categoryId", "limit", "page"], shows: ["blog"] }), writeAccess: "admin", invalidates: ["blog"] },
};

export async function loader({ request }: Route.LoaderArgs) {
  const query = postListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return fail(400, blogApiMessages.invalidQuery, fieldErrors(query.error));
  await publishDueBeforeRead();
  const page = await listPublishedPosts(query.data);
  const { headers, notModified } = conditional(request, { etag: weakEtag("posts", page) });
  if (notModified) return new Response(null, { status: 304, headers });
  return ok(page, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  const input = await parseBody(request, postSchema);
  const post = await createPost(input, { username: user.username, ip: context.clientIp });
  return ok(await getAdminPost(post.id), { status: 201 });
}
