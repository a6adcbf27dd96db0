/**
 * /admin/leads: the inbox of every sales lead with its stage and next follow-up. Filters are a
 * plain GET form (works without JavaScript, bookmarkable); CSV export takes the same filters.
 */
import { data, Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/data-table";
import { DealsBoardLink } from "~/components/admin/deals-board";
import { DuplicateListMark } from "~/components/admin/lead-duplicates";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPagination } from "~/components/admin/pagination";
import { FollowUp, StageBadge } from "~/components/admin/pipeline";
import { Button } from "~/components/ui/button";
import { Download, Search } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { TableCell, TableHead, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { duplicateMarksOf } from "~/domain/leads/duplicates.server";
import { inboxSources, listInbox, readInboxFilters } from "~/domain/pipeline.server";
import { formatDateTime } from "~/lib/dates";
import { LEAD_TYPE_INFO, LEAD_TYPES } from "~/lib/lead-types";
import { DIRECT_ORIGIN } from "~/lib/origin";
import { brasiliaDay, HIRING_STAGES, leadPagePath, pipelineTypeInfo, PIPELINE_TYPES, pipelineMessages, SALES_STAGES } from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = () => [{ title: `${pipelineMessages.title} | ${SITE_NAME}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const filters = readInboxFilters(new URL(request.url).searchParams);
  const [result, sources] = await Promise.all([listInbox(filters), inboxSources()]);
  // The page's rows only: the list's filter and count stay as they were (docs/decisions/0152).
  const duplicates = await duplicateMarksOf(result.rows);
  return data({ filters, ...result, sources, duplicates, today: brasiliaDay() }, { headers: { "Cache-Control": "no-store" } });
}

/** Query string of the current filters with some replaced (empty values dropped). */
function queryWith(filters: Record<string, unknown>, changes: Record<string, string | number | undefined>): string {
  const merged: Record<string, unknown> = { ...filters, page: undefined, ...changes };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount, sources, counts, today } = loaderData;
  const marked = new Set(loaderData.duplicates);
  const filtered = Boolean(filters.tipo || filters.etapa || filters.retorno || filters.origem || filters.q);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <AdminPageHeader
        title={pipelineMessages.title}
        description={pipelineMessages.description}
        actions={
          <div className="flex flex-wrap gap-2">
            <DealsBoardLink />
            <Button asChild variant="outline">
              <a href={`/api/funil/export${queryWith(filters, {})}`} download>
                <Download aria-hidden />
                Exportar CSV
              </a>
            </Button>
            {/* Export with ids, edit, import back with a dry run (docs/decisions/0148). */}
            <Button asChild variant="outline">
              <Link to="/admin/leads/importar">Importar CSV</Link>
            </Button>
          </div>
        }
      />

      <nav aria-label="Etapas do funil" className="grid gap-3">
        {/* Sales and hiring are two pipelines (docs/decisions/0088): a type shows its own. */}
        {[
          { label: "Vendas", stages: SALES_STAGES, shown: filters.tipo !== "candidaturas" },
          { label: "Contratação (candidaturas)", stages: HIRING_STAGES, shown: !filters.tipo || filters.tipo === "candidaturas" },
        ]
          .filter((group) => group.shown)
          .map((group) => (
            <div key={group.label} className="grid gap-1.5">
              {filters.tipo ? null : <p className="text-sm font-semibold text-muted-foreground">{group.label}</p>}
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
                {group.stages.map((s) => {
                  const current = filters.etapa === s.value;
                  return (
                    <li key={s.value}>
                      <Link
                        to={queryWith(filters, { etapa: current ? undefined : s.value })}
                        aria-current={current ? "true" : undefined}
                        className={cn(
                          "flex items-baseline justify-between gap-2 rounded-lg border border-border bg-card px-3 py-2 text-sm hover:bg-secondary",
                          current && "border-primary ring-1 ring-primary",
                        )}
                      >
                        <span className="font-medium">{s.label}</span>
                        <span className="text-lg font-bold tabular-nums" data-testid={`stage-count-${s.value}`}>
                          {counts[s.value]}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
      </nav>

      <Form
        method="get"
        role="search"
        aria-label="Filtrar leads"
        className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-soft sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      >
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <label htmlFor="inbox-q" className="text-sm font-medium">
            {pipelineMessages.searchLabel}
          </label>
          <Input
            id="inbox-q"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            placeholder={pipelineMessages.searchHint}
            className="h-10 text-sm"
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="inbox-tipo" className="text-sm font-medium">
            Tipo
          </label>
          <NativeSelect id="inbox-tipo" name="tipo" defaultValue={filters.tipo ?? ""} className="h-10 text-sm">
            <option value="">Todos os tipos</option>
            {PIPELINE_TYPES.map((t) => (
              <option key={t} value={t}>
                {pipelineTypeInfo(t).plural}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="inbox-etapa" className="text-sm font-medium">
            Etapa
          </label>
          <NativeSelect id="inbox-etapa" name="etapa" defaultValue={filters.etapa ?? ""} className="h-10 text-sm">
            <option value="">Todas as etapas</option>
            <option value="abertos">Em aberto (ainda sem desfecho)</option>
            <optgroup label="Vendas">
              {SALES_STAGES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Contratação (candidaturas)">
              {HIRING_STAGES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="inbox-origem" className="text-sm font-medium">
            Origem da visita
          </label>
          <NativeSelect id="inbox-origem" name="origem" defaultValue={filters.origem ?? ""} className="h-10 text-sm">
            <option value="">Todas as origens</option>
            {sources.map((s) => (
              <option key={s} value={s}>
                {s === DIRECT_ORIGIN ? "Direto ou sem dados" : s}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2 lg:col-span-4">
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="retorno"
              value="vencido"
              defaultChecked={filters.retorno === "vencido"}
              className="size-4 accent-primary"
            />
            Só retornos para hoje ou atrasados
          </label>
          <div className="flex gap-2">
            {filtered ? (
              <Button asChild variant="ghost">
                <Link to="/admin/leads">Limpar filtros</Link>
              </Button>
            ) : null}
            <Button type="submit">
              <Search aria-hidden />
              Filtrar
            </Button>
          </div>
        </div>
      </Form>

      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="inbox-total">
        {total} {total === 1 ? "lead" : "leads"}
        {filtered ? " com estes filtros" : ""}
      </p>

      <AdminTable
        head={
          <>
            <TableHead>Lead</TableHead>
            <TableHead className="hidden md:table-cell">Tipo</TableHead>
            <TableHead className="hidden md:table-cell">Etapa</TableHead>
            <TableHead className="hidden md:table-cell">Próximo retorno</TableHead>
            <TableHead className="hidden md:table-cell">Recebido em</TableHead>
          </>
        }
        columnCount={5}
        stacked={false}
        isEmpty={rows.length === 0}
        emptyText={filtered ? pipelineMessages.emptyFiltered : pipelineMessages.empty}
      >
        {rows.map((lead) => (
          <TableRow key={`${lead.type}-${lead.id}`} data-testid="inbox-row">
            <TableCell className="align-top md:min-w-56">
              <Link to={leadPagePath(lead.type, lead.id)} className="font-semibold text-primary hover:underline">
                {lead.name || lead.email || `#${lead.id}`}
              </Link>
              {marked.has(`${lead.type}-${lead.id}`) ? (
                <>
                  {" "}
                  <DuplicateListMark />
                </>
              ) : null}
              {lead.name && lead.email ? <p className="break-all text-muted-foreground">{lead.email}</p> : null}
              {lead.company || lead.detail ? (
                <p className="text-muted-foreground">{[lead.company, lead.detail].filter(Boolean).join(" · ")}</p>
              ) : null}
              {/* Phones: one column, the other columns' facts under the name. */}
              <div className="mt-2 grid gap-1.5 md:hidden">
                <p className="flex flex-wrap items-center gap-2">
                  <StageBadge stage={lead.stage} />
                  <span>{pipelineTypeInfo(lead.type).label}</span>
                </p>
                {lead.followUpOn ? (
                  <p>
                    <span className="text-muted-foreground">Retorno: </span>
                    <FollowUp day={lead.followUpOn} stage={lead.stage} today={today} />
                  </p>
                ) : (
                  <p className="text-muted-foreground">Sem retorno</p>
                )}
                <p className="text-muted-foreground">Recebido em {formatDateTime(lead.createdAt)}</p>
              </div>
            </TableCell>
            <TableCell className="hidden whitespace-nowrap align-top md:table-cell">{pipelineTypeInfo(lead.type).label}</TableCell>
            <TableCell className="hidden align-top md:table-cell">
              <StageBadge stage={lead.stage} />
            </TableCell>
            <TableCell className="hidden whitespace-nowrap align-top md:table-cell">
              <FollowUp day={lead.followUpOn} stage={lead.stage} today={today} />
            </TableCell>
            <TableCell className="hidden whitespace-nowrap align-top md:table-cell">{formatDateTime(lead.createdAt)}</TableCell>
          </TableRow>
        ))}
      </AdminTable>

      <AdminPagination page={page} pageCount={pageCount} href={(p) => queryWith(filters, { page: p })} />

      <nav aria-label="Listas por tipo" className="text-sm text-muted-foreground">
        <span>Listas completas por tipo: </span>
        <ul className="inline">
          {[
            ...LEAD_TYPES.map((t) => ({ to: `/admin/leads/${t}`, label: LEAD_TYPE_INFO[t].title })),
            { to: "/admin/conversas", label: "Conversas" },
            { to: "/admin/business-optimizations", label: "Questionários" },
          ].map((item) => (
            <li key={item.to} className="inline after:content-['_·_'] last:after:content-none">
              <Link to={item.to} className="text-primary hover:underline">
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
