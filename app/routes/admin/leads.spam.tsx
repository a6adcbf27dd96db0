/**
 * /admin/leads/spam (docs/decisions/0090): the submissions suspected as spam, newest first, with
 * why each was suspected and what it carried. 'Não é spam' moves one into the leads (with the
 * notification it missed); 'Excluir' deletes it. Both are audited and answer 303 back here.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ActionsHead } from "~/components/admin/data-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { ShieldAlert, Trash2, Undo2 } from "~/components/ui/icons";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { listSpam } from "~/domain/spam/quarantine.server";
import { deleteSpam, releaseSpam } from "~/domain/spam/release.server";
import careersAdmin from "~/forms/careers/admin";
import contactAdmin from "~/forms/contact/admin";
import type { LeadTypeInfo } from "~/forms/define";
import { BUSINESS_OPTIMIZATION_LABELS } from "~/forms/questionnaire/fields";
import { formError, parseForm, queryOf, refusedForm } from "~/infra/forms.server";
import { formatDateTime } from "~/lib/dates";
import { formatBytes } from "~/lib/format-bytes";
import { SPAM_FORM_LABELS, SPAM_REASON_LABELS, SPAM_RELEASED_LIST, spamTexts } from "~/lib/messages/spam";
import { SITE_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/leads.spam";
import type { ReactNode } from "react";

export const meta: Route.MetaFunction = () => [{ title: `${spamTexts.title} | ${SITE_NAME}` }];

const listQuery = z.object({ page: z.coerce.number().int().min(1).catch(1) });
const decisionSchema = z.object({
  intent: z.enum(["release", "delete"], { message: "Ação desconhecida." }),
  id: z.coerce.number({ message: "Envio inválido." }).int().positive("Envio inválido.").max(2_147_483_647, "Envio inválido."),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { page } = queryOf(request, listQuery);
  const url = new URL(request.url);
  const done = url.searchParams.get("feito");
  const form = url.searchParams.get("form") ?? "";
  return data(
    {
      ...(await listSpam(page)),
      done:
        done === "liberado"
          ? { message: spamTexts.released, list: SPAM_RELEASED_LIST[form] ?? null }
          : done === "excluido"
            ? { message: spamTexts.deleted, list: null }
            : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const submission = await parseForm(request, decisionSchema);
  if (!submission.ok) return formError(submission.reply);
  const actor = { username: user.username, ip: context.clientIp };
  try {
    if (submission.value.intent === "release") {
      const { form } = await releaseSpam(submission.value.id, actor);
      return redirect(`/admin/leads/spam?feito=liberado&form=${encodeURIComponent(form)}`, 303);
    }
    await deleteSpam(submission.value.id, actor);
    return redirect("/admin/leads/spam?feito=excluido", 303);
  } catch (error) {
    const refused = await refusedForm(error, submission.fields);
    if (!refused) throw error;
    return formError(refused.reply, refused.status);
  }
}

/** A form's answers' labels, without the lead's id and date. */
const answerLabels = (admin: LeadTypeInfo) =>
  Object.fromEntries(admin.fields.filter((f) => f.key !== "id" && f.key !== "createdAt").map((f) => [f.key, f.label]));

const FIELD_LABELS: Record<string, string> = {
  ...BUSINESS_OPTIMIZATION_LABELS,
  // A contact's and an application's fields, as their lead pages name them (app/forms/*/admin.ts).
  ...answerLabels(contactAdmin),
  source: "Enviado por",
  ...answerLabels(careersAdmin),
  industryArea: "Área de atuação",
};

// Below `lg` each row is a card, from the same markup (docs/decisions/0063).
const STACKED_TABLE = "max-lg:block";
const STACKED_BODY = "max-lg:grid max-lg:gap-3 max-lg:p-3 max-lg:[&_tr:last-child]:border";
const STACKED_ROW =
  "max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-4 max-lg:gap-y-2 max-lg:rounded-lg max-lg:border max-lg:border-border max-lg:bg-background max-lg:p-4";
const STACKED_CELL = "max-lg:block max-lg:min-w-0 max-lg:p-0 max-lg:max-w-none";

