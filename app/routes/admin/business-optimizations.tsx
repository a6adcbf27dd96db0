/**
 * Questionnaire answers (SPEC §2): count badge, 'Atualizar', a debug info box and one card per
 * submission with every answer; polls GET /api/business-optimizations every 3 s, never cached.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link } from "react-router";
import { z } from "zod";
import { AttributionFacts, type AttributionValues } from "~/components/admin/attribution";
import { AdminPagination } from "~/components/admin/pagination";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Bug, RefreshCw } from "~/components/ui/icons";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { listBusinessOptimizations } from "~/domain/leads/admin.server";
import { answerText, QUESTIONNAIRE_ANSWERS } from "~/forms/questionnaire/admin";
import { BUDGETS, BUSINESS_OPTIMIZATION_LABELS, type BusinessOptimizationField } from "~/forms/questionnaire/fields";
import { queryOf } from "~/infra/forms.server";
import { callApi } from "~/lib/api-client";
import { formatDateTime } from "~/lib/dates";
import { choiceLabel } from "~/lib/lead-fields";
import { adminLeadMessages } from "~/lib/messages/leads";
import { leadPagePath } from "~/lib/pipeline";
import { pageNumber } from "~/lib/schemas/form-fields";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/business-optimizations";

export const meta: Route.MetaFunction = () => [{ title: `Questionários | ${SITE_NAME}` }];

const POLL_INTERVAL_MS = 3000;
const ENDPOINT = "/api/business-optimizations";

type Submission = { id: number; createdAt: string | Date } & Partial<Record<BusinessOptimizationField, string | null>> & AttributionValues;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { pagina } = queryOf(request, z.object({ pagina: pageNumber() }));
  const { rows, total, page, pageCount } = await listBusinessOptimizations(pagina);
  return data(
    { rows: rows as Submission[], total, page, pageCount, loadedAt: new Date().toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const FIELDS = QUESTIONNAIRE_ANSWERS;

function answer(field: BusinessOptimizationField, value: string | null | undefined): string {
  return answerText(field, value) || adminLeadMessages.notInformed;
}

/** Another page (a link of the pager) starts afresh: its own rows, no ETag of the previous page. */
export default function BusinessOptimizationsPage(props: Route.ComponentProps) {
  return <BusinessOptimizations key={props.loaderData.page} {...props} />;
}

