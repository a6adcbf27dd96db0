/**
 * Análises (docs/decisions/0043): traffic and conversion from the daily rollups, for 7/30/90 days or a
 * chosen range. Everything is rendered on the server (charts as SVG, tables as tables); the range
 * form is a GET form, so the page works without JavaScript.
 */
import { data, Form } from "react-router";
import { DataTable, Funnel, TrafficChart } from "~/components/admin/analytics-charts";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Download } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { addDays, dayStart } from "~/domain/analytics/days.server";
import { goalChoices } from "~/domain/analytics/goals.server";
import { analyticsReport, parseRange, type AnalyticsTable } from "~/domain/analytics/report.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { listEditions } from "~/domain/newsletter/standalone.server";
import {
  ALL_LEADS,
  CUSTOM_RANGE,
  WITHOUT_VISIT,
  DEVICE_LABELS,
  formatDayShort,
  formatNumber,
  formatPercent,
  GOAL_GROUPS,
  type DateRange,
} from "~/lib/analytics-format";
import { visitSourceLabel } from "~/lib/origin";
import { pipelineTypeInfo } from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/analises";

export const meta: Route.MetaFunction = () => [{ title: `Análises | ${SITE_NAME}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const started = performance.now();
  const params = new URL(request.url).searchParams;
  const parsed = parseRange(params);
  const goals = goalChoices();
  const headers = { "Cache-Control": "no-store" };
  if (!parsed.ok)
    return data({ error: parsed.message, range: parsed.range, report: null, goals, newsletter: [] }, { status: 400, headers });
  const [report, newsletter] = await Promise.all([
    analyticsReport(parsed.range, { goal: params.get("meta") ?? undefined }),
    // The newsletter editions that started in the period, with their clicks (docs/decisions/0131).
    listEditions(50, { from: dayStart(parsed.range.from), to: dayStart(addDays(parsed.range.to, 1)) }),
  ]);
  // The bench reads the server's own time for the 90-day page (bar: < 300 ms).
  return data(
    { error: null, range: parsed.range, report, goals, newsletter },
    { headers: { ...headers, "Server-Timing": `relatorio;dur=${(performance.now() - started).toFixed(1)}` } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const PRESET_LABELS: Record<DateRange["preset"], string> = {
  "7": "Últimos 7 dias",
  "30": "Últimos 30 dias",
  "90": "Últimos 90 dias",
  [CUSTOM_RANGE]: "Personalizado",
};

function exportHref(range: DateRange, table: AnalyticsTable, goal?: string): string {
  const params = new URLSearchParams({ tabela: table, periodo: range.preset });
  if (goal && goal !== ALL_LEADS) params.set("meta", goal);
  if (range.preset === CUSTOM_RANGE) {
    params.set("de", range.from);
    params.set("ate", range.to);
  }
  return `/api/analytics/export?${params}`;
}

function Section({
  title,
  description,
  range,
  table,
  goal,
  children,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  range: DateRange;
  table?: AnalyticsTable;
  /** The goal the table counts (its CSV asks for the same). */
  goal?: string;
  children: React.ReactNode;
  className?: string;
}) {
  const id = `secao-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Card className={className} aria-labelledby={id} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle asChild>
            <h2 id={id}>{title}</h2>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {table ? (
          <a
            href={exportHref(range, table, goal)}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            download
          >
            <Download className="size-4" aria-hidden />
            Exportar CSV<span className="sr-only">: {title}</span>
          </a>
        ) : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const share = (value: number, max: number) => (max > 0 ? value / max : 0);
/** A rate drawn as a bar: at most the card's width (a rate can exceed 100 %: decision 0047). */
const rateBar = (value: number | null) => Math.min(1, value ?? 0);
const dash = (value: string | null) => value ?? "—";

/** Why a rate is what it is: what stays out of it, and what a rate above 100 % means. */
function rateNote(withoutVisit: number, value: number | null): string | undefined {
  const parts: string[] = [];
  if (withoutVisit > 0)
    parts.push(
      `${formatNumber(withoutVisit)} ${withoutVisit === 1 ? "lead sem visita contada fica" : "leads sem visita contada ficam"} fora da taxa.`,
    );
  if (value !== null && value > 1) parts.push("Acima de 100%: houve visitas com mais de um lead.");
  return parts.length ? parts.join(" ") : undefined;
}

/** A rate above 100 % in a table is explained under it (decision 0085). */
function OverNote({ rates }: { rates: Array<number | null> }) {
  if (!rates.some((r) => r !== null && r > 1)) return null;
  return (
    <p className="mt-3 text-sm text-muted-foreground" data-testid="rate-over">
      Taxas acima de 100%: houve visitas que trouxeram mais de uma conversão. A barra para no fim da célula.
    </p>
  );
}

function GoalNote({ label, what }: { label: string; what: string }) {
  return (
    <>
      {what} Meta: <strong className="font-semibold text-foreground">{label}</strong> (escolha outra no período, acima).
    </>
  );
}

/** The conversions whose visit was not counted: their own line, without visits or a rate. */
function withoutVisitRow(count: number, columns: number, blanks: number): React.ReactNode[][] {
  if (count === 0) return [];
  const row: React.ReactNode[] = [<em key="label">{WITHOUT_VISIT}</em>];
  for (let i = 1; i < columns; i++) row.push(i <= blanks ? "—" : i === columns - 2 ? formatNumber(count) : "—");
  return [row];
}

export default function Analises({ loaderData }: Route.ComponentProps) {
  const { error, range, report, goals } = loaderData;
  const allLeads = report?.goals.find((g) => g.key === ALL_LEADS);
  const conversionsHead = report?.goal.key === ALL_LEADS ? "Leads" : "Conversões";
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <AdminPageHeader
        title="Análises"
        description="Visitas, origens e conversão do site, contadas sem cookies. Visitantes são contados por dia: quem volta em outro dia conta de novo."
      />

      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-4" aria-label="Período">
        <div className="grid gap-1">
          <label htmlFor="periodo" className="text-sm font-medium">
            Período
          </label>
          <NativeSelect id="periodo" name="periodo" defaultValue={range.preset} className="w-auto">
            {(Object.keys(PRESET_LABELS) as DateRange["preset"][]).map((p) => (
              <option key={p} value={p}>
                {PRESET_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor="de" className="text-sm font-medium">
            De <span className="font-normal text-muted-foreground">(personalizado)</span>
          </label>
          <Input id="de" name="de" type="date" defaultValue={range.from} className="w-auto" />
        </div>
        <div className="grid gap-1">
          <label htmlFor="ate" className="text-sm font-medium">
            Até <span className="font-normal text-muted-foreground">(personalizado)</span>
          </label>
          <Input id="ate" name="ate" type="date" defaultValue={range.to} className="w-auto" />
        </div>
        <div className="grid min-w-0 max-w-full gap-1">
          <label htmlFor="meta" className="text-sm font-medium">
            Meta <span className="font-normal text-muted-foreground">(por fonte, campanha e entrada)</span>
          </label>
          <NativeSelect id="meta" name="meta" defaultValue={report?.goal.key ?? ALL_LEADS} className="w-full min-w-0 sm:w-auto">
            {goals
              .filter((g) => g.lead === undefined)
              .map((g) => (
                <option key={g.key} value={g.key}>
                  {g.label}
                </option>
              ))}
            {/* Grouped, so the lead type "Reuniões agendadas" reads apart from "Todas as reuniões agendadas". */}
            {([true, false] as const).map((lead) => (
              <optgroup key={String(lead)} label={lead ? GOAL_GROUPS.leads : GOAL_GROUPS.others}>
                {goals
                  .filter((g) => g.lead === lead)
                  .map((g) => (
                    <option key={g.key} value={g.key}>
                      {g.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">Aplicar</Button>
        {error ? (
          <p role="alert" className="basis-full text-sm text-destructive">
            {error}
          </p>
        ) : (
          <p className="basis-full text-sm text-muted-foreground" data-testid="range">
            {formatDayShort(range.from)} a {formatDayShort(range.to)}
          </p>
        )}
      </Form>

      {report ? (
        <>
          {/* What the visitor figures are (docs/decisions/0112). */}
          <p className="text-sm text-muted-foreground" data-testid="visitors-note">
            {report.estimatedVisitors
              ? "Os visitantes de hoje por página, site de origem, fonte e campanha são uma estimativa até o fim do dia (a mesma pessoa pode contar mais de uma vez); os demais números são exatos."
              : "Todos os números do período são exatos."}{" "}
            Em cada dia, páginas e origens além das 200 mais vistas somam-se numa linha “outras”, que não aparece nas listas.
          </p>
          <section aria-label="Totais do período" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            {[
              { label: "Visitantes", value: formatNumber(report.totals.visitors), testId: "total-visitors" },
              { label: "Visualizações de página", value: formatNumber(report.totals.views), testId: "total-views" },
              { label: "Visitas (entradas)", value: formatNumber(report.totals.visits), testId: "total-visits" },
              { label: "Leads", value: formatNumber(report.totals.leads), testId: "total-leads" },
              {
                label: "Conversão (leads por visita)",
                value: formatPercent(allLeads?.rate ?? null),
                testId: "total-rate",
                note: rateNote(report.totals.leadsWithoutVisit, allLeads?.rate ?? null),
              },
            ].map((c) => (
              <Card key={c.label} className="last:col-span-2 lg:last:col-span-1">
                <CardHeader className="pb-2">
                  <CardTitle asChild className="text-sm font-medium text-muted-foreground">
                    <h2>{c.label}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="font-display text-3xl font-extrabold tabular-nums" data-testid={c.testId}>
                    {c.value}
                  </p>
                  {"note" in c && c.note ? (
                    <p className="mt-1 text-xs text-muted-foreground" data-testid={`${c.testId}-note`}>
                      {c.note}
                    </p>
                  ) : null}
                </CardContent>
              </Card>
            ))}
          </section>

          <Section title="Visitantes e visualizações por dia" range={range} table="diario">
            <TrafficChart id="trafego" series={report.series} />
          </Section>

          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
            <Section title="Funil" description="Da visita ao lead, no período." range={range} table="funil">
              <Funnel steps={report.funnel} />
              {report.leadsByType.length ? (
                <p className="mt-4 text-sm text-muted-foreground" data-testid="leads-by-type">
                  Leads por tipo: {report.leadsByType.map((t) => `${pipelineTypeInfo(t.type).label} ${formatNumber(t.leads)}`).join(" · ")}
                </p>
              ) : null}
              <p className="mt-2 text-sm text-muted-foreground" data-testid="other-conversions">
                Outras conversões: {formatNumber(report.totals.newsletter)}{" "}
                {report.totals.newsletter === 1 ? "inscrição confirmada" : "inscrições confirmadas"} na newsletter ·{" "}
                {formatNumber(report.totals.orders)} {report.totals.orders === 1 ? "pedido pago" : "pedidos pagos"}
              </p>
            </Section>
            <Section title="Aparelhos" range={range} table="aparelhos">
              <DataTable
                caption="Visitantes por tipo de aparelho"
                head={["Aparelho", "Visitantes", "Visualizações"]}
                rows={report.devices.map((d) => [DEVICE_LABELS[d.device] ?? d.device, formatNumber(d.visitors), formatNumber(d.views)])}
                bars={report.devices.map((d) => share(d.visitors, report.devices[0]?.visitors ?? 0))}
              />
            </Section>
          </div>

          <Section
            title="Conversão por meta"
            description="Cada tipo de lead (em “Reuniões agendadas”, só as de quem ainda não era lead), as inscrições confirmadas na newsletter, os pedidos pagos e todas as reuniões agendadas. A taxa divide o que veio de uma visita contada pelas visitas do período; o que chegou sem visita contada (contador bloqueado, envio sem a página) aparece à parte, fora da taxa."
            range={range}
            table="metas"
          >
            <DataTable
              testId="goals"
              caption="Conversão por meta"
              head={["Meta", "Conversões", "Taxa"]}
              rows={report.goals.map((g) => [
                <>
                  {g.key === ALL_LEADS ? <strong>{g.label}</strong> : g.label}
                  {g.withoutVisit ? (
                    <span className="block text-xs text-muted-foreground" data-testid="goal-without-visit">
                      {formatNumber(g.withoutVisit)} {WITHOUT_VISIT.toLowerCase()}
                    </span>
                  ) : null}
                </>,
                formatNumber(g.conversions),
                formatPercent(g.rate),
              ])}
              bars={report.goals.map((g) => rateBar(g.rate))}
            />
            <OverNote rates={report.goals.map((r) => r.rate)} />
          </Section>

          <Section
            title="Conversão por fonte"
            description={<GoalNote label={report.goal.label} what="Fonte da campanha, senão o site de onde a visita veio." />}
            range={range}
            table="fontes"
            goal={report.goal.key}
          >
            <DataTable
              testId="sources"
              caption={`Conversão por fonte: ${report.goal.label}`}
              head={["Fonte", "Visitas", conversionsHead, "Taxa"]}
              rows={[
                ...report.sources.map((r) => [
                  visitSourceLabel(r.source),
                  formatNumber(r.visits),
                  formatNumber(r.conversions),
                  formatPercent(r.rate),
                ]),
                ...withoutVisitRow(report.goal.withoutVisit, 4, 0),
              ]}
              bars={report.sources.map((r) => rateBar(r.rate))}
            />
            <OverNote rates={report.sources.map((r) => r.rate)} />
          </Section>

          <Section
            title="Campanhas"
            description={
              <GoalNote
                label={report.goal.label}
                what="Visitas que chegaram por links com parâmetros UTM ou por anúncios (gclid, gbraid, wbraid, fbclid, msclkid marcam a rede como fonte e 'cpc' como meio)."
              />
            }
            range={range}
            table="campanhas"
            goal={report.goal.key}
          >
            <DataTable
              testId="campaigns"
              caption={`Campanhas: visitas, conversões e conversão (${report.goal.label})`}
              head={["Fonte (utm_source)", "Meio (utm_medium)", "Campanha (utm_campaign)", "Visitas", conversionsHead, "Taxa"]}
              textColumns={3}
              rows={[
                ...report.campaigns.map((c) => [
                  dash(c.source),
                  dash(c.medium),
                  dash(c.campaign),
                  formatNumber(c.visits),
                  formatNumber(c.conversions),
                  formatPercent(c.rate),
                ]),
                ...(report.campaigns.length ? withoutVisitRow(report.goal.withoutVisit, 6, 2) : []),
              ]}
              empty="Nenhuma visita de campanha no período."
            />
            <OverNote rates={report.campaigns.map((r) => r.rate)} />
          </Section>

          <Section
            title="Conversão por página de entrada"
            description={<GoalNote label={report.goal.label} what="Páginas por onde as visitas começaram." />}
            range={range}
            table="entradas"
            goal={report.goal.key}
          >
            <DataTable
              testId="landings"
              caption={`Páginas de entrada: visitas, conversões e conversão (${report.goal.label})`}
              head={["Página de entrada", "Visitas", conversionsHead, "Taxa"]}
              rows={[
                ...report.landings.map((l) => [l.path, formatNumber(l.visits), formatNumber(l.conversions), formatPercent(l.rate)]),
                ...(report.landings.length ? withoutVisitRow(report.goal.withoutVisit, 4, 0) : []),
              ]}
            />
            <OverNote rates={report.landings.map((r) => r.rate)} />
          </Section>

          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
            <Section title="Páginas mais vistas" range={range} table="paginas">
              <DataTable
                testId="pages"
                caption="Páginas mais vistas"
                head={["Página", "Visualizações", "Visitantes"]}
                rows={report.pages.map((p) => [p.path, formatNumber(p.views), formatNumber(p.visitors)])}
                bars={report.pages.map((p) => share(p.views, report.pages[0]?.views ?? 0))}
              />
            </Section>
            <Section title="Posts mais lidos" range={range} table="posts">
              <DataTable
                caption="Posts mais lidos"
                head={["Post", "Visualizações", "Visitantes"]}
                rows={report.posts.map((p) => [p.title, formatNumber(p.views), formatNumber(p.visitors)])}
                bars={report.posts.map((p) => share(p.views, report.posts[0]?.views ?? 0))}
                empty="Nenhum post lido no período."
              />
            </Section>
            <Section
              title="Sites de origem"
              description="De onde vieram as visitas que começaram em outro site."
              range={range}
              table="origens"
            >
              <DataTable
                testId="referrers"
                caption="Sites de origem"
                head={["Site", "Visitas", "Visitantes"]}
                rows={report.referrers.map((r) => [r.host, formatNumber(r.visits), formatNumber(r.visitors)])}
                bars={report.referrers.map((r) => share(r.visits, report.referrers[0]?.visits ?? 0))}
                empty="Nenhuma visita vinda de outro site no período."
              />
            </Section>
          </div>

          <Section
            title="Newsletter"
            description="Edições que começaram a ser enviadas no período: quantos e-mails saíram e quantos cliques os links receberam. Contamos os cliques por link, sem saber quem clicou; não há pixel de abertura."
            range={range}
          >
            <DataTable
              testId="newsletter-editions"
              caption="Edições da newsletter no período"
              head={["Edição", "Enviados", "Cliques"]}
              rows={loaderData.newsletter.map((e) => [e.subject, formatNumber(e.sent), formatNumber(e.clicks)])}
              bars={loaderData.newsletter.map((e) => share(e.sent, Math.max(0, ...loaderData.newsletter.map((n) => n.sent))))}
              empty="Nenhuma edição enviada no período."
            />
          </Section>
        </>
      ) : null}
    </div>
  );
}
