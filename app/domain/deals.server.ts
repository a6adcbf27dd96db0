/**
 * Deals (docs/decisions/0142-deals-value-and-stage-probability.md): a sales lead's value and
 * expected close day, the stage probabilities the admin sets, the pipeline's totals (count, value
 * and weighted value per stage, one aggregate over `leads_stage_value_idx`) and the board's
 * columns and moves (docs/decisions/0143-the-deals-board.md). A stage move is the pipeline's
 * (`applyStageMove`): audited, with the reason of a loss.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { leads, stageProbabilities } from "~/db/schema";
import {
  BOARD_CARDS_PER_STAGE,
  DEAL_STAGES,
  dealMessages,
  DEFAULT_PROBABILITIES,
  MAX_VALUE_CENTS,
  OPEN_DEAL_STAGES,
  parseBRL,
} from "~/lib/deals";
import { isHiring, isPipelineType, type PipelineType, type SalesStage } from "~/lib/pipeline";
import { recordAudit } from "./audit.server";
import { lockLeadForEdit } from "./leads/edit-lock.server";
import { applyStageMove, leadAuditTarget, lostReasonSchema, requireLostReason, type Actor } from "./pipeline.server";

// ---------------------------------------------------------------- stage probabilities
export type Probabilities = Record<SalesStage, number>;

/** Each sales stage's probability: the admin's, else the default. */
export async function stageProbabilitiesOf(executor: Executor = db()): Promise<Probabilities> {
  const rows = await executor
    .select({ stage: stageProbabilities.stage, probability: stageProbabilities.probability })
    .from(stageProbabilities);
  const result = { ...DEFAULT_PROBABILITIES };
  for (const r of rows) if (r.stage in result) result[r.stage as SalesStage] = r.probability;
  return result;
}

const probability = z
  .string(dealMessages.invalidProbability)
  .trim()
  .regex(/^\d{1,3}$/, dealMessages.invalidProbability)
  .transform(Number)
  .pipe(z.number().int().min(0, dealMessages.invalidProbability).max(100, dealMessages.invalidProbability));

/** The probabilities form: one field per sales stage, `p-<stage>`. */
export const probabilitiesSchema = z.object(
  Object.fromEntries(DEAL_STAGES.map((stage) => [`p-${stage}`, probability])) as Record<string, typeof probability>,
);

/** Stores what changed, with one audit row listing the changes; false when nothing did. */
export async function setStageProbabilities(input: Record<string, number>, actor: Actor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const current = await stageProbabilitiesOf(tx);
    const changes: Record<string, { from: number; to: number }> = {};
    for (const stage of DEAL_STAGES) {
      const to = input[`p-${stage}`];
      if (to === undefined || to === current[stage]) continue;
      changes[stage] = { from: current[stage], to };
      await tx
        .insert(stageProbabilities)
        .values({ stage, probability: to })
        .onConflictDoUpdate({ target: stageProbabilities.stage, set: { probability: to, updatedAt: sql`now()` } });
    }
    if (Object.keys(changes).length === 0) return false;
    await recordAudit({ actor: actor.username, action: "pipeline.probabilities", target: "pipeline", details: changes, ip: actor.ip }, tx);
    return true;
  });
}

// ---------------------------------------------------------------- totals
export interface StageTotal {
  stage: SalesStage;
  count: number;
  /** Sum of the values of its leads (a lead without a value counts as none). */
  valueCents: number;
  probability: number;
  /** valueCents × probability / 100: may hold a fraction of a cent (rounded only when shown). */
  weightedCents: number;
}
export interface PipelineTotals {
  stages: StageTotal[];
  /** Open deals only (novo, em contato, proposta enviada): the pipeline's forecast. */
  open: { count: number; valueCents: number; weightedCents: number };
  /** Every sales lead, open or closed. */
  all: { count: number; valueCents: number };
}

/**
 * The pipeline's totals: one aggregate over `leads` grouped by stage, which the index
 * `(stage, value_cents)` answers alone. The sums are exact: `sum(bigint)` comes as text, is added
 * as BigInt and weighted in hundredths of a cent, then divided once
 * (tests/integration/deals.test.ts checks it against the plain sum, as a property).
 */
