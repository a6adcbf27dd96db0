/**
 * /admin/posts/{id}/newsletter: the e-mail the post would be sent as (docs/decisions/0128), as a
 * mail client gets it, with a sample unsubscribe link. Its own strict policy: no script runs, and
 * only its inline styles and images apply.
 */
import { requireAdmin } from "~/domain/auth/sessions.server";
import { sampleEditionEmail } from "~/domain/newsletter/editions.server";
import { parseId } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/posts.$id.newsletter";

export const handle = { policy: adminOnly() };

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const email = await sampleEditionEmail(parseId(params.id));
  return new Response(email.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'",
    },
  });
}
