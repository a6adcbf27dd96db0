/**
 * /admin/leads/spam (docs/decisions/0090): the submissions suspected as spam, newest first, with
 * why each was suspected and what it carried. 'Não é spam' moves one into the leads (with the
 * notification it missed); 'Excluir' deletes it. Both are audited and answer 303 back here.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ActionsHead, AdminTable } from "~/components/admin/data-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { ShieldAlert, Trash2, Undo2 } from "~/components/ui/icons";
import { TableCell, TableHead, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { listSpam } from "~/domain/spam/quarantine.server";
import { deleteSpam, releaseSpam } from "~/domain/spam/release.server";
import { formError, parseForm, queryOf, refusedForm } from "~/infra/forms.server";
import { formatDateTime } from "~/lib/dates";
import { BUSINESS_OPTIMIZATION_LABELS } from "~/lib/lead-fields";
import { SPAM_FORM_LABELS, SPAM_REASON_LABELS, SPAM_RELEASED_LIST, spamTexts } from "~/lib/messages/spam";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/spam";

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

const FIELD_LABELS: Record<string, string> = {
  ...BUSINESS_OPTIMIZATION_LABELS,
  name: "Nome",
  company: "Empresa",
  email: "E-mail",
  phone: "Telefone",
  message: "Mensagem",
  source: "Origem",
  position: "Vaga",
  experience: "Experiência",
  motivation: "Motivação",
  linkedinUrl: "LinkedIn",
  portfolioUrl: "Portfólio",
  industryArea: "Área de atuação",
};

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
      <AdminTable
        head={
          <>
            <TableHead>Recebido em</TableHead>
            <TableHead>Formulário</TableHead>
            <TableHead>Quem</TableHead>
            <TableHead>Conteúdo</TableHead>
            <TableHead>Por que é suspeito</TableHead>
            <ActionsHead />
          </>
        }
        columnCount={6}
        isEmpty={rows.length === 0}
        emptyText={spamTexts.empty}
      >
        {rows.map((row) => {
          const fields = (row.data ?? {}) as Record<string, unknown>;
          const who = text(fields, "name", "contactName", "companyName");
          const snippet = text(fields, "message", "experience", "currentChallenges", "additionalInfo", "company", "companyName");
          return (
            <TableRow key={row.id} data-testid="spam-row">
              <TableCell className="whitespace-nowrap align-top">{formatDateTime(row.createdAt)}</TableCell>
              <TableCell className="align-top">{SPAM_FORM_LABELS[row.form] ?? row.form}</TableCell>
              <TableCell className="max-w-56 align-top">
                {who ? <span className="block font-medium">{who}</span> : null}
                <span className="block break-all text-muted-foreground">{row.email ?? "Sem e-mail"}</span>
              </TableCell>
              <TableCell className="max-w-80 align-top">
                {snippet ? <span className="line-clamp-2">{snippet}</span> : null}
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
              <TableCell className="align-top">
                <ul className="grid gap-1 text-sm">
                  {row.reasons.map((reason) => (
                    <li key={reason}>{SPAM_REASON_LABELS[reason] ?? reason}</li>
                  ))}
                </ul>
              </TableCell>
              <TableCell className="align-top">
                <div className="flex flex-col gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={row.id} />
                    <Button type="submit" name="intent" value="release" size="sm" variant="outline" disabled={busy} className="w-full">
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
      </AdminTable>
      <AdminPagination page={page} pageCount={pageCount} href={(p) => `?page=${p}`} />
    </div>
  );
}