export async function pipelineTotals(executor: Executor = db()): Promise<PipelineTotals> {
  const probabilities = await stageProbabilitiesOf(executor);
  const rows = rowsOf<{ stage: SalesStage; count: number | string; value: string | null }>(
    await executor.execute(
      sql`select l.stage, count(*)::int as count, sum(l.value_cents)::text as value from leads l
          where l.stage in (${sql.join(
            DEAL_STAGES.map((s) => sql`${s}`),
            sql`, `,
          )}) group by l.stage`,
    ),
  );
  const byStage = new Map(rows.map((r) => [r.stage, r]));
  let openWeighted = 0n;
  let openValue = 0n;
  let allValue = 0n;
  let openCount = 0;
  let allCount = 0;
  const stages = DEAL_STAGES.map((stage): StageTotal => {
    const row = byStage.get(stage);
    const count = Number(row?.count ?? 0);
    const value = BigInt(row?.value ?? 0);
    const weighted = value * BigInt(probabilities[stage]); // hundredths of a cent
    allValue += value;
    allCount += count;
    if (OPEN_DEAL_STAGES.includes(stage)) {
      openWeighted += weighted;
      openValue += value;
      openCount += count;
    }
    return { stage, count, valueCents: Number(value), probability: probabilities[stage], weightedCents: Number(weighted) / 100 };
  });
  return {
    stages,
    open: { count: openCount, valueCents: Number(openValue), weightedCents: Number(openWeighted) / 100 },
    all: { count: allCount, valueCents: Number(allValue) },
  };
}

// ---------------------------------------------------------------- the board
export interface BoardCard {
  type: PipelineType;
  id: number;
  name: string | null;
  email: string | null;
  company: string | null;
  stage: SalesStage;
  valueCents: number | null;
  expectedCloseOn: string | null;
  lostReason: string | null;
  createdAt: string;
}

/**
 * The `perStage` most recently changed leads of each sales stage (a card just moved is on top):
 * one bounded walk of `leads_stage_updated_idx` per stage (backwards), never a sort of the table. Applications are not deals: their stages
 * are the hiring ones, so no column holds them.
 */
export async function boardCards(perStage = BOARD_CARDS_PER_STAGE, executor: Executor = db()): Promise<BoardCard[]> {
  const parts = DEAL_STAGES.map(
    (stage) =>
      sql`(select l.kind, l.number, l.name, l.email, l.company, l.stage, l.value_cents, l.expected_close_on::text as expected_close_on,
                  l.lost_reason, l.created_at from leads l where l.stage = ${stage} order by l.updated_at desc, l.id desc limit ${perStage})`,
  );
  const rows = rowsOf<{
    kind: string;
    number: number;
    name: string | null;
    email: string | null;
    company: string | null;
    stage: SalesStage;
    value_cents: number | string | null;
    expected_close_on: string | null;
    lost_reason: string | null;
    created_at: Date | string;
  }>(await executor.execute(sql.join(parts, sql` union all `)));
  return rows
    .filter((r) => isPipelineType(r.kind))
    .map((r) => ({
      type: r.kind as PipelineType,
      id: Number(r.number),
      name: r.name,
      email: r.email,
      company: r.company,
      stage: r.stage,
      valueCents: r.value_cents === null ? null : Number(r.value_cents),
      expectedCloseOn: r.expected_close_on,
      lostReason: r.lost_reason,
      createdAt: new Date(r.created_at).toISOString(),
    }));
}

/** A card's move (the board's form, with or without JavaScript). */
export const moveSchema = z
  .object({
    type: z.custom<PipelineType>((v) => typeof v === "string" && isPipelineType(v), dealMessages.notADeal),
    id: z.coerce.number(dealMessages.notADeal).int().positive().max(999_999_999),
    stage: z.enum(DEAL_STAGES as [SalesStage, ...SalesStage[]], dealMessages.notADeal),
    lostReason: lostReasonSchema,
  })
  .superRefine(requireLostReason);
export type Move = z.output<typeof moveSchema>;

/**
 * Moves a sales lead to another stage (locked, audited: `applyStageMove`). Null when no such lead,
 * 'not-a-deal' for an application (hiring stages); otherwise whether anything changed and its name.
 * A merged lead throws a 409 Response (`lockLeadForEdit`).
 */
