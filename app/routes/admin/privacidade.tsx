/**
 * /admin/privacidade: data-subject requests (LGPD art. 18) and the retention job.
 * Every request is a POST, so the person's e-mail never lands in URLs, access logs or history.
 */
import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { ActionsHead, StackedCell, StackedRow, StackedTable } from "~/components/admin/data-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { columnsOf, text } from "~/components/admin/privacy-data";
import { RetentionSection, type RunDetails } from "~/components/admin/privacy-retention";
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
import { Download, FileJson, Pencil, Search, ShieldCheck, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { TableHead } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { correctedValues, privacyForm, privacyRefusal } from "~/domain/privacy/admin-intents.server";
import { correctableFields, correctRecord } from "~/domain/privacy/correction.server";
import { eraseSubject } from "~/domain/privacy/erasure.server";
import { shownTables, type PersonalDataTable } from "~/domain/privacy/registry.server";
import { searchSubject, type PersonalData } from "~/domain/privacy/subject.server";
import { recentRetentionRuns, runRetention } from "~/domain/retention.server";
import { formError, parseForm } from "~/infra/forms.server";
import { confirmationMatches } from "~/lib/erasure-confirmation";
import { FIELD_LABELS, privacyErrors, privacyTexts as t, privacyToasts } from "~/lib/messages/privacy";
import type { Route } from "./+types/privacidade";

export const meta: Route.MetaFunction = () => [{ title: "Privacidade e LGPD | Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const runs = await recentRetentionRuns(8);
  return data(
    {
      correctable: correctableFields() as Partial<Record<PersonalDataTable, string[]>>,
      // The registry's tables in its order, with their labels (app/domain/privacy/registry.server.ts).
      tables: shownTables(),
      runs: runs.map((r) => ({ id: r.id, actor: r.actor, createdAt: r.createdAt.toISOString(), details: r.details as RunDetails | null })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
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
  const user = await requireAdmin(context);
  const actor = { username: user.username, ip: context.clientIp };
  const submission = await parseForm(request, privacyForm);
  if (!submission.ok) return formError<Result>({ ok: false, ...privacyRefusal(submission.reply) });
  const asked = submission.value;

  switch (asked.intent) {
    case "retention": {
      const result = await runRetention({ trigger: "manual", actor: user.username, ip: context.clientIp });
      if (result.status === "skipped")
        return formError<Result>({ intent: "retention", ok: false, message: privacyToasts.retentionSkipped.description }, 409);
      return data<Result>({ intent: "retention", ok: true, total: result.total });
    }
    case "correct": {
      const email = asked.subject;
      const result = await correctRecord({ table: asked.table, id: asked.id, values: correctedValues(asked) }, actor);
      if (!result.ok) return formError<Result>({ intent: "correct", ok: false, message: result.message, errors: result.errors, email });
      const { data: found, total } = await searchSubject(email, actor, { audit: false });
      return data<Result>({ intent: "correct", ok: true, email, found, total });
    }
    case "erase": {
      const email = asked.subject;
      if (!confirmationMatches(email, asked.confirm)) {
        const errors = { confirm: privacyErrors.confirmMismatch };
        return formError<Result>({ intent: "erase", ok: false, message: privacyErrors.confirmMismatch, errors, email });
      }
      const report = await eraseSubject(email, actor);
      const { data: found } = await searchSubject(email, actor, { audit: false });
      return data<Result>({ intent: "erase", ok: true, email, found, total: report.total });
    }
    case "search": {
      const { data: found, total } = await searchSubject(asked.subject, actor);
      return data<Result>({ intent: "search", ok: true, email: asked.subject, found, total });
    }
  }
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
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the action's answer closes the dialog it came from
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

  const labels = Object.fromEntries(loaderData.tables.map(({ key, label }) => [key, label])) as Record<PersonalDataTable, string>;
  const groups = found ? loaderData.tables.map(({ key }) => key).filter((key) => (found[key]?.length ?? 0) > 0) : [];

  return (
    <div className="space-y-8">
      <AdminPageHeader title={t.pageTitle} description={t.pageIntro} icon={ShieldCheck} size="compact" narrow />

      <section aria-labelledby="titular-heading" className="rounded-xl border border-border bg-background p-4 sm:p-6">
        <h2 id="titular-heading" className="text-lg font-semibold">
          Solicitação do titular
        </h2>
        <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="search" />
          <FormField
            id="subject-email"
            label={t.searchLabel}
            error={result?.intent === "search" ? result.errors?.subject : undefined}
            className="flex-1"
          >
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
                {groups.length === 0
                  ? t.nothingFound
                  : `${groups.reduce((n, key) => n + (found[key]?.length ?? 0), 0)} registro(s) em ${groups.length} tabela(s).`}
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
                  <AlertDialog
                    open={eraseOpen}
                    onOpenChange={(open) => {
                      setEraseOpen(open);
                      setConfirm("");
                    }}
                  >
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
                            disabled={!confirmationMatches(subject, confirm) || busyIntent === "erase"}
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
                  {labels[key]}
                  <Badge variant="secondary">{found[key]?.length ?? 0}</Badge>
                </h3>
                <StackedTable
                  head={
                    <>
                      <TableHead>Nº</TableHead>
                      {columnsOf(key, found[key]).map((c) => (
                        <TableHead key={c.key}>{c.label}</TableHead>
                      ))}
                      {loaderData.correctable[key] && <ActionsHead />}
                    </>
                  }
                >
                  {((found[key] ?? []) as unknown as Record<string, unknown>[]).map((row) => (
                    <StackedRow key={String(row.id)}>
                      <StackedCell label="Nº" className="text-muted-foreground">
                        #{String(row.id)}
                      </StackedCell>
                      {columnsOf(key, found[key]).map((c) => (
                        <StackedCell key={c.key} label={c.label} className="break-words align-top">
                          {c.render ? c.render(row[c.key], row) : text(row[c.key])}
                        </StackedCell>
                      ))}
                      {loaderData.correctable[key] && (
                        <StackedCell actions className="text-right">
                          <Button variant="ghost" size="sm" onClick={() => setEditing({ table: key, row })}>
                            <Pencil aria-hidden />
                            {t.correct}
                            <span className="sr-only"> registro {String(row.id)}</span>
                          </Button>
                        </StackedCell>
                      )}
                    </StackedRow>
                  ))}
                </StackedTable>
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
                  {labels[editing.table]} · registro #{String(editing.row.id)}
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
