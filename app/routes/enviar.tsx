/**
 * /enviar/{form}: where the lead forms post when JavaScript is off or not loaded yet (docs/decisions/0002).
 * A POST stores the submission through the same pipeline as the JSON API, exactly once
 * (app/domain/lead-submissions.server.ts), then redirects to this page's confirmation (so a
 * reload never sends it again); a refused one answers with the form again, its field errors
 * beside the fields and the typed values kept. The texts are the toasts' texts (SPEC §8).
 */
import { data, redirect } from "react-router";
import { ChatContactForm } from "~/components/chat/chat-widget";
import { CareersForm } from "~/components/forms/careers-form";
import { ConsultationFields } from "~/components/forms/consultation-dialog";
import { ContactForm } from "~/components/forms/contact-form";
import { Honeypot, IdempotencyField, ReturnTo, type FormState } from "~/components/forms/lead-form-utils";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { APPLICATION, JOBS } from "~/components/marketing/carreiras/content";
import { QuestionnaireForm } from "~/components/marketing/formulario/form";
import { Button } from "~/components/ui/button";
import { CheckCircle2 } from "~/components/ui/icons";
import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { submitLead, type LeadFormDefinition } from "~/domain/lead-submissions.server";
import { readBody } from "~/infra/http.server";
import { IDEMPOTENCY_FIELD } from "~/lib/early-script";
import { HONEYPOT_FIELD } from "~/lib/lead-fields";
import { chatTexts } from "~/lib/messages/chat";
import { careersMessages, consultationMessages, contactMessages, newsletterMessages, questionnaireMessages } from "~/lib/messages/leads";
import { NATIVE_FORM_ACTIONS, NATIVE_FORMS, type NativeForm } from "~/lib/native-forms";
import { Link } from "~/lib/navigation";
import { personalPage } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import { asRejection, submitContext } from "./lead-endpoint.server";
import type { Route } from "./+types/enviar";
import type { z } from "zod";

export const handle = { policy: personalPage() };

interface Texts {
  title: string;
  lead: string;
  failureTitle: string;
  success: (id: string | null) => { title: string; description: string };
  /** A line under the success texts, where the form has more to say than its toast. */
  note?: string;
}

const TEXTS: Record<NativeForm, Texts> = {
  contact: {
    title: "Fale com a gente",
    lead: "Preencha o formulário e um especialista entrará em contato. Respondemos em até 24 horas.",
    failureTitle: contactMessages.failureTitle,
    success: () => contactMessages.success,
  },
  newsletter: {
    title: "Receba novidades sobre IA",
    lead: "Conteúdos práticos e novidades da empresa, sem spam.",
    failureTitle: newsletterMessages.failureTitle,
    success: () => newsletterMessages.success,
    note: newsletterMessages.confirmationNote,
  },
  careers: {
    title: APPLICATION.title,
    lead: APPLICATION.lead,
    failureTitle: careersMessages.failure.title,
    success: () => careersMessages.success,
  },
  questionnaire: {
    title: "Formulário de Otimização de Negócios",
    lead: questionnaireMessages.replyNote,
    failureTitle: questionnaireMessages.failureTitle,
    success: (id) => ({ title: questionnaireMessages.successTitle, description: questionnaireMessages.successDescription(id ?? "") }),
  },
  consultation: {
    title: consultationMessages.title,
    lead: consultationMessages.description,
    failureTitle: consultationMessages.failureTitle,
    success: () => consultationMessages.success,
  },
  chat: {
    title: chatTexts.title,
    lead: chatTexts.subtitle,
    failureTitle: chatTexts.nativeFailureTitle,
    success: () => chatTexts.nativeConfirmation,
  },
};

function formOf(slug: string | undefined): NativeForm {
  const form = (Object.keys(NATIVE_FORMS) as NativeForm[]).find((f) => NATIVE_FORMS[f] === slug);
  if (!form) throw data(null, { status: 404 });
  return form;
}

/** Only paths of this site, so a link back can never lead elsewhere. */
function safeReturnTo(value: unknown): string | null {
  return typeof value === "string" && /^\/(?!\/)[^\s\\]*$/.test(value) && value.length <= 300 ? value : null;
}

