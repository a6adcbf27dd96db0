/**
 * The lead pipeline's vocabulary (browser-safe): which leads it holds, their stages, the one
 * mapping of consultation statuses onto stages, and the inbox's texts. Server logic lives in
 * app/domain/pipeline.server.ts (docs/decisions/0045-lead-pipeline.md). A form's lead type is
 * declared in its folder and collected here (docs/decisions/0149).
 */
import { LEAD_FORMS } from "../forms/index";
import type { LeadTypeDeclaration } from "../forms/define";
import type { ConsultationStatus } from "./lead-fields";

/**
 * The site's lead types, by URL segment. Newsletter subscribers and orders are not leads (decision
 * 0045). Static, so code that handles one of them by name is checked; a form added as a folder has
 * a kind of its own, a `RegisteredType`, known at run time (`isPipelineType`).
 */
export type BuiltInType = "contatos" | "consultas" | "conversas" | "questionarios" | "candidaturas" | "reunioes";
/** A registered form's kind: a string `isPipelineType` checked against the registry below. */
export type RegisteredType = string & { readonly registeredLeadType: unique symbol };
export type PipelineType = BuiltInType | RegisteredType;

/** What the admin shows of a lead type; a form declares it in its folder (app/forms/define.ts). */
export type PipelineTypeInfo = Omit<LeadTypeDeclaration, "type" | "order">;

const BY_TYPE = new Map<string, LeadTypeDeclaration>();

/**
 * Every lead type in order (the inbox's filter, Análises' goals, the export's tables). It is the
 * forms' declarations (app/forms/{form}/definition.ts `lead`) and the one type that is no form's;
 * a form registered later (a test's folder, app/forms/index.server.ts) joins it then.
 */
export const PIPELINE_TYPES: readonly PipelineType[] = [];

/**
 * Adds a lead type to the pipeline, or replaces its declaration (docs/decisions/0149). The site's
 * forms are added below; app/forms/index.server.ts adds a folder registered later.
 */
export function registerLeadType(declaration: LeadTypeDeclaration): void {
  BY_TYPE.set(declaration.type, declaration);
  const sorted = [...BY_TYPE.values()]
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || a.type.localeCompare(b.type))
    .map((d) => d.type as PipelineType);
  (PIPELINE_TYPES as PipelineType[]).splice(0, PIPELINE_TYPES.length, ...sorted);
}

for (const form of LEAD_FORMS) if (form.lead) registerLeadType(form.lead);
// A meeting booked at /agendar by someone who left no earlier lead (docs/decisions/0082): no form's.
registerLeadType({
  type: "reunioes",
  label: "Reunião agendada",
  plural: "Reuniões agendadas",
  stages: "sales",
  audit: "booking",
  order: 60,
  elsewhere: { label: "Ver a reunião na agenda", href: (id) => `/admin/agenda/${id}` },
});

export function isPipelineType(value: string | null | undefined): value is PipelineType {
  return typeof value === "string" && BY_TYPE.has(value);
}

/**
 * A lead type's names, stages and audit name, also for a kind no declaration names (a stored lead
 * of a form no longer registered): shown by its kind rather than breaking the inbox.
 */
export function pipelineTypeInfo(type: string): PipelineTypeInfo {
  return BY_TYPE.get(type) ?? { label: type, plural: type, stages: "sales", audit: type };
}

/**
 * The one page of a lead (docs/decisions/0129-one-page-per-lead.md). The older record address
 * `/admin/leads/:type/:id` of contacts, consultations and applications redirects here.
 */
export function leadPagePath(type: PipelineType, id: number | string): string {
  return `/admin/leads/funil/${type}/${id}`;
}

/** The sales pipeline: contacts, consultations, chat conversations and questionnaires. */
export const SALES_STAGES = [
  { value: "novo", label: "Novo" },
  { value: "em-contato", label: "Em contato" },
  { value: "proposta-enviada", label: "Proposta enviada" },
  { value: "ganho", label: "Ganho" },
  { value: "perdido", label: "Perdido" },
  { value: "descartado", label: "Descartado" },
] as const;

