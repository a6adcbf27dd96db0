/**
 * How an accepted application is stored: its row and the team's notification e-mail, in the
 * submission's transaction (app/domain/leads/capture.server.ts has the shared parts), with its CV
 * beside it (./cv.server.ts).
 */
import type { SubmissionMeta } from "~/domain/lead-submissions.server";
import { adminLink, insertLead, mailBody, oneLine, orNull } from "~/domain/leads/capture.server";
import type { Transaction } from "~/infra/idempotency.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { formatBytes } from "~/lib/format-bytes";
import { defineLeadStore } from "../define.server";
import { serverSchema, storeCv } from "./cv.server";
import definition from "./definition";
import privacy from "./privacy.server";
import { applicationAnswers, applicationNumbers } from "./table";
import type { CareerApplicationInput } from "./schema";

async function createCareerApplication(
  input: Omit<CareerApplicationInput, "cv">,
  meta: SubmissionMeta,
  tx: Transaction,
  /** The CV sent with it (stored beside it, ./cv.server.ts): the e-mail says where to find it, never carries it. */
  cv: { fileName: string; size: number } | null = null,
): Promise<{ id: number; leadId: number }> {
  const lead = await insertLead(tx, privacy.kind, applicationNumbers, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    ...meta.attribution,
    verified: meta.verified,
  });
  await tx.insert(applicationAnswers).values({
    leadId: lead.id,
    position: input.position,
    experience: input.experience,
    motivation: input.motivation,
    linkedinUrl: orNull(input.linkedinUrl),
    portfolioUrl: orNull(input.portfolioUrl),
  });
  const row = { id: lead.number, leadId: lead.id };
  await enqueueEmail(tx, {
    kind: "lead.application",
    subject: oneLine(`Nova candidatura: ${input.name} para ${input.position}`),
    body: mailBody(
      "Uma nova candidatura chegou pela página Carreiras.",
      [
        ["Nome", input.name],
        ["Vaga", input.position],
        ["E-mail", input.email],
        ["Telefone", input.phone],
        ["LinkedIn", input.linkedinUrl],
        ["Portfólio", input.portfolioUrl],
        ["Experiência", input.experience],
        ["Motivação", input.motivation],
        ["Currículo", cv ? `${cv.fileName} (${formatBytes(cv.size)}), anexado à candidatura no painel` : null],
      ],
      adminLink(`/admin/leads/candidaturas/${row.id}`),
      meta.attribution ?? null,
      meta.verified,
    ),
  });
  return row;
}

export default defineLeadStore(definition, {
  numbers: applicationNumbers,
  // The shared schema plus the CV's content, which only the server reads (docs/decisions/0093).
  schema: () => Promise.resolve(serverSchema),
  store: async ({ cv, ...application }, meta, tx) => {
    const row = await createCareerApplication(application, meta, tx, cv ?? null);
    if (cv) await storeCv(tx, row.leadId, cv);
    return { id: row.id };
  },
  // SPEC §7: the page reads the `ok` flag.
  answer: (row) => Response.json({ ok: true, success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) => Response.json({ ok: false, success: false, message, ...(errors ? { errors } : {}) }, { status }),
});
