/** The contact form's texts (SPEC §4, §8). */
export const contactMessages = {
  submit: "Enviar consulta",
  submitting: "Enviando sua consulta...",
  success: { title: "Consulta Enviada", description: "Obrigado por entrar em contato! Responderemos em até 24 horas." },
  failureTitle: "Falha no Envio",
  failureFallback: "Por favor, tente novamente mais tarde.",
} as const;

/** SPEC §5: the consent box's refusal, in English as the spec has it. */
export const CONTACT_CONSENT_MESSAGE = "You must agree to the terms.";
