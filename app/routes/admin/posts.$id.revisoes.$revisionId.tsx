/**
 * /admin/posts/{id}/revisoes/{revisionId}: one revision beside the post's current text, field by
 * field (changed fields marked), and a native form that restores it (docs/decisions/0061).
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ArrowLeft } from "~/components/ui/icons";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { getRevision, restoreRevision, revisionNumber } from "~/domain/blog/revisions.server";
import { getPostById, listCategories } from "~/domain/blog.server";
import { formError, refusedForm } from "~/infra/forms.server";
import { parseId } from "~/infra/http.server";
import { sanitizeContent } from "~/infra/sanitize.server";
import { blogText } from "~/lib/messages/blog";
import { pendingText, revisionText, seoText } from "~/lib/messages/publishing";
import { adminOnly } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/posts.$id.revisoes.$revisionId";

/** Restoring is a save: a live post's public pages change. */
export const handle = { policy: adminOnly({ writeMethods: ["POST"], invalidates: ["blog"] }) };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  {
    title: `${loaded ? `Revisão ${revisionText.number(loaded.revision.number)} · ${loaded.current.title}` : revisionText.title} | ${SITE_NAME}`,
  },
];

function ids(params: { id?: string; revisionId?: string }): { id: number; revisionId: number } {
  try {
    return { id: parseId(params.id), revisionId: parseId(params.revisionId) };
  } catch {
    throw data(revisionText.notFound, { status: 404 });
  }
}

/** The fields compared, in the form's order; the content is compared as sanitised HTML. */
const FIELDS = [
  ["title", "Título"],
  ["slug", "Slug"],
  ["category", "Categoria"],
  ["summary", "Resumo"],
  ["imageUrl", "Imagem de capa (URL)"],
  ["metaTitle", seoText.metaTitle],
  ["metaDescription", seoText.metaDescription],
  ["socialImageUrl", seoText.socialImage],
  ["canonicalUrl", seoText.canonical],
  ["noindex", seoText.noindex],
  ["content", "Conteúdo"],
] as const;
type FieldKey = (typeof FIELDS)[number][0];

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { id, revisionId } = ids(params);
  const [post, revision, categories, number] = await Promise.all([
    getPostById(id),
    getRevision(id, revisionId),
    listCategories(),
    revisionNumber(id, revisionId),
  ]);
  if (!post || !revision || number === null) throw data(revisionText.notFound, { status: 404 });
  const restoredFromNumber = await revisionNumber(id, revision.restoredFrom);
  const categoryName = (categoryId: number | null) =>
    categoryId === null ? blogText.noCategory : (categories.find((c) => c.id === categoryId)?.name ?? blogText.noCategory);
  const side = (source: typeof post | typeof revision): Record<FieldKey, string> => ({
    title: source.title,
    slug: source.slug,
    category: categoryName(source.categoryId),
    summary: source.summary,
    imageUrl: source.imageUrl ?? "",
    metaTitle: source.metaTitle ?? "",
    metaDescription: source.metaDescription ?? "",
    socialImageUrl: source.socialImageUrl ?? "",
    canonicalUrl: source.canonicalUrl ?? "",
    noindex: source.noindex ? "Sim" : "Não",
    content: sanitizeContent(source.content),
  });
  return data({
    revision: {
      id: revision.id,
      number,
      kind: revision.kind,
      author: revision.author,
      createdAt: revision.createdAt,
      restoredFrom: revision.restoredFrom,
      restoredFromNumber,
      pending: post.pendingRevisionId === revision.id,
      values: side(revision),
    },
    current: { id: post.id, title: post.title, values: side(post) },
  });
}