/** Hiring: job applications are not sales (docs/decisions/0088). */
export const HIRING_STAGES = [
  { value: "recebida", label: "Recebida" },
  { value: "em-analise", label: "Em análise" },
  { value: "entrevista", label: "Entrevista" },
  { value: "contratada", label: "Contratada" },
  { value: "recusada", label: "Recusada" },
] as const;

/** Every stage of both pipelines (filters, labels, the CSV). */
export const STAGES = [...SALES_STAGES, ...HIRING_STAGES] as const;
export type Stage = (typeof STAGES)[number]["value"];
export type SalesStage = (typeof SALES_STAGES)[number]["value"];

/** The stages a lead of this type moves through. */
export function stagesOf(type: PipelineType): ReadonlyArray<{ value: Stage; label: string }> {
  return isHiring(type) ? HIRING_STAGES : SALES_STAGES;
}

/** Where a lead of this type starts (a lead without a pipeline row is here). */
export function firstStage(type: PipelineType): Stage {
  return isHiring(type) ? "recebida" : "novo";
}

/** Its leads are hires, not sales: no deal, hiring's stages (docs/decisions/0088, 0142). */
export function isHiring(type: PipelineType): boolean {
  return pipelineTypeInfo(type).stages === "hiring";
}

/** Stages in which someone still has to act: follow-ups of the others are not 'due'. */
export const OPEN_STAGES: readonly Stage[] = ["novo", "em-contato", "proposta-enviada", "recebida", "em-analise", "entrevista"];

export function isStage(value: string | null | undefined): value is Stage {
  return STAGES.some((s) => s.value === value);
}

export function stageLabel(value: string): string {
  return STAGES.find((s) => s.value === value)?.label ?? value;
}

/**
 * A consultation's status and its stage are one state (docs/decisions/0088): each status is one
 * sales stage and back. The status is what is stored (SPEC §3: 'pending' at first).
 */
export const STAGE_OF_CONSULTATION_STATUS: Record<ConsultationStatus, SalesStage> = {
  pending: "novo",
  contacted: "em-contato",
  proposal_sent: "proposta-enviada",
  won: "ganho",
  lost: "perdido",
  discarded: "descartado",
};

export const CONSULTATION_STATUS_OF_STAGE = Object.fromEntries(
  Object.entries(STAGE_OF_CONSULTATION_STATUS).map(([status, stage]) => [stage, status]),
) as Record<SalesStage, ConsultationStatus>;

/** The Brasília calendar day of an instant, as YYYY-MM-DD (follow-ups are days, not times). */
export function brasiliaDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** "25/11/2026" from "2026-11-25" (no time zone involved: it is a calendar day). */
export function formatDay(day: string | null | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}

export const pipelineMessages = {
  title: "Funil de leads",
  description: "Todos os leads em um só lugar: etapa, anotações e data do próximo retorno.",
  searchLabel: "Buscar por nome ou e-mail completo",
  searchHint: "Nome (palavras inteiras) ou o endereço de e-mail completo",
  empty: "Nenhum lead encontrado.",
  emptyFiltered: "Nenhum lead corresponde aos filtros. Limpe os filtros para ver todos.",
  saved: "Alterações salvas.",
  nothingChanged: "Nada foi alterado.",
  noNotes: "Nenhuma anotação ainda.",
  /** Written to the lead's history with the change (its notes and stage moves read as one story). */
  stageChanged: (from: string, to: string) => `Etapa alterada: ${from} → ${to}.`,
  notFound: "Lead não encontrado.",
  invalidStage: "Selecione uma etapa válida.",
  /** A stage of the other pipeline (an application is not a sale, a sale is not a hiring). */
  wrongPipeline: "Esta etapa não vale para este tipo de lead.",
  invalidDate: "Informe uma data válida (dd/mm/aaaa).",
  dateOutOfRange: "A data do retorno deve estar entre hoje menos um ano e daqui a dois anos.",
  noteTooLong: "A anotação pode ter no máximo 2000 caracteres.",
  invalidIntent: "Ação desconhecida.",
} as const;

export const NOTE_MAX_LENGTH = 2000;
