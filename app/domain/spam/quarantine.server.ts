/**
 * Suspected spam is kept, apart (docs/decisions/0090): good input is never lost, and nothing in
 * spam_submissions reaches the lead tables, so the pipeline, the lead lists, the dashboard's
 * counts, the team's notifications and the auto-replies never see it. The admin's 'Spam' page
 * lists it; 'Não é spam' stores it as the lead it would have been (./release.server.ts); the
 * retention job deletes the rest after RETENTION.spam.
 */
import { count, desc } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { spamSubmissions } from "~/db/schema";
import type { Attribution } from "~/domain/analytics/attribution.server";
import { first } from "~/lib/first";
import { HONEYPOT_FIELD } from "~/lib/lead-fields";
import { spendProof } from "./challenge.server";
import { isSpam, type SpamReason, type Verdict } from "./verdict.server";

export interface QuarantineInput {
  form: string;
  data: unknown;
  reasons: SpamReason[];
  meta: { ip: string | null; userAgent: string | null; attribution?: Attribution | null };
}

/** Stores a suspected submission; its id is what the submitter's answer carries, as a lead's would. */
export async function quarantine(executor: Executor, input: QuarantineInput): Promise<{ id: number }> {
  const data = input.data && typeof input.data === "object" ? { ...(input.data as Record<string, unknown>) } : {};
  delete data[HONEYPOT_FIELD];
  const email = typeof data.email === "string" ? data.email : null;
  return executor
    .insert(spamSubmissions)
    .values({
      form: input.form,
      email,
      data,
      reasons: input.reasons,
      ip: input.meta.ip,
      userAgent: input.meta.userAgent?.slice(0, 300) ?? null,
      ...input.meta.attribution,
    })
    .returning({ id: spamSubmissions.id })
    .then(first);
}

/**
 * In the transaction that stores a submission: a genuine one spends its proof of work (a proof
 * spent already makes it spam after all) and is admitted; a suspected one is quarantined.
 */
export async function admitOrQuarantine(
  executor: Executor,
  verdict: Verdict,
  input: Omit<QuarantineInput, "reasons">,
): Promise<{ admitted: true } | { admitted: false; id: number }> {
  const reasons = [...verdict.reasons];
  if (!reasons.length && verdict.proof && !(await spendProof(executor, verdict.proof))) reasons.push("pow-replayed");
  if (!isSpam({ reasons })) return { admitted: true };
  return { admitted: false, ...(await quarantine(executor, { ...input, reasons })) };
}

export const SPAM_PAGE_SIZE = 50;

export type SpamRow = typeof spamSubmissions.$inferSelect;

export async function listSpam(page = 1): Promise<{ rows: SpamRow[]; total: number; page: number; pageCount: number }> {
  const [{ total }] = (await db().select({ total: count() }).from(spamSubmissions)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(Number(total) / SPAM_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db()
    .select()
    .from(spamSubmissions)
    .orderBy(desc(spamSubmissions.createdAt), desc(spamSubmissions.id))
    .limit(SPAM_PAGE_SIZE)
    .offset((current - 1) * SPAM_PAGE_SIZE);
  return { rows, total: Number(total), page: current, pageCount };
}
