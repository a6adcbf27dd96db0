/**
 * Admin dashboard (SPEC §2): counts of contact messages, consultation requests and optimization
 * forms, the blog and analytics cards (real figures in place of SPEC's 'Em Breve' placeholders
 * once the analytics of docs/decisions/0040 existed: posts published, visitors and leads of the last 7 days), and the three most recent
 * messages and consultations.
 */
import { data, Link } from "react-router";
import { OverdueTasksCard } from "~/components/admin/lead-tasks";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PipelineSummaryCard } from "~/components/admin/pipeline-summary";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { BarChart3, Briefcase, CalendarCheck, ClipboardList, FileText, Mail, MessageSquare, Newspaper } from "~/components/ui/icons";
import { dashboardAnalytics } from "~/domain/analytics/report.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { pipelineTotals } from "~/domain/deals.server";
import { dashboardSummary } from "~/domain/leads/admin.server";
import { overdueTasks } from "~/domain/leads/tasks.server";
import { formatDate } from "~/lib/dates";
import { consultationStatusLabel } from "~/lib/lead-fields";
import { leadPagePath } from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: `Painel Administrativo | ${SITE_NAME}` }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const [summary, analytics, overdue, totals] = await Promise.all([
    dashboardSummary(),
    dashboardAnalytics(),
    overdueTasks(),
    pipelineTotals(),
  ]);
  return data({ ...summary, ...analytics, overdue, pipeline: totals.open }, { headers: { "Cache-Control": "no-store" } });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const counters = [
    { label: "Mensagens de contato", value: d.contactCount, icon: MessageSquare, to: "/admin/leads/contatos", testId: "count-contacts" },
    {
      label: "Solicitações de consultoria",
      value: d.consultationCount,
      icon: CalendarCheck,
      to: "/admin/leads/consultas",
      testId: "count-consultations",
    },
    {
      label: "Questionários",
      value: d.optimizationCount,
      icon: ClipboardList,
      to: "/admin/business-optimizations",
      testId: "count-optimizations",
    },
  ];
  const figures = [
    {
      label: "Posts do blog",
      value: d.publishedPosts,
      note: d.publishedPosts === 1 ? "publicado" : "publicados",
      icon: FileText,
      to: "/admin",
      testId: "count-posts",
    },
    {
      label: "Análises",
      value: d.visitors7d,
      note: `${d.visitors7d === 1 ? "visitante" : "visitantes"} e ${plural(d.leads7d, "lead", "leads")} nos últimos 7 dias`,
      icon: BarChart3,
      to: "/admin/analises",
      testId: "visitors-7d",
    },
  ];

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <AdminPageHeader title="Painel Administrativo" description="Resumo dos contatos, consultas e questionários recebidos pelo site." />

      <section aria-label="Totais" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {counters.map(({ label, value, icon: Icon, to, testId }) => (
          <Link key={label} to={to} className="group rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
            <Card className="h-full transition-shadow group-hover:shadow-lift">
              <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
                <CardTitle asChild className="text-sm font-medium text-muted-foreground">
                  <h2>{label}</h2>
                </CardTitle>
                <Icon className="size-5 text-primary" aria-hidden />
              </CardHeader>
              <CardContent>
                <p className="font-display text-3xl font-extrabold" data-testid={testId}>
                  {value}
                </p>
              </CardContent>
            </Card>
          </Link>
        ))}
        {figures.map(({ label, value, note, icon: Icon, to, testId }) => (
          <Link key={label} to={to} className="group rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
            <Card className="h-full transition-shadow group-hover:shadow-lift">
              <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
                <CardTitle asChild className="text-sm font-medium text-muted-foreground">
                  <h2>{label}</h2>
                </CardTitle>
                <Icon className="size-5 text-primary" aria-hidden />
              </CardHeader>
              <CardContent>
                <p className="font-display text-3xl font-extrabold" data-testid={testId}>
                  {value}
                </p>
                <p className="text-sm text-muted-foreground" data-testid={`${testId}-note`}>
                  {note}
                </p>
              </CardContent>
            </Card>
          </Link>
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        {/* The open deals, as the board counts them (docs/decisions/0142). */}
        <PipelineSummaryCard open={d.pipeline} />
        {/* Lead tasks past their due time (docs/decisions/0146). */}
        <OverdueTasksCard overdue={d.overdue} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Mensagens recentes</h2>
            </CardTitle>
            <CardDescription>As 3 últimas mensagens do formulário de contato.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {d.recentContacts.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhuma mensagem recebida ainda.</p>
            ) : (
              <ul className="grid gap-3" data-testid="recent-contacts">
                {d.recentContacts.map((c) => (
                  <li key={c.id} className="rounded-lg border border-border p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <Link to={leadPagePath("contatos", c.id)} className="font-semibold hover:text-primary hover:underline">
                        {c.name}
                      </Link>
                      <span className="text-xs text-muted-foreground">{formatDate(c.createdAt)}</span>
                    </div>
                    <p className="text-sm text-muted-foreground">{c.company}</p>
                    <p className="mt-2 line-clamp-2 text-sm break-words">{c.message}</p>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/admin/leads/contatos" className="text-sm font-medium text-primary hover:underline">
              {`Ver todas (${plural(d.contactCount, "mensagem", "mensagens")})`}
            </Link>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Solicitações de consultoria recentes</h2>
            </CardTitle>
            <CardDescription>As 3 últimas solicitações de consultoria.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {d.recentConsultations.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhuma solicitação recebida ainda.</p>
            ) : (
              <ul className="grid gap-3" data-testid="recent-consultations">
                {d.recentConsultations.map((c) => (
                  <li key={c.id} className="rounded-lg border border-border p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Link to={leadPagePath("consultas", c.id)} className="font-semibold hover:text-primary hover:underline">
                        {c.name}
                      </Link>
                      <Badge variant={c.status === "pending" ? "secondary" : "default"}>{consultationStatusLabel(c.status)}</Badge>
                    </div>
                    <p className="text-sm text-muted-foreground">{c.company}</p>
                    <p className="text-sm">{c.industryArea}</p>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/admin/leads/consultas" className="text-sm font-medium text-primary hover:underline">
              {`Ver todas (${plural(d.consultationCount, "consulta", "consultas")})`}
            </Link>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="outros-leads" className="grid gap-4">
        <h2 id="outros-leads" className="text-xl font-bold">
          Outros leads
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Link
            to="/admin/leads/candidaturas"
            className="flex items-center gap-4 rounded-xl border border-border bg-card p-5 shadow-soft hover:shadow-lift"
          >
            <Briefcase className="size-6 text-primary" aria-hidden />
            <span>
              <span className="block font-semibold">Candidaturas</span>
              <span className="text-sm text-muted-foreground">
                {plural(d.applicationCount, "candidatura recebida", "candidaturas recebidas")}
              </span>
            </span>
          </Link>
          <Link
            to="/admin/leads/newsletter"
            className="flex items-center gap-4 rounded-xl border border-border bg-card p-5 shadow-soft hover:shadow-lift"
          >
            <Newspaper className="size-6 text-primary" aria-hidden />
            <span>
              <span className="block font-semibold">Newsletter</span>
              <span className="text-sm text-muted-foreground">
                {plural(d.subscriberCount, "inscrito ativo", "inscritos ativos")}
                {d.pendingSubscriberCount ? ` · ${d.pendingSubscriberCount} aguardando confirmação` : ""}
              </span>
            </span>
          </Link>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Mail className="size-4" aria-hidden />
          Cada novo lead também gera um e-mail de aviso para a equipe.
        </p>
      </section>
    </div>
  );
}
