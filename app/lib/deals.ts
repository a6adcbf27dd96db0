/**
 * Deals (browser-safe): a sales lead's value in BRL cents, its expected close day, the stage
 * probabilities and their defaults, the money format and the board's texts. Server logic:
 * app/domain/deals.server.ts (docs/decisions/0142-deals-value-and-stage-probability.md).
 */
import { SALES_STAGES, type SalesStage } from "./pipeline";

/** The sales stages, in board order: one column each (hiring stages are not deals, docs/decisions/0088). */
export const DEAL_STAGES: readonly SalesStage[] = SALES_STAGES.map((s) => s.value);

/** Deals still in play: the weighted figures count only these (won, lost and discarded are closed). */
export const OPEN_DEAL_STAGES: readonly SalesStage[] = ["novo", "em-contato", "proposta-enviada"];

export function isDealStage(value: unknown): value is SalesStage {
  return DEAL_STAGES.includes(value as SalesStage);
}

/** A stage's chance of closing, in whole percent, until the admin sets its own (stage_probabilities). */
export const DEFAULT_PROBABILITIES: Record<SalesStage, number> = {
  novo: 10,
  "em-contato": 25,
  "proposta-enviada": 60,
  ganho: 100,
  perdido: 0,
  descartado: 0,
};

/** R$ 100 milhões: above it a value is a typo (the column's check allows up to R$ 1 bilhão). */
export const MAX_VALUE_CENTS = 10_000_000_000;
export const LOST_REASON_MAX_LENGTH = 500;
/** Cards each column shows; its totals always count every lead of the stage. */
export const BOARD_CARDS_PER_STAGE = 20;

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
/** "R$ 12.345,67" from 1234567 (a weighted figure may have a fraction of a cent: rounded here only). */
export function formatBRL(cents: number): string {
  return brl.format(Math.round(cents) / 100).replace(/\u00a0/g, " ");
}

const brlCompact = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact", maximumFractionDigits: 2 });
/** For a board column's narrow totals: "R$ 3,14 bi", "R$ 1,18 mi" from R$ 1 milhão on, the exact amount below it. */
export function formatBRLShort(cents: number): string {
  return Math.abs(cents) >= 100_000_000 ? brlCompact.format(cents / 100).replace(/\u00a0/g, " ") : formatBRL(cents);
}

/** "12.345,67" (for the input's value) from cents; "" for none. */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/**
 * What the admin typed as an amount, in cents: "12.345,67", "12345,67", "R$ 1.000", "1000.50".
 * A comma is the decimal mark (dots are then thousands); without a comma, dots in groups of three
 * are thousands ("1.000") and a single dot with one or two digits after it is the decimal mark.
 * null for empty; NaN for what is not an amount; a negative amount comes back negative.
 */
export function parseBRL(input: string): number | null {
  let text = input.replace(/R\$|\s/gi, "");
  if (text === "") return null;
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1);
  let normalized: string;
  if (text.includes(",")) {
    if (!/^\d{1,3}(\.\d{3})*,\d{0,2}$|^\d+,\d{0,2}$/.test(text)) return NaN;
    normalized = text.replace(/\./g, "").replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text)) {
    normalized = text.replace(/\./g, "");
  } else if (/^\d+(\.\d{1,2})?$/.test(text)) {
    normalized = text;
  } else {
    return NaN;
  }
  const [whole, fraction = ""] = normalized.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0") || "0");
  return negative ? -cents : cents;
}

/**
 * What a stage move does to the deal's closing: 'ganho' and 'perdido' record when (a move between
 * them too); any other stage clears it. Undefined: leave it as it is (no move).
 */
export function closingOnMove(from: string, to: string, now: Date = new Date()): Date | null | undefined {
  if (from === to) return undefined;
  return to === "ganho" || to === "perdido" ? now : null;
}

export const dealMessages = {
  boardTitle: "Negócios",
  boardDescription: "O funil de vendas por etapa: quantos negócios, quanto valem e o valor ponderado pela probabilidade de cada etapa.",
  valueLabel: "Valor do negócio (R$)",
  valueHint: "Em reais, por exemplo 12.500,00. Deixe em branco se ainda não há estimativa.",
  expectedCloseLabel: "Previsão de fechamento",
  lostReasonLabel: "Motivo da perda",
  lostReasonHint: "Obrigatório ao marcar como Perdido.",
  invalidValue: "Informe um valor válido em reais, por exemplo 12.500,00.",
  negativeValue: "O valor não pode ser negativo.",
  valueTooLarge: "O valor pode ser no máximo R$ 100.000.000,00.",
  invalidDate: "Informe uma data válida (dd/mm/aaaa).",
  dateOutOfRange: "A previsão de fechamento deve estar entre dez anos atrás e dez anos à frente.",
  lostReasonRequired: "Informe o motivo da perda.",
  lostReasonTooLong: `O motivo pode ter no máximo ${LOST_REASON_MAX_LENGTH} caracteres.`,
  notADeal: "Esta etapa não vale para este tipo de lead.",
  invalidProbability: "Informe um número inteiro de 0 a 100.",
  dealSaved: "Negócio salvo.",
  probabilitiesSaved: "Probabilidades salvas.",
  /** The note that keeps the reason in the lead's history (erased with the lead, unlike the audit log). */
  lostReasonNote: (reason: string) => `Motivo da perda: ${reason}`,
  moved: (name: string, stage: string) => `${name} movido para ${stage}.`,
  moveFailed: (name: string) => `Não foi possível mover ${name}. Tente novamente.`,
  keyboardHint: "Setas para a esquerda e para a direita mudam a etapa.",
  edge: (name: string, stage: string) => `${name} já está em ${stage}.`,
} as const;
