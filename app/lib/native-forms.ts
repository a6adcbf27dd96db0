/**
 * Forms work without JavaScript (docs/decisions/0002): each lead form's `action` is a page under /enviar
 * that stores the submission and answers with a page (the confirmation, or the form again with
 * its field errors and values). With JavaScript the same forms post JSON to the SPEC §7 API.
 * app/routes/enviar.tsx serves these pages.
 */
export const NATIVE_FORMS = {
  contact: "contato",
  newsletter: "newsletter",
  careers: "candidatura",
  questionnaire: "questionario",
  consultation: "consultoria",
  chat: "chat",
} as const;

export type NativeForm = keyof typeof NATIVE_FORMS;

export const NATIVE_FORM_ACTIONS = Object.fromEntries(
  Object.entries(NATIVE_FORMS).map(([form, slug]) => [form, `/enviar/${slug}`]),
) as Record<NativeForm, string>;

/** Header with which the browser's JSON submits carry their idempotency key. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
