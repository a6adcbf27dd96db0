/**
 * A lead's tasks (docs/decisions/0146), shared by the lead's page and the server: the kinds with
 * their Portuguese labels, the add form's schema and messages. Due times are Brasília wall time in
 * the form (a datetime-local field) and instants in the database (app/lib/publishing.ts).
 */
import { z } from "zod";
import { brasiliaLocalToDate } from "./publishing";

export const TASK_KINDS = [
  { value: "ligar", label: "Ligar" },
  { value: "email", label: "Enviar e-mail" },
  { value: "proposta", label: "Enviar proposta" },
  { value: "outro", label: "Outro" },
] as const;
export type TaskKind = (typeof TASK_KINDS)[number]["value"];

export function taskKindLabel(kind: string): string {
  return TASK_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

export const TASK_TITLE_MAX_LENGTH = 200;
const DAY_MS = 86_400_000;

export const taskMessages = {
  heading: "Tarefas",
  description: "Ligações, e-mails e propostas a fazer, com lembrete por e-mail 1 dia e 1 hora antes.",
  empty: "Nenhuma tarefa ainda.",
  add: "Adicionar tarefa",
  adding: "Adicionando...",
  kind: "Tipo",
  title: "Descrição (opcional)",
  titleHint: "Em branco, a tarefa leva o nome do tipo.",
  dueAt: "Prazo (horário de Brasília)",
  complete: "Concluir",
  reopen: "Reabrir",
  overdue: "Atrasada",
  done: "Concluída",
  overdueMark: (n: number) => (n === 1 ? "1 tarefa atrasada" : `${n} tarefas atrasadas`),
  added: "Tarefa adicionada.",
  completed: "Tarefa concluída.",
  reopened: "Tarefa reaberta.",
  unchanged: "A tarefa já estava assim.",
  invalidKind: "Selecione um tipo de tarefa válido.",
  titleTooLong: `A descrição pode ter no máximo ${TASK_TITLE_MAX_LENGTH} caracteres.`,
  invalidDueAt: "Informe data e hora válidas para o prazo.",
  dueAtOutOfRange: "O prazo deve estar entre hoje menos um ano e daqui a dois anos.",
  notFound: "Tarefa não encontrada.",
} as const;

/** The add form: a kind, an optional title (the kind's label when empty) and the due time. */
export const taskAddSchema = z
  .object({
    taskKind: z.enum(TASK_KINDS.map((k) => k.value) as [TaskKind, ...TaskKind[]], taskMessages.invalidKind),
    taskTitle: z
      .string()
      .optional()
      .transform((v) => (v ?? "").replace(/\s+/g, " ").trim())
      .pipe(z.string().max(TASK_TITLE_MAX_LENGTH, taskMessages.titleTooLong)),
    taskDueAt: z
      .string(taskMessages.invalidDueAt)
      .trim()
      .transform((v, ctx) => {
        const at = brasiliaLocalToDate(v);
        if (!at) {
          ctx.addIssue({ code: "custom", message: taskMessages.invalidDueAt });
          return z.NEVER;
        }
        return at;
      })
      .refine((at) => at.getTime() > Date.now() - 366 * DAY_MS && at.getTime() < Date.now() + 731 * DAY_MS, taskMessages.dueAtOutOfRange),
  })
  .transform((v) => ({ kind: v.taskKind, title: v.taskTitle || taskKindLabel(v.taskKind), dueAt: v.taskDueAt }));
export type TaskAdd = z.output<typeof taskAddSchema>;

/** Complete or reopen one task of the lead. */
export const taskToggleSchema = z.object({
  taskId: z.coerce
    .number(taskMessages.notFound)
    .int(taskMessages.notFound)
    .positive(taskMessages.notFound)
    .max(2_147_483_647, taskMessages.notFound),
});

/** The lead page's intents for tasks (its own form's are the stage form's). */
export const TASK_INTENTS = ["tarefa-adicionar", "tarefa-concluir", "tarefa-reabrir"] as const;
export type TaskIntent = (typeof TASK_INTENTS)[number];
export const isTaskIntent = (v: unknown): v is TaskIntent => TASK_INTENTS.includes(v as TaskIntent);

/** What the lead's page says after a task form (the action's `?tarefa=`). */
export const TASK_OUTCOMES = {
  adicionada: taskMessages.added,
  concluida: taskMessages.completed,
  reaberta: taskMessages.reopened,
  igual: taskMessages.unchanged,
} as const;
export type TaskOutcome = keyof typeof TASK_OUTCOMES;
