/** The consultation request's texts (SPEC §4, §8). */
export const consultationMessages = {
  /** What the request is about: the asking button's text, without a repeated 'Solicitar'. */
  sourceNote: (source: string) => `Sobre: ${source.replace(/^Solicitar\s+/i, "")}`,
  title: "Solicitar consultoria exclusiva",
  description: "Conte um pouco sobre sua empresa. Um especialista responde em até 24 horas.",
  submit: "Enviar solicitação",
  submitting: "Enviando...",
  success: {
    title: "Solicitação enviada!",
    description: "Recebemos seu pedido. Um especialista entrará em contato em até 24 horas.",
  },
  failureTitle: "Falha no Envio",
  failureFallback: "Por favor, tente novamente mais tarde.",
} as const;
