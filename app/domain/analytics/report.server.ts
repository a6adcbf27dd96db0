/**
 * What the Análises page, its CSV exports and the dashboard read (docs/decisions/0041, 0043): the daily rollups
 * (`analytics_daily`) for a date range, and the leads of that range with their attribution.
 * Visitors of a range are the sum of each day's visitors: the hash changes every day, so the
 * same person on two days counts twice (as in Plausible); the page says so.
 */
import { and, between, count, eq, gte, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { analyticsDaily, blogPosts } from "~/db/schema";
import { CUSTOM_RANGE, DEVICE_LABELS, RANGE_PRESETS, type DateRange } from "~/lib/analytics-format";
import { first } from "~/lib/first";
import { LEADS_WITH_VISIT } from "../pipeline.server";
import { addDays, dayOf, dayStart } from "./days.server";
import { refreshAnalytics } from "./rollups.server";

export { CUSTOM_RANGE, type DateRange };

/** The longest custom range (a year and a day of rollups). */
const MAX_RANGE_DAYS = 366;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string | null): value is string =>
  Boolean(value && ISO_DAY.test(value) && !Number.isNaN(dayStart(value).getTime()) && dayOf(dayStart(value)) === value);

/** The range asked in the address (`periodo`, `de`, `ate`), or a Portuguese reason it is not valid. */
export function parseRange(
  params: URLSearchParams,
  now = Date.now(),
): { ok: true; range: DateRange } | { ok: false; message: string; range: DateRange } {
  const today = dayOf(now);
  const preset = params.get("periodo") ?? "30";
  const fallback: DateRange = { preset: "30", from: addDays(today, -29), to: today };
  if ((RANGE_PRESETS as readonly string[]).includes(preset)) {
    return { ok: true, range: { preset: preset as DateRange["preset"], from: addDays(today, 1 - Number(preset)), to: today } };
  }
  if (preset !== CUSTOM_RANGE)
    return { ok: false, message: "Período inválido: escolha 7, 30 ou 90 dias ou um período personalizado.", range: fallback };
  const from = params.get("de");
  const to = params.get("ate");
  if (!validDay(from) || !validDay(to)) return { ok: false, message: "Informe as datas de início e de fim do período.", range: fallback };
  if (from > to) return { ok: false, message: "A data de início deve ser anterior à data de fim.", range: fallback };
  if (to > today) return { ok: false, message: "A data de fim não pode estar no futuro.", range: fallback };
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return { ok: false, message: "Escolha um período de até 366 dias.", range: fallback };
  return { ok: true, range: { preset: CUSTOM_RANGE, from, to } };
}

function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / 86_400_000) + 1;
}

export function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to && days.length <= MAX_RANGE_DAYS; day = addDays(day, 1)) days.push(day);
  return days;
}

// ---------------------------------------------------------------- leads with their attribution
/** Conversions that are not leads (decision 0047): a newsletter sign-up once confirmed, an order once paid. */
const CONVERSIONS_SQL = sql`
  select 'newsletter' as type, created_at from newsletter_subscribers where status <> 'pending'
  union all select 'pedido', created_at from orders where status = 'paid'
  union all select 'reuniao', created_at from bookings`;

interface LeadGroup {
  type: string;
  landingPath: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  leads: number;
}

const inPeriod = (range: { from: string; to: string }) =>
  sql`created_at >= ${dayStart(range.from).toISOString()}::timestamptz and created_at < ${dayStart(addDays(range.to, 1)).toISOString()}::timestamptz`;

async function leadGroups(range: { from: string; to: string }): Promise<LeadGroup[]> {
  return rowsOf<LeadGroup>(
    await db().execute(sql`
      select type, landing_path as "landingPath", utm_source as "utmSource", utm_medium as "utmMedium", utm_campaign as "utmCampaign",
             count(*)::int as leads
        from ${LEADS_WITH_VISIT} l
       where ${inPeriod(range)}
       group by 1, 2, 3, 4, 5`),
  );
}

