/**
 * One page per lead type (contacts, consultations, applications, newsletter): searchable,
 * paginated table, a link to each detail view, and CSV export of what the search shows.
 */
import { data, Form, Link, NavLink, useNavigation } from "react-router";
import { ActionsHead, AdminTable, StackedCell, StackedRow } from "~/components/admin/data-table";
import { DuplicateListMark } from "~/components/admin/lead-duplicates";
import { LeadValue } from "~/components/admin/lead-value";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { Download, Mail, Search } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { TableHead } from "~/components/ui/table";
import { env } from "~/config.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { leadListQuery, listLeads, pendingSubscribers } from "~/domain/leads/admin.server";
import { duplicateMarksOf } from "~/domain/leads/duplicates.server";
import { queryOf } from "~/infra/forms.server";
import { formatDateTime } from "~/lib/dates";
import { isLeadType, LEAD_TYPE_INFO, LEAD_TYPES } from "~/lib/lead-types";
import { isPipelineType, leadPagePath } from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/leads.$type";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? LEAD_TYPE_INFO[data.type].title : "Leads"} | ${SITE_NAME}` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  if (!isLeadType(params.type)) throw data("Tipo de lead desconhecido", { status: 404 });
  const { q, page } = queryOf(request, leadListQuery);
  const [result, pending] = await Promise.all([
    listLeads(params.type, { q, page }),
    params.type === "newsletter" ? pendingSubscribers() : undefined,
  ]);
  // Without SMTP the confirmation links stay in the outbox: the admin is told why no one confirms.
  const newsletter = pending ? { pending, mailConfigured: Boolean(env.SMTP_URL) } : undefined;
  // Sales and hiring leads' possible duplicates, the page's rows only (docs/decisions/0147, 0152).
  const type = params.type;
  const duplicates = isPipelineType(type)
    ? await duplicateMarksOf(result.rows.map((r) => ({ type, id: Number(r.id), email: typeof r.email === "string" ? r.email : null })))
    : [];
  return data({ type: params.type, q, ...result, newsletter, duplicates }, { headers: { "Cache-Control": "no-store" } });
}

export default function LeadList({ loaderData }: Route.ComponentProps) {
  const { type, q, rows, total, page, pageCount, newsletter } = loaderData;
  const marked = new Set(loaderData.duplicates);
  const info = LEAD_TYPE_INFO[type];
  const columns = info.fields.filter((f) => f.inTable);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === `/admin/leads/${type}`;
  const pageHref = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  const exportHref = `/api/leads/${type}/export${q ? `?${new URLSearchParams({ q })}` : ""}`;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <nav aria-label="Tipos de lead">
        <ul className="flex flex-wrap gap-2">
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
          <div className="flex flex-wrap gap-2">
            {type === "newsletter" && (
              // The editions sent to these subscribers, and the standalone ones (docs/decisions/0131).
              <Button asChild>
                <Link to="/admin/leads/newsletter/edicoes">
                  <Mail aria-hidden />
                  Edições da newsletter
                </Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <a href={exportHref} download>
                <Download aria-hidden />
                Exportar CSV
              </a>
            </Button>
          </div>
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
          <StackedRow key={String(row.id)} data-testid="lead-row">
            {columns.map((c, index) => (
              // On a card the first column is its title; long texts and addresses take the card's width.
              <StackedCell
                key={c.key}
                label={index === 0 ? undefined : c.label}
                wide={index === 0 || c.kind === "long" || c.kind === "email"}
                className={cn("align-top", index === 0 && "max-lg:text-base max-lg:font-semibold")}
              >
                <LeadValue field={c} value={row[c.key]} truncate />
                {index === 0 && marked.has(`${type}-${String(row.id)}`) ? (
                  <span className="mt-1 block">
                    <DuplicateListMark />
                  </span>
                ) : null}
              </StackedCell>
            ))}
            <StackedCell actions className="align-top">
              <Link
                to={isPipelineType(type) ? leadPagePath(type, String(row.id)) : `/admin/leads/${type}/${row.id}`}
                className="inline-flex min-h-11 items-center whitespace-nowrap font-medium text-primary hover:underline lg:min-h-0"
              >
                Ver detalhes<span className="sr-only"> do registro {String(row.id)}</span>
              </Link>
            </StackedCell>
          </StackedRow>
        ))}
      </AdminTable>

      <AdminPagination page={page} pageCount={pageCount} href={pageHref} />

      {newsletter ? <PendingSubscribers {...newsletter} /> : null}
    </div>
  );
}

/** Double opt-in: addresses whose link was not clicked yet, apart from the subscribers above. */
function PendingSubscribers({
  pending,
  mailConfigured,
}: {
  pending: { total: number; rows: Array<{ id: number; email: string; createdAt: string | Date }> };
  mailConfigured: boolean;
}) {
  return (
    <section
      aria-labelledby="pending-title"
      className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:p-6"
      data-testid="pending-subscribers"
    >
      <h2 id="pending-title" className="font-display text-lg font-bold">
        Aguardando confirmação ({pending.total})
      </h2>
      <p className="text-sm text-muted-foreground">
        Pessoas que pediram a inscrição e ainda não clicaram no link de confirmação. Não são inscritas: não recebem a newsletter e não
        entram no CSV.
      </p>
      {mailConfigured ? null : (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Nenhum servidor de e-mail está configurado (SMTP_URL), então os links de confirmação não podem ser enviados: eles ficam guardados
          na fila de e-mails e ninguém consegue confirmar até que o envio seja configurado.
        </p>
      )}
      {pending.rows.length ? (
        <ul className="grid gap-1 text-sm">
          {pending.rows.map((r) => (
            <li key={r.id} className="flex flex-wrap justify-between gap-x-4 border-b border-border py-1.5 last:border-0">
              <span className="break-all">{r.email}</span>
              <span className="text-muted-foreground">{formatDateTime(r.createdAt)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nenhuma inscrição aguardando confirmação.</p>
      )}
    </section>
  );
}
