/**
 * Lead capture: every public form stores its row and queues the team's notification e-mail in
 * ONE transaction (the lead exists exactly when its notification does). The transaction, the
 * honeypot, the rate limit and validation belong to app/domain/lead-submissions.server.ts, which
 * calls the store functions here.
 */
import { env } from "~/config.server";
import { type Executor } from "~/db/client.server";
import { businessOptimizations, consentRecords } from "~/db/schema";
import type { SubmissionMeta } from "~/domain/lead-submissions.server";
import type { Transaction } from "~/infra/idempotency.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { first } from "~/lib/first";
import {
  BUSINESS_OPTIMIZATION_CHOICES,
  BUSINESS_OPTIMIZATION_LABELS,
  choiceLabel,
  type BusinessOptimizationField,
} from "~/lib/lead-fields";
import { ORIGIN_TITLE, originSummary, UNVERIFIED_LEAD } from "~/lib/origin";
import { PRIVACY_POLICY_VERSION } from "~/lib/privacy";
import type { BusinessOptimizationInput } from "~/lib/schemas/leads";

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
) {
  await executor.insert(consentRecords).values({
    email: input.email,
    purpose: input.purpose,
    policyVersion: PRIVACY_POLICY_VERSION,
    source: input.source,
    action: input.action ?? "granted",
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
  });
}

export async function createBusinessOptimization(
  input: BusinessOptimizationInput,
  meta: SubmissionMeta,
  tx: Transaction,
): Promise<{ id: number }> {
  const fields = Object.keys(BUSINESS_OPTIMIZATION_LABELS) as BusinessOptimizationField[];
  const values = Object.fromEntries(fields.map((f) => [f, orNull(input[f] as string)])) as Record<BusinessOptimizationField, string | null>;
  const row = await tx
    .insert(businessOptimizations)
    .values({ ...values, ...meta.attribution, verified: meta.verified })
    .returning({ id: businessOptimizations.id })
    .then(first);
  await enqueueEmail(tx, {
    kind: "lead.questionnaire",
    subject: oneLine(`Novo questionário de otimização: ${input.companyName} (${input.contactName})`),
    body: mailBody(
      "Um novo questionário de otimização de negócios foi enviado pelo site.",
      fields.map((f) => {
        const choices = BUSINESS_OPTIMIZATION_CHOICES[f];
        return [BUSINESS_OPTIMIZATION_LABELS[f], choices ? choiceLabel(choices, values[f]) : values[f]];
      }),
      adminLink(`/admin/business-optimizations`),
      meta.attribution ?? null,
      meta.verified,
    ),
  });
  return row;
}
