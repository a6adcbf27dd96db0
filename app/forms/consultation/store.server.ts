/**
 * How an accepted consultation request is stored: its row and the team's notification e-mail, in
 * the submission's transaction (app/domain/leads/capture.server.ts has the shared parts).
 */
import type { SubmissionMeta } from "~/domain/lead-submissions.server";
import { adminLink, insertLead, mailBody, oneLine, orNull } from "~/domain/leads/capture.server";
import type { Transaction } from "~/infra/idempotency.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { defineLeadStore } from "../define.server";
import definition from "./definition";
import privacy from "./privacy.server";
import { consultationAnswers, consultationNumbers } from "./table";
import type { ConsultationInput } from "./schema";

async function createConsultation(input: ConsultationInput, meta: SubmissionMeta, tx: Transaction): Promise<{ id: number }> {
  const lead = await insertLead(tx, privacy.kind, consultationNumbers, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    ...meta.attribution,
    verified: meta.verified,
  });
  await tx.insert(consultationAnswers).values({ leadId: lead.id, industryArea: input.industryArea, source: orNull(input.source) });
  const row = { id: lead.number };
  await enqueueEmail(tx, {
    kind: "lead.consultation",
    subject: oneLine(`Nova solicitação de consultoria: ${input.name} (${input.company})`),
    body: mailBody(
      "Uma nova solicitação de consultoria chegou pelo site.",
      [
        ["Nome", input.name],
        ["Empresa", input.company],
        ["E-mail", input.email],
        ["Telefone", input.phone],
        ["Área de atuação", input.industryArea],
        ["Botão usado", input.source],
      ],
      adminLink(`/admin/leads/consultas/${row.id}`),
      meta.attribution ?? null,
      meta.verified,
    ),
  });
  return row;
}

export default defineLeadStore(definition, { store: createConsultation, numbers: consultationNumbers });
