/**
 * Who gets a newsletter edition (docs/decisions/0131), browser-safe: every confirmed subscriber,
 * those who chose a topic (a blog category), or those whose address is a lead's at a stage of the
 * pipeline. Written `todos`, `tema:{category id}` or `etapa:{stage}` in forms; stored as null
 * (everyone) or the same text in `newsletter_editions.segment`.
 */
import { HIRING_STAGES, isStage, SALES_STAGES, type Stage } from "./pipeline";

export type Segment = { kind: "all" } | { kind: "topic"; categoryId: number } | { kind: "stage"; stage: Stage };

export const ALL_SUBSCRIBERS = "todos";

/** The segment a form or a stored edition names; null when the text names none. */
export function parseSegment(value: string | null | undefined): Segment | null {
  if (value === null || value === undefined || value === "" || value === ALL_SUBSCRIBERS) return { kind: "all" };
  const topic = /^tema:([1-9]\d{0,9})$/.exec(value);
  if (topic) return { kind: "topic", categoryId: Number(topic[1]) };
  const stage = /^etapa:([a-z-]{1,40})$/.exec(value);
  if (stage && isStage(stage[1])) return { kind: "stage", stage: stage[1] };
  return null;
}

/** The form's value of a segment. */
export function segmentValue(segment: Segment): string {
  if (segment.kind === "topic") return `tema:${segment.categoryId}`;
  if (segment.kind === "stage") return `etapa:${segment.stage}`;
  return ALL_SUBSCRIBERS;
}

/** What the edition row stores: null for everyone. */
export function storedSegment(segment: Segment): string | null {
  return segment.kind === "all" ? null : segmentValue(segment);
}

export interface SegmentOption {
  value: string;
  label: string;
  /** Confirmed subscribers it reaches now. */
  count: number;
}

export interface SegmentGroup {
  label: string | null;
  options: SegmentOption[];
}

export const segmentText = {
  legend: "Quem recebe",
  all: "Todos os assinantes confirmados",
  byTopic: "Por interesse (temas escolhidos pelo assinante)",
  bySalesStage: "Por etapa do funil de vendas",
  byHiringStage: "Por etapa do processo seletivo",
  topic: (name: string) => `Interesse: ${name}`,
  stage: (label: string) => `Etapa: ${label}`,
  deletedTopic: "Interesse: tema excluído",
  option: (label: string, count: number) => `${label} (${count.toLocaleString("pt-BR")})`,
  reach: (count: number) =>
    count === 0
      ? "Nenhum assinante confirmado neste público: o envio não alcançaria ninguém."
      : count === 1
        ? "Este envio alcança 1 assinante confirmado."
        : `Este envio alcança ${count.toLocaleString("pt-BR")} assinantes confirmados.`,
  chosen: (label: string) => `Público: ${label}`,
  invalid: "Escolha um público da lista.",
} as const;

/** The groups of the segment menu, with how many each reaches. */
export function segmentGroups(all: number, topics: SegmentOption[], stages: Record<string, number>): SegmentGroup[] {
  const stageOptions = (list: ReadonlyArray<{ value: Stage; label: string }>) =>
    list.map((s) => ({ value: `etapa:${s.value}`, label: segmentText.stage(s.label), count: stages[s.value] ?? 0 }));
  return [
    { label: null, options: [{ value: ALL_SUBSCRIBERS, label: segmentText.all, count: all }] },
    ...(topics.length ? [{ label: segmentText.byTopic, options: topics }] : []),
    { label: segmentText.bySalesStage, options: stageOptions(SALES_STAGES) },
    { label: segmentText.byHiringStage, options: stageOptions(HIRING_STAGES) },
  ];
}
