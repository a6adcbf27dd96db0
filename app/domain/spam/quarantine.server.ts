/**
 * Suspected spam is kept, apart (docs/decisions/0090): good input is never lost, and nothing in
 * spam_submissions reaches the lead tables, so the pipeline, the lead lists, the dashboard's
 * counts, the team's notifications and the auto-replies never see it. The admin's 'Spam' page
 * lists it; 'Não é spam' stores it as the lead it would have been (./release.server.ts); the
 * retention job deletes the rest after RETENTION.spam.
 *
 * It keeps less than a lead keeps, never more (docs/decisions/0106): the validated fields as JSON,
 * and of a file the submission carried only its name, type, size and hash (spam_submission_files),
 * so whatever a script posts, quarantining it costs what a lead without a file costs.
 */
import { count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { spamChallenges, spamSubmissionFiles, spamSubmissions } from "~/db/schema";
import type { Attribution } from "~/domain/analytics/attribution.server";
import { first } from "~/lib/first";
import { HONEYPOT_FIELD } from "~/lib/lead-fields";
import { isSpam, type SpamReason, type Token, type Verdict } from "./verdict.server";

/** What is said of a file a form took once checked (the careers CV: app/forms/careers/cv.server.ts). */
export interface CheckedFile {
  fileName: string;
  format: string;
  size: number;
  sha256: string;
}

export interface QuarantineInput {
  form: string;
  /** The validated input, its file (if any) still in it under `fileField`. */
  data: unknown;
  fileField?: string;
  reasons: SpamReason[];
  meta: { ip: string | null; userAgent: string | null; attribution?: Attribution | null };
}

/** Stores a suspected submission, and what its file was (never its bytes); its id is the row's own. */
export async function quarantine(executor: Executor, input: QuarantineInput): Promise<{ id: number }> {
  const data = input.data && typeof input.data === "object" ? { ...(input.data as Record<string, unknown>) } : {};
  delete data[HONEYPOT_FIELD];
  const file = input.fileField ? data[input.fileField] : undefined;
  if (input.fileField) delete data[input.fileField];
  const email = typeof data.email === "string" ? data.email : null;
  const row = await executor
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
  if (input.fileField && isCheckedFile(file)) {
    const { fileName, format, size, sha256 } = file;
    await executor.insert(spamSubmissionFiles).values({ spamSubmissionId: row.id, field: input.fileField, fileName, format, size, sha256 });
  }
  return row;
}

function isCheckedFile(value: unknown): value is CheckedFile {
  const file = value as CheckedFile | null | undefined;
  return typeof file?.fileName === "string" && typeof file.sha256 === "string" && typeof file.size === "number";
}

/** Spends a proof of work or a form stamp; false when it was spent already (a replay). */
async function spend(executor: Executor, token: Token): Promise<boolean> {
  const [spent] = await executor
    .insert(spamChallenges)
    .values({ id: token.id, expiresAt: token.expiresAt })
    .onConflictDoNothing()
    .returning({ id: spamChallenges.id });
  return Boolean(spent);
}

/**
 * In the transaction that stores a submission: a genuine one spends its proof of work or its form
 * stamp (one spent already makes it spam after all: the database decides, across instances) and
 * is admitted; a suspected one is quarantined.
 */
export async function admitOrQuarantine(
  executor: Executor,
  verdict: Verdict,
  input: Omit<QuarantineInput, "reasons">,
): Promise<{ admitted: true } | { admitted: false; id: number }> {
  const reasons = [...verdict.reasons];
  if (!reasons.length && verdict.proof && !(await spend(executor, verdict.proof))) reasons.push("pow-replayed");
  if (!reasons.length && verdict.stamp && !(await spend(executor, verdict.stamp))) reasons.push("stamp-replayed");
  if (!isSpam({ reasons })) return { admitted: true };
  return { admitted: false, ...(await quarantine(executor, { ...input, reasons })) };
}

/**
 * The id a suspected submission's answer carries: the next number of the sequence its lead would
 * have taken (leads.number, docs/decisions/0140), so the answer looks like a lead's and tells a
 * script nothing (a gap in that numbering is all it leaves).
 */
export async function nextLeadId(executor: Executor, sequence: string): Promise<number> {
  const result = await executor.execute(sql`select nextval(${sequence}::regclass) as id`);
  return Number(rowsOf<{ id: string | number }>(result)[0]!.id);
}

export const SPAM_PAGE_SIZE = 50;

export type SpamRow = typeof spamSubmissions.$inferSelect & { file: { fileName: string; size: number } | null };

export async function listSpam(page = 1): Promise<{ rows: SpamRow[]; total: number; page: number; pageCount: number }> {
  const [{ total }] = (await db().select({ total: count() }).from(spamSubmissions)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(Number(total) / SPAM_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db()
    .select({ ...getTableColumns(spamSubmissions), fileName: spamSubmissionFiles.fileName, fileSize: spamSubmissionFiles.size })
    .from(spamSubmissions)
    .leftJoin(spamSubmissionFiles, eq(spamSubmissionFiles.spamSubmissionId, spamSubmissions.id))
    .orderBy(desc(spamSubmissions.createdAt), desc(spamSubmissions.id))
    .limit(SPAM_PAGE_SIZE)
    .offset((current - 1) * SPAM_PAGE_SIZE);
  return {
    rows: rows.map(({ fileName, fileSize, ...row }) => ({ ...row, file: fileName ? { fileName, size: Number(fileSize) } : null })),
    total: Number(total),
    page: current,
    pageCount,
  };
}

/** What a quarantined submission's file was (its bytes were not kept). */
export async function spamFile(executor: Executor, spamSubmissionId: number): Promise<typeof spamSubmissionFiles.$inferSelect | null> {
  const [row] = await executor.select().from(spamSubmissionFiles).where(eq(spamSubmissionFiles.spamSubmissionId, spamSubmissionId));
  return row ?? null;
}
