/**
 * /admin/leads/importar: leads to a spreadsheet and back (docs/decisions/0148). Download every lead
 * with its id, edit the file, upload it: the page answers a dry run (rows to create, rows to update
 * with each changed field, rows with errors) and applies nothing until "Aplicar importação", which
 * posts the same file back and applies it in one transaction. Plain forms: no script needed.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SavedNotice } from "~/components/admin/saved-notice";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowLeft, Download } from "~/components/ui/icons";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { applyImport, type ImportPlan, planImport } from "~/domain/leads/csv-import.server";
import { fail } from "~/infra/http.server";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, planIsEmpty } from "~/lib/lead-import";
import { leadPagePath } from "~/lib/pipeline";
import { adminOnly } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/leads.importar";

// The file comes once per request: uploaded, or sent back as base64 to confirm.
export const handle = { policy: adminOnly({ maxBodyBytes: Math.ceil(IMPORT_MAX_BYTES * 1.4) + 256 * 1024 }) };

export const meta: Route.MetaFunction = () => [{ title: `Importar leads (CSV) | ${SITE_NAME}` }];

const NOTHING = "Nada a alterar: o arquivo tem os mesmos dados do funil.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const params = new URL(request.url).searchParams;
  const done = params.get("aplicado");
  const match = done ? /^(\d+)-(\d+)$/.exec(done) : null;
  return data(
    { applied: match ? { created: Number(match[1]), updated: Number(match[2]) } : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

async function fileText(form: FormData): Promise<string> {
  const file = form.get("arquivo");
  if (file instanceof File && file.size > 0) {
    if (file.size > IMPORT_MAX_BYTES) throw fail(413, `O arquivo passa de ${IMPORT_MAX_BYTES / 1_000_000} MB.`);
    return await file.text();
  }
  // The confirmation sends the previewed file back as base64: a form field's line breaks would
  // become CRLF on the way, and a line break inside a quoted cell is part of the value.
  const kept = form.get("conteudo");
  if (typeof kept === "string" && /^[A-Za-z0-9+/]+=*$/.test(kept)) return Buffer.from(kept, "base64").toString("utf8");
  throw fail(400, "Escolha um arquivo CSV.");
}

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ error: "Não foi possível ler o formulário enviado.", plan: null, content: null }, { status: 400 });
  }
  let text: string;
  try {
    text = await fileText(form);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const body = (await error.json()) as { message: string };
    return data({ error: body.message, plan: null, content: null }, { status: error.status });
  }
  if (text.includes("\0")) return data({ error: "O arquivo contém caracteres inválidos.", plan: null, content: null }, { status: 400 });
  if (form.get("intent") === "aplicar") {
    const plan = await applyImport(text, { username: user.username, ip: context.clientIp });
    if (plan.fileError || plan.errors.length) return data({ error: null, plan, content: base64(text) }, { status: 422 });
    return redirect(`/admin/leads/importar?aplicado=${plan.creates.length}-${plan.updates.length}`, 303);
  }
  const plan = await planImport(text);
  return data({ error: null, plan, content: base64(text) }, { status: plan.fileError ? 422 : 200 });
}

export default function ImportLeads({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const plan = actionData?.plan ?? null;
  const applied = loaderData.applied;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Link to="/admin/leads" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        Voltar ao funil
      </Link>
      <AdminPageHeader
        title="Importar leads (CSV)"
        description="Baixe os leads com seus IDs, edite a planilha e envie de volta: antes de aplicar, você vê o que mudaria."
      />
      {applied ? (
        <SavedNotice data-testid="import-applied">
          Importação aplicada: {applied.created} {applied.created === 1 ? "lead criado" : "leads criados"}, {applied.updated}{" "}
          {applied.updated === 1 ? "lead atualizado" : "leads atualizados"}.
        </SavedNotice>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>1. Baixar os leads</h2>
            </CardTitle>
            <CardDescription>
              Colunas ID, Tipo, Número, Nome, E-mail, Telefone, Empresa, Etapa, Próximo retorno e Recebido em. Não altere o ID: é ele que
              liga cada linha ao lead. Linhas sem ID criam leads de contato.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <a href="/admin/leads/importar/exportar" download>
                <Download aria-hidden />
                Baixar CSV para edição
              </a>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>2. Enviar a planilha editada</h2>
            </CardTitle>
            <CardDescription>
              CSV separado por ponto e vírgula ou vírgula, até {IMPORT_MAX_ROWS.toLocaleString("pt-BR")} linhas. Nada é alterado nesta
              etapa.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" encType="multipart/form-data" className="grid gap-3">
              <input type="hidden" name="intent" value="previa" />
              <label htmlFor="arquivo" className="text-sm font-medium">
                Arquivo CSV
              </label>
              <input
                id="arquivo"
                name="arquivo"
                type="file"
                accept=".csv,text/csv"
                required
                aria-describedby={actionData?.error ? "arquivo-error" : undefined}
                className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
              />
              {actionData?.error ? (
                <p id="arquivo-error" role="alert" className="text-sm text-destructive">
                  {actionData.error}
                </p>
              ) : null}
              <Button type="submit" className="w-full sm:w-fit" disabled={busy}>
                {busy && navigation.formData?.get("intent") === "previa" ? "Lendo o arquivo..." : "Ver o que mudaria"}
              </Button>
            </Form>
          </CardContent>
        </Card>
      </div>

      {plan ? <PlanReport plan={plan} content={actionData?.content ?? ""} busy={busy} /> : null}
    </div>
  );
}

function PlanReport({ plan, content, busy }: { plan: ImportPlan; content: string; busy: boolean }) {
  if (plan.fileError) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-destructive/50 bg-destructive/5 px-4 py-3 text-sm font-medium text-destructive"
        data-testid="import-file-error"
      >
        {plan.fileError}
      </p>
    );
  }
  const empty = planIsEmpty(plan);
  return (
    <Card data-testid="import-plan">
      <CardHeader>
        <CardTitle asChild>
          <h2>Prévia da importação</h2>
        </CardTitle>
        <p className="flex flex-wrap gap-2 text-sm" data-testid="import-summary">
          <Badge variant="outline">{plan.rows} linhas</Badge>
          <Badge variant="secondary">{plan.creates.length} a criar</Badge>
          <Badge variant="secondary">{plan.updates.length} a atualizar</Badge>
          <Badge variant="outline">{plan.unchanged} sem mudança</Badge>
          <Badge variant={plan.errors.length ? "destructive" : "outline"}>{plan.errors.length} com erro</Badge>
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        {empty && !plan.errors.length ? (
          <p role="status" className="rounded-lg border border-border px-3 py-2 text-sm font-medium" data-testid="import-nothing">
            {NOTHING}
          </p>
        ) : null}
        {plan.errors.length ? (
          <section aria-labelledby="erros" className="grid gap-2">
            <h3 id="erros" className="text-sm font-semibold text-destructive">
              Linhas com erro (corrija e envie de novo: nada é aplicado enquanto houver erro)
            </h3>
            <ul className="grid gap-2 text-sm" data-testid="import-errors">
              {plan.errors.map((e) => (
                <li key={e.line} className="rounded-lg border border-destructive/40 px-3 py-2">
                  <span className="font-semibold">Linha {e.line}:</span> {e.messages.join(" ")}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {plan.updates.length ? (
          <section aria-labelledby="atualizar" className="grid gap-2">
            <h3 id="atualizar" className="text-sm font-semibold">
              Leads a atualizar
            </h3>
            <ul className="grid gap-2 text-sm" data-testid="import-updates">
              {plan.updates.map((u) => (
                <li key={u.line} className="grid gap-1 rounded-lg border border-border px-3 py-2">
                  <span>
                    <span className="text-muted-foreground">Linha {u.line} · </span>
                    <Link to={leadPagePath(u.type, u.number)} className="font-semibold text-primary hover:underline">
                      {u.name || `ID ${u.leadId}`}
                    </Link>
                  </span>
                  <ul className="grid gap-0.5">
                    {u.changes.map((c) => (
                      <li key={c.field} className="[overflow-wrap:anywhere]">
                        {c.label}: <del className="text-muted-foreground">{c.from || "(vazio)"}</del> →{" "}
                        <ins className="no-underline font-medium">{c.to || "(vazio)"}</ins>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {plan.creates.length ? (
          <section aria-labelledby="criar" className="grid gap-2">
            <h3 id="criar" className="text-sm font-semibold">
              Leads a criar (como contato)
            </h3>
            <ul className="grid gap-2 text-sm" data-testid="import-creates">
              {plan.creates.map((c) => (
                <li key={c.line} className="rounded-lg border border-border px-3 py-2 [overflow-wrap:anywhere]">
                  <span className="text-muted-foreground">Linha {c.line} · </span>
                  {[c.values.name, c.values.email, c.values.phone, c.values.company].filter(Boolean).join(" · ")}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {!empty && !plan.errors.length ? (
          <Form method="post" encType="multipart/form-data" className="grid gap-2 border-t border-border pt-4">
            <input type="hidden" name="intent" value="aplicar" />
            <input type="hidden" name="conteudo" value={content} />
            <p className="text-sm text-muted-foreground">
              Ao aplicar, o arquivo é lido de novo: o que mudou desde esta prévia é conferido outra vez.
            </p>
            <Button type="submit" className="w-full sm:w-fit" disabled={busy}>
              {busy ? "Aplicando..." : "Aplicar importação"}
            </Button>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
