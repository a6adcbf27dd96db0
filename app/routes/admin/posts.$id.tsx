/**
 * /admin/posts/{id}: one post's publication (docs/decisions/0060, 0061): its status, 'Editar' (the
 * post form of /admin, the same dialog), 'Publicar agora' for a draft or a scheduled post, the
 * schedule (pick or cancel, in Brasília time), the preview link (new, revoke; until when it works),
 * its unpublished changes (publish or discard) and its revisions, numbered per post. Every control
 * but 'Editar' (a dialog, like the list's) is a native form, read
 * with one schema (docs/decisions/0064): each action answers 303 back here with what happened, or
 * 400 with the message beside the field. A new preview link is the exception: only its hash is
 * stored, so the answer to making it is the page itself, with the link shown once (docs/decisions/0109).
 * The newsletter card sends the post to the subscribers (all, or a segment: docs/decisions/0131),
 * now or with its schedule, and follows the sending (docs/decisions/0128).
 */
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { SavedNotice } from "~/components/admin/saved-notice";
import { PostStatusText } from "~/components/blog/admin-tables";
import { NewsletterCard } from "~/components/blog/newsletter-card";
import { PostFormDialog } from "~/components/blog/post-form-dialog";
import { NewPreviewLink, PreviewLinkStatus, SchedulePicker } from "~/components/blog/publishing-controls";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowLeft, ChevronRight, ExternalLink, Pencil } from "~/components/ui/icons";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { getAdminPost } from "~/domain/blog/admin-post.server";
import { discardPendingChanges, updatePost } from "~/domain/blog/editing.server";
import { createPreviewLink, revokePreviewLink } from "~/domain/blog/preview.server";
import { listRevisions, publishPendingChanges } from "~/domain/blog/revisions.server";
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { listCategories } from "~/domain/blog.server";
import {
  changeEdition,
  dropWaitingEdition,
  getPostNewsletter,
  schedulePostWithNewsletter,
  sendPostNow,
  sendTestEdition,
} from "~/domain/newsletter/editions.server";
import { segmentFromForm } from "~/domain/newsletter/segments.server";
import { formError, parseForm, refusedForm } from "~/infra/forms.server";
import { parseId } from "~/infra/http.server";
import { formatDateTime } from "~/lib/dates";
import { blogApiMessages } from "~/lib/messages/blog";
import { newsletterText } from "~/lib/messages/newsletter";
import { pendingText, postPageText, previewLinkText, publishingMessages, revisionText, scheduleText } from "~/lib/messages/publishing";
import { ALL_SUBSCRIBERS } from "~/lib/newsletter-segments";
import { brasiliaLocalToDate, dateToBrasiliaLocal } from "~/lib/publishing";
import { adminOnly } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/posts.$id";

