/**
 * The zod-free facts the lead forms share: length limits, the honeypot name, the consultation's
 * statuses and what a choice field is (a form's own lists and labels are in its folder,
 * app/forms/{name}/). Pages import these directly; the Zod schemas (~/lib/schemas/leads and each
 * form's) are loaded only when a form is submitted, so zod never weighs on a page's first load.
 * Nothing here imports a schema.
 */
export const HONEYPOT_FIELD = "website";
/** Hidden field with the signed time the form was rendered (app/domain/spam/stamp.server.ts). */
export const FORM_STAMP_FIELD = "formStamp";
/** Hidden field (and JSON key) with the proof-of-work solution, as ALTCHA names it (app/domain/spam/challenge.server.ts). */
export const PROOF_FIELD = "altcha";

export const LIMITS = {
  name: 120,
  company: 160,
  email: 254,
  phone: 30,
  shortText: 200,
  longText: 5000,
  url: 500,
} as const;

/**
 * A consultation's status is its stage in the sales pipeline: one state, one value per stage
 * (docs/decisions/0088; the mapping is STAGE_OF_CONSULTATION_STATUS in ~/lib/pipeline, and the
 * labels are the stages'). SPEC §3/§4: it starts 'pending'.
 */
export const CONSULTATION_STATUSES = [
  { value: "pending", label: "Novo" },
  { value: "contacted", label: "Em contato" },
  { value: "proposal_sent", label: "Proposta enviada" },
  { value: "won", label: "Ganho" },
  { value: "lost", label: "Perdido" },
  { value: "discarded", label: "Descartado" },
] as const;

export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number]["value"];

export function consultationStatusLabel(value: string): string {
  return CONSULTATION_STATUSES.find((s) => s.value === value)?.label ?? value;
}

/** One option of a choice field, and the label a page shows for it (a form's lists are its own: app/forms/{name}/). */
export type Choice = { value: string; label: string };

/** The label of a stored choice value (the value itself when the list no longer has it). */
export function choiceLabel(choices: Choice[], value: string | null | undefined): string | undefined {
  return value ? (choices.find((c) => c.value === value)?.label ?? value) : undefined;
}
