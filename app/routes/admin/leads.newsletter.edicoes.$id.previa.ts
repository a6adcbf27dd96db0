/**
 * /admin/leads/newsletter/edicoes/{id}/previa: a standalone edition's e-mail (docs/decisions/0131) as a mail
 * client gets it, with a sample unsubscribe link; the same strict policy as a post's preview.
 */
import { requireAdmin } from "~/domain/auth/sessions.server";
import { sampleStandaloneEmail } from "~/domain/newsletter/standalone.server";
import { parseId } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/leads.newsletter.edicoes.$id.previa";

export const handle = { policy: adminOnly() };

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const email = await sampleStandaloneEmail(parseId(params.id));
  return new Response(email.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'",
    },
  });
}
