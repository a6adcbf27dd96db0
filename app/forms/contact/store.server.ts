/**
 * How an accepted contact message is stored: its row, the consent it gives and the team's
 * notification e-mail, in the submission's transaction (app/domain/leads/capture.server.ts has the
 * shared parts).
 */
import type { SubmissionMeta } from "~/domain/lead-submissions.server";
import { adminLink, insertLead, mailBody, oneLine, orNull, recordConsent } from "~/domain/leads/capture.server";
import type { Transaction } from "~/infra/idempotency.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { formPlaceLabel } from "~/lib/origin";
import { CONSENT_PURPOSES } from "~/lib/privacy";
import { defineLeadStore } from "../define.server";
import definition from "./definition";
import { CONTACT_CONSENT_MESSAGE } from "./messages";
import privacy from "./privacy.server";
import { contactAnswers, contactNumbers } from "./table";
import type { ContactInput } from "./schema";

async function createContact(input: ContactInput, meta: SubmissionMeta, tx: Transaction): Promise<{ id: number }> {
  const source = input.source || "site";
  // The form cannot be sent without accepting the privacy policy (SPEC §5 consent box).
  const consent = await recordConsent(
    tx,
    { email: input.email, purpose: CONSENT_PURPOSES.contactPolicy, source: `contato:${source}` },
    meta,
  );
  const lead = await insertLead(tx, privacy.kind, contactNumbers, {
    name: input.name,
    company: input.company,
    email: input.email,
    phone: orNull(input.phone),
    ...meta.attribution,
    verified: meta.verified,
    consentRecordId: consent.id,
  });
  await tx.insert(contactAnswers).values({ leadId: lead.id, message: input.message });
  const row = { id: lead.number };
  await enqueueEmail(tx, {
    kind: "lead.contact",
    subject: oneLine(`Novo contato pelo site: ${input.name} (${input.company})`),
    body: mailBody(
      "Uma nova mensagem chegou pelo formulário de contato do site.",
      [
        ["Nome", input.name],
        ["Empresa", input.company],
        ["E-mail", input.email],
        ["Telefone", input.phone],
        ["Enviado por", formPlaceLabel(source)],
        ["Mensagem", input.message],
      ],
      adminLink(`/admin/leads/contatos/${row.id}`),
      meta.attribution ?? null,
      meta.verified,
    ),
  });
  return row;
}

export default defineLeadStore(definition, {
  numbers: contactNumbers,
  store: createContact,
  // Without JavaScript the browser sends the consent box itself: it must be ticked (SPEC §5).
  nativeCheck: (body) => (body.consent ? null : { consent: CONTACT_CONSENT_MESSAGE }),
});
