/** Site-wide marketing facts used by the header, footer and several pages. */

/** SPEC §2: the footer's five solution links (all go to /agentes), named after SPEC §1's offer. */
export const FOOTER_SOLUTIONS = [
  "Processamento de Documentos",
  "Atendimento ao Cliente",
  "Análise Preditiva",
  "Automação de Processos",
  "Integração de IA Empresarial",
] as const;

/** SPEC §2: the footer's social-profile link. */
export const SOCIAL_PROFILE = {
  label: "Agile IA no LinkedIn",
  url: "https://www.linkedin.com/company/agile-ia",
} as const;

/** SPEC §9 reply promises and messaging availability, worded once. */
export const PROMISES = {
  contactReply: "Resposta em até 24 horas",
  whatsappReply: "Resposta em até 30 minutos",
  whatsappHours: "Segunda a sexta, das 9h às 18h",
  implementation: "Implementação em até 30 dias",
} as const;
