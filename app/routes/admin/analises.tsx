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
import { analyticsReport, parseRange, type AnalyticsTable } from "~/domain/analytics/report.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { CUSTOM_RANGE, DEVICE_LABELS, formatDayShort, formatNumber, formatPercent, type DateRange } from "~/lib/analytics-format";
import { PIPELINE_TYPE_INFO, type PipelineType } from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/analises";

export const meta: Route.MetaFunction = () => [{ title: `Análises | ${SITE_NAME}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const started = performance.now();
  const parsed = parseRange(new URL(request.url).searchParams);
  const headers = { "Cache-Control": "no-store" };
  if (!parsed.ok) return data({ error: parsed.message, range: parsed.range, report: null }, { status: 400, headers });
  const report = await analyticsReport(parsed.range);
  // The bench reads the server's own time for the 90-day page (bar: < 300 ms).
  return data(
    { error: null, range: parsed.range, report },
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

function exportHref(range: DateRange, table: AnalyticsTable): string {
  const params = new URLSearchParams({ tabela: table, periodo: range.preset });
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
  children,
  className,
}: {
  title: string;
  description?: string;
  range: DateRange;
  table?: AnalyticsTable;
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
            href={exportHref(range, table)}
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
const dash = (value: string | null) => value ?? "—";

export default function Analises({ loaderData }: Route.ComponentProps) {
  const { error, range, report } = loaderData;
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
          <section aria-label="Totais do período" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            {[
              { label: "Visitantes", value: formatNumber(report.totals.visitors), testId: "total-visitors" },
              { label: "Visualizações de página", value: formatNumber(report.totals.views), testId: "total-views" },
              { label: "Visitas (entradas)", value: formatNumber(report.totals.visits), testId: "total-visits" },
              { label: "Leads", value: formatNumber(report.totals.leads), testId: "total-leads" },
              {
                label: "Conversão (leads por visita)",
                value: formatPercent(report.totals.visits > 0 ? report.totals.leads / report.totals.visits : null),
                testId: "total-rate",
                note: report.totals.leads > report.totals.visits ? "Acima de 100%: há leads de visitas não contadas." : undefined,
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
                  {"note" in c && c.note ? <p className="mt-1 text-xs text-muted-foreground">{c.note}</p> : null}
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
                  Leads por tipo:{" "}
                  {report.leadsByType
                    .map((t) => `${PIPELINE_TYPE_INFO[t.type as PipelineType]?.label ?? t.type} ${formatNumber(t.leads)}`)
                    .join(" · ")}
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
            title="Campanhas"
            description="Visitas que chegaram por links com parâmetros UTM e os leads que elas trouxeram."
            range={range}
            table="campanhas"
          >
            <DataTable
              testId="campaigns"
              caption="Campanhas: visitas, leads e conversão"
              head={["Origem (utm_source)", "Meio (utm_medium)", "Campanha (utm_campaign)", "Visitas", "Leads", "Conversão"]}
              textColumns={3}
              rows={report.campaigns.map((c) => [
                dash(c.source),
                dash(c.medium),
                dash(c.campaign),
                formatNumber(c.visits),
                formatNumber(c.leads),
                formatPercent(c.rate),
              ])}
              empty="Nenhuma visita de campanha no período."
            />
          </Section>

          <Section
            title="Conversão por página de entrada"
            description="Páginas por onde as visitas começaram e quantos leads cada uma trouxe."
            range={range}
            table="entradas"
          >
            <DataTable
              testId="landings"
              caption="Páginas de entrada: visitas, leads e conversão"
              head={["Página de entrada", "Visitas", "Leads", "Conversão"]}
              rows={report.landings.map((l) => [l.path, formatNumber(l.visits), formatNumber(l.leads), formatPercent(l.rate)])}
            />
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
        </>
      ) : null}
    </div>
  );
}
