/**
 * /admin/leads/newsletter/edicoes (docs/decisions/0131): the newsletter's editions, posts' and standalone ones,
 * newest first, with what each sent and how often its links were followed; and the form that
 * starts a standalone edition (a draft, then its own page: /admin/leads/newsletter/edicoes/{id}).
 */
import { data, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ActionsHead, AdminTable, StackedCell, StackedRow } from "~/components/admin/data-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { NewsletterEditionForm } from "~/components/blog/newsletter-edition-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Inbox } from "~/components/ui/icons";
import { TableHead } from "~/components/ui/table";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { createStandalone, listEditions, standaloneSchema } from "~/domain/newsletter/standalone.server";
import { formError, parseForm, refusedForm } from "~/infra/forms.server";
import { formatDateTime } from "~/lib/dates";
import { editionFormText } from "~/lib/messages/newsletter";
import { adminOnly } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/leads.newsletter.edicoes";

export const handle = { policy: adminOnly() };

export const meta: Route.MetaFunction = () => [{ title: `${editionFormText.pageTitle} | ${SITE_NAME}` }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return data({ editions: await listEditions() }, { headers: { "Cache-Control": "no-store" } });
}

const createForm = standaloneSchema.extend({ intent: z.literal("criar") });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const submission = await parseForm(request, createForm);
  if (!submission.ok) return formError(submission.reply);
  try {
    const id = await createStandalone(submission.value, { username: user.username, ip: context.clientIp });
    return redirect(`/admin/leads/newsletter/edicoes/${id}?feito=criada`, 303);
  } catch (error) {
    const refused = await refusedForm(error, submission.fields);
    if (!refused) throw error;
    return formError(refused.reply, refused.status);
  }
}

export default function NewsletterEditions({ loaderData, actionData }: Route.ComponentProps) {
  const { editions } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = (actionData?.values ?? {}) as { subject?: string; content?: string };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <AdminPageHeader
        title={editionFormText.pageTitle}
        description={editionFormText.pageIntro}
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/leads/newsletter">
              <Inbox aria-hidden />
              {editionFormText.subscribers}
            </Link>
          </Button>
        }
      />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{editionFormText.newTitle}</h2>
          </CardTitle>
          <CardDescription>{editionFormText.newIntro}</CardDescription>
        </CardHeader>
        <CardContent>
          <NewsletterEditionForm intent="criar" submitLabel={editionFormText.create} rows={8} values={values} errors={errors} busy={busy} />
        </CardContent>
      </Card>

      <section className="grid gap-3" aria-labelledby="edicoes">
        <h2 id="edicoes" className="text-xl font-bold">
          {editionFormText.listTitle}
        </h2>
        <AdminTable
          head={
            <>
              <TableHead>{editionFormText.columns.subject}</TableHead>
              <TableHead>{editionFormText.columns.kind}</TableHead>
              <TableHead>{editionFormText.columns.status}</TableHead>
              <TableHead>{editionFormText.columns.date}</TableHead>
              <TableHead className="text-right">{editionFormText.columns.sent}</TableHead>
              <TableHead className="text-right">{editionFormText.columns.clicks}</TableHead>
              <ActionsHead />
            </>
          }
          columnCount={7}
          isEmpty={editions.length === 0}
          emptyText={editionFormText.empty}
        >
          {editions.map((e) => (
            <StackedRow key={e.id} data-testid="edition-row">
              <StackedCell wide className="align-top max-lg:text-base max-lg:font-semibold">
                {e.subject}
              </StackedCell>
              <StackedCell label={editionFormText.columns.kind} className="align-top">
                {e.postId === null ? editionFormText.kindStandalone : editionFormText.kindPost}
              </StackedCell>
              <StackedCell label={editionFormText.columns.status} className="align-top">
                {editionFormText.status[e.status]}
              </StackedCell>
              <StackedCell label={editionFormText.columns.date} className="align-top whitespace-nowrap">
                {formatDateTime(e.startedAt ?? e.scheduledAt ?? e.createdAt)}
              </StackedCell>
              <StackedCell label={editionFormText.columns.sent} className="align-top tabular-nums lg:text-right">
                {e.sent.toLocaleString("pt-BR")}
              </StackedCell>
              <StackedCell label={editionFormText.columns.clicks} className="align-top tabular-nums lg:text-right">
                {e.clicks.toLocaleString("pt-BR")}
              </StackedCell>
              <StackedCell actions className="align-top">
                <Link
                  to={e.postId === null ? `/admin/leads/newsletter/edicoes/${e.id}` : `/admin/posts/${e.postId}`}
                  className="inline-flex min-h-11 items-center whitespace-nowrap font-medium text-primary hover:underline lg:min-h-0"
                >
                  {editionFormText.open}
                  <span className="sr-only">{editionFormText.openSr(e.subject)}</span>
                </Link>
              </StackedCell>
            </StackedRow>
          ))}
        </AdminTable>
      </section>
    </div>
  );
}
