/**
 * /newsletter/confirmar?token=…: the double opt-in's link (from the confirmation e-mail). Opening
 * it only shows the address; the click on "Confirmar inscrição" (a POST) records the consent: mail
 * scanners open links by themselves, and a GET alone must not subscribe anyone.
 */
import { data } from "react-router";
import { EmailLinkForm, EmailLinkPage } from "~/components/email-link-page";
import { NewsletterTopicsForm } from "~/components/newsletter-topics-form";
import { MailCheck } from "~/components/ui/icons";
import {
  confirmNewsletter,
  findSubscriberByConfirmationToken,
  findTopicChoice,
  maskEmail,
  unsubscribeUrl,
} from "~/domain/leads/newsletter.server";
import { newsletterMessages } from "~/forms/newsletter/messages";
import { readBody, storedUserAgent } from "~/infra/http.server";
import { loadAsDocument, PUBLIC_DOCUMENT } from "~/lib/document-page";
import { personalPage } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/newsletter.confirmar";

/** A public page outside the site's layout: a document like the others (docs/decisions/0058). */
export const handle = { policy: personalPage(), ...PUBLIC_DOCUMENT };
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = () => [
  { title: `Confirmar inscrição na newsletter | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const row = await findSubscriberByConfirmationToken(token);
  // Confirmed already: the same link leads to the choice of topics again (docs/decisions/0131).
  const choice = row?.status === "active" ? await findTopicChoice(row.unsubscribeToken) : null;
  return data(
    { token, email: row ? maskEmail(row.email) : null, active: row?.status === "active", choice },
    { headers: NO_STORE, status: row ? 200 : 404 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const token = typeof body.token === "string" ? body.token : "";
  const result = await confirmNewsletter(token, {
    ip: context.clientIp || null,
    userAgent: storedUserAgent(request),
  });
  const choice = result ? await findTopicChoice(result.unsubscribeToken) : null;
  return data(
    result
      ? { done: true, email: maskEmail(result.email), unsubscribe: unsubscribeUrl(result.unsubscribeToken), choice }
      : { done: false, email: null, unsubscribe: null, choice: null },
    { status: result ? 200 : 404, headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  // After the click, the action's answer decides (the page's own URL may have lost the token).
  const done = actionData ? actionData.done : loaderData.active;
  const invalid = actionData ? !actionData.done : !loaderData.email;
  const email = actionData?.email ?? loaderData.email;
  const choice = actionData ? actionData.choice : loaderData.choice;

  return (
    <EmailLinkPage icon={MailCheck}>
      {invalid ? (
        <>
          <h1 className="mt-2 text-2xl font-bold">Link inválido ou expirado</h1>
          <p className="mt-3 text-muted-foreground">
            Este link de confirmação não vale mais (ele expira em 7 dias) ou está incompleto. Inscreva-se de novo no rodapé do site para
            receber um link novo.
          </p>
        </>
      ) : done ? (
        <>
          <h1 className="mt-2 text-2xl font-bold">Inscrição confirmada</h1>
          <p className="mt-3 text-muted-foreground" role="status">
            O email <strong className="text-foreground">{email}</strong> está inscrito. {newsletterMessages.success.description}
          </p>
          {actionData?.unsubscribe && (
            <p className="mt-3 text-sm text-muted-foreground">
              Mudou de ideia?{" "}
              <a href={actionData.unsubscribe} className="font-medium text-primary underline-offset-4 hover:underline">
                Cancele a inscrição
              </a>{" "}
              quando quiser; o link também vem em cada e-mail.
            </p>
          )}
          {choice && <NewsletterTopicsForm token={choice.token} topics={choice.topics} />}
        </>
      ) : (
        <>
          <h1 className="mt-2 text-2xl font-bold">Confirmar inscrição na newsletter</h1>
          <p className="mt-3 text-muted-foreground">
            Deseja receber as novidades da {SITE_NAME} sobre IA no email <strong className="text-foreground">{loaderData.email}</strong>?
            Registraremos o seu consentimento.
          </p>
          <EmailLinkForm token={loaderData.token} label="Confirmar inscrição" busyLabel="Confirmando..." />
        </>
      )}
    </EmailLinkPage>
  );
}
