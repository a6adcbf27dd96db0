/**
 * How an accepted questionnaire is stored: its row and the team's notification e-mail with every
 * answer, in the submission's transaction (app/domain/leads/capture.server.ts has the shared parts).
 */
import type { SubmissionMeta } from "~/domain/lead-submissions.server";
import { adminLink, insertLead, mailBody, oneLine, orNull } from "~/domain/leads/capture.server";
import type { Transaction } from "~/infra/idempotency.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { choiceLabel } from "~/lib/lead-fields";
import { defineLeadStore } from "../define.server";
import definition from "./definition";
import { BUSINESS_OPTIMIZATION_CHOICES, BUSINESS_OPTIMIZATION_LABELS, type BusinessOptimizationField } from "./fields";
import privacy from "./privacy.server";
import { questionnaireAnswers, questionnaireNumbers } from "./table";
import type { BusinessOptimizationInput } from "./schema";

async function createBusinessOptimization(
  input: BusinessOptimizationInput,
  meta: SubmissionMeta,
  tx: Transaction,
): Promise<{ id: number }> {
  const fields = Object.keys(BUSINESS_OPTIMIZATION_LABELS) as BusinessOptimizationField[];
  const values = Object.fromEntries(fields.map((f) => [f, orNull(input[f] as string)])) as Record<BusinessOptimizationField, string | null>;
  const { companyName, contactName, email, phone, ...answers } = values;
  const lead = await insertLead(tx, privacy.kind, questionnaireNumbers, {
    name: contactName,
    company: companyName,
    email,
    phone,
    ...meta.attribution,
    verified: meta.verified,
  });
  await tx.insert(questionnaireAnswers).values({ leadId: lead.id, ...answers });
  const row = { id: lead.number };
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

export default defineLeadStore(definition, {
  numbers: questionnaireNumbers,
  store: createBusinessOptimization,
  // SPEC §7: `{ success, data: { id }, error? }`.
  answer: (row) => Response.json({ success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) =>
    Response.json({ success: false, error: message, message, ...(errors ? { errors } : {}) }, { status }),
});
