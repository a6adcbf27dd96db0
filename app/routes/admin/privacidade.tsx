/**
 * /admin/privacidade: data-subject requests (LGPD art. 18) and the retention job.
 * Every request is a POST, so the person's e-mail never lands in URLs, access logs or history.
 */
import { formatDateTime } from "~/lib/dates";
import { Download, FileJson, Pencil, Play, Search, ShieldCheck, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { requireAdmin } from "~/domain/auth.server";
import { readBody } from "~/domain/http.server";
import {
  confirmationMatches,
  correctableFields,
  correctRecord,
  eraseSubject,
  searchSubject,
  subjectEmailSchema,
  totalRows,
  type PersonalData,
} from "~/domain/privacy.server";
import { recentRetentionRuns, runRetention } from "~/domain/retention.server";
import { formatBRL } from "~/lib/catalog";
import { orderStatusLabels, subscriptionStatusLabels } from "~/lib/messages/payments";
import {
  FIELD_LABELS,
  PERSONAL_DATA_TABLES,
  privacyErrors,
  privacyTexts as t,
  privacyToasts,
  RETENTION_COUNT_LABELS,
  RETENTION_KIND_LABELS,
  type PersonalDataTable,
} from "~/lib/messages/privacy";
import { formatPeriod, RETENTION, type RetentionKind } from "~/lib/privacy";
import { consultationStatusLabel } from "~/lib/schemas/leads";
import { formatDay, stageLabel } from "~/lib/pipeline";
import type { Route } from "./+types/privacidade";

export const meta: Route.MetaFunction = () => [{ title: "Privacidade e LGPD | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const runs = await recentRetentionRuns(8);
  return data(
    {
      correctable: correctableFields() as Partial<Record<PersonalDataTable, string[]>>,
      runs: runs.map((r) => ({ id: r.id, actor: r.actor, createdAt: r.createdAt.toISOString(), details: r.details as RunDetails | null })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

interface RunDetails {
  trigger?: string;
  total?: number;
  counts?: Record<string, number>;
}

type Result = {
  intent: "search" | "correct" | "erase" | "retention";
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  email?: string;
  found?: PersonalData;
  total?: number;
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const actor = { username: user.username, ip: context.clientIp };
  const body = await readBody(request);
  const intent = String(body.intent ?? "");

  if (intent === "retention") {
    const result = await runRetention({ trigger: "manual", actor: user.username, ip: context.clientIp });
    if (result.status === "skipped") return data<Result>({ intent, ok: false, message: privacyToasts.retentionSkipped.description }, { status: 409 });
    return data<Result>({ intent, ok: true, total: result.total });
  }

  if (intent !== "search" && intent !== "correct" && intent !== "erase") {
    return data<Result>({ intent: "search", ok: false, message: "Ação desconhecida." }, { status: 400 });
  }
  // `subject` is the person's address; `email` may be a field being corrected.
  const parsedEmail = subjectEmailSchema.safeParse(body.subject);
  if (!parsedEmail.success) {
    return data<Result>({ intent, ok: false, message: privacyErrors.invalidEmail, errors: { subject: privacyErrors.invalidEmail } }, { status: 400 });
  }
  const email = parsedEmail.data;

  if (intent === "correct") {
    const id = Number(body.id);
    if (!Number.isSafeInteger(id) || id <= 0) return data<Result>({ intent, ok: false, message: privacyErrors.notFound }, { status: 400 });
    const { intent: _intent, subject: _subject, table, id: _id, ...values } = body;
    const result = await correctRecord({ table: String(table ?? ""), id, values }, actor);
    if (!result.ok) return data<Result>({ intent, ok: false, message: result.message, errors: result.errors, email }, { status: 400 });
  }

  if (intent === "erase") {
    if (!confirmationMatches(email, String(body.confirm ?? ""))) {
      return data<Result>({ intent, ok: false, message: privacyErrors.confirmMismatch, errors: { confirm: privacyErrors.confirmMismatch }, email }, { status: 400 });
    }
    const report = await eraseSubject(email, actor);
    const found = await searchSubject(email, actor, { audit: false });
    return data<Result>({ intent, ok: true, email, found, total: report.total });
  }

  const found = await searchSubject(email, actor, { audit: intent === "search" });
  return data<Result>({ intent, ok: true, email, found, total: totalRows(found) });
}

// ---------------------------------------------------------------- view helpers
const when = (v: unknown) => formatDateTime(v as string | Date | null) || "—";
const text = (v: unknown, max = 80) => {
  if (v === null || v === undefined || v === "") return <span className="text-muted-foreground">—</span>;
  const s = String(v);
  return s.length > max ? <span title={s}>{s.slice(0, max)}…</span> : s;
};

type Column = { key: string; label: string; render?: (value: unknown, row: Record<string, unknown>) => ReactNode };
const col = (key: string, label = FIELD_LABELS[key] ?? key, render?: Column["render"]): Column => ({ key, label, render });
const created = col("createdAt", "Data", (v) => <span className="whitespace-nowrap">{when(v)}</span>);
const status = (labels: Record<string, string> | ((v: string) => string)) =>
  col("status", "Situação", (v) => (typeof labels === "function" ? labels(String(v)) : (labels[String(v)] ?? String(v))));
const NEWSLETTER_STATUS: Record<string, string> = { pending: "Aguardando confirmação", active: "Ativa", unsubscribed: "Cancelada" };
const OUTBOX_STATUS: Record<string, string> = { pending: "Pendente", sent: "Enviado", logged: "Registrado no log", failed: "Falhou" };

const COLUMNS: Record<PersonalDataTable, Column[]> = {
  contacts: [col("name"), col("company"), col("email"), col("phone"), col("message", "Mensagem", (v) => text(v, 60)), created],
  consultations: [col("name"), col("company"), col("email"), col("phone"), col("industryArea", "Área"), status(consultationStatusLabel), created],
  businessOptimizations: [col("contactName"), col("companyName"), col("email"), col("phone"), col("position", "Cargo"), created],
  careerApplications: [col("name"), col("email"), col("phone"), col("position", "Vaga"), created],
  newsletterSubscribers: [col("email"), status(NEWSLETTER_STATUS), col("policyVersion", "Política"), col("consentedAt", "Consentimento", (v) => when(v)), col("unsubscribedAt", "Cancelamento", (v) => when(v))],
  consentRecords: [
    col("email", "E-mail ou hash", (v) => text(v, 28)),
    col("purpose", "Finalidade"),
    col("action", "Ação", (v) => (v === "withdrawn" ? "Revogado" : "Concedido")),
    col("policyVersion", "Política"),
    col("source", "Origem"),
    created,
  ],
  chatSessions: [
    col("email"),
    col("phone"),
    col("company"),
    col("messages", "Mensagens", (v, row) => <ChatMessages messages={v as ChatMessage[]} offline={Boolean(row.offline)} />),
    created,
  ],
  orders: [col("customerName"), col("customerEmail"), col("itemName", "Item"), col("amountCents", "Valor", (v) => formatBRL(Number(v))), status(orderStatusLabels), created],
  subscriptions: [col("customerEmail"), col("planId", "Plano"), status(subscriptionStatusLabels), created],
  outbox: [col("kind", "Tipo"), col("recipient", "Destinatário"), col("subject", "Assunto", (v) => text(v, 50)), status(OUTBOX_STATUS), created],
  leadPipeline: [col("stage", "Etapa", (v) => (v ? stageLabel(String(v)) : "—")), col("followUpOn", "Próximo retorno", (v) => formatDay(v as string | null) || "—"), created],
  leadNotes: [col("author", "Autor"), col("body", "Anotação", (v) => text(v, 80)), created],
};

interface ChatMessage {
  id: number;
  role: string;
  content: string;
}

function ChatMessages({ messages, offline }: { messages: ChatMessage[]; offline: boolean }) {
  if (!messages.length) return <span className="text-muted-foreground">Nenhuma</span>;
  return (
    <details>
      <summary className="cursor-pointer whitespace-nowrap text-primary">
        {messages.length} mensage{messages.length === 1 ? "m" : "ns"}
        {offline ? " · offline" : ""}
      </summary>
      <ol className="mt-2 max-w-md space-y-1 text-xs">
        {messages.map((m) => (
          <li key={m.id}>
            <strong>{m.role === "user" ? "Visitante" : "Assistente"}:</strong> {m.content}
          </li>
        ))}
      </ol>
    </details>
  );
}

// ---------------------------------------------------------------- page
export default function AdminPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const [email, setEmail] = useState(actionData?.email ?? "");
  const [editing, setEditing] = useState<{ table: PersonalDataTable; row: Record<string, unknown> } | null>(null);
  const [eraseOpen, setEraseOpen] = useState(false);
  const [confirm, setConfirm] = useState("");

  const result = actionData as Result | undefined;
  const found = result?.found;
  const subject = result?.email ?? "";

  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      if (result.intent === "retention") toast({ ...privacyToasts.retentionSkipped, variant: "destructive" });
      else if (!result.errors || result.intent === "search") toast({ ...privacyToasts.error, description: result.message });
      return;
    }
    if (result.intent === "search") toast(privacyToasts.searched(result.total ?? 0));
    if (result.intent === "correct") {
      setEditing(null);
      toast(privacyToasts.corrected);
    }
    if (result.intent === "erase") {
      setEraseOpen(false);
      setConfirm("");
      toast(privacyToasts.erased(result.total ?? 0));
    }
    if (result.intent === "retention") toast(privacyToasts.retention(result.total ?? 0));
  }, [result]);

  const groups = found
    ? (Object.keys(PERSONAL_DATA_TABLES) as PersonalDataTable[]).filter((key) => found[key].length > 0)
    : [];

  return (
    <div className="space-y-8">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <ShieldCheck className="size-6 text-primary" aria-hidden />
          {t.pageTitle}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t.pageIntro}</p>
      </div>

      <section aria-labelledby="titular-heading" className="rounded-xl border border-border bg-background p-4 sm:p-6">
        <h2 id="titular-heading" className="text-lg font-semibold">
          Solicitação do titular
        </h2>
        <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="search" />
          <FormField id="subject-email" label={t.searchLabel} error={result?.intent === "search" ? result.errors?.subject : undefined} className="flex-1">
            <Input
              {...fieldA11y("subject-email", result?.intent === "search" ? result.errors?.subject : undefined)}
              name="subject"
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="nome@empresa.com.br"
            />
          </FormField>
          <Button type="submit" disabled={busyIntent === "search"}>
            <Search aria-hidden />
            {busyIntent === "search" ? t.searching : t.searchButton}
          </Button>
        </Form>

        {found && (
          <div className="mt-6 space-y-6" data-testid="privacy-results">
            <div className="flex flex-col gap-3 rounded-lg bg-muted p-4 lg:flex-row lg:items-center lg:justify-between">
              <p className="text-sm">
                <strong>{subject}</strong>:{" "}
                {groups.length === 0 ? t.nothingFound : `${groups.reduce((n, key) => n + found[key].length, 0)} registro(s) em ${groups.length} tabela(s).`}
              </p>
              {groups.length > 0 && (
                <div className="flex flex-wrap gap-2">
                  {(["json", "csv"] as const).map((format) => (
                    // A native form: the answer is a file download, not a page.
                    <form key={format} method="post" action="/admin/privacidade/exportar">
                      <input type="hidden" name="email" value={subject} />
                      <input type="hidden" name="format" value={format} />
                      <Button type="submit" variant="outline" size="sm">
                        {format === "json" ? <FileJson aria-hidden /> : <Download aria-hidden />}
                        {format === "json" ? t.exportJson : t.exportCsv}
                      </Button>
                    </form>
                  ))}
                  <AlertDialog open={eraseOpen} onOpenChange={(open) => {
                      setEraseOpen(open);
                      setConfirm("");
                    }}>
                    <AlertDialogTrigger asChild>
                      <Button variant="destructive" size="sm">
                        <Trash2 aria-hidden />
                        {t.erase}
                      </Button>
                    </AlertDialogTrigger>
                    <AlertDialogContent>
                      <Form method="post" className="grid gap-4">
                        <AlertDialogHeader>
                          <AlertDialogTitle>{t.eraseTitle}</AlertDialogTitle>
                          <AlertDialogDescription>{t.eraseDescription}</AlertDialogDescription>
                        </AlertDialogHeader>
                        <input type="hidden" name="intent" value="erase" />
                        <input type="hidden" name="subject" value={subject} />
                        <FormField
                          id="erase-confirm"
                          label={t.eraseConfirmLabel}
                          hint={subject}
                          error={result?.intent === "erase" ? result.errors?.confirm : undefined}
                        >
                          <Input
                            {...fieldA11y("erase-confirm", result?.intent === "erase" ? result.errors?.confirm : undefined, { hint: true })}
                            name="confirm"
                            autoComplete="off"
                            value={confirm}
                            onChange={(e) => setConfirm(e.target.value)}
                          />
                        </FormField>
                        <AlertDialogFooter>
                          <AlertDialogCancel>{t.cancel}</AlertDialogCancel>
                          <Button
                            type="submit"
                            variant="destructive"
                            disabled={!confirmationMatchesClient(subject, confirm) || busyIntent === "erase"}
                          >
                            {t.eraseConfirmButton}
                          </Button>
                        </AlertDialogFooter>
                      </Form>
                    </AlertDialogContent>
                  </AlertDialog>
                </div>
              )}
            </div>

            {groups.map((key) => (
              <section key={key} aria-labelledby={`grupo-${key}`} className="rounded-lg border border-border" data-testid={`group-${key}`}>
                <h3 id={`grupo-${key}`} className="flex items-center gap-2 border-b border-border px-4 py-3 font-semibold">
                  {PERSONAL_DATA_TABLES[key].label}
                  <Badge variant="secondary">{found[key].length}</Badge>
                  <code className="ml-auto hidden text-xs font-normal text-muted-foreground sm:inline">{PERSONAL_DATA_TABLES[key].sqlName}</code>
                </h3>
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Nº</TableHead>
                      {COLUMNS[key].map((c) => (
                        <TableHead key={c.key}>{c.label}</TableHead>
                      ))}
                      {loaderData.correctable[key] && (
                        <TableHead>
                          <span className="sr-only">Ações</span>
                        </TableHead>
                      )}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {(found[key] as unknown as Record<string, unknown>[]).map((row) => (
                      <TableRow key={String(row.id)}>
                        <TableCell className="text-muted-foreground">#{String(row.id)}</TableCell>
                        {COLUMNS[key].map((c) => (
                          <TableCell key={c.key} className="align-top">
                            {c.render ? c.render(row[c.key], row) : text(row[c.key])}
                          </TableCell>
                        ))}
                        {loaderData.correctable[key] && (
                          <TableCell className="text-right">
                            <Button variant="ghost" size="sm" onClick={() => setEditing({ table: key, row })}>
                              <Pencil aria-hidden />
                              {t.correct}
                              <span className="sr-only"> registro {String(row.id)}</span>
                            </Button>
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </section>
            ))}
          </div>
        )}
      </section>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          {editing && (
            <Form method="post" className="grid gap-4">
              <DialogHeader>
                <DialogTitle>{t.correctTitle}</DialogTitle>
                <DialogDescription>
                  {PERSONAL_DATA_TABLES[editing.table].label} · registro #{String(editing.row.id)}
                </DialogDescription>
              </DialogHeader>
              <input type="hidden" name="intent" value="correct" />
              <input type="hidden" name="subject" value={subject} />
              <input type="hidden" name="table" value={editing.table} />
              <input type="hidden" name="id" value={String(editing.row.id)} />
              {(loaderData.correctable[editing.table] ?? []).map((field) => {
                const error = result?.intent === "correct" ? result.errors?.[field] : undefined;
                return (
                  <FormField key={field} id={`fix-${field}`} label={FIELD_LABELS[field] ?? field} error={error}>
                    <Input
                      {...fieldA11y(`fix-${field}`, error)}
                      name={field}
                      type={field.toLowerCase().includes("email") ? "email" : field === "phone" ? "tel" : "text"}
                      defaultValue={(editing.row[field] as string | null) ?? ""}
                    />
                  </FormField>
                );
              })}
              {result?.intent === "correct" && !result.ok && !result.errors && (
                <p role="alert" className="text-sm text-destructive">
                  {result.message}
                </p>
              )}
              <DialogFooter>
                <Button variant="outline" onClick={() => setEditing(null)}>
                  {t.cancel}
                </Button>
                <Button type="submit" disabled={busyIntent === "correct"}>
                  {t.save}
                </Button>
              </DialogFooter>
            </Form>
          )}
        </DialogContent>
      </Dialog>

      <RetentionSection runs={loaderData.runs} running={busyIntent === "retention"} />
    </div>
  );
}

function confirmationMatchesClient(email: string, typed: string): boolean {
  return email.trim().toLowerCase() !== "" && email.trim().toLowerCase() === typed.trim().toLowerCase();
}

function RetentionSection({
  runs,
  running,
}: {
  runs: Array<{ id: number; actor: string | null; createdAt: string; details: RunDetails | null }>;
  running: boolean;
}) {
  return (
    <section aria-labelledby="retencao-heading" className="rounded-xl border border-border bg-background p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="retencao-heading" className="text-lg font-semibold">
            {t.retentionTitle}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{t.retentionIntro}</p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="retention" />
          <Button type="submit" variant="outline" disabled={running}>
            <Play aria-hidden />
            {running ? t.retentionRunning : t.retentionRun}
          </Button>
        </Form>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold">Prazos</h3>
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">
            {(Object.keys(RETENTION) as RetentionKind[]).map((kind) => (
              <li key={kind} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span>
                  {RETENTION_KIND_LABELS[kind]?.label ?? kind}
                  <span className="block text-xs text-muted-foreground">{RETENTION_KIND_LABELS[kind]?.effect}</span>
                </span>
                <span className="font-semibold tabular-nums">{formatPeriod(RETENTION[kind])}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold">Últimas execuções</h3>
          {runs.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">{t.retentionNoRuns}</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="retention-runs">
              {runs.map((run) => {
                const counts = Object.entries(run.details?.counts ?? {}).filter(([, n]) => n > 0);
                return (
                  <li key={run.id} className="px-3 py-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="whitespace-nowrap">{when(run.createdAt)}</span>
                      <span className="flex items-center gap-2">
                        <Badge variant={run.details?.trigger === "manual" ? "secondary" : "outline"}>
                          {run.details?.trigger === "manual" ? `Manual · ${run.actor ?? ""}` : "Agendada"}
                        </Badge>
                        <span className="font-semibold tabular-nums">{run.details?.total ?? 0} registro(s)</span>
                      </span>
                    </div>
                    {counts.length > 0 && (
                      <p className="mt-1 text-xs text-muted-foreground">
                        {counts.map(([k, n]) => `${RETENTION_COUNT_LABELS[k] ?? k}: ${n}`).join(" · ")}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
