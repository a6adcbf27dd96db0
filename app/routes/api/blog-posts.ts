/** GET /api/blog/posts (public: published only) and POST /api/blog/posts (admin). SPEC §7. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { createPost, listPublishedPosts } from "~/domain/blog.server";
import { conditional, PUBLIC_PAGE_CACHE, weakEtag } from "~/infra/http-cache.server";
import { fail, fieldErrors, methodNotAllowed, ok, parseBody } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { postListQuerySchema, postSchema } from "~/lib/schemas/blog";
import type { Route } from "./+types/blog-posts";

export async function loader({ request }: Route.LoaderArgs) {
  const query = postListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return fail(400, blogApiMessages.invalidQuery, fieldErrors(query.error));
  const page = await listPublishedPosts(query.data);
  const { headers, notModified } = conditional(request, { etag: weakEtag("posts", page), cacheControl: PUBLIC_PAGE_CACHE });
  if (notModified) return new Response(null, { status: 304, headers });
  return ok(page, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireAdminApi(request);
  const input = await parseBody(request, postSchema);
  const post = await createPost(input, { username: user.username, ip: context.clientIp });
  return ok(post, { status: 201 });
}
