/**
 * One page per lead type (contacts, consultations, applications, newsletter): searchable,
 * paginated table, a link to each detail view, and CSV export of what the search shows.
 */
import { data, Form, Link, NavLink, useNavigation } from "react-router";
import { ActionsHead, AdminTable } from "~/components/admin/data-table";
import { LeadValue } from "~/components/admin/lead-value";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { Download, Search } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { TableCell, TableHead, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { leadListQuery, listLeads } from "~/domain/leads/admin.server";
import { queryOf } from "~/infra/forms.server";
import { isLeadType, LEAD_TYPE_INFO, LEAD_TYPES } from "~/lib/lead-types";
import { SITE_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? LEAD_TYPE_INFO[data.type].title : "Leads"} | ${SITE_NAME}` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  if (!isLeadType(params.type)) throw data("Tipo de lead desconhecido", { status: 404 });
  const { q, page } = queryOf(request, leadListQuery);
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

      <AdminPageHeader
        title={info.title}
        description={info.description}
        actions={
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <Download aria-hidden />
              Exportar CSV
            </a>
          </Button>
        }
      />

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

      <AdminTable
        head={
          <>
            {columns.map((c) => (
              <TableHead key={c.key}>{c.label}</TableHead>
            ))}
            <ActionsHead />
          </>
        }
        columnCount={columns.length + 1}
        isEmpty={rows.length === 0}
        emptyText={info.empty}
      >
        {rows.map((row) => (
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
        ))}
      </AdminTable>

      <AdminPagination page={page} pageCount={pageCount} href={pageHref} />
    </div>
  );
}