function BusinessOptimizations({ loaderData }: Route.ComponentProps) {
  const [rows, setRows] = useState<Submission[]>(loaderData.rows);
  const [total, setTotal] = useState(loaderData.total);
  const [pageCount, setPageCount] = useState(loaderData.pageCount);
  const { page } = loaderData;
  // The last answer's ETag: a poll while nothing changed is a 304 without a body.
  const etag = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lastStatus, setLastStatus] = useState<string>("carregado pelo servidor");
  const [updatedAt, setUpdatedAt] = useState(loaderData.loadedAt);
  const [requests, setRequests] = useState(0);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef(false);

  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    try {
      // A time parameter and no-cache headers: every poll reaches the database.
      const answer = await callApi<Submission[]>(`${ENDPOINT}?pagina=${page}&t=${Date.now()}`, {
        cache: "no-store",
        headers: { "Cache-Control": "no-cache", Pragma: "no-cache", ...(etag.current ? { "If-None-Match": etag.current } : {}) },
      });
      setLastStatus(answer.status === 304 ? "HTTP 304 (sem mudanças)" : `HTTP ${answer.status}`);
      if (answer.status !== 304) {
        if (!answer.ok) throw new Error(`${answer.status}: ${answer.message}`);
        if (!Array.isArray(answer.data)) throw new Error("Resposta inesperada do servidor");
        setRows(answer.data);
        setTotal(typeof answer.body?.total === "number" ? answer.body.total : answer.data.length);
        if (typeof answer.body?.pageCount === "number") setPageCount(answer.body.pageCount);
        etag.current = answer.etag;
      }
      setError(null);
      setUpdatedAt(new Date().toISOString());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      inFlight.current = false;
      setLoading(false);
      setRequests((n) => n + 1);
    }
  }, [page]);

  useEffect(() => {
    const timer = setInterval(refresh, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">Questionários</h1>
          {/* The unit as hidden text: HTML allows no aria-label on a plain span. */}
          <Badge variant="secondary" data-testid="submission-count">
            {total}
            <span className="sr-only"> questionários</span>
          </Badge>
        </div>
        <Button variant="outline" onClick={refresh} disabled={loading}>
          <RefreshCw className={loading ? "animate-spin" : undefined} aria-hidden />
          Atualizar
        </Button>
      </div>

      {/* The SPEC's debug box, folded: a check for whoever maintains the page, not the owner's reading. */}
      <details className="rounded-lg border border-dashed border-border bg-card p-4 text-sm" data-testid="debug-info">
        <summary className="flex cursor-pointer items-center gap-2 font-semibold">
          <Bug className="size-4" aria-hidden />
          Detalhes técnicos
        </summary>
        <p className="mb-2 mt-3 font-semibold">Informações de depuração</p>
        <dl className="grid gap-x-6 gap-y-1 text-muted-foreground sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="inline">Endpoint: </dt>
            <dd className="inline font-mono text-foreground">GET {ENDPOINT}</dd>
          </div>
          <div>
            <dt className="inline">Registros carregados: </dt>
            <dd className="inline text-foreground">
              {rows.length} de {total}
            </dd>
          </div>
          <div>
            <dt className="inline">Atualização automática: </dt>
            <dd className="inline text-foreground">a cada {POLL_INTERVAL_MS / 1000} segundos, sem cache</dd>
          </div>
          <div>
            <dt className="inline">Última atualização: </dt>
            <dd className="inline text-foreground" suppressHydrationWarning>
              {formatDateTime(updatedAt)}
            </dd>
          </div>
          <div>
            <dt className="inline">Última resposta: </dt>
            <dd className="inline text-foreground">{lastStatus}</dd>
          </div>
          <div>
            <dt className="inline">Consultas feitas nesta página: </dt>
            <dd className="inline text-foreground">{requests}</dd>
          </div>
          {error ? (
            <div className="sm:col-span-2 lg:col-span-3">
              <dt className="inline">Último erro: </dt>
              <dd className="inline text-destructive">{error}</dd>
            </div>
          ) : null}
        </dl>
      </details>

      {error ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive">
          <p className="font-semibold">{adminLeadMessages.loadErrorTitle}</p>
          <p className="text-sm">{adminLeadMessages.loadError}</p>
        </div>
      ) : null}

      {rows.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-8 text-center text-muted-foreground">Nenhum questionário recebido ainda.</p>
      ) : (
        <ul className="grid gap-6" data-testid="submissions">
          {rows.map((row) => (
            <li key={row.id} id={`formulario-${row.id}`} className="scroll-mt-4">
              <Card data-testid="submission" data-id={row.id}>
                <CardHeader className="gap-3 border-b border-border">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <CardTitle asChild>
                        <h2 className="break-words">{row.companyName || adminLeadMessages.notInformed}</h2>
                      </CardTitle>
                      <p className="text-sm text-muted-foreground break-words">
                        {row.contactName || adminLeadMessages.notInformed} · {row.email || adminLeadMessages.notInformed}
                      </p>
                    </div>
                    <Badge variant={row.budget ? "default" : "outline"}>
                      Orçamento: {choiceLabel(BUDGETS, row.budget) ?? adminLeadMessages.notInformed}
                    </Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    ID #{row.id} · Enviado em <span suppressHydrationWarning>{formatDateTime(row.createdAt)}</span> ·{" "}
                    <Link to={leadPagePath("questionarios", row.id)} className="font-medium text-primary hover:underline">
                      Ver no funil de leads
                    </Link>
                  </p>
                </CardHeader>
                <CardContent className="pt-6">
                  <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
                    {FIELDS.map((field) => {
                      const value = row[field];
                      return (
                        <div key={field} className="min-w-0">
                          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                            {BUSINESS_OPTIMIZATION_LABELS[field]}
                          </dt>
                          <dd className={value ? "whitespace-pre-line break-words" : "italic text-muted-foreground"}>
                            {answer(field, value)}
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                  <section
                    className="mt-6 grid gap-2 border-t border-border pt-4"
                    // The number keeps two questionnaires of one company apart (landmarks need unique names).
                    aria-label={`Origem da visita: ${row.companyName ? `${row.companyName}, ` : ""}questionário #${row.id}`}
                  >
                    <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Origem da visita</h3>
                    <AttributionFacts row={row} compact />
                  </section>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AdminPagination
        page={page}
        pageCount={pageCount}
        href={(n) => (n > 1 ? `/admin/business-optimizations?pagina=${n}` : "/admin/business-optimizations")}
      />
    </div>
  );
}
