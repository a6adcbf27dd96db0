/** The careers form's texts (SPEC §4, §8), and its CV field's (docs/decisions/0093). */
export const careersMessages = {
  submit: "Enviar candidatura",
  submitting: "Enviando candidatura...",
  success: { title: "Candidatura enviada!", description: "Recebemos sua candidatura. Entraremos em contato em breve." },
  failure: { title: "Erro", description: "Não foi possível enviar sua candidatura. Tente novamente." },
  page: {
    title: "Envie a sua candidatura",
    lead: "Conte sobre a sua experiência e por que quer fazer parte da Agile IA. Respondemos a todas as candidaturas.",
  },
  /** The CV field (docs/decisions/0093). */
  cv: {
    label: "Currículo (opcional)",
    hint: "PDF, DOC ou DOCX, até 5 MB.",
    badType: "Envie um arquivo PDF, DOC ou DOCX.",
    tooLarge: "O arquivo deve ter no máximo 5 MB.",
    /** A refused post without JavaScript cannot give the file back: the browser never refills a file field. */
    chooseAgain: (name: string) => `O arquivo “${name}” não foi guardado porque o envio foi recusado: selecione-o de novo.`,
  },
} as const;
