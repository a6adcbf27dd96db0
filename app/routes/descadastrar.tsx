import { data } from "react-router";
import { EmailLinkForm, EmailLinkPage } from "~/components/email-link-page";
import { MailX } from "~/components/ui/icons";
import { findSubscriberByToken, maskEmail, unsubscribeNewsletter } from "~/domain/leads/newsletter.server";
import { readBody, storedUserAgent } from "~/infra/http.server";
import { loadAsDocument, PUBLIC_DOCUMENT } from "~/lib/document-page";
import { personalPage } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/descadastrar";

/** A public page outside the site's layout: a document like the others (docs/decisions/0058). */
export const handle = { policy: personalPage(), ...PUBLIC_DOCUMENT };
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = () => [
  { title: `Cancelar inscrição na newsletter | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const row = await findSubscriberByToken(token);
  return data(
    { token, email: row ? maskEmail(row.email) : null, status: row?.status ?? null },
    { headers: { "Cache-Control": "no-store" }, status: row ? 200 : 404 },
  );
}

/**
 * Confirming takes a click (POST): mail scanners open links by themselves, and a GET alone must
 * not withdraw anyone's subscription. A mail client's one-click unsubscribe (RFC 8058) is a POST
 * to the same address, the token in its query and `List-Unsubscribe=One-Click` as the body: it
 * unsubscribes at once, with no session, cookie or page to confirm (docs/decisions/0128).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const oneClick = body["List-Unsubscribe"] === "One-Click";
  const token = oneClick ? (new URL(request.url).searchParams.get("token") ?? "") : typeof body.token === "string" ? body.token : "";
  const meta = { ip: context.clientIp || null, userAgent: storedUserAgent(request) };
  const result = await unsubscribeNewsletter(token, meta, oneClick ? "descadastro-um-clique" : "descadastro");
  return data({ done: Boolean(result) }, { status: result ? 200 : 404, headers: { "Cache-Control": "no-store" } });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done || loaderData.status === "unsubscribed";
  const invalid = !loaderData.email || actionData?.done === false;

  return (
    <EmailLinkPage icon={MailX}>
      {invalid ? (
        <>
          <h1 className="mt-2 text-2xl font-bold">Link inválido</h1>
          <p className="mt-3 text-muted-foreground">
            Não encontramos uma inscrição para este link. Ele pode estar incompleto; copie o endereço completo do email que você recebeu.
          </p>
        </>
      ) : done ? (
        <>
          <h1 className="mt-2 text-2xl font-bold">Inscrição cancelada</h1>
          <p className="mt-3 text-muted-foreground" role="status">
            O email <strong className="text-foreground">{loaderData.email}</strong> não receberá mais a nossa newsletter. Registramos a
            retirada do seu consentimento.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-2 text-2xl font-bold">Cancelar inscrição na newsletter</h1>
          <p className="mt-3 text-muted-foreground">
            Deseja deixar de receber as novidades da {SITE_NAME} no email <strong className="text-foreground">{loaderData.email}</strong>?
          </p>
          <EmailLinkForm token={loaderData.token} label="Confirmar cancelamento" busyLabel="Cancelando..." />
        </>
      )}
    </EmailLinkPage>
  );
}
