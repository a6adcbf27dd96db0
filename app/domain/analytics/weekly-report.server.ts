/**
 * The weekly report to the owner (CONTACT_EMAIL; docs/decisions/0086): last week's visitors, leads
 * by type and by source, conversion per goal and the change from the week before, with a link to
 * Análises. pt-BR, HTML and plain text, queued through the outbox.
 *
 * Sent on Mondays from 8h Brasília, once across instances: like the daily pipeline e-mail
 * (app/domain/pipeline-digest.server.ts), an advisory lock lets one instance at a time decide,
 * and the audit row `analytics.weekly` / `semana:<monday>`, written in the same transaction as
 * the outbox row, remembers that the week's report exists. Off without SMTP_URL.
 */
import { and, eq, sql } from "drizzle-orm";
import { env } from "~/config.server";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { auditLog } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { ALL_LEADS, CUSTOM_RANGE, formatDayShort, formatNumber, formatPercent, WITHOUT_VISIT } from "~/lib/analytics-format";
import { visitSourceLabel } from "~/lib/origin";
import { pipelineTypeInfo } from "~/lib/pipeline";
import { SITE_NAME } from "~/lib/site";
import { recordAudit } from "../audit.server";
import { addDays, dayOf } from "./days.server";
import { analyticsReport, type AnalyticsReport } from "./report.server";

/** Arbitrary constant (distinct from the migration, retention, rollup and digest locks). */
const WEEKLY_LOCK_ID = 724_531;
const SEND_FROM_HOUR = 8;
export const CHECK_EVERY_MS = 15 * 60_000;

export type WeeklyResult =
  | { status: "sent"; week: string; visitors: number; leads: number }
  | { status: "skipped"; reason: "no-smtp" | "not-monday" | "too-early" | "done" | "locked" };

function brasiliaHour(at: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "America/Sao_Paulo", hour: "2-digit", hourCycle: "h23" }).format(at));
}
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The week a report on `day` (a Monday) covers: Monday to Sunday before it, and the week before that. */
export function weeksOf(monday: string) {
  return {
    current: { preset: CUSTOM_RANGE, from: addDays(monday, -7), to: addDays(monday, -1) },
    previous: { preset: CUSTOM_RANGE, from: addDays(monday, -14), to: addDays(monday, -8) },
  } as const;
}

export interface WeeklyOptions {
  now?: Date;
  /** Tests: pretend SMTP is (not) configured; defaults to SMTP_URL being set. */
  smtp?: boolean;
}

const claimed = async (executor: Pick<ReturnType<typeof db>, "select">, target: string) =>
  (
    await executor
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, "analytics.weekly"), eq(auditLog.target, target)))
      .limit(1)
  ).length > 0;

