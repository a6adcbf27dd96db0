/**
 * One page per lead type (contacts, consultations, applications, newsletter): searchable,
 * paginated table, a link to each detail view, and CSV export of what the search shows.
 */
import { ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { data, Form, Link, NavLink, useNavigation } from "react-router";
import { LeadValue } from "~/components/admin/lead-value";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { listLeads } from "~/domain/leads/admin.server";
import { isLeadType, LEAD_TYPE_INFO, LEAD_TYPES } from "~/lib/lead-types";
import { SITE_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? LEAD_TYPE_INFO[data.type].title : "Leads"} | ${SITE_NAME}` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isLeadType(params.type)) throw data("Tipo de lead desconhecido", { status: 404 });
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  const result = await listLeads(params.type, { q, page });
  return data({ type: params.type, q, ...result }, { headers: { "Cache-Control": "no-store" } });
}

export default function LeadList({ loaderData }: Route.ComponentProps) {
  const { type, q, rows, total, page, pageCount } = loaderData;
  const info = LEAD_TYPE_INFO[type];
  const columns = info.fields.filter((f) => f.inTable);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === `/admin/leads/${type}`;
  const pageHref = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  const exportHref = `/api/leads/${type}/export${q ? `?${new URLSearchParams({ q })}` : ""}`;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <nav aria-label="Tipos de lead" className="overflow-x-auto">
        <ul className="flex gap-2">
          {LEAD_TYPES.map((t) => (
            <li key={t}>
              <NavLink
                to={`/admin/leads/${t}`}
                className={({ isActive }) =>
                  cn(
                    "block whitespace-nowrap rounded-full border border-border px-4 py-1.5 text-sm font-medium",
                    isActive ? "border-primary bg-primary text-primary-foreground" : "bg-card text-foreground hover:bg-secondary",
                  )
                }
              >
                {LEAD_TYPE_INFO[t].title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{info.title}</h1>
          <p className="mt-1 text-muted-foreground">{info.description}</p>
        </div>
        <Button asChild variant="outline">
          <a href={exportHref} download>
            <Download aria-hidden />
            Exportar CSV
          </a>
        </Button>
      </div>

      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="lead-search" className="sr-only">
          {info.searchHint}
        </label>
        <Input id="lead-search" name="q" type="search" defaultValue={q} placeholder={info.searchHint} className="sm:max-w-md" />
        <Button type="submit" disabled={searching}>
          <Search aria-hidden />
          Buscar
        </Button>
        {q ? (
          <Button asChild variant="ghost">
            <Link to={`/admin/leads/${type}`}>Limpar busca</Link>
          </Button>
        ) : null}
      </Form>

      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="lead-total">
        {total} {total === 1 ? "registro" : "registros"}
        {q ? ` para “${q}”` : ""}
      </p>

      <div className="rounded-xl border border-border bg-card shadow-soft">
        <Table>
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHead key={c.key}>{c.label}</TableHead>
              ))}
              <TableHead>
                <span className="sr-only">Ações</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1} className="py-10 text-center text-muted-foreground">
                  {info.empty}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={String(row.id)} data-testid="lead-row">
                  {columns.map((c) => (
                    <TableCell key={c.key} className="align-top">
                      <LeadValue field={c} value={row[c.key]} truncate />
                    </TableCell>
                  ))}
                  <TableCell className="align-top">
                    <Link to={`/admin/leads/${type}/${row.id}`} className="whitespace-nowrap font-medium text-primary hover:underline">
                      Ver detalhes<span className="sr-only"> do registro {String(row.id)}</span>
                    </Link>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>

      {pageCount > 1 ? (
        <nav aria-label="Paginação" className="flex items-center justify-between gap-4">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link to={pageHref(page - 1)}>
                <ChevronLeft aria-hidden /> Anterior
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted-foreground">{`Página ${page} de ${pageCount}`}</span>
          {page < pageCount ? (
            <Button asChild variant="outline" size="sm">
              <Link to={pageHref(page + 1)}>
                Próxima <ChevronRight aria-hidden />
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
