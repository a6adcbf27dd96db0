/**
 * The questionnaire's zod-free facts: its answers' names and labels, in page order, and the
 * choice lists of SPEC §3. The page, the schema (./schema.ts), the stored notification and the
 * admin read them; relative imports, like ./definition.ts.
 */
import type { Choice } from "../../lib/lead-fields";

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

/** A questionnaire answer's name (its schema, ./schema.ts, has exactly these fields and the honeypot). */
export type BusinessOptimizationField = keyof typeof BUSINESS_OPTIMIZATION_LABELS;

export const BUSINESS_OPTIMIZATION_CHOICES: Partial<Record<BusinessOptimizationField, Choice[]>> = {
  companySize: COMPANY_SIZES,
  dataQuality: DATA_QUALITIES,
  teamFamiliarity: TEAM_FAMILIARITIES,
  budget: BUDGETS,
  timeline: TIMELINES,
};
