/** The admin's 'Spam' page (docs/decisions/0090): its texts, and the names of forms and reasons. */
export const spamTexts = {
  title: "Spam",
  description:
    "Envios dos formulários suspeitos de spam. Ficam fora dos leads, do painel e das notificações, não recebem resposta automática e são excluídos após 30 dias. Se um deles for de uma pessoa, use “Não é spam”: ele entra nos leads e a equipe recebe a notificação que não recebeu.",
  empty: "Nenhum envio suspeito.",
  release: "Não é spam",
  delete: "Excluir",
  details: "Ver dados enviados",
  released: "Envio movido para os leads. A notificação da equipe foi enviada para a fila de e-mails.",
  deleted: "Envio excluído.",
} as const;

export const SPAM_FORM_LABELS: Record<string, string> = {
  contact: "Contato",
  consultation: "Consultoria",
  careers: "Candidatura",
  questionnaire: "Questionário",
  chat: "Chat",
  newsletter: "Newsletter",
};

export const SPAM_REASON_LABELS: Record<string, string> = {
  honeypot: "Campo oculto preenchido",
  "pow-missing": "Sem prova de trabalho",
  "pow-invalid": "Prova de trabalho inválida",
  "pow-expired": "Prova de trabalho vencida",
  "pow-replayed": "Prova de trabalho reutilizada",
  "stamp-missing": "Formulário sem carimbo de tempo",
  "too-fast": "Enviado rápido demais",
  "stamp-expired": "Formulário aberto há mais de 2 dias",
  "stamp-replayed": "Carimbo de tempo já usado em outro envio",
  rate: "Muitos envios da mesma rede",
};

/** Where the admin finds the lead a released submission became. */
export const SPAM_RELEASED_LIST: Record<string, string> = {
  contact: "/admin/leads/contatos",
  consultation: "/admin/leads/consultas",
  careers: "/admin/leads/candidaturas",
  questionnaire: "/admin/business-optimizations",
  chat: "/admin/conversas",
  newsletter: "/admin/leads/newsletter",
};