/** Its forms schedule, publish pending changes and restore: the blog's public pages change. */
export const handle = { policy: adminOnly({ writeMethods: ["POST"], invalidates: ["blog"] }) };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.post.title ?? postPageText.title} | ${postPageText.title} | ${SITE_NAME}` },
];

/** What the page says after an action (`?feito=`). */
const DONE: Record<string, string> = {
  agendado: scheduleText.scheduledDone,
  publicado: postPageText.publishedNow,
  "agendamento-cancelado": scheduleText.canceled,
  "link-revogado": previewLinkText.revoked,
  "alteracoes-publicadas": pendingText.published,
  "alteracoes-descartadas": pendingText.discarded,
  restaurado: revisionText.restored,
  ...newsletterText.done,
};

function postId(params: { id?: string }): number {
  try {
    return parseId(params.id);
  } catch {
    throw data(blogApiMessages.postNotFound, { status: 404 });
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const id = postId(params);
  await publishDueBeforeRead();
  const [post, revisions, categories, newsletter] = await Promise.all([
    getAdminPost(id),
    listRevisions(id),
    listCategories(),
    getPostNewsletter(id),
  ]);
  if (!post || !revisions) throw data(blogApiMessages.postNotFound, { status: 404 });
  const done = new URL(request.url).searchParams.get("feito") ?? "";
  return data({
    post,
    revisions,
    newsletter,
    // The post form's category menu.
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    message: done === "newsletter-teste" ? newsletterText.testDone(newsletter.testAddress) : (DONE[done] ?? null),
  });
}

/** A moment typed in Brasília time. */
const publishAtField = z
  .string({ error: publishingMessages.publishAtLocal })
  .transform((local) => brasiliaLocalToDate(local))
  .pipe(z.date({ error: publishingMessages.publishAtLocal }));

/** The page's forms: which one (`intent`) and, to schedule, the moment in Brasília time. */
const publishingForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("agendar"),
      publishAt: publishAtField,
    }),
    z.object({
      intent: z.literal("newsletter-agendar"),
      publishAt: publishAtField,
      segment: z.string().max(60).optional(),
    }),
    z.object({ intent: z.literal("newsletter-enviar"), segment: z.string().max(60).optional() }),
    z.object({ intent: z.literal("newsletter-teste") }),
    z.object({ intent: z.literal("newsletter-pausar") }),
    z.object({ intent: z.literal("newsletter-retomar") }),
    z.object({ intent: z.literal("newsletter-cancelar") }),
    z.object({ intent: z.literal("cancelar-agendamento") }),
    z.object({ intent: z.literal("publicar-agora") }),
    z.object({ intent: z.literal("criar-link") }),
    z.object({ intent: z.literal("revogar-link") }),
    z.object({ intent: z.literal("publicar-alteracoes") }),
    z.object({ intent: z.literal("descartar-alteracoes") }),
  ],
  { error: publishingMessages.invalidIntent },
);

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const id = postId(params);
  const actor = { username: user.username, ip: context.clientIp };
  const submission = await parseForm(request, publishingForm);
  if (!submission.ok) return formError(submission.reply);
  const done = (what: string) => redirect(`/admin/posts/${id}?feito=${what}`, 303);
  const asked = submission.value;
  try {
    switch (asked.intent) {
      case "agendar":
        await updatePost(id, { publishAt: asked.publishAt }, actor);
        return done("agendado");
      case "newsletter-agendar":
        await schedulePostWithNewsletter(id, asked.publishAt, actor, await segmentFromForm(asked.segment));
        return done("newsletter-agendada");
      case "newsletter-enviar":
        await sendPostNow(id, actor, await segmentFromForm(asked.segment));
        return done("newsletter-enviada");
      case "newsletter-teste":
        await sendTestEdition(id, actor);
        return done("newsletter-teste");
      case "newsletter-pausar":
        await changeEdition(id, "pause", actor);
        return done("newsletter-pausada");
      case "newsletter-retomar":
        await changeEdition(id, "resume", actor);
        return done("newsletter-retomada");
      case "newsletter-cancelar":
        await changeEdition(id, "cancel", actor);
        return done("newsletter-cancelada");
      case "cancelar-agendamento":
        await updatePost(id, { publishAt: null }, actor);
        // An edition waiting for this schedule waits no more (docs/decisions/0128).
        await dropWaitingEdition(id, actor);
        return done("agendamento-cancelado");
      case "publicar-agora":
        // What the list's publish switch saves: live now, any schedule dropped.
        await updatePost(id, { published: true }, actor);
        return done("publicado");
      case "criar-link": {
        const link = await createPreviewLink(id, actor);
        return data({ created: { url: link.url, expiresAt: link.expiresAt.toISOString() } });
      }
      case "revogar-link":
        await revokePreviewLink(id, actor);
        return done("link-revogado");
      case "publicar-alteracoes":
        await publishPendingChanges(id, actor);
        return done("alteracoes-publicadas");
      case "descartar-alteracoes":
        await discardPendingChanges(id, actor);
        return done("alteracoes-descartadas");
    }
  } catch (error) {
    const refused = await refusedForm(error, submission.fields);
    if (!refused) throw error;
    if (refused.status === 404) throw data(blogApiMessages.postNotFound, { status: 404 });
    // A refusal about no field in particular is said at the top of the page.
    const { reply } = refused;
    const errors = Object.keys(reply.errors).length ? reply.errors : { intent: reply.message ?? publishingMessages.invalidIntent };
    return formError({ ...reply, errors }, refused.status);
  }
}

export default function PostPublishing({ loaderData, actionData }: Route.ComponentProps) {
  const { post, revisions } = loaderData;
  const answer = actionData && "created" in actionData ? null : actionData;
  const errors: Record<string, string> = answer?.errors ?? {};
  const typed: { publishAt?: string } | undefined = answer?.values;
  // A link just made, shown this once (its address is not stored).
  const created = actionData && "created" in actionData ? actionData.created : null;
  const message = created ? previewLinkText.created : loaderData.message;
  const busy = useNavigation().state !== "idle";
  const [editing, setEditing] = useState(false);
  // The newsletter card's segment, also sent by 'Agendar e enviar' (in the schedule's form).
  const [segment, setSegment] = useState(loaderData.newsletter.edition?.segment ?? ALL_SUBSCRIBERS);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Link to="/admin" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {postPageText.back}
      </Link>
      <div className="grid gap-2">
        <p className="text-sm font-semibold text-muted-foreground">{postPageText.title}</p>
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{post.title}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <PostStatusText post={{ ...post, hasPendingChanges: post.pendingChanges !== null }} />
          {post.published && (
            <a href={`/blog/${post.slug}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
              {postPageText.openPublic} <ExternalLink className="size-4" aria-hidden />
            </a>
          )}
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="button" variant={post.published ? "default" : "outline"} onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            {postPageText.edit}
          </Button>
          {!post.published && (
            <Form method="post">
              <Button type="submit" name="intent" value="publicar-agora" disabled={busy}>
                {postPageText.publishNow}
              </Button>
            </Form>
          )}
        </div>
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

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{scheduleText.legend}</h2>
            </CardTitle>
            <CardDescription>
              {post.published ? postPageText.publishedHint : post.publishAt ? scheduleText.scheduledHint : scheduleText.hint}
            </CardDescription>
          </CardHeader>
          {!post.published && (
            <CardContent className="grid gap-4">
              <Form method="post" className="grid gap-4" noValidate>
                <SchedulePicker
                  id="publicar-em"
                  name="publishAt"
                  defaultValue={typed?.publishAt ?? dateToBrasiliaLocal(post.publishAt)}
                  error={errors.publishAt}
                  hint="Horário de Brasília (UTC−3)."
                />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="agendar" disabled={busy}>
                    {scheduleText.schedule}
                  </Button>
                  {!loaderData.newsletter.edition && loaderData.newsletter.audience > 0 && (
                    <>
                      <input type="hidden" name="segment" value={segment} />
                      <Button type="submit" name="intent" value="newsletter-agendar" variant="outline" disabled={busy}>
                        {newsletterText.scheduleAndSend}
                      </Button>
                    </>
                  )}
                  {post.publishAt && (
                    <Button type="submit" name="intent" value="cancelar-agendamento" variant="outline" disabled={busy}>
                      {scheduleText.cancel}
                    </Button>
                  )}
                </div>
              </Form>
            </CardContent>
          )}
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{previewLinkText.title}</h2>
            </CardTitle>
            <CardDescription>{post.published ? previewLinkText.publishedNote : previewLinkText.intro}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {created ? (
              <NewPreviewLink id="link-previa" url={created.url} expiresAt={created.expiresAt} />
            ) : (
              <PreviewLinkStatus link={post.previewLink} />
            )}
            <div className="flex flex-wrap gap-2">
              {/* A live post with nothing pending: the link leads to the public page (above). */}
              {created && (!post.published || post.pendingChanges) && (
                <Button asChild variant="outline">
                  <a href={created.url} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden />
                    {postPageText.openPreview}
                  </a>
                </Button>
              )}
              <Form method="post" className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="criar-link" variant={post.previewLink ? "outline" : "default"} disabled={busy}>
                  {previewLinkText.create}
                </Button>
                {post.previewLink && !post.previewLink.expired && (
                  <Button type="submit" name="intent" value="revogar-link" variant="outline" disabled={busy}>
                    {previewLinkText.revoke}
                  </Button>
                )}
              </Form>
            </div>
          </CardContent>
        </Card>
      </div>

      <NewsletterCard
        kind="post"
        data={loaderData.newsletter}
        busy={busy}
        previewHref={`/admin/posts/${post.id}/newsletter`}
        sendLabel={post.published ? newsletterText.sendNow : newsletterText.publishAndSend}
        segment={segment}
        onSegmentChange={setSegment}
        segmentError={errors.segment}
      />

      {post.pendingChanges && (
        <Card className="border-primary/40">
          <CardHeader>
            <CardTitle asChild>
              <h2>{pendingText.title}</h2>
            </CardTitle>
            <CardDescription>{pendingText.intro(post.pendingChanges.savedAt, post.pendingChanges.author)}</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="publicar-alteracoes" disabled={busy}>
                {pendingText.publish}
              </Button>
              <Button type="submit" name="intent" value="descartar-alteracoes" variant="outline" disabled={busy}>
                {pendingText.discard}
              </Button>
              <Button asChild variant="ghost">
                <Link to={`/admin/posts/${post.id}/revisoes/${post.pendingChanges.revisionId}`}>{revisionText.view}</Link>
              </Button>
            </Form>
          </CardContent>
        </Card>
      )}

      <section aria-labelledby="revisoes" className="rounded-xl border border-border bg-card shadow-soft">
        <div className="border-b border-border p-4 sm:px-6">
          <h2 id="revisoes" className="font-display text-xl font-semibold">
            {revisionText.title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{revisionText.intro}</p>
        </div>
        {revisions.length === 0 ? (
          <p className="p-6 text-center text-muted-foreground">{revisionText.empty}</p>
        ) : (
          <ol className="divide-y divide-border">
            {revisions.map((revision) => (
              <li key={revision.id} data-revision={revision.id}>
                <Link
                  to={`/admin/posts/${post.id}/revisoes/${revision.id}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-muted/60 sm:px-6"
                  aria-label={`${revisionText.revision(revision.number, revision.createdAt)}: ${revisionText.view}`}
                >
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="font-medium break-words">{revision.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {revisionText.number(revision.number)} · {formatDateTime(revision.createdAt)} ·{" "}
                      {revisionText.kind[revision.kind] ?? revision.kind}
                      {revision.restoredFrom ? ` ${revisionText.restoredFrom(revision.restoredFromNumber)}` : ""} ·{" "}
                      {revisionText.by(revision.author)}
                      {revision.pending ? ` · ${pendingText.title}` : ""}
                    </span>
                  </span>
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>

      {/* The list's post form: saved to /admin's action, after which this page's data reloads too. */}
      <PostFormDialog
        open={editing}
        postId={post.id}
        categories={loaderData.categories}
        onOpenChange={setEditing}
        onSaved={() => undefined}
      />
    </div>
  );
}
