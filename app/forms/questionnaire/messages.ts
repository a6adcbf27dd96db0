/** The questionnaire's texts (SPEC §4, §8), and the confirmation that follows them. */
export const questionnaireMessages = {
  submit: "Enviar formulário",
  submitting: "Enviando...",
  replyNote: "Nossa equipe analisará suas respostas e retornará em até 48 horas com uma proposta personalizada.",
  successTitle: "Formulário enviado com sucesso!",
  successDescription: (id: number | string) => `Seu formulário foi salvo com o ID ${id} e aparecerá no painel administrativo em instantes.`,
  failureTitle: "Erro ao enviar formulário",
  failureDurationMs: 8000,
  unknownError: "Erro desconhecido ao processar formulário",
  /** SPEC §8: the failure toast's text, chosen by the content of the error message. */
  failureDescription(message?: string | null): string {
    if (!message) return "Tente novamente em alguns minutos ou entre em contato conosco diretamente.";
    if (message.includes("Failed to fetch")) return "Problema de conexão. Verifique sua internet e tente novamente.";
    if (message.includes("500")) return "Erro no servidor. Por favor, tente novamente ou entre em contato.";
    if (message.includes("400")) return "Dados inválidos. Verifique se todos os campos obrigatórios estão preenchidos.";
    return `Erro: ${message}`;
  },
  /** Name of the browser event fired after a successful submission (detail: { id }). */
  submittedEvent: "formulario-enviado",
  /** The confirmation that stays in view after the toast (the visitor's words, not the admin's). */
  confirmation: {
    title: "Recebemos suas respostas",
    next: "Nossa equipe vai analisar o questionário e responder por e-mail em até 48 horas com uma proposta personalizada.",
    book: "Se preferir conversar antes, escolha um horário para uma reunião.",
    again: "Preencher outro questionário",
  },
} as const;