/** A cell's column name, shown inside the cell when the row is a card. */
function CellLabel({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-semibold text-muted-foreground lg:hidden">{children}</span>;
}

const text = (data: Record<string, unknown>, ...keys: string[]) =>
  keys.map((k) => data[k]).find((v): v is string => typeof v === "string" && v.trim() !== "") ?? null;

export default function SpamPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, done } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && "message" in actionData ? String(actionData.message) : null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <AdminPageHeader title={spamTexts.title} description={spamTexts.description} icon={ShieldAlert} narrow />
      {done ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/5 p-3 text-sm text-success">
          {done.message}{" "}
          {done.list ? (
            <Link to={done.list} className="font-medium underline underline-offset-2">
              Ver nos leads
            </Link>
          ) : null}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground" data-testid="spam-total">
        {`${total} ${total === 1 ? "envio suspeito" : "envios suspeitos"}`}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-border bg-card py-10 text-center text-muted-foreground shadow-soft">{spamTexts.empty}</p>
      ) : (
        <div className="rounded-xl border border-border bg-card shadow-soft">
          <Table className={STACKED_TABLE} containerClassName="max-lg:overflow-visible">
            <TableHeader className="max-lg:hidden">
              <TableRow>
                <TableHead>Recebido em</TableHead>
                <TableHead>Formulário</TableHead>
                <TableHead>Quem</TableHead>
                <TableHead>Conteúdo</TableHead>
                <TableHead>Por que é suspeito</TableHead>
                <ActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody className={STACKED_BODY}>
              {rows.map((row) => {
                const fields = (row.data ?? {}) as Record<string, unknown>;
                const who = text(fields, "name", "contactName", "companyName");
                const snippet = text(fields, "message", "experience", "currentChallenges", "additionalInfo", "company", "companyName");
                return (
                  <TableRow key={row.id} data-testid="spam-row" className={STACKED_ROW}>
                    <TableCell className={cn(STACKED_CELL, "whitespace-nowrap align-top")}>
                      <CellLabel>Recebido em</CellLabel>
                      {formatDateTime(row.createdAt)}
                    </TableCell>
                    <TableCell className={cn(STACKED_CELL, "align-top")}>
                      <CellLabel>Formulário</CellLabel>
                      {SPAM_FORM_LABELS[row.form] ?? row.form}
                    </TableCell>
                    <TableCell className={cn(STACKED_CELL, "max-w-56 align-top max-lg:col-span-2")}>
                      <CellLabel>Quem</CellLabel>
                      {who ? <span className="block font-medium">{who}</span> : null}
                      <span className="block break-words text-muted-foreground">{row.email ?? "Sem e-mail"}</span>
                    </TableCell>
                    <TableCell className={cn(STACKED_CELL, "max-w-80 align-top max-lg:col-span-2")}>
                      <CellLabel>Conteúdo</CellLabel>
                      {snippet ? <span className="line-clamp-2">{snippet}</span> : null}
                      {row.file ? (
                        <span className="block text-sm text-muted-foreground [overflow-wrap:anywhere]" data-testid="spam-file">
                          Arquivo não guardado: {row.file.fileName} ({formatBytes(row.file.size)})
                        </span>
                      ) : null}
                      <details className="mt-1 text-sm">
                        <summary className="cursor-pointer text-primary">{spamTexts.details}</summary>
                        <dl className="mt-2 grid gap-1">
                          {Object.entries(fields)
                            .filter(([, v]) => typeof v === "string" && v !== "")
                            .map(([k, v]) => (
                              <div key={k}>
                                <dt className="font-medium">{FIELD_LABELS[k] ?? k}</dt>
                                <dd className="whitespace-pre-wrap break-words text-muted-foreground">{String(v)}</dd>
                              </div>
                            ))}
                        </dl>
                      </details>
                    </TableCell>
                    <TableCell className={cn(STACKED_CELL, "align-top max-lg:col-span-2")}>
                      <CellLabel>Por que é suspeito</CellLabel>
                      <ul className="grid gap-1 text-sm">
                        {row.reasons.map((reason) => (
                          <li key={reason}>{SPAM_REASON_LABELS[reason] ?? reason}</li>
                        ))}
                      </ul>
                    </TableCell>
                    <TableCell className={cn(STACKED_CELL, "align-top max-lg:col-span-2 max-lg:border-t max-lg:border-border max-lg:pt-2")}>
                      <div className="flex gap-2 lg:flex-col">
                        <Form method="post">
                          <input type="hidden" name="id" value={row.id} />
                          <Button
                            type="submit"
                            name="intent"
                            value="release"
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            className="w-full"
                          >
                            <Undo2 aria-hidden />
                            {spamTexts.release}
                            <span className="sr-only"> (envio {row.id})</span>
                          </Button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="id" value={row.id} />
                          <Button type="submit" name="intent" value="delete" size="sm" variant="ghost" disabled={busy} className="w-full">
                            <Trash2 aria-hidden />
                            {spamTexts.delete}
                            <span className="sr-only"> (envio {row.id})</span>
                          </Button>
                        </Form>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      <AdminPagination page={page} pageCount={pageCount} href={(p) => `?page=${p}`} />
    </div>
  );
}