async function conversions(range: { from: string; to: string }): Promise<{ newsletter: number; orders: number; meetings: number }> {
  const rows = rowsOf<{ type: string; n: number }>(
    await db().execute(sql`select type, count(*)::int as n from (${CONVERSIONS_SQL}) c where ${inPeriod(range)} group by 1`),
  );
  const of = (type: string) => rows.find((r) => r.type === type)?.n ?? 0;
  // Every meeting booked at /agendar (docs/decisions/0082), whether it continues an earlier lead or is one.
  return { newsletter: of("newsletter"), orders: of("pedido"), meetings: of("reuniao") };
}

/** Leads stored since an instant (the dashboard's last 7 days). */
export async function leadsSince(since: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from ${LEADS_WITH_VISIT} l where created_at >= ${since.toISOString()}::timestamptz`),
  );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- the report
export interface DayPoint {
  day: string;
  views: number;
  visits: number;
  visitors: number;
}
export interface CampaignRow {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  visits: number;
  visitors: number;
  leads: number;
  rate: number | null;
}
export interface AnalyticsReport {
  range: DateRange;
  series: DayPoint[];
  /** `leads` as the pipeline counts them; newsletter confirmations and paid orders apart (decision 0047). */
  totals: { views: number; visits: number; visitors: number; leads: number; newsletter: number; orders: number; meetings: number };
  pages: Array<{ path: string; views: number; visitors: number }>;
  posts: Array<{ path: string; title: string; views: number; visitors: number }>;
  referrers: Array<{ host: string; visits: number; visitors: number }>;
  landings: Array<{ path: string; visits: number; leads: number; rate: number | null }>;
  campaigns: CampaignRow[];
  devices: Array<{ device: string; views: number; visitors: number }>;
  funnel: Array<{ step: string; label: string; value: number }>;
  leadsByType: Array<{ type: string; leads: number }>;
}

const TOP = 10;
/** A path as stored (percent-encoded); a beacon may have sent a malformed one. */
const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
const rate = (leads: number, visits: number) => (visits > 0 ? leads / visits : null);
const campaignKey = (s: string | null, m: string | null, c: string | null) => [s ?? "", m ?? "", c ?? ""].join("\t");

export async function analyticsReport(range: DateRange, options: { refresh?: boolean } = {}): Promise<AnalyticsReport> {
  if (options.refresh !== false) await refreshAnalytics();
  const inRange = between(analyticsDaily.day, range.from, range.to);
  const [totalRows, dimensionRows, leads] = await Promise.all([
    db()
      .select({ day: analyticsDaily.day, views: analyticsDaily.views, visits: analyticsDaily.visits, visitors: analyticsDaily.visitors })
      .from(analyticsDaily)
      .where(and(inRange, eq(analyticsDaily.dimension, "total"))),
    db()
      .select({
        dimension: analyticsDaily.dimension,
        key: analyticsDaily.key,
        views: sql<number>`sum(${analyticsDaily.views})::int`,
        visits: sql<number>`sum(${analyticsDaily.visits})::int`,
        visitors: sql<number>`sum(${analyticsDaily.visitors})::int`,
      })
      .from(analyticsDaily)
      .where(and(inRange, inArray(analyticsDaily.dimension, ["page", "referrer", "campaign", "device", "event"])))
      .groupBy(analyticsDaily.dimension, analyticsDaily.key),
    leadGroups(range),
  ]);
  const others = await conversions(range);

  const byDay = new Map(totalRows.map((r) => [r.day, r]));
  const series = daysOf(range).map((day) => {
    const r = byDay.get(day);
    return { day, views: r?.views ?? 0, visits: r?.visits ?? 0, visitors: r?.visitors ?? 0 };
  });
  const sum = (key: "views" | "visits" | "visitors") => series.reduce((a, p) => a + p[key], 0);
  const dim = (name: string) => dimensionRows.filter((r) => r.dimension === name);
  const totalLeads = leads.reduce((a, g) => a + g.leads, 0);

  const pageRows = dim("page").sort((a, b) => b.views - a.views || a.key.localeCompare(b.key));
  const pages = pageRows.slice(0, TOP).map((r) => ({ path: r.key, views: r.views, visitors: r.visitors }));

  const postRows = pageRows
    .filter((r) => /^\/blog\/[^/]+$/.test(r.key))
    .slice(0, TOP)
    .map((r) => ({ ...r, slug: safeDecode(r.key.slice("/blog/".length)) }));
  const slugs = postRows.map((r) => r.slug);
  const titles = slugs.length
    ? new Map(
        (await db().select({ slug: blogPosts.slug, title: blogPosts.title }).from(blogPosts).where(inArray(blogPosts.slug, slugs))).map(
          (p) => [p.slug, p.title],
        ),
      )
    : new Map<string, string>();
  const posts = postRows.map((r) => ({ path: r.key, title: titles.get(r.slug) ?? r.slug, views: r.views, visitors: r.visitors }));

  const referrers = dim("referrer")
    .sort((a, b) => b.visits - a.visits || a.key.localeCompare(b.key))
    .slice(0, TOP)
    .map((r) => ({ host: r.key, visits: r.visits, visitors: r.visitors }));

  const leadsByLanding = new Map<string, number>();
  const leadsByCampaign = new Map<string, number>();
  const leadsByType = new Map<string, number>();
  for (const g of leads) {
    if (g.landingPath) leadsByLanding.set(g.landingPath, (leadsByLanding.get(g.landingPath) ?? 0) + g.leads);
    if (g.utmSource || g.utmMedium || g.utmCampaign) {
      const key = campaignKey(g.utmSource, g.utmMedium, g.utmCampaign);
      leadsByCampaign.set(key, (leadsByCampaign.get(key) ?? 0) + g.leads);
    }
    leadsByType.set(g.type, (leadsByType.get(g.type) ?? 0) + g.leads);
  }

  const visitsByLanding = new Map(pageRows.filter((r) => r.visits > 0).map((r) => [r.key, r.visits]));
  const landingPaths = new Set([...visitsByLanding.keys(), ...leadsByLanding.keys()]);
  const landings = [...landingPaths]
    .map((path) => {
      const visits = visitsByLanding.get(path) ?? 0;
      const n = leadsByLanding.get(path) ?? 0;
      return { path, visits, leads: n, rate: rate(n, visits) };
    })
    .sort((a, b) => b.leads - a.leads || b.visits - a.visits || a.path.localeCompare(b.path))
    .slice(0, TOP * 2);

  const campaignVisits = new Map(dim("campaign").map((r) => [r.key, r]));
  const campaignKeys = new Set([...campaignVisits.keys(), ...leadsByCampaign.keys()]);
  const campaigns = [...campaignKeys]
    .map((key) => {
      // campaignKey always joins three parts, so the defaults never apply.
      const [source = null, medium = null, campaign = null] = key.split("\t").map((v) => v || null);
      const visits = campaignVisits.get(key)?.visits ?? 0;
      const n = leadsByCampaign.get(key) ?? 0;
      return { source, medium, campaign, visits, visitors: campaignVisits.get(key)?.visitors ?? 0, leads: n, rate: rate(n, visits) };
    })
    .sort((a, b) => b.leads - a.leads || b.visits - a.visits)
    .slice(0, TOP * 2);

  const devices = dim("device")
    .sort((a, b) => b.visitors - a.visitors)
    .map((r) => ({ device: r.key, views: r.views, visitors: r.visitors }));
  const event = (kind: string) => dim("event").find((r) => r.key === kind)?.visitors ?? 0;

  return {
    range,
    series,
    totals: { views: sum("views"), visits: sum("visits"), visitors: sum("visitors"), leads: totalLeads, ...others },
    pages,
    posts,
    referrers,
    landings,
    campaigns,
    devices,
    funnel: [
      { step: "visita", label: "Visitantes", value: sum("visitors") },
      { step: "widget", label: "Abriram o chat ou a consultoria", value: event("widget") },
      { step: "formulario", label: "Começaram a preencher um formulário", value: event("form") },
      { step: "lead", label: "Leads registrados", value: totalLeads },
      { step: "reuniao", label: "Reunião agendada", value: others.meetings },
    ],
    leadsByType: [...leadsByType].map(([type, n]) => ({ type, leads: n })).sort((a, b) => b.leads - a.leads),
  };
}

/** The dashboard's figures: published posts, visitors and leads of the last 7 days (today included). */
export async function dashboardAnalytics(now = Date.now()) {
  await refreshAnalytics(now);
  const today = dayOf(now);
  const from = addDays(today, -6);
  const [posts, visitors, leads] = await Promise.all([
    db().select({ value: count() }).from(blogPosts).where(eq(blogPosts.published, true)).then(first),
    db()
      .select({ value: sql<number>`coalesce(sum(${analyticsDaily.visitors}), 0)::int` })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.dimension, "total"), gte(analyticsDaily.day, from)))
      .then(first),
    leadsSince(dayStart(from)),
  ]);
  return { publishedPosts: posts.value, visitors7d: visitors.value, leads7d: leads };
}

// ---------------------------------------------------------------- CSV (the lead CSV's protections: app/infra/csv.server.ts)
export const ANALYTICS_TABLES = {
  diario: "Visitantes e visualizações por dia",
  paginas: "Páginas mais vistas",
  posts: "Posts mais lidos",
  origens: "Sites de origem",
  campanhas: "Campanhas",
  entradas: "Conversão por página de entrada",
  funil: "Funil",
  aparelhos: "Aparelhos",
} as const;
export type AnalyticsTable = keyof typeof ANALYTICS_TABLES;

export function isAnalyticsTable(value: string | null): value is AnalyticsTable {
  return value !== null && Object.hasOwn(ANALYTICS_TABLES, value);
}

const ratio = (value: number | null) => (value === null ? "" : (Math.round(value * 10_000) / 100).toFixed(2).replace(".", ","));

/** One table of the report as rows (header first), numbers as numbers, rates in percent. */
export function analyticsTableRows(report: AnalyticsReport, table: AnalyticsTable): unknown[][] {
  switch (table) {
    case "diario":
      return [["Dia", "Visitantes", "Visualizações", "Visitas"], ...report.series.map((p) => [p.day, p.visitors, p.views, p.visits])];
    case "paginas":
      return [["Página", "Visualizações", "Visitantes"], ...report.pages.map((p) => [p.path, p.views, p.visitors])];
    case "posts":
      return [["Post", "Endereço", "Visualizações", "Visitantes"], ...report.posts.map((p) => [p.title, p.path, p.views, p.visitors])];
    case "origens":
      return [["Site de origem", "Visitas", "Visitantes"], ...report.referrers.map((r) => [r.host, r.visits, r.visitors])];
    case "campanhas":
      return [
        ["utm_source", "utm_medium", "utm_campaign", "Visitas", "Visitantes", "Leads", "Conversão (%)"],
        ...report.campaigns.map((c) => [c.source, c.medium, c.campaign, c.visits, c.visitors, c.leads, ratio(c.rate)]),
      ];
    case "entradas":
      return [
        ["Página de entrada", "Visitas", "Leads", "Conversão (%)"],
        ...report.landings.map((l) => [l.path, l.visits, l.leads, ratio(l.rate)]),
      ];
    case "funil":
      return [["Etapa", "Quantidade"], ...report.funnel.map((s) => [s.label, s.value])];
    case "aparelhos":
      return [
        ["Aparelho", "Visitantes", "Visualizações"],
        ...report.devices.map((d) => [DEVICE_LABELS[d.device] ?? d.device, d.visitors, d.views]),
      ];
  }
}
