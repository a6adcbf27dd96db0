/**
 * Retention: personal data goes away when its period (RETENTION in ~/lib/privacy, the same
 * numbers the privacy policy prints) is over. Which rows expire, and whether they are deleted or
 * anonymised, is declared per table by the registry (app/domain/privacy/registry.server.ts). One
 * run deletes or anonymises every expired row in one transaction and writes one audit row with
 * the counts.
 *
 * Several instances may run it at once: the run takes a transaction-scoped advisory lock with
 * pg_try_advisory_xact_lock, so only one works at a time and the others skip. The scheduled run
 * checks hourly and works at most once a day (the last run is read from the audit log, which
 * every instance shares), so restarts never postpone it.
 */
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { auditLog, submissionKeys } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { first } from "~/lib/first";
import { RETENTION, type RetentionKind, type RetentionPeriod } from "~/lib/privacy";
import { dayOf } from "./analytics/days.server";
import { deleteRawAnalytics, rollUpPending } from "./analytics/rollups.server";
import { recordAudit } from "./audit.server";
import {
  anonymised,
  notYetAnonymised,
  personalData,
  personalEntry,
  primaryKeyOf,
  type Before,
  type PersonalDataKey,
  type PersonalTable,
} from "./privacy/registry.server";
import type { PgTable } from "drizzle-orm/pg-core";

/** Arbitrary constant (distinct from the migration lock) naming the retention lock. */
const RETENTION_LOCK_ID = 724_502;
export const CHECK_EVERY_MS = 60 * 60_000;
/** A scheduled run works only when the last run is older than this. */
const MIN_HOURS_BETWEEN_SCHEDULED_RUNS = 20;

export type RetentionTrigger = "agendada" | "manual";

/**
 * Rows deleted or anonymised per table: each registered table with a period of its own or counted
 * with its parent (app/domain/privacy/registry.server.ts), then the idempotency keys and the raw
 * analytics rows.
 */
export type RetentionCounts = Record<string, number>;

export type RetentionResult =
  | { status: "done"; counts: RetentionCounts; total: number; auditLogBeyondRetention: number }
  | { status: "skipped"; reason: "locked" | "recent" };

export function cutoff(period: RetentionPeriod, now: Date): Date {
  const date = new Date(now);
  if (period.unit === "days") date.setUTCDate(date.getUTCDate() - period.amount);
  else date.setUTCMonth(date.getUTCMonth() - period.amount);
  return date;
}

export interface RunOptions {
  trigger: RetentionTrigger;
  actor?: string;
  ip?: string | null;
  now?: Date;
  /** Override periods (tests); defaults to RETENTION. */
  periods?: Partial<Record<RetentionKind, RetentionPeriod>>;
}

export async function runRetention(options: RunOptions): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const periods = { ...RETENTION, ...options.periods };
  const before: Before = (kind: RetentionKind) => cutoff(periods[kind], now);
  // Raw analytics rows go only once their days are in the daily rollups.
  await rollUpPending(now.getTime());

  const result = await db().transaction(async (tx): Promise<RetentionResult> => {
    const lock = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_ID}) as locked`));
    if (!lock[0]?.locked) return { status: "skipped", reason: "locked" };
    if (options.trigger === "agendada" && (await ranRecently(tx, now))) return { status: "skipped", reason: "recent" };

    const counts = await applyRetention(tx, before);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const { value: auditLogBeyondRetention } = await tx
      .select({ value: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(lt(auditLog.createdAt, before("auditLog")))
      .then(first);
    await recordAudit(
      {
        actor: options.actor ?? "sistema",
        action: "retention.run",
        target: null,
        details: { trigger: options.trigger, counts, total, auditLogBeyondRetention },
        ip: options.ip ?? null,
      },
      tx,
    );
    return { status: "done", counts, total, auditLogBeyondRetention };
  });
  if (result.status === "done") logger.info({ retention: result }, "retenção de dados executada");
  return result;
}

async function ranRecently(tx: Executor, now: Date): Promise<boolean> {
  const [last] = await tx
    .select({ createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.action, "retention.run"))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return Boolean(last && now.getTime() - last.createdAt.getTime() < MIN_HOURS_BETWEEN_SCHEDULED_RUNS * 3_600_000);
}

async function applyRetention(tx: Executor, before: Before): Promise<RetentionCounts> {
  // Up the registry: what hangs off a row (a CV, a message) goes before it and is counted.
  const registry = personalData();
  const changed = new Map<PersonalDataKey, number>();
  for (const [key, entry] of [...registry].reverse()) {
    const rows = await retain(tx, entry, before);
    if (rows !== null) changed.set(key, rows);
  }
  return {
    ...Object.fromEntries(registry.filter(([key]) => changed.has(key)).map(([key]) => [key, changed.get(key)!])),
    // Idempotency of lead forms: no personal data, kept a day (schema.ts).
    submissionKeys: (
      await tx
        .delete(submissionKeys)
        .where(lt(submissionKeys.createdAt, before("submissionKeys")))
        .returning({ key: submissionKeys.key })
    ).length,
    ...(await deleteRawAnalytics(tx, dayOf(before("analyticsRaw")))),
  };
}

/** Deletes or anonymises one table's expired rows as the registry says; null: the job leaves the table alone. */
async function retain(tx: Executor, entry: PersonalTable, before: Before): Promise<number | null> {
  const table = entry.table as PgTable;
  const key = primaryKeyOf(table);
  const rule = entry.retain;
  if ("expired" in rule) {
    if (rule.then === "delete") return (await tx.delete(table).where(rule.expired(before)).returning({ key })).length;
    if (typeof entry.erase !== "object" || !("anonymise" in entry.erase)) throw new Error("Retenção anonimiza sem colunas declaradas");
    const columns = entry.erase.anonymise;
    const updated = await tx
      .update(table)
      .set(anonymised(table, columns))
      .where(and(rule.expired(before), notYetAnonymised(columns)))
      .returning({ key });
    return updated.length;
  }
  if ("withParent" in rule && rule.withParent === "counted" && "via" in entry.find) {
    // Deleted before the expired row it hangs off, so the run counts it.
    const [[parentKey, column]] = Object.entries(entry.find.via) as [[PersonalDataKey, typeof key]];
    const parent = personalEntry(parentKey);
    if (!("expired" in parent.retain)) throw new Error(`${parentKey} não tem prazo próprio`);
    const expiredParents = tx
      .select({ id: primaryKeyOf(parent.table) })
      .from(parent.table as PgTable)
      .where(parent.retain.expired(before));
    return (await tx.delete(table).where(inArray(column, expiredParents)).returning({ key })).length;
  }
  return null;
}

export interface RetentionRunRow {
  id: number;
  actor: string | null;
  createdAt: Date;
  details: unknown;
}

/** The latest runs, for the admin page. */
export async function recentRetentionRuns(limit = 10): Promise<RetentionRunRow[]> {
  return db()
    .select({ id: auditLog.id, actor: auditLog.actor, createdAt: auditLog.createdAt, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.action, "retention.run"))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

// Registered once per process (module reloads in development must not add it twice).
