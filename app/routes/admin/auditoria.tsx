/**
 * /admin/auditoria: browse the append-only audit log (newest first), filtered by action, user
 * and date range. Read only: nothing on this page changes a row.
 */
import { data, Form, Link } from "react-router";
import { AdminTableSection, StackedCell, StackedRow } from "~/components/admin/data-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { ChevronLeft, ChevronRight, Filter, ScrollText } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { TableHead } from "~/components/ui/table";
import { auditFilterSchema, listAudit, type AuditFilter } from "~/domain/audit.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { labelsByTableName } from "~/domain/privacy/registry.server";
import { auditActionLabel, auditDetails, auditTarget, privacyTexts as t, readableIp } from "~/lib/messages/privacy";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/auditoria";

export const meta: Route.MetaFunction = () => [{ title: "Auditoria | Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filter = auditFilterSchema.parse(params);
  const result = await listAudit(filter);
  const tableLabels = labelsByTableName();
  return data(
    {
      filter,
      total: result.total,
      page: result.page,
      pages: result.pages,
      actions: result.actions,
      rows: result.rows.map((r) => ({
        id: r.id,
        actor: r.actor,
        action: r.action,
        target: auditTarget(r.target, tableLabels),
        details: auditDetails(r.details),
        ip: readableIp(r.ip),
        createdAt: r.createdAt.toISOString(),
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const dateFormat = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "medium", timeZone: "America/Sao_Paulo" });

function pageHref(filter: AuditFilter, page: number): string {
  const params = new URLSearchParams();
  for (const key of ["acao", "usuario", "de", "ate"] as const) if (filter[key]) params.set(key, filter[key]);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `?${query}` : ".";
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filter, rows, total, page, pages, actions } = loaderData;
  const filtered = Boolean(filter.acao || filter.usuario || filter.de || filter.ate);
  return (
    <div className="space-y-6">
      <AdminPageHeader title={t.auditTitle} description={t.auditIntro} icon={ScrollText} size="compact" narrow />

      <Form
        method="get"
        className="grid gap-4 rounded-xl border border-border bg-background p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
      >
        <div className="grid gap-2">
          <Label htmlFor="filtro-acao">Ação</Label>
          <NativeSelect id="filtro-acao" name="acao" defaultValue={filter.acao} className="md:text-sm">
            <option value="">Todas</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {auditActionLabel(a)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filtro-usuario">Usuário</Label>
          <Input id="filtro-usuario" name="usuario" defaultValue={filter.usuario} autoComplete="off" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filtro-de">De</Label>
          <Input id="filtro-de" name="de" type="date" defaultValue={filter.de} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filtro-ate">Até</Label>
          <Input id="filtro-ate" name="ate" type="date" defaultValue={filter.ate} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">
            <Filter aria-hidden />
            Filtrar
          </Button>
          {filtered && (
            <Button asChild variant="ghost">
              <Link to=".">Limpar</Link>
            </Button>
          )}
        </div>
      </Form>

      <AdminTableSection
        id="audit-results"
        title={
          <>
            {total} registro(s){filtered ? " com estes filtros" : ""} · mais recentes primeiro
          </>
        }
        titleSize="text-sm"
        head={
          <>
            <TableHead>Data e hora</TableHead>
            <TableHead>Ação</TableHead>
            <TableHead>Usuário</TableHead>
            <TableHead>Alvo</TableHead>
            <TableHead>Detalhes</TableHead>
            <TableHead>Endereço IP</TableHead>
          </>
        }
        isEmpty={rows.length === 0}
        emptyText={t.auditEmpty}
        emptyPadding="py-10"
      >
        {rows.map((r) => (
          // A card leads with the action; the details close it.
          <StackedRow key={r.id} data-testid="audit-row">
            <StackedCell label="Data e hora" className="whitespace-nowrap align-top">
              {dateFormat.format(new Date(r.createdAt))}
            </StackedCell>
            <StackedCell wide className="align-top max-lg:-order-1">
              <span className={cn("font-medium max-lg:text-base", r.action.includes("failed") && "text-destructive")} title={r.action}>
                {auditActionLabel(r.action)}
              </span>
            </StackedCell>
            <StackedCell label="Usuário" className="align-top">
              {r.actor ?? "—"}
            </StackedCell>
            <StackedCell label="Alvo" className="break-words align-top">
              {r.target?.href ? (
                <Link to={r.target.href} className="text-primary hover:underline">
                  {r.target.text}
                </Link>
              ) : (
                (r.target?.text ?? "—")
              )}
            </StackedCell>
            <StackedCell label="Detalhes" wide className="align-top max-lg:order-2 lg:max-w-xs">
              {r.details.length ? (
                <dl className="grid gap-0.5 text-xs">
                  {r.details.map((d) => (
                    <div key={d.label} className="break-words">
                      <dt className="inline font-medium">{d.label}:</dt> <dd className="inline">{d.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                "—"
              )}
            </StackedCell>
            <StackedCell label="Endereço IP" className="whitespace-nowrap align-top text-xs max-lg:order-1">
              {r.ip ?? "—"}
            </StackedCell>
          </StackedRow>
        ))}
      </AdminTableSection>

      {pages > 1 && (
        <nav aria-label="Paginação da auditoria" className="flex items-center justify-between gap-4 text-sm">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link to={pageHref(filter, page - 1)}>
                <ChevronLeft aria-hidden />
                Anterior
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-muted-foreground">
            Página {page} de {pages}
          </span>
          {page < pages ? (
            <Button asChild variant="outline" size="sm">
              <Link to={pageHref(filter, page + 1)}>
                Próxima
                <ChevronRight aria-hidden />
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
