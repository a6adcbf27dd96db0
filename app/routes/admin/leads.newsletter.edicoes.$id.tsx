/**
 * /admin/leads/newsletter/edicoes/{id}: a standalone newsletter edition (docs/decisions/0131). While it is a
 * draft, its subject and text are edited here; the newsletter card (the one on a post's page)
 * previews it, sends a test copy, sends or schedules it to a segment, and then follows its
 * progress with pause, resume and cancel, and the clicks on its links. Native forms, one schema
 * each; every action answers 303 back here with what happened, or 400/409 with the message.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { SavedNotice } from "~/components/admin/saved-notice";
import { NewsletterCard } from "~/components/blog/newsletter-card";
import { NewsletterEditionForm } from "~/components/blog/newsletter-edition-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowLeft } from "~/components/ui/icons";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { changeEdition, sendTestCopy } from "~/domain/newsletter/editions.server";
import { segmentFromForm } from "~/domain/newsletter/segments.server";
import {
  deleteStandalone,
  getStandalone,
  requireStandalone,
  scheduleStandalone,
  sendStandaloneNow,
  sampleStandaloneEmail,
  standaloneSchema,
  updateStandalone,
} from "~/domain/newsletter/standalone.server";
import { formError, parseForm, refusedForm } from "~/infra/forms.server";
import { parseId } from "~/infra/http.server";
import { editionFormText, newsletterMessages, newsletterText } from "~/lib/messages/newsletter";
import { publishingMessages } from "~/lib/messages/publishing";
import { brasiliaLocalToDate, dateToBrasiliaLocal } from "~/lib/publishing";
import { adminOnly } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/leads.newsletter.edicoes.$id";

export const handle = { policy: adminOnly() };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.edition.subject ?? editionFormText.editionLabel} | ${editionFormText.pageTitle} | ${SITE_NAME}` },
];

function editionId(params: { id?: string }): number {
  try {
    return parseId(params.id);
  } catch {
    throw data(newsletterMessages.editionNotFound, { status: 404 });
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const edition = await getStandalone(editionId(params));
  if (!edition) throw data(newsletterMessages.editionNotFound, { status: 404 });
  const done = new URL(request.url).searchParams.get("feito") ?? "";
  return data(
    {
      edition,
      scheduledAtLocal: dateToBrasiliaLocal(edition.scheduledAt),
      message: done === "newsletter-teste" ? newsletterText.testDone(edition.card.testAddress) : (editionFormText.done[done] ?? null),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const segmentField = z.string().max(60).optional();
const editionForm = z.discriminatedUnion(
  "intent",
  [
    standaloneSchema.extend({ intent: z.literal("salvar") }),
    z.object({ intent: z.literal("excluir") }),
    z.object({ intent: z.literal("newsletter-teste") }),
    z.object({ intent: z.literal("newsletter-enviar"), segment: segmentField }),
    z.object({
      intent: z.literal("newsletter-agendar"),
      segment: segmentField,
      publishAt: z
        .string({ error: publishingMessages.publishAtLocal })
        .transform((local) => brasiliaLocalToDate(local))
        .pipe(z.date({ error: publishingMessages.publishAtLocal })),
    }),
    z.object({ intent: z.literal("newsletter-pausar") }),
    z.object({ intent: z.literal("newsletter-retomar") }),
    z.object({ intent: z.literal("newsletter-cancelar") }),
  ],
  { error: publishingMessages.invalidIntent },
);

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const id = editionId(params);
  const actor = { username: user.username, ip: context.clientIp };
  const submission = await parseForm(request, editionForm);
  if (!submission.ok) return formError(submission.reply);
  const done = (what: string) => redirect(`/admin/leads/newsletter/edicoes/${id}?feito=${what}`, 303);
  const asked = submission.value;
  try {
    // This page acts on standalone editions only (a post's edition is controlled from its post).
    await requireStandalone(id);
    switch (asked.intent) {
      case "salvar":
        await updateStandalone(id, asked, actor);
        return done("salva");
      case "excluir":
        await deleteStandalone(id, actor);
        return redirect("/admin/leads/newsletter/edicoes", 303);
      case "newsletter-teste":
        await sendTestCopy(await sampleStandaloneEmail(id), { editionId: id }, actor);
        return done("newsletter-teste");
      case "newsletter-enviar":
        await sendStandaloneNow(id, actor, await segmentFromForm(asked.segment));
        return done("newsletter-enviada");
      case "newsletter-agendar":
        await scheduleStandalone(id, asked.publishAt, actor, await segmentFromForm(asked.segment));
        return done("newsletter-agendada");
      case "newsletter-pausar":
        await changeEdition({ editionId: id }, "pause", actor);
        return done("newsletter-pausada");
      case "newsletter-retomar":
        await changeEdition({ editionId: id }, "resume", actor);
        return done("newsletter-retomada");
      case "newsletter-cancelar":
        await changeEdition({ editionId: id }, "cancel", actor);
        return done("newsletter-cancelada");
    }
  } catch (error) {
    const refused = await refusedForm(error, submission.fields);
    if (!refused) throw error;
    if (refused.status === 404) throw data(newsletterMessages.editionNotFound, { status: 404 });
    const { reply } = refused;
    const errors = Object.keys(reply.errors).length ? reply.errors : { intent: reply.message ?? publishingMessages.invalidIntent };
    return formError({ ...reply, errors }, refused.status);
  }
}

export default function StandaloneEdition({ loaderData, actionData }: Route.ComponentProps) {
  const { edition, message } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const typed = (actionData?.values ?? {}) as { subject?: string; content?: string; publishAt?: string; intent?: string };
  const busy = useNavigation().state !== "idle";
  const values = typed.intent === "salvar" ? typed : { subject: edition.subject, content: edition.content };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Link
        to="/admin/leads/newsletter/edicoes"
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {editionFormText.back}
      </Link>
      <div className="grid gap-2">
        <p className="text-sm font-semibold text-muted-foreground">{editionFormText.editionLabel}</p>
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{edition.subject}</h1>
        <p className="text-sm text-muted-foreground" data-testid="edition-status">
          {editionFormText.status[edition.status]}
        </p>
      </div>
      {message && <SavedNotice data-testid="publishing-message">{message}</SavedNotice>}
      {errors.intent && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
        >
          {errors.intent}
        </p>
      )}

      <NewsletterCard
        kind="edition"
        data={edition.card}
        busy={busy}
        previewHref={`/admin/leads/newsletter/edicoes/${edition.id}/previa`}
        sendLabel={editionFormText.sendNow}
        schedule={{ defaultValue: typed.publishAt ?? loaderData.scheduledAtLocal, error: errors.publishAt }}
        segmentError={errors.segment}
      />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{editionFormText.body}</h2>
          </CardTitle>
          {!edition.editable && <CardDescription>{editionFormText.sentNote}</CardDescription>}
        </CardHeader>
        <CardContent>
          {edition.editable ? (
            <NewsletterEditionForm
              intent="salvar"
              submitLabel={editionFormText.save}
              values={values}
              errors={typed.intent === "salvar" ? errors : {}}
              busy={busy}
            />
          ) : (
            // What went out, as it was written (the preview, in the card above, shows it as an e-mail).
            <div
              className="prose-sm max-w-none rounded-lg border border-border bg-muted/40 p-4 text-sm break-words [&_a]:text-primary [&_a]:underline [&_p]:mb-3"
              dangerouslySetInnerHTML={{ __html: edition.content }}
            />
          )}
          {edition.editable && (
            <Form method="post" className="mt-4 border-t border-border pt-4">
              <Button
                type="submit"
                name="intent"
                value="excluir"
                variant="outline"
                disabled={busy}
                onClick={(event) => {
                  if (!window.confirm(editionFormText.confirmDelete)) event.preventDefault();
                }}
              >
                {editionFormText.delete}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
