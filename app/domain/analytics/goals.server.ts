/**
 * The goals Análises measures conversion for (docs/decisions/0085): each lead type of the pipeline
 * (the one definition of a lead, docs/decisions/0047: its types and rows come from the pipeline's
 * own table, so a new lead type is a goal by itself), and the conversions that are not leads.
 *
 * A new goal is one entry of `OTHER_GOALS`: its table, which rows count and when they happened.
 * Any table with the attribution columns (`attribution()` in app/db/schema.ts) can be one, e.g. a
 * booking: `{ key: "agendamento", label: "Todas as reuniões agendadas", table: "bookings", where: "x.status <> 'canceled'" }`.
 */
import { sql, type SQL } from "drizzle-orm";
import { ALL_LEADS, ALL_LEADS_LABEL } from "~/lib/analytics-format";
import { pipelineTypeInfo, PIPELINE_TYPES } from "~/lib/pipeline";

export interface Goal {
  /** In the address (`?meta=`) and the CSV. */
  key: string;
  /** Plural, as a table row and the goal picker show it. */
  label: string;
  /** Counted as a lead (the pipeline's types), or a conversion apart. */
  lead: boolean;
  table: string;
  /** Which rows are conversions (`x` is the table); code constants only, never input. */
  where?: string;
  /** When the conversion happened (default `x.created_at`). */
  at?: string;
}

/** Conversions that are not leads (decision 0047): shown beside the leads, never added to them. */
const OTHER_GOALS: Goal[] = [
  {
    key: "newsletter",
    label: "Inscrições confirmadas na newsletter",
    lead: false,
    table: "newsletter_subscribers",
    where: "x.status <> 'pending'",
    at: "coalesce(x.consented_at, x.created_at)",
  },
  {
    key: "pedido",
    label: "Pedidos pagos",
    lead: false,
    table: "orders",
    where: "x.status = 'paid'",
    at: "coalesce(x.paid_at, x.created_at)",
  },
  // Every meeting booked at /agendar, whether it continues an earlier lead or is one (docs/decisions/0082):
  // named apart from the lead type "Reuniões agendadas" (only the meetings that are leads of their own).
  { key: "agendamento", label: "Todas as reuniões agendadas", lead: false, table: "bookings" },
];

export const GOALS: readonly Goal[] = [
  // Each lead type is its rows of `leads` (docs/decisions/0135).
  ...PIPELINE_TYPES.map((type) => ({
    key: type,
    label: pipelineTypeInfo(type).plural,
    lead: true,
    table: "leads",
    where: `x.kind = '${type}'`,
  })),
  ...OTHER_GOALS,
];

export { ALL_LEADS, ALL_LEADS_LABEL };

/** The picker's choices: all leads, then each goal (`lead`: a lead type, grouped apart from the other conversions). */
export function goalChoices(): Array<{ key: string; label: string; lead?: boolean }> {
  return [{ key: ALL_LEADS, label: ALL_LEADS_LABEL }, ...GOALS.map((g) => ({ key: g.key, label: g.label, lead: g.lead }))];
}

export function isGoal(value: string | null | undefined): boolean {
  return value === ALL_LEADS || GOALS.some((g) => g.key === value);
}

export function goalLabel(key: string): string {
  return key === ALL_LEADS ? ALL_LEADS_LABEL : (GOALS.find((g) => g.key === key)?.label ?? key);
}

/** The goal keys a choice stands for. */
export function goalKeys(key: string): string[] {
  return key === ALL_LEADS ? GOALS.filter((g) => g.lead).map((g) => g.key) : [key];
}

/**
 * Every conversion of every goal as one relation `g`: its goal, when, the visit's origin and
 * whether that visit was one Análises counted (null, recorded before the flag existed: counted,
 * as before).
 */
export const GOAL_ROWS: SQL = sql.raw(
  `(${GOALS.map(
    (g) =>
      `select '${g.key}' as goal, ${g.at ?? "x.created_at"} as at, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium,` +
      ` x.utm_campaign, coalesce(x.visit_counted, true) as counted from ${g.table} x` +
      (g.where ? ` where ${g.where}` : ""),
  ).join(" union all ")}) g`,
);
