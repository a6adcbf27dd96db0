/**
 * /newsletter/temas?token=…: the topics a subscriber wants to hear about (docs/decisions/0131),
 * from the "Escolher temas" link of each edition or the page after confirming. Opening it only
 * shows the choice; saving is a POST with the token. The link is the subscriber's unsubscribe
 * token (either kind), so it works as long as the e-mail that carried it.
 */
import { data } from "react-router";
import { EmailLinkPage } from "~/components/email-link-page";
import { chosenTopics, NewsletterTopicsForm, topicsText } from "~/components/newsletter-topics-form";
import { MailCheck } from "~/components/ui/icons";
import { findTopicChoice, saveNewsletterTopics } from "~/domain/leads/newsletter.server";
import { readBody } from "~/infra/http.server";
import { loadAsDocument, PUBLIC_DOCUMENT } from "~/lib/document-page";
import { personalPage } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/newsletter.temas";

/** A public page outside the site's layout: a document like the others (docs/decisions/0058). */
export const handle = { policy: personalPage(), ...PUBLIC_DOCUMENT };
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = () => [{ title: `Temas da newsletter | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const choice = await findTopicChoice(token);
  return data({ choice }, { headers: NO_STORE, status: choice ? 200 : 404 });
}

export async function action({ request }: Route.ActionArgs) {
  const body = await readBody(request);
  const token = typeof body.token === "string" ? body.token : "";
  const saved = await saveNewsletterTopics(token, chosenTopics(body));
  return data({ saved: saved ? { ...saved, token } : null }, { status: saved ? 200 : 404, headers: NO_STORE });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export default function NewsletterTopics({ loaderData, actionData }: Route.ComponentProps) {
  const choice = actionData ? actionData.saved : loaderData.choice;
  return (
    <EmailLinkPage icon={MailCheck}>
      {!choice || !choice.active ? (
        <>
          <h1 className="mt-2 text-2xl font-bold">Link inválido</h1>
          <p className="mt-3 text-muted-foreground">
            Não encontramos uma inscrição ativa para este link. Ele pode estar incompleto, ou a inscrição foi cancelada; para voltar a
            receber a newsletter, inscreva-se de novo no rodapé do site.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-2 text-2xl font-bold">Temas da newsletter</h1>
          <p className="mt-3 text-muted-foreground">
            Inscrição de <strong className="text-foreground">{choice.email}</strong>.
          </p>
          {actionData?.saved && (
            <p className="mt-3 font-medium text-primary" role="status">
              {topicsText.saved}
            </p>
          )}
          <NewsletterTopicsForm token={choice.token} topics={choice.topics} />
        </>
      )}
    </EmailLinkPage>
  );
}
