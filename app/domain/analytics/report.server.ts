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
import { CUSTOM_RANGE, DEVICE_LABELS, RANGE_PRESETS, WITHOUT_VISIT, type DateRange } from "~/lib/analytics-format";
import { first } from "~/lib/first";
import { visitSourceLabel } from "~/lib/origin";
import { LEADS_WITH_VISIT } from "../pipeline.server";
import { addDays, dayOf, dayStart } from "./days.server";
import { ALL_LEADS, ALL_LEADS_LABEL, GOAL_ROWS, GOALS, goalKeys, goalLabel, isGoal } from "./goals.server";
import { isOpenDay, OTHER_KEYS, refreshAnalytics } from "./rollups.server";

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

// ---------------------------------------------------------------- conversions with their attribution
/** Conversions of every goal in a range, grouped by goal, origin and whether the visit was counted (docs/decisions/0085). */
interface ConversionGroup {
  goal: string;
  landingPath: string | null;
  /** The visit's source: the campaign's, else the site it came from ('' for a direct visit). */
  source: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  counted: boolean;
  n: number;
}

async function conversionGroups(range: { from: string; to: string }): Promise<ConversionGroup[]> {
  const rows = rowsOf<ConversionGroup>(
    await db().execute(sql`
      select goal, landing_path as "landingPath", coalesce(utm_source, referrer_host, '') as source,
             utm_source as "utmSource", utm_medium as "utmMedium", utm_campaign as "utmCampaign", counted, count(*)::int as n
        from ${GOAL_ROWS}
       where at >= ${dayStart(range.from).toISOString()}::timestamptz and at < ${dayStart(addDays(range.to, 1)).toISOString()}::timestamptz
       group by 1, 2, 3, 4, 5, 6, 7`),
  );
  // PGlite and node-postgres both answer booleans, counts as numbers (::int); normalised anyway.
  return rows.map((r) => ({ ...r, counted: r.counted === true || String(r.counted) === "true", n: Number(r.n) }));
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
  /** Conversions of the chosen goal whose visit was counted. */
  conversions: number;
  rate: number | null;
}
export interface GoalRow {
  key: string;
  label: string;
  lead: boolean;
  conversions: number;
  /** Of them, those whose visit Análises did not count (their own line: never in a rate). */
  withoutVisit: number;
  /** (conversions − withoutVisit) per visit. */
  rate: number | null;
}
export interface AnalyticsReport {
  range: DateRange;
  /**
   * The range includes a day still open (today): its visitors per page, site, source and campaign
   * are estimates until the day closes (docs/decisions/0112); every other figure is exact.
   */
  estimatedVisitors: boolean;
  series: DayPoint[];
  /**
   * `leads` as the pipeline counts them (of them `leadsWithoutVisit` without a counted visit);
   * newsletter confirmations and paid orders apart (decision 0047).
   */
  totals: {
    views: number;
    visits: number;
    visitors: number;
    leads: number;
    leadsWithoutVisit: number;
    newsletter: number;
    orders: number;
  };
  /** Conversion per goal: all leads first, then each lead type, then the other conversions. */
  goals: GoalRow[];
  /** The goal the tables per source, campaign and landing page count. */
  goal: { key: string; label: string; withoutVisit: number };
  pages: Array<{ path: string; views: number; visitors: number }>;
  posts: Array<{ path: string; title: string; views: number; visitors: number }>;
  referrers: Array<{ host: string; visits: number; visitors: number }>;
  sources: Array<{ source: string; visits: number; conversions: number; rate: number | null }>;
  landings: Array<{ path: string; visits: number; conversions: number; rate: number | null }>;
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

export async function analyticsReport(range: DateRange, options: { refresh?: boolean; goal?: string } = {}): Promise<AnalyticsReport> {
  if (options.refresh !== false) await refreshAnalytics();
  const goalKey = options.goal && isGoal(options.goal) ? options.goal : ALL_LEADS;
  const inRange = between(analyticsDaily.day, range.from, range.to);
  const [totalRows, dimensionRows, groups] = await Promise.all([
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
      .where(and(inRange, inArray(analyticsDaily.dimension, ["page", "referrer", "campaign", "source", "device", "event"])))
      .groupBy(analyticsDaily.dimension, analyticsDaily.key),
    conversionGroups(range),
  ]);

  const byDay = new Map(totalRows.map((r) => [r.day, r]));
  const series = daysOf(range).map((day) => {
    const r = byDay.get(day);
    return { day, views: r?.views ?? 0, visits: r?.visits ?? 0, visitors: r?.visitors ?? 0 };
  });
  const sum = (key: "views" | "visits" | "visitors") => series.reduce((a, p) => a + p[key], 0);
  // The '(outras)' row sums a day's long tail (decision 0112): never a key of its own in a list.
  const dim = (name: string) => dimensionRows.filter((r) => r.dimension === name && r.key !== OTHER_KEYS);
  const visits = sum("visits");

  // Conversion per goal; a conversion without a counted visit is on its own line, never in a rate.
  const leadKeys = new Set(goalKeys(ALL_LEADS));
  const goalRow = (key: string, label: string, lead: boolean): GoalRow => {
    const keys = new Set(goalKeys(key));
    const of = groups.filter((g) => keys.has(g.goal));
    const conversions = of.reduce((a, g) => a + g.n, 0);
    const withoutVisit = of.reduce((a, g) => a + (g.counted ? 0 : g.n), 0);
    return { key, label, lead, conversions, withoutVisit, rate: rate(conversions - withoutVisit, visits) };
  };
  const goals = [goalRow(ALL_LEADS, ALL_LEADS_LABEL, true), ...GOALS.map((g) => goalRow(g.key, g.label, g.lead))];
  const allLeads = goals[0]!;
  const other = (key: string) => goals.find((g) => g.key === key)?.conversions ?? 0;
  const leads = groups.filter((g) => leadKeys.has(g.goal));
  const chosenKeys = new Set(goalKeys(goalKey));
  const chosen = groups.filter((g) => chosenKeys.has(g.goal));
  const counted = chosen.filter((g) => g.counted);

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

  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  const byLanding = new Map<string, number>();
  const byCampaign = new Map<string, number>();
  const bySource = new Map<string, number>();
  for (const g of counted) {
    if (g.landingPath) add(byLanding, g.landingPath, g.n);
    if (g.utmSource || g.utmMedium || g.utmCampaign) add(byCampaign, campaignKey(g.utmSource, g.utmMedium, g.utmCampaign), g.n);
    add(bySource, g.source, g.n);
  }
  const leadsByType = new Map<string, number>();
  for (const g of leads) add(leadsByType, g.goal, g.n);

  const visitsByLanding = new Map(pageRows.filter((r) => r.visits > 0).map((r) => [r.key, r.visits]));
  const landingPaths = new Set([...visitsByLanding.keys(), ...byLanding.keys()]);
  const landings = [...landingPaths]
    .map((path) => {
      const v = visitsByLanding.get(path) ?? 0;
      const n = byLanding.get(path) ?? 0;
      return { path, visits: v, conversions: n, rate: rate(n, v) };
    })
    .sort((a, b) => b.conversions - a.conversions || b.visits - a.visits || a.path.localeCompare(b.path))
    .slice(0, TOP * 2);

  const visitsBySource = new Map(dim("source").map((r) => [r.key, r.visits]));
  const sources = [...new Set([...visitsBySource.keys(), ...bySource.keys()])]
    .map((source) => {
      const v = visitsBySource.get(source) ?? 0;
      const n = bySource.get(source) ?? 0;
      return { source, visits: v, conversions: n, rate: rate(n, v) };
    })
    .sort((a, b) => b.conversions - a.conversions || b.visits - a.visits || a.source.localeCompare(b.source))
    .slice(0, TOP * 2);

  const campaignVisits = new Map(dim("campaign").map((r) => [r.key, r]));
  const campaignKeys = new Set([...campaignVisits.keys(), ...byCampaign.keys()]);
  const campaigns = [...campaignKeys]
    .map((key) => {
      // campaignKey always joins three parts, so the defaults never apply.
      const [source = null, medium = null, campaign = null] = key.split("\t").map((v) => v || null);
      const v = campaignVisits.get(key)?.visits ?? 0;
      const n = byCampaign.get(key) ?? 0;
      return { source, medium, campaign, visits: v, visitors: campaignVisits.get(key)?.visitors ?? 0, conversions: n, rate: rate(n, v) };
    })
    .sort((a, b) => b.conversions - a.conversions || b.visits - a.visits)
    .slice(0, TOP * 2);

  const devices = dim("device")
    .sort((a, b) => b.visitors - a.visitors)
    .map((r) => ({ device: r.key, views: r.views, visitors: r.visitors }));
  const event = (kind: string) => dim("event").find((r) => r.key === kind)?.visitors ?? 0;

  return {
    range,
    estimatedVisitors: daysOf(range).some((day) => isOpenDay(day)),
    series,
    totals: {
      views: sum("views"),
      visits,
      visitors: sum("visitors"),
      leads: allLeads.conversions,
      leadsWithoutVisit: allLeads.withoutVisit,
      newsletter: other("newsletter"),
      orders: other("pedido"),
    },
    goals,
    goal: { key: goalKey, label: goalLabel(goalKey), withoutVisit: chosen.reduce((a, g) => a + (g.counted ? 0 : g.n), 0) },
    pages,
    posts,
    referrers,
    sources,
    landings,
    campaigns,
    devices,
    funnel: [
      { step: "visita", label: "Visitantes", value: sum("visitors") },
      { step: "widget", label: "Abriram o chat ou a consultoria", value: event("widget") },
      { step: "formulario", label: "Começaram a preencher um formulário", value: event("form") },
      { step: "lead", label: "Leads registrados", value: allLeads.conversions },
      { step: "reuniao", label: "Reunião agendada", value: goals.find((g) => g.key === "agendamento")?.conversions ?? 0 },
    ],
    leadsByType: [...leadsByType].map(([type, n]) => ({ type, leads: n })).sort((a, b) => b.leads - a.leads),
  };
}

/** The dashboard's figures: published posts, visitors and leads of the last 7 days (today included). */
export async function dashboardAnalytics(now = Date.now()) {
  await refreshAnalytics();
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
  metas: "Conversão por meta",
  fontes: "Conversão por fonte",
  campanhas: "Campanhas",
  entradas: "Conversão por página de entrada",
  funil: "Funil",
  aparelhos: "Aparelhos",
} as const;
export type AnalyticsTable = keyof typeof ANALYTICS_TABLES;

export function isAnalyticsTable(value: string | null): value is AnalyticsTable {
  return value !== null && Object.hasOwn(ANALYTICS_TABLES, value);
}

const conversionsHead = (report: AnalyticsReport) => (report.goal.key === ALL_LEADS ? "Leads" : `Conversões: ${report.goal.label}`);

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
    case "metas":
      return [
        ["Meta", "Conversões", "Sem visita contada", "Conversão (%)"],
        ...report.goals.map((g) => [g.label, g.conversions, g.withoutVisit, ratio(g.rate)]),
      ];
    case "fontes":
      return [
        ["Fonte", "Visitas", conversionsHead(report), "Conversão (%)"],
        ...report.sources.map((r) => [visitSourceLabel(r.source), r.visits, r.conversions, ratio(r.rate)]),
        [WITHOUT_VISIT, "", report.goal.withoutVisit, ""],
      ];
    case "campanhas":
      return [
        ["utm_source", "utm_medium", "utm_campaign", "Visitas", "Visitantes", conversionsHead(report), "Conversão (%)"],
        ...report.campaigns.map((c) => [c.source, c.medium, c.campaign, c.visits, c.visitors, c.conversions, ratio(c.rate)]),
        [WITHOUT_VISIT, "", "", "", "", report.goal.withoutVisit, ""],
      ];
    case "entradas":
      return [
        ["Página de entrada", "Visitas", conversionsHead(report), "Conversão (%)"],
        ...report.landings.map((l) => [l.path, l.visits, l.conversions, ratio(l.rate)]),
        [WITHOUT_VISIT, "", report.goal.withoutVisit, ""],
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