export async function runWeeklyReport(options: WeeklyOptions = {}): Promise<WeeklyResult> {
  const now = options.now ?? new Date();
  if (!(options.smtp ?? Boolean(env.SMTP_URL))) return { status: "skipped", reason: "no-smtp" };
  const monday = dayOf(now);
  if (weekday(monday) !== 1) return { status: "skipped", reason: "not-monday" };
  if (brasiliaHour(now) < SEND_FROM_HOUR) return { status: "skipped", reason: "too-early" };
  const target = `semana:${monday}`;
  // Cheap look first (every instance checks every few minutes all Monday); decided under the lock below.
  if (await claimed(db(), target)) return { status: "skipped", reason: "done" };

  const weeks = weeksOf(monday);
  const current = await analyticsReport(weeks.current);
  const previous = await analyticsReport(weeks.previous, { refresh: false });
  const email = weeklyEmail(current, previous);

  const result = await db().transaction(async (tx): Promise<WeeklyResult> => {
    const lock = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${WEEKLY_LOCK_ID}) as locked`));
    if (!lock[0]?.locked) return { status: "skipped", reason: "locked" };
    if (await claimed(tx, target)) return { status: "skipped", reason: "done" };
    await enqueueEmail(tx, { kind: "analytics.weekly", ...email });
    await recordAudit(
      {
        actor: "sistema",
        action: "analytics.weekly",
        target,
        details: { from: weeks.current.from, to: weeks.current.to, visitors: current.totals.visitors, leads: current.totals.leads },
      },
      tx,
    );
    return { status: "sent", week: weeks.current.from, visitors: current.totals.visitors, leads: current.totals.leads };
  });
  if (result.status === "sent") logger.info({ weekly: result }, "relatório semanal de análises enfileirado");
  return result;
}

// ---------------------------------------------------------------- the e-mail
const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&#39;", '"': "&quot;" })[c]!);

/** "+3 · +25%", "−2 · −10%", "sem variação"; against zero, only the difference. */
export function change(now: number, before: number): string {
  const diff = now - before;
  if (diff === 0) return "sem variação";
  const sign = diff > 0 ? "+" : "−";
  const pct = before > 0 ? ` · ${sign}${formatPercent(Math.abs(diff) / before)}` : "";
  return `${sign}${formatNumber(Math.abs(diff))}${pct}`;
}

/** Percentage points between two rates: "+0,8 p.p.". */
function pointsChange(now: number | null, before: number | null): string {
  if (now === null || before === null) return "—";
  const diff = Math.round((now - before) * 1000) / 10;
  if (diff === 0) return "sem variação";
  return `${diff > 0 ? "+" : "−"}${Math.abs(diff).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} p.p.`;
}

interface Row {
  label: string;
  value: string;
  change?: string;
}

export function weeklyEmail(current: AnalyticsReport, previous: AnalyticsReport): { subject: string; body: string; html: string } {
  const period = `${formatDayShort(current.range.from)} a ${formatDayShort(current.range.to)}`;
  const link = `${env.SITE_URL}/admin/analises?${new URLSearchParams({ periodo: CUSTOM_RANGE, de: current.range.from, ate: current.range.to })}`;
  const rate = (r: AnalyticsReport) => r.goals.find((g) => g.key === ALL_LEADS)?.rate ?? null;
  const t = current.totals;
  const p = previous.totals;

  const summary: Row[] = [
    { label: "Visitantes", value: formatNumber(t.visitors), change: change(t.visitors, p.visitors) },
    { label: "Visitas", value: formatNumber(t.visits), change: change(t.visits, p.visits) },
    { label: "Leads", value: formatNumber(t.leads), change: change(t.leads, p.leads) },
    { label: "Conversão (leads por visita)", value: formatPercent(rate(current)), change: pointsChange(rate(current), rate(previous)) },
    { label: "Inscrições confirmadas na newsletter", value: formatNumber(t.newsletter), change: change(t.newsletter, p.newsletter) },
    { label: "Pedidos pagos", value: formatNumber(t.orders), change: change(t.orders, p.orders) },
  ];
  const before = (list: AnalyticsReport["leadsByType"], type: string) => list.find((x) => x.type === type)?.leads ?? 0;
  const types = [...new Set([...current.leadsByType.map((x) => x.type), ...previous.leadsByType.map((x) => x.type)])];
  const byType: Row[] = types.map((type) => ({
    label: pipelineTypeInfo(type).plural,
    value: formatNumber(before(current.leadsByType, type)),
    change: change(before(current.leadsByType, type), before(previous.leadsByType, type)),
  }));
  const bySource: Row[] = [
    ...current.sources
      .filter((s) => s.conversions > 0)
      .slice(0, 8)
      .map((s) => ({
        label: visitSourceLabel(s.source),
        value: formatNumber(s.conversions),
        change: `${formatNumber(s.visits)} ${s.visits === 1 ? "visita" : "visitas"} · ${formatPercent(s.rate)}`,
      })),
    ...(current.goal.withoutVisit ? [{ label: WITHOUT_VISIT, value: formatNumber(current.goal.withoutVisit) }] : []),
  ];

  const subject = `Relatório semanal de ${formatDayShort(current.range.from).slice(0, 5)} a ${formatDayShort(current.range.to).slice(0, 5)}: ${formatNumber(t.visitors)} visitantes, ${formatNumber(t.leads)} ${t.leads === 1 ? "lead" : "leads"}`;
  const note =
    t.leadsWithoutVisit > 0
      ? `${formatNumber(t.leadsWithoutVisit)} ${t.leadsWithoutVisit === 1 ? "lead chegou" : "leads chegaram"} sem visita contada (contador bloqueado ou envio sem a página) e ${t.leadsWithoutVisit === 1 ? "fica" : "ficam"} fora da taxa de conversão.`
      : null;

  const textRows = (rows: Row[], empty: string) =>
    rows.length ? rows.map((r) => `- ${r.label}: ${r.value}${r.change ? ` (${r.change})` : ""}`) : [empty];
  const body = [
    `Relatório semanal do site ${SITE_NAME}: ${period} (entre parênteses, a variação em relação à semana anterior).`,
    "",
    "Resumo:",
    ...textRows(summary, ""),
    ...(note ? ["", note] : []),
    "",
    "Leads por tipo:",
    ...textRows(byType, "Nenhum lead na semana."),
    "",
    "Leads por fonte (visitas da fonte e conversão entre parênteses):",
    ...textRows(bySource, "Nenhum lead na semana."),
    "",
    `Ver em Análises: ${link}`,
  ].join("\n");

  const html = weeklyHtml({ subject, period, summary, byType, bySource, note, link });
  return { subject, body, html };
}

/** A table-based, inline-styled HTML e-mail (what mail clients render), 600 px wide at most, readable on a phone. */
function weeklyHtml(parts: {
  subject: string;
  period: string;
  summary: Row[];
  byType: Row[];
  bySource: Row[];
  note: string | null;
  link: string;
}) {
  const e = escapeHtml;
  const table = (title: string, head: [string, string, string], rows: Row[], empty: string) => `
      <h2 style="margin:28px 0 8px;font-size:17px;line-height:1.3;color:#0b1b3f">${e(title)}</h2>
      ${
        rows.length
          ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:15px;line-height:1.4">
        <tr>${head.map((h, i) => `<th align="${i ? "right" : "left"}" style="padding:6px 4px;border-bottom:2px solid #dbe3f0;color:#4a5878;font-size:13px;font-weight:600">${e(h)}</th>`).join("")}</tr>
        ${rows
          .map(
            (r) => `<tr>
          <td style="padding:8px 4px;border-bottom:1px solid #dbe3f0;color:#0b1b3f;word-break:break-word">${e(r.label)}</td>
          <td align="right" style="padding:8px 4px;border-bottom:1px solid #dbe3f0;color:#0b1b3f;font-weight:700;white-space:nowrap">${e(r.value)}</td>
          <td align="right" style="padding:8px 4px;border-bottom:1px solid #dbe3f0;color:#4a5878;font-size:13px">${e(r.change ?? "")}</td>
        </tr>`,
          )
          .join("")}
      </table>`
          : `<p style="margin:0;color:#4a5878">${e(empty)}</p>`
      }`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5fb;font-family:Arial,Helvetica,sans-serif;color:#0b1b3f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5fb">
  <tr><td align="center" style="padding:24px 12px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #dbe3f0;border-radius:12px">
      <tr><td style="background:#0b1b3f;border-radius:12px 12px 0 0;padding:20px 24px;color:#ffffff">
        <p style="margin:0;font-size:13px;letter-spacing:.04em;text-transform:uppercase;color:#cffafe">${e(SITE_NAME)} · Relatório semanal</p>
        <h1 style="margin:6px 0 0;font-size:22px;line-height:1.3;color:#ffffff">${e(parts.period)}</h1>
      </td></tr>
      <tr><td style="padding:8px 24px 28px">
      <p style="margin:16px 0 0;font-size:15px;line-height:1.5">Os números do site na semana passada e a variação em relação à semana anterior.</p>
      ${table("Resumo", ["", "Semana", "Variação"], parts.summary, "")}
      ${parts.note ? `<p style="margin:10px 0 0;font-size:13px;line-height:1.5;color:#4a5878">${e(parts.note)}</p>` : ""}
      ${table("Leads por tipo", ["Tipo", "Leads", "Variação"], parts.byType, "Nenhum lead na semana.")}
      ${table("Leads por fonte", ["Fonte", "Leads", "Visitas · conversão"], parts.bySource, "Nenhum lead na semana.")}
      <p style="margin:28px 0 0"><a href="${e(parts.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">Ver em Análises</a></p>
      <p style="margin:20px 0 0;font-size:12px;line-height:1.5;color:#4a5878">Enviado às segundas-feiras para ${e(env.CONTACT_EMAIL)}. Visitantes são contados por dia, sem cookies: quem volta em outro dia conta de novo.</p>
      </td></tr>
    </table>
  </td></tr>
</table>
</body>
</html>`;
}
