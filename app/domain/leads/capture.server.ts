/**
 * Lead capture: every public form stores its row and queues the team's notification e-mail in
 * ONE transaction (the lead exists exactly when its notification does). The transaction, the
 * honeypot, the rate limit and validation belong to app/domain/lead-submissions.server.ts, which
 * calls each form's store (app/forms/{name}/store.server.ts); here are the parts they share.
 */
import { sql } from "drizzle-orm";
import { env } from "~/config.server";
import { type Executor } from "~/db/client.server";
import { consentRecords, leads } from "~/db/schema";
import type { SubmissionMeta } from "~/domain/lead-submissions.server";
import { ORIGIN_TITLE, originSummary, UNVERIFIED_LEAD } from "~/lib/origin";
import { firstStage, type PipelineType, type Stage } from "~/lib/pipeline";
import { PRIVACY_POLICY_VERSION } from "~/lib/privacy";
import type { PgSequence } from "drizzle-orm/pg-core";

export const orNull = (value: string | undefined | null) => (value ? value : null);
/** Subjects are single-line: a newline in a visitor's name must not reach a mail header. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
export const oneLine = (value: string) => value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, " ").slice(0, 150);
export const adminLink = (path: string) => `${env.SITE_URL}${path}`;

/**
 * A team notification's text. With `origin` (the lead's attribution), one line says where the
 * visit came from, in the admin's words (docs/decisions/0087); with `verified` false, one line
 * says the lead came without proof of work and got no automatic reply (docs/decisions/0106).
 */
export function mailBody(
  intro: string,
  fields: Array<[string, string | null | undefined]>,
  link: string,
  origin?: Parameters<typeof originSummary>[0],
  verified?: boolean,
): string {
  const lines = fields.map(([label, value]) => `${label}: ${value ? value : "Não informado"}`);
  if (origin !== undefined) lines.push(`${ORIGIN_TITLE}: ${originSummary(origin)}`);
  if (verified === false) lines.push(`${UNVERIFIED_LEAD.title}: ${UNVERIFIED_LEAD.description}`);
  return [intro, "", ...lines, "", `Ver no painel: ${link}`].join("\n");
}

export async function recordConsent(
  executor: Executor,
  input: { email: string; purpose: string; source: string; action?: "granted" | "withdrawn" },
  meta: Partial<SubmissionMeta> = {},
): Promise<{ id: number }> {
  const [row] = await executor
    .insert(consentRecords)
    .values({
      email: input.email,
      purpose: input.purpose,
      policyVersion: PRIVACY_POLICY_VERSION,
      source: input.source,
      action: input.action ?? "granted",
      ip: meta.ip ?? null,
      userAgent: meta.userAgent ?? null,
    })
    .returning({ id: consentRecords.id });
  return row!;
}

/** The common columns of a new lead (app/db/schema.ts `leads`); its stage is its pipeline's first. */
export type NewLead = Omit<typeof leads.$inferInsert, "id" | "stage" | "number" | "kind"> & { stage?: Stage };

/**
 * Writes a lead's common row (docs/decisions/0135) and says its id (what its answers, files,
 * notes and meetings refer to) and its number among its kind's (what SPEC §7 answers, the
 * admin's addresses and the audit name, docs/decisions/0140): the next of `numbers` (a form's
 * sequence), or the given number (a conversation's session id, a meeting's booking id).
 */
export async function insertLead(
  executor: Executor,
  kind: PipelineType,
  numbers: PgSequence | number,
  values: NewLead,
): Promise<{ id: number; number: number }> {
  const number = typeof numbers === "number" ? numbers : sql<number>`nextval(${numbers.seqName}::regclass)`;
  const [row] = await executor
    .insert(leads)
    .values({ stage: firstStage(kind), ...values, kind, number })
    .returning({ id: leads.id, number: leads.number });
  return row!;
}
