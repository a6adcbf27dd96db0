/**
 * The lead pipeline's vocabulary (browser-safe): which leads it holds, their stages, the one
 * mapping of consultation statuses onto stages, and the inbox's texts. Server logic lives in
 * app/domain/pipeline.server.ts (docs/decisions/0045-lead-pipeline.md).
 */
import type { ConsultationStatus } from "./lead-fields";

/** Sales leads, by URL segment. Newsletter subscribers and orders are not (decision 0045). */
export const PIPELINE_TYPES = ["contatos", "consultas", "conversas", "questionarios", "candidaturas", "reunioes"] as const;
export type PipelineType = (typeof PIPELINE_TYPES)[number];

export function isPipelineType(value: string | null | undefined): value is PipelineType {
  return PIPELINE_TYPES.includes(value as PipelineType);
}

export const PIPELINE_TYPE_INFO: Record<PipelineType, { label: string; plural: string; record: (id: number) => string }> = {
  contatos: { label: "Contato", plural: "Contatos", record: (id) => `/admin/leads/contatos/${id}` },
  consultas: { label: "Consultoria", plural: "Consultorias", record: (id) => `/admin/leads/consultas/${id}` },
  conversas: { label: "Conversa no chat", plural: "Conversas no chat", record: (id) => `/admin/conversas/${id}` },
  questionarios: { label: "Questionário", plural: "Questionários", record: (id) => `/admin/business-optimizations#formulario-${id}` },
  candidaturas: { label: "Candidatura", plural: "Candidaturas", record: (id) => `/admin/leads/candidaturas/${id}` },
  // A meeting booked at /agendar by someone who left no earlier lead (docs/decisions/0082).
  reunioes: { label: "Reunião agendada", plural: "Reuniões agendadas", record: (id) => `/admin/agenda/${id}` },
};

export const STAGES = [
  { value: "novo", label: "Novo" },
  { value: "em-contato", label: "Em contato" },
  { value: "proposta-enviada", label: "Proposta enviada" },
  { value: "ganho", label: "Ganho" },
  { value: "perdido", label: "Perdido" },
  { value: "descartado", label: "Descartado" },
] as const;
export type Stage = (typeof STAGES)[number]["value"];

/** Stages in which someone still has to act: follow-ups of the others are not 'due'. */
export const OPEN_STAGES: readonly Stage[] = ["novo", "em-contato", "proposta-enviada"];

export function isStage(value: string | null | undefined): value is Stage {
  return STAGES.some((s) => s.value === value);
}

export function stageLabel(value: string): string {
  return STAGES.find((s) => s.value === value)?.label ?? value;
}

/**
 * The one home of the mapping: the stage each consultation status stands for. A consultation
 * whose stage the admin never set shows this stage; once set, the stage is the admin's.
 */
export const STAGE_OF_CONSULTATION_STATUS: Record<ConsultationStatus, Stage> = {
  pending: "novo",
  contacted: "em-contato",
  scheduled: "em-contato",
  completed: "em-contato",
  canceled: "perdido",
};

/** The Brasília calendar day of an instant, as YYYY-MM-DD (follow-ups are days, not times). */
export function brasiliaDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** "25/11/2026" from "2026-11-25" (no time zone involved: it is a calendar day). */
export function formatDay(day: string | null | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}

/** The same normalisation in SQL: translate(name, ACCENTED_LETTERS, PLAIN_LETTERS), then lower(). */
export const ACCENTED_LETTERS = "ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ";
export const PLAIN_LETTERS = "AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn";

/**
 * Words of a name as the search compares them: lower case, accents removed, split on anything
 * that is not a letter or digit. The SQL side (pipeline.server.ts) normalises the same way.
 */
export function nameWords(value: string): string[] {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export const pipelineMessages = {
  title: "Funil de leads",
  description: "Todos os leads em um só lugar: etapa, anotações e data do próximo retorno.",
  searchLabel: "Buscar por nome ou email completo",
  searchHint: "Nome (palavras inteiras) ou o endereço de email completo",
  empty: "Nenhum lead encontrado.",
  emptyFiltered: "Nenhum lead corresponde aos filtros. Limpe os filtros para ver todos.",
  saved: "Alterações salvas.",
  nothingChanged: "Nada foi alterado.",
  noNotes: "Nenhuma anotação ainda.",
  notFound: "Lead não encontrado.",
  invalidStage: "Selecione uma etapa válida.",
  invalidDate: "Informe uma data válida (dd/mm/aaaa).",
  dateOutOfRange: "A data do retorno deve estar entre hoje menos um ano e daqui a dois anos.",
  noteTooLong: "A anotação pode ter no máximo 2000 caracteres.",
  invalidIntent: "Ação desconhecida.",
} as const;

export const NOTE_MAX_LENGTH = 2000;
