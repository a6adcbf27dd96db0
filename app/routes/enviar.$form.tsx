/**
 * /enviar/{form}: where the lead forms post when JavaScript is off or not loaded yet (docs/decisions/0002).
 * A POST stores the submission through the same pipeline as the JSON API, exactly once
 * (app/domain/lead-submissions.server.ts), then redirects to this page's confirmation (so a
 * reload never sends it again); a refused one answers with the form again, its field errors
 * beside the fields and the typed values kept. The texts are the toasts' texts (SPEC §8). A post
 * without proof of work is stored, but no e-mail goes to the address it names, and its
 * confirmation says so (docs/decisions/0106).
 */
import { data, redirect } from "react-router";
import { type FormState } from "~/components/forms/lead-form-utils";
import { Button } from "~/components/ui/button";
import { CheckCircle2 } from "~/components/ui/icons";
import { submitLead } from "~/domain/lead-submissions.server";
import { leadFormBySlug } from "~/forms";
import { leadFormServer } from "~/forms/index.server";
import { readBody } from "~/infra/http.server";
import { HONEYPOT_FIELD } from "~/lib/lead-fields";
import { leadServerMessages } from "~/lib/messages/leads";
import { Link } from "~/lib/navigation";
import { personalPage } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import { IDEMPOTENCY_FIELD } from "~/shell/early/idempotency-key";
import { asRejection, submitContext } from "./lead-endpoint.server";
import type { Route } from "./+types/enviar.$form";
import type { ComponentType } from "react";

export const handle = { policy: personalPage() };

/** Each form's `PageForm` (app/forms/{name}/form.tsx), by its folder's name. */
const PAGE_FORMS = Object.fromEntries(
  Object.entries(import.meta.glob<ComponentType<{ state?: FormState }>>("../forms/*/form.tsx", { eager: true, import: "PageForm" })).map(
    ([path, component]) => [path.split("/").at(-2), component],
  ),
);

function formOf(slug: string | undefined) {
  const form = leadFormBySlug(slug);
  if (!form) throw data(null, { status: 404 });
  return form;
}

/** The form of /enviar/{slug}: by the parameter, or by the address when a form's own module serves it (`pageModule`). */
function formFor(params: { form?: string }, request: Request) {
  return formOf(params.form ?? new URL(request.url).pathname.split("/").filter(Boolean).at(-1));
}

/** `?verificado=0`: the confirmation of a post that proved nothing, so no e-mail went out. */
const UNVERIFIED_PARAM = "verificado";

/** Only paths of this site, so a link back can never lead elsewhere. */
function safeReturnTo(value: unknown): string | null {
  return typeof value === "string" && /^\/(?!\/)[^\s\\]*$/.test(value) && value.length <= 300 ? value : null;
}

export function loader({ params, request }: Route.LoaderArgs) {
  const form = formFor(params, request);
  const url = new URL(request.url);
  return data(
    {
      slug: form.slug,
      sent: url.searchParams.get("enviado") === "1",
      /** No automatic e-mail went out (a post without proof of work). */
      unverified: url.searchParams.get(UNVERIFIED_PARAM) === "0",
      id: url.searchParams.get("id"),
      returnTo: safeReturnTo(url.searchParams.get("voltar")),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = formFor(params, request);
  let body: Record<string, unknown> = {};
  try {
    body = await readBody(request, { files: Boolean(form.file) });
    const { result, verified } = await submitLead(leadFormServer(form.name), body, submitContext(request, context, body, true));
    const id = (result as { id?: number } | null)?.id;
    const next = new URLSearchParams({ enviado: "1" });
    if (!verified) next.set(UNVERIFIED_PARAM, "0");
    if (form.page.showsId && id) next.set("id", String(id));
    const back = safeReturnTo(body.returnTo);
    if (back) next.set("voltar", back);
    return redirect(`${form.action}?${next}`, 303);
  } catch (error) {
    const rejection = await asRejection(error);
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string" && key !== HONEYPOT_FIELD && key !== IDEMPOTENCY_FIELD) values[key] = value;
      // A file cannot be given back (browsers never refill a file field): its name, so the form can say so.
      if (value instanceof File && value.name) values[key] = value.name.slice(0, 200);
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
  const texts = loaderData ? leadFormBySlug(loaderData.slug)?.page : null;
  const title = loaderData?.sent && texts ? texts.success(loaderData.id).title : (texts?.title ?? "Envio");
  return [{ title: `${title} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
};

export default function Enviar({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, sent, unverified, id, returnTo } = loaderData;
  const form = formOf(slug);
  const texts = form.page;
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
          {unverified && texts.unverifiedNote ? null : texts.note && <p className="mt-3 max-w-xl text-muted-foreground">{texts.note}</p>}
          {unverified ? (
            <p className="mt-3 max-w-xl text-muted-foreground" data-testid="unverified-note">
              {texts.unverifiedNote ?? leadServerMessages.unverifiedNote}
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {returnTo && returnTo !== "/" ? (
              <Button asChild variant="outline">
                <Link to={returnTo}>Voltar para a página anterior</Link>
              </Button>
            ) : null}
            <Button asChild variant={texts.next ? "outline" : "default"}>
              <Link to="/">Ir para o início</Link>
            </Button>
            {texts.next ? (
              <Button asChild>
                <Link to={texts.next.to}>{texts.next.label}</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </section>
    );
  }

  const state: FormState | undefined = actionData ? { errors: actionData.errors, values: actionData.values } : undefined;
  const PageForm = PAGE_FORMS[form.name];
  if (!PageForm) throw new Error(`app/forms/${form.name}/form.tsx has no PageForm`);
  // A field whose refusal has its own alert (SPEC §8's newsletter 'Email inválido').
  const fieldFailure = texts.fieldFailure && actionData?.errors[texts.fieldFailure.field] ? texts.fieldFailure : null;
  return (
    <section className="bg-muted">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-bold sm:text-4xl">{texts.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{texts.lead}</p>
        {actionData ? (
          <div role="alert" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive">
            <strong>{fieldFailure ? fieldFailure.title : texts.failureTitle}:</strong>{" "}
            {fieldFailure ? fieldFailure.description : actionData.message}
          </div>
        ) : null}
        {texts.bare ? (
          // It brings its own cards.
          <div className="mt-8 -mx-4">
            <PageForm state={state} />
          </div>
        ) : (
          <div className="mt-8 rounded-2xl border border-border bg-card p-6 shadow-soft sm:p-8">
            <PageForm state={state} />
          </div>
        )}
      </div>
    </section>
  );
}