export async function moveDeal(move: Move, actor: Actor) {
  return db().transaction(async (tx) => {
    // Locked, and refused (409) when merged into another lead (docs/decisions/0147).
    const lead = await lockLeadForEdit(tx, move.type, move.id);
    if (!lead) return null;
    if (isHiring(move.type) || !DEAL_STAGES.includes(lead.stage as SalesStage)) return "not-a-deal" as const;
    const changed = await applyStageMove(
      tx,
      {
        type: move.type,
        id: move.id,
        leadId: lead.id,
        from: lead.stage as SalesStage,
        to: move.stage,
        lostReason: move.lostReason,
        previousReason: lead.lostReason,
      },
      actor,
    );
    return { changed, name: lead.name || lead.email || `Lead nº ${move.id}` };
  });
}

// ---------------------------------------------------------------- one lead's deal
export interface LeadDeal {
  valueCents: number | null;
  expectedCloseOn: string | null;
  closedAt: string | null;
  lostReason: string | null;
  stage: string;
  probability: number | null;
}

export async function leadDeal(type: PipelineType, id: number, executor: Executor = db()): Promise<LeadDeal | null> {
  const [row] = await executor
    .select({
      valueCents: leads.valueCents,
      expectedCloseOn: leads.expectedCloseOn,
      closedAt: leads.closedAt,
      lostReason: leads.lostReason,
      stage: leads.stage,
    })
    .from(leads)
    .where(and(eq(leads.kind, type), eq(leads.number, id)));
  if (!row) return null;
  const probabilities = await stageProbabilitiesOf(executor);
  return {
    ...row,
    valueCents: row.valueCents === null ? null : Number(row.valueCents),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    probability: DEAL_STAGES.includes(row.stage as SalesStage) ? probabilities[row.stage as SalesStage] : null,
  };
}

const YEAR_MS = 365.25 * 86_400_000;
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
}

/** The lead page's deal form: the value (empty clears it) and the expected close day (empty clears it). */
export const dealSchema = z.object({
  valueCents: z.string(dealMessages.invalidValue).transform((v, ctx) => {
    const cents = parseBRL(v);
    if (cents === null) return null;
    if (Number.isNaN(cents)) ctx.addIssue({ code: "custom", message: dealMessages.invalidValue });
    else if (cents < 0) ctx.addIssue({ code: "custom", message: dealMessages.negativeValue });
    else if (cents > MAX_VALUE_CENTS) ctx.addIssue({ code: "custom", message: dealMessages.valueTooLarge });
    return cents;
  }),
  expectedCloseOn: z
    .string(dealMessages.invalidDate)
    .trim()
    .refine((v) => v === "" || isCalendarDay(v), dealMessages.invalidDate)
    .refine((v) => !isCalendarDay(v) || Math.abs(Date.parse(`${v}T12:00:00Z`) - Date.now()) < 10 * YEAR_MS, dealMessages.dateOutOfRange)
    .transform((v) => (v === "" ? null : v)),
});
export type DealInput = z.output<typeof dealSchema>;

/**
 * Stores the deal's value and day; one `lead.deal` audit row with both sides (amounts and days: no
 * personal data). Null when no such lead; a merged lead throws a 409 Response (`lockLeadForEdit`).
 */
export async function updateDeal(type: PipelineType, id: number, input: DealInput, actor: Actor) {
  return db().transaction(async (tx) => {
    const lead = await lockLeadForEdit(tx, type, id, "valueCents");
    if (!lead) return null;
    const before = { valueCents: lead.valueCents === null ? null : Number(lead.valueCents), expectedCloseOn: lead.expectedCloseOn };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (before.valueCents !== input.valueCents) changes.valueCents = { from: before.valueCents, to: input.valueCents };
    if (before.expectedCloseOn !== input.expectedCloseOn)
      changes.expectedCloseOn = { from: before.expectedCloseOn, to: input.expectedCloseOn };
    if (Object.keys(changes).length === 0) return { changed: false };
    await tx
      .update(leads)
      .set({ valueCents: input.valueCents, expectedCloseOn: input.expectedCloseOn, updatedAt: sql`now()` })
      .where(eq(leads.id, lead.id));
    await recordAudit(
      { actor: actor.username, action: "lead.deal", target: leadAuditTarget(type, id), details: changes, ip: actor.ip },
      tx,
    );
    return { changed: true };
  });
}
