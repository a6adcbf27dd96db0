/**
 * Retention: personal data goes away when its period (RETENTION in ~/lib/privacy, the same
 * numbers the privacy policy prints) is over. One run deletes or anonymises every expired row
 * in one transaction and writes one audit row with the counts.
 *
 * Several instances may run it at once: the run takes a transaction-scoped advisory lock with
 * pg_try_advisory_xact_lock, so only one works at a time and the others skip. The scheduled run
 * checks hourly and works at most once a day (the last run is read from the audit log, which
 * every instance shares), so restarts never postpone it.
 */
import { and, desc, eq, inArray, isNotNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import {
  auditLog,
  bookings,
  businessOptimizations,
  careerApplicationCvs,
  careerApplications,
  chatMessages,
  chatSessions,
  consentRecords,
  consultations,
  contacts,
  newsletterSubscribers,
  orders,
  outbox,
  spamSubmissions,
  submissionKeys,
  subscriptions,
} from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { first } from "~/lib/first";
import { ANONYMISED_MARKER, RETENTION, type RetentionKind, type RetentionPeriod } from "~/lib/privacy";
import { dayOf } from "./analytics/days.server";
import { deleteRawAnalytics, rollUpPending } from "./analytics/rollups.server";
import { recordAudit } from "./audit.server";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** Arbitrary constant (distinct from the migration lock) naming the retention lock. */
const RETENTION_LOCK_ID = 724_502;
export const CHECK_EVERY_MS = 60 * 60_000;
/** A scheduled run works only when the last run is older than this. */
const MIN_HOURS_BETWEEN_SCHEDULED_RUNS = 20;
/** Subscription states after which nothing more is billed. */
const ENDED_SUBSCRIPTION_STATES = ["canceled", "incomplete_expired", "unpaid"];

export type RetentionTrigger = "agendada" | "manual";

export interface RetentionCounts {
  careerApplications: number;
  /** The CVs of those applications (they would go by ON DELETE CASCADE; counted for the report). */
  careerApplicationCvs: number;
  bookings: number;
  chatSessions: number;
  chatMessages: number;
  contacts: number;
  consultations: number;
  businessOptimizations: number;
  newsletterSubscribers: number;
  consentRecords: number;
  orders: number;
  subscriptions: number;
  outbox: number;
  spamSubmissions: number;
  submissionKeys: number;
  pageViews: number;
  analyticsEvents: number;
}

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
  const before = (kind: RetentionKind) => cutoff(periods[kind], now);
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

async function applyRetention(tx: Executor, before: (kind: RetentionKind) => Date): Promise<RetentionCounts> {
  const chatCutoff = before("chatTranscripts");
  // A conversation expires when neither it nor any of its messages moved since the cutoff.
  const recentMessage = tx
    .select({ id: chatMessages.chatSessionId })
    .from(chatMessages)
    .where(sql`${chatMessages.createdAt} >= ${chatCutoff}`);
  const expiredSessions = await tx
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(and(lt(chatSessions.updatedAt, chatCutoff), lt(chatSessions.createdAt, chatCutoff), notInArray(chatSessions.id, recentMessage)));
  const sessionIds = expiredSessions.map((s) => s.id);
  const chatMessageCount = sessionIds.length
    ? (await tx.delete(chatMessages).where(inArray(chatMessages.chatSessionId, sessionIds)).returning({ id: chatMessages.id })).length
    : 0;
  const chatSessionCount = sessionIds.length
    ? (await tx.delete(chatSessions).where(inArray(chatSessions.id, sessionIds)).returning({ id: chatSessions.id })).length
    : 0;

  const leadsCutoff = before("leads");
  const count = (rows: unknown[]) => rows.length;

  const activeEmails = tx
    .select({ email: sql`lower(${newsletterSubscribers.email})` })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "active"));

  const ordersCutoff = before("orders");
  const notYetAnonymised = (column: AnyPgColumn) => and(isNotNull(column), ne(column, ANONYMISED_MARKER));

  const expiredApplications = tx
    .select({ id: careerApplications.id })
    .from(careerApplications)
    .where(lt(careerApplications.createdAt, before("careerApplications")));
  return {
    careerApplicationCvs: count(
      await tx
        .delete(careerApplicationCvs)
        .where(inArray(careerApplicationCvs.careerApplicationId, expiredApplications))
        .returning({ id: careerApplicationCvs.id }),
    ),
    careerApplications: count(
      await tx
        .delete(careerApplications)
        .where(lt(careerApplications.createdAt, before("careerApplications")))
        .returning({ id: careerApplications.id }),
    ),
    // Counted from the meeting's end: a booking made long ahead is kept its whole period after it.
    bookings: count(
      await tx
        .delete(bookings)
        .where(lt(bookings.endsAt, before("bookings")))
        .returning({ id: bookings.id }),
    ),
    chatSessions: chatSessionCount,
    chatMessages: chatMessageCount,
    contacts: count(await tx.delete(contacts).where(lt(contacts.createdAt, leadsCutoff)).returning({ id: contacts.id })),
    consultations: count(
      await tx.delete(consultations).where(lt(consultations.createdAt, leadsCutoff)).returning({ id: consultations.id }),
    ),
    businessOptimizations: count(
      await tx
        .delete(businessOptimizations)
        .where(lt(businessOptimizations.createdAt, leadsCutoff))
        .returning({ id: businessOptimizations.id }),
    ),
    newsletterSubscribers: count(
      await tx
        .delete(newsletterSubscribers)
        .where(
          or(
            and(
              eq(newsletterSubscribers.status, "unsubscribed"),
              sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${newsletterSubscribers.updatedAt}) < ${before("newsletterUnsubscribed")}`,
            ),
            // Asked, never confirmed: no consent to keep the address for.
            and(
              eq(newsletterSubscribers.status, "pending"),
              sql`coalesce(${newsletterSubscribers.confirmationSentAt}, ${newsletterSubscribers.createdAt}) < ${before("newsletterUnconfirmed")}`,
            ),
          ),
        )
        .returning({ id: newsletterSubscribers.id }),
    ),
    // Proof of consent is kept while the consent is still in use (an active subscription).
    consentRecords: count(
      await tx
        .delete(consentRecords)
        .where(and(lt(consentRecords.createdAt, before("consentRecords")), sql`lower(${consentRecords.email}) not in (${activeEmails})`))
        .returning({ id: consentRecords.id }),
    ),
    orders: count(
      await tx
        .update(orders)
        .set({
          customerEmail: sql`case when ${orders.customerEmail} is null then null else ${ANONYMISED_MARKER} end`,
          customerName: sql`case when ${orders.customerName} is null then null else ${ANONYMISED_MARKER} end`,
        })
        .where(and(lt(orders.createdAt, ordersCutoff), or(notYetAnonymised(orders.customerEmail), notYetAnonymised(orders.customerName))))
        .returning({ id: orders.id }),
    ),
    subscriptions: count(
      await tx
        .update(subscriptions)
        .set({ customerEmail: ANONYMISED_MARKER })
        .where(
          and(
            inArray(subscriptions.status, ENDED_SUBSCRIPTION_STATES),
            sql`coalesce(${subscriptions.canceledAt}, ${subscriptions.updatedAt}) < ${ordersCutoff}`,
            isNotNull(subscriptions.customerEmail),
            ne(subscriptions.customerEmail, ANONYMISED_MARKER),
          ),
        )
        .returning({ id: subscriptions.id }),
    ),
    outbox: count(
      await tx
        .delete(outbox)
        .where(lt(outbox.createdAt, before("outbox")))
        .returning({ id: outbox.id }),
    ),
    spamSubmissions: count(
      await tx
        .delete(spamSubmissions)
        .where(lt(spamSubmissions.createdAt, before("spam")))
        .returning({ id: spamSubmissions.id }),
    ),
    submissionKeys: count(
      await tx
        .delete(submissionKeys)
        .where(lt(submissionKeys.createdAt, before("submissionKeys")))
        .returning({ key: submissionKeys.key }),
    ),
    ...(await deleteRawAnalytics(tx, dayOf(before("analyticsRaw")))),
  };
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