export function loader({ params, request }: Route.LoaderArgs) {
  const form = formOf(params.form);
  const url = new URL(request.url);
  return data(
    {
      form,
      sent: url.searchParams.get("enviado") === "1",
      id: url.searchParams.get("id"),
      returnTo: safeReturnTo(url.searchParams.get("voltar")),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = formOf(params.form);
  let body: Record<string, unknown> = {};
  try {
    body = await readBody(request);
    // Any form's definition: only the result's id is read here.
    const definition = LEAD_FORMS[form] as LeadFormDefinition<z.ZodType, { id?: number } | null>;
    const result = await submitLead(definition, body, submitContext(request, context, body, true));
    const next = new URLSearchParams({ enviado: "1" });
    if (form === "questionnaire" && result?.id) next.set("id", String(result.id));
    const back = safeReturnTo(body.returnTo);
    if (back) next.set("voltar", back);
    return redirect(`${NATIVE_FORM_ACTIONS[form]}?${next}`, 303);
  } catch (error) {
    const rejection = await asRejection(error);
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string" && key !== HONEYPOT_FIELD && key !== IDEMPOTENCY_FIELD) values[key] = value;
    }
    return data(
      { errors: rejection.errors ?? {}, values, message: rejection.message },
      { status: rejection.status, headers: { "Cache-Control": "no-store", ...rejection.headers } },
    );
  }
}

/** The refusal's own headers (no-store, Retry-After) on the page it renders. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const texts = loaderData ? TEXTS[loaderData.form] : null;
  const title = loaderData?.sent && texts ? texts.success(loaderData.id).title : (texts?.title ?? "Envio");
  return [{ title: `${title} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
};

export default function Enviar({ loaderData, actionData }: Route.ComponentProps) {
  const { form, sent, id, returnTo } = loaderData;
  const texts = TEXTS[form];
  if (sent && !actionData) {
    const success = texts.success(id);
    return (
      <section className="bg-muted">
        <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center" role="status">
          <span className="flex size-16 items-center justify-center rounded-full bg-success/10 text-success">
            <CheckCircle2 className="size-9" aria-hidden />
          </span>
          <h1 className="mt-6 text-3xl font-bold sm:text-4xl">{success.title}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{success.description}</p>
          {texts.note && <p className="mt-3 max-w-xl text-muted-foreground">{texts.note}</p>}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {returnTo && returnTo !== "/" ? (
              <Button asChild variant="outline">
                <Link to={returnTo}>Voltar para a página anterior</Link>
              </Button>
            ) : null}
            <Button asChild>
              <Link to="/">Ir para o início</Link>
            </Button>
          </div>
        </div>
      </section>
    );
  }

  const state: FormState | undefined = actionData ? { errors: actionData.errors, values: actionData.values } : undefined;
  return (
    <section className="bg-muted">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-bold sm:text-4xl">{texts.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{texts.lead}</p>
        {actionData ? (
          <div role="alert" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive">
            <strong>{form === "newsletter" && actionData.errors.email ? newsletterMessages.invalid.title : texts.failureTitle}:</strong>{" "}
            {form === "newsletter" && actionData.errors.email ? newsletterMessages.invalid.description : actionData.message}
          </div>
        ) : null}
        {form === "questionnaire" ? (
          // Its sections are cards already.
          <div className="mt-8 -mx-4">
            <QuestionnaireForm initial={state} />
          </div>
        ) : (
          <div className="mt-8 rounded-2xl border border-border bg-card p-6 shadow-soft sm:p-8">
            <StandaloneForm form={form} state={state} />
          </div>
        )}
      </div>
    </section>
  );
}

function StandaloneForm({ form, state }: { form: NativeForm; state: FormState | undefined }) {
  const values = state?.values ?? {};
  switch (form) {
    case "contact":
      return <ContactForm source={values.source || "site"} initial={state} />;
    case "newsletter":
      return (
        <div className="rounded-xl bg-navy p-5 text-white">
          <NewsletterForm initialEmail={values.email} />
        </div>
      );
    case "careers":
      return <CareersForm positions={JOBS.map((job) => job.title)} initial={state} />;
    case "questionnaire":
      return null; // rendered without the card, above
    case "consultation":
      return (
        <form
          method="post"
          action={NATIVE_FORM_ACTIONS.consultation}
          className="relative grid gap-4"
          aria-label="Solicitação de consultoria"
        >
          <Honeypot />
          <IdempotencyField />
          <ReturnTo path={values.returnTo || "/"} />
          <input type="hidden" name="source" value={values.source ?? ""} />
          <ConsultationFields form={state ?? { errors: {}, values: {} }} clearError={() => {}} />
          <Button type="submit" className="justify-self-start">
            {consultationMessages.submit}
          </Button>
        </form>
      );
    case "chat":
      return <ChatContactForm initial={state} />;
  }
}