export async function action({ params, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const { id, revisionId } = ids(params);
  try {
    await restoreRevision(id, revisionId, { username: user.username, ip: context.clientIp });
  } catch (error) {
    const refused = await refusedForm(error, {});
    if (!refused) throw error;
    if (refused.status === 404) throw data(revisionText.notFound, { status: 404 });
    // The form has no fields of its own: what the restore refused is said above its button.
    const { reply } = refused;
    const fieldMessages = Object.values(reply.errors);
    return formError({ ...reply, message: fieldMessages.length ? fieldMessages.join(" ") : reply.message }, refused.status);
  }
  return redirect(`/admin/posts/${id}?feito=restaurado`, 303);
}

export default function PostRevision({ loaderData, actionData }: Route.ComponentProps) {
  const { revision, current } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Link
        to={`/admin/posts/${current.id}`}
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {revisionText.back}
      </Link>
      <div className="grid gap-1">
        <p className="text-sm font-semibold text-muted-foreground break-words">{current.title}</p>
        <h1 className="text-2xl font-bold sm:text-3xl">{revisionText.revision(revision.number, revision.createdAt)}</h1>
        <p className="text-sm text-muted-foreground">
          {revisionText.kind[revision.kind] ?? revision.kind}
          {revision.restoredFrom ? ` ${revisionText.restoredFrom(revision.restoredFromNumber)}` : ""} · {revisionText.by(revision.author)}
          {revision.pending ? ` · ${pendingText.title}` : ""}
        </p>
      </div>

      <Form method="post" className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-soft sm:p-6">
        <p className="text-sm text-muted-foreground">{revisionText.restoreHint}</p>
        {actionData?.message && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {actionData.message}
          </p>
        )}
        <Button type="submit" className="w-fit" disabled={busy}>
          {revisionText.restore}
        </Button>
      </Form>

      {FIELDS.every(([key]) => revision.values[key] === current.values[key]) && (
        <p role="status" className="rounded-lg bg-secondary px-4 py-3 text-sm text-secondary-foreground">
          {revisionText.identical}
        </p>
      )}

      <section aria-labelledby="comparacao" className="rounded-xl border border-border bg-card shadow-soft">
        <h2 id="comparacao" className="sr-only">
          {revisionText.view}
        </h2>
        <div className="hidden gap-6 border-b border-border px-6 py-3 text-sm font-semibold lg:grid lg:grid-cols-2" aria-hidden="true">
          <span>{revisionText.revision(revision.number, revision.createdAt)}</span>
          <span>{revisionText.current}</span>
        </div>
        <dl className="divide-y divide-border">
          {FIELDS.map(([key, label]) => {
            const before = revision.values[key];
            const now = current.values[key];
            const changed = before !== now;
            return (
              <div key={key} className="grid gap-2 px-4 py-4 sm:px-6" data-field={key} data-changed={changed || undefined}>
                <dt className="flex items-center gap-2 text-sm font-semibold">
                  {label}
                  {changed && <Badge variant="secondary">{revisionText.changed}</Badge>}
                </dt>
                <dd className="grid gap-3 lg:grid-cols-2 lg:gap-6">
                  {changed ? (
                    <>
                      <Side label={`Revisão nº ${revision.id}`} value={before} html={key === "content"} changed />
                      <Side label={revisionText.current} value={now} html={key === "content"} changed />
                    </>
                  ) : (
                    // The same on both sides: shown once, across both columns.
                    <div className="lg:col-span-2">
                      <Side label={revisionText.same} value={now} html={key === "content"} changed={false} visibleLabel />
                    </div>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
    </div>
  );
}

function Side({
  label,
  value,
  html,
  changed,
  visibleLabel = false,
}: {
  label: string;
  value: string;
  html: boolean;
  changed: boolean;
  /** Shown on wide screens too (the columns' heads name the sides of a changed field). */
  visibleLabel?: boolean;
}) {
  return (
    <div className={cn("min-w-0 rounded-lg", changed ? "bg-muted p-3" : "py-1")}>
      <p className={cn("mb-1 text-xs font-semibold text-muted-foreground", !visibleLabel && "lg:sr-only")}>{label}</p>
      {html ? (
        <div
          // A scrolling box: reachable by keyboard (axe: scrollable-region-focusable), named for screen readers.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-label={`Conteúdo: ${label}`}
          className="prose-content max-h-[32rem] overflow-y-auto rounded text-sm focus-visible:outline-2 focus-visible:outline-ring [&_h2]:text-lg [&_h3]:text-base"
          // Sanitised on the server, as on the public page.
          dangerouslySetInnerHTML={{ __html: value }}
        />
      ) : value ? (
        <p className="text-sm break-words whitespace-pre-wrap">{value}</p>
      ) : (
        <p className="text-sm text-muted-foreground italic">{revisionText.empty_value}</p>
      )}
    </div>
  );
}
