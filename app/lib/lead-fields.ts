/**
 * The zod-free facts of the lead forms: length limits, the honeypot name, choice lists and
 * labels. Pages import these directly; the Zod schemas (~/lib/schemas/leads and each form's, in
 * app/forms/{name}/) are loaded only when a form is submitted, so zod never weighs on a page's
 * first load. Nothing here imports a schema.
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

export type Choice = { value: string; label: string };

/** SPEC §3 choice values, with the labels the page shows. */
export const COMPANY_SIZES: Choice[] = [
  { value: "micro", label: "Microempresa (até 9 funcionários)" },
  { value: "pequena", label: "Pequena empresa (10 a 49 funcionários)" },
  { value: "media", label: "Média empresa (50 a 249 funcionários)" },
  { value: "grande", label: "Grande empresa (250 ou mais funcionários)" },
];

export const DATA_QUALITIES: Choice[] = [
  { value: "excelente", label: "Excelente" },
  { value: "boa", label: "Boa" },
  { value: "regular", label: "Regular" },
  { value: "ruim", label: "Ruim" },
  { value: "nao-sei", label: "Não sei avaliar" },
];

export const TEAM_FAMILIARITIES: Choice[] = [
  { value: "alto", label: "Alto: a equipe já usa ferramentas de IA" },
  { value: "medio", label: "Médio: conhece o básico" },
  { value: "baixo", label: "Baixo: pouco ou nenhum contato" },
  { value: "misto", label: "Misto: varia entre as áreas" },
];

export const BUDGETS: Choice[] = [
  { value: "ate-10k", label: "Até R$ 10 mil" },
  { value: "10k-25k", label: "R$ 10 mil a R$ 25 mil" },
  { value: "25k-50k", label: "R$ 25 mil a R$ 50 mil" },
  { value: "50k-100k", label: "R$ 50 mil a R$ 100 mil" },
  { value: "100k-250k", label: "R$ 100 mil a R$ 250 mil" },
  { value: "acima-250k", label: "Acima de R$ 250 mil" },
  { value: "a-definir", label: "A definir" },
];

export const TIMELINES: Choice[] = [
  { value: "urgente", label: "Urgente (1 a 2 meses)" },
  { value: "curto", label: "Curto prazo (3 a 6 meses)" },
  { value: "medio", label: "Médio prazo (6 a 12 meses)" },
  { value: "longo", label: "Longo prazo (mais de 1 ano)" },
  { value: "flexivel", label: "Flexível" },
];

export function choiceLabel(choices: Choice[], value: string | null | undefined): string | undefined {
  return value ? (choices.find((c) => c.value === value)?.label ?? value) : undefined;
}

/** Labels of every questionnaire answer, in page order (the page and the admin cards use them). */
export const BUSINESS_OPTIMIZATION_LABELS = {
  companyName: "Nome da empresa",
  contactName: "Nome do contato",
  email: "E-mail",
  phone: "Telefone",
  position: "Cargo",
  industryArea: "Setor de atuação",
  companySize: "Porte da empresa",
  keyProcesses: "Principais processos de negócio",
  processStructure: "Como esses processos estão estruturados hoje",
  currentChallenges: "Principais desafios atuais",
  bottlenecks: "Gargalos e retrabalhos",
  shortTermGoals: "Objetivos de curto prazo",
  longTermGoals: "Objetivos de longo prazo",
  optimizationImpact: "Impacto esperado da otimização",
  dataTypes: "Tipos de dados disponíveis",
  dataOrganization: "Como os dados estão organizados",
  dataQuality: "Qualidade dos dados",
  currentTechnologies: "Tecnologias e sistemas utilizados",
  techRestrictions: "Restrições tecnológicas ou de segurança",
  teamFamiliarity: "Familiaridade da equipe com IA",
  teamOpenness: "Abertura da equipe a mudanças",
  successIndicators: "Indicadores de sucesso",
  additionalInfo: "Informações adicionais",
  budget: "Orçamento estimado",
  timeline: "Prazo desejado",
} satisfies Record<string, string>;

/** A questionnaire answer's name (its schema, ~/lib/schemas/leads, has exactly these fields and the honeypot). */
export type BusinessOptimizationField = keyof typeof BUSINESS_OPTIMIZATION_LABELS;

export const BUSINESS_OPTIMIZATION_CHOICES: Partial<Record<BusinessOptimizationField, Choice[]>> = {
  companySize: COMPANY_SIZES,
  dataQuality: DATA_QUALITIES,
  teamFamiliarity: TEAM_FAMILIARITIES,
  budget: BUDGETS,
  timeline: TIMELINES,
};
