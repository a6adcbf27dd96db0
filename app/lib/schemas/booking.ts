/**
 * What a booking accepts (the /agendar form and POST /api/booking share it) and the admin's
 * availability form (docs/decisions/0064 dialect). Portuguese messages; every text capped.
 */
import { z } from "zod";
import {
  type BookingQuestion,
  DEFAULT_CHANGE_CUTOFF_HOURS,
  MAX_BOOKING_QUESTIONS,
  QUESTION_LABEL_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_OPTIONS_MAX,
} from "../booking";
import { HONEYPOT_FIELD, LIMITS } from "../lead-fields";

z.config({ jitless: true });

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v == null ? "" : v),
    z.string({ error: "Valor inválido: envie um texto" }).max(max, `Use no máximo ${max} caracteres`),
  );

/** An instant as ISO 8601 with a zone (`Z` or an offset): the slot's start as the slots API gave it. */
export const instantSchema = z
  .string({ error: "Escolha um horário." })
  .trim()
  .min(1, "Escolha um horário.")
  .max(40, "Horário inválido.")
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
    "Horário inválido.",
  )
  .transform((v) => new Date(v));

export const bookingSchema = z.object({
  start: instantSchema,
  name: text(LIMITS.name).pipe(z.string().min(2, "Nome deve ter pelo menos 2 caracteres")),
  email: text(LIMITS.email).pipe(z.string().min(1, "Informe seu e-mail.").pipe(z.email("E-mail inválido"))),
  phone: text(LIMITS.phone).pipe(z.string().min(10, "Forneça um telefone válido com DDD")),
  company: text(LIMITS.company).pipe(z.string().min(1, "Informe o nome da empresa.")),
  message: text(1000).optional(),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});
export type BookingInput = z.output<typeof bookingSchema>;

/** A day of the slots API (YYYY-MM-DD). */
export const dayParamSchema = z
  .string({ error: "Informe a data no formato AAAA-MM-DD." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Informe a data no formato AAAA-MM-DD.")
  .refine((v) => {
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
  }, "Data inexistente.");

export const slotsQuerySchema = z
  .object({ from: dayParamSchema, to: dayParamSchema })
  .refine((q) => q.from <= q.to, { message: "A data final deve ser igual ou posterior à inicial.", path: ["to"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 92, {
    message: "Peça no máximo 93 dias de uma vez.",
    path: ["to"],
  });

/** A message to the visitor with an admin's cancel or reschedule (optional). */
export const visitorNoteSchema = text(1000).optional();

// ---------------------------------------------------------------- the admin's availability (/admin/agenda)
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const int = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string(message)
      .regex(/^\d{1,4}$/, message)
      .transform(Number)
      .pipe(z.number().int().min(min, message).max(max, message)),
  );

export const WEEKDAY_LABELS = [
  ["1", "Segunda-feira"],
  ["2", "Terça-feira"],
  ["3", "Quarta-feira"],
  ["4", "Quinta-feira"],
  ["5", "Sexta-feira"],
  ["6", "Sábado"],
  ["7", "Domingo"],
] as const;

const dayFields = Object.fromEntries(
  WEEKDAY_LABELS.flatMap(([d]) => [
    [`open${d}`, z.string().optional()],
    [`start${d}`, z.string().trim().optional()],
    [`end${d}`, z.string().trim().optional()],
  ]),
) as Record<string, z.ZodOptional<z.ZodString>>;

export const availabilityFormSchema = z
  .object({
    ...dayFields,
    durationMinutes: z.enum(["30", "45", "60"], "Escolha 30, 45 ou 60 minutos.").transform(Number),
    bufferBeforeMinutes: int(0, 120, "Use de 0 a 120 minutos."),
    bufferAfterMinutes: int(0, 120, "Use de 0 a 120 minutos."),
    minNoticeHours: int(0, 720, "Use de 0 a 720 horas."),
    horizonDays: int(1, 365, "Use de 1 a 365 dias."),
    // A form from before the field existed keeps the default (docs/decisions/0145).
    changeCutoffHours: z.preprocess((v) => v ?? String(DEFAULT_CHANGE_CUTOFF_HOURS), int(0, 168, "Use de 0 a 168 horas.")),
    // Empty (or absent): no confirmation (docs/decisions/0145).
    confirmBelowHours: z
      .string()
      .trim()
      .optional()
      .transform((v) => v ?? "")
      .pipe(z.union([z.literal(""), z.string().regex(/^\d{1,3}$/, "Use de 1 a 720 horas, ou deixe vazio.")]))
      .transform((v) => (v === "" ? null : Number(v)))
      .refine((v) => v === null || (v >= 1 && v <= 720), "Use de 1 a 720 horas, ou deixe vazio."),
    maxPerDay: z
      .string()
      .trim()
      .optional()
      .transform((v) => v ?? "")
      .pipe(z.union([z.literal(""), z.string().regex(/^\d{1,2}$/, "Use de 1 a 50 reuniões, ou deixe vazio.")]))
      .transform((v) => (v === "" ? null : Number(v)))
      .refine((v) => v === null || (v >= 1 && v <= 50), "Use de 1 a 50 reuniões, ou deixe vazio."),
    placeKind: z.enum(["video", "phone", "link-later"], "Escolha onde a reunião acontece."),
    placeDetail: z.string().trim().max(500, "Use no máximo 500 caracteres.").optional(),
  })
  .superRefine((v, ctx) => {
    const fields = v as unknown as Record<string, string | undefined>;
    for (const [d] of WEEKDAY_LABELS) {
      if (!fields[`open${d}`]) continue;
      const start = fields[`start${d}`] ?? "";
      const end = fields[`end${d}`] ?? "";
      if (!HOUR.test(start)) ctx.addIssue({ code: "custom", path: [`start${d}`], message: "Informe a hora no formato HH:MM." });
      else if (!HOUR.test(end)) ctx.addIssue({ code: "custom", path: [`end${d}`], message: "Informe a hora no formato HH:MM." });
      else if (end <= start) ctx.addIssue({ code: "custom", path: [`end${d}`], message: "O fim deve ser depois do início." });
    }
    if (v.placeKind === "video" && !/^https:\/\/\S+$/.test(v.placeDetail ?? "")) {
      ctx.addIssue({ code: "custom", path: ["placeDetail"], message: "Informe o link da sala (https://…)." });
    }
  });
export type AvailabilityForm = z.output<typeof availabilityFormSchema>;

export const exceptionFormSchema = z
  .object({
    day: dayParamSchema,
    kind: z.enum(["closed", "open"], "Escolha fechado ou aberto."),
    start: z.string().trim().optional(),
    end: z.string().trim().optional(),
    note: z.string().trim().max(200, "Use no máximo 200 caracteres.").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "open") return;
    if (!HOUR.test(v.start ?? "")) ctx.addIssue({ code: "custom", path: ["start"], message: "Informe a hora no formato HH:MM." });
    else if (!HOUR.test(v.end ?? "")) ctx.addIssue({ code: "custom", path: ["end"], message: "Informe a hora no formato HH:MM." });
    else if ((v.end ?? "") <= (v.start ?? "")) ctx.addIssue({ code: "custom", path: ["end"], message: "O fim deve ser depois do início." });
  });
export type ExceptionForm = z.output<typeof exceptionFormSchema>;

// ---------------------------------------------------------------- the booking form's questions (/admin/agenda)
const QUESTION_SLOTS = Array.from({ length: MAX_BOOKING_QUESTIONS }, (_, i) => i + 1);
const optionalField = z
  .string()
  .optional()
  .transform((v) => v ?? "");

/**
 * Three fixed slots (`label1`, `kind1`, `options1` one per line, `required1`…); an empty label is
 * no question. Output: the questions, in slot order, ids `q1`…`q3` (an answer keeps its slot).
 */
export const questionsFormSchema = z
  .object(
    Object.fromEntries(
      QUESTION_SLOTS.flatMap((n) => [
        [`label${n}`, optionalField],
        [`kind${n}`, optionalField],
        [`options${n}`, optionalField],
        [`required${n}`, optionalField],
      ]),
    ) as Record<string, typeof optionalField>,
  )
  .superRefine((v, ctx) => {
    for (const n of QUESTION_SLOTS) {
      const label = v[`label${n}`]!.trim();
      if (!label) continue;
      if (label.length > QUESTION_LABEL_MAX) {
        ctx.addIssue({ code: "custom", path: [`label${n}`], message: `Use no máximo ${QUESTION_LABEL_MAX} caracteres.` });
      }
      const kind = v[`kind${n}`];
      if (kind !== "text" && kind !== "choice") {
        ctx.addIssue({ code: "custom", path: [`kind${n}`], message: "Escolha o tipo de resposta." });
        continue;
      }
      if (kind !== "choice") continue;
      const options = optionLines(v[`options${n}`]!);
      if (options.length < 2 || options.length > QUESTION_OPTIONS_MAX) {
        ctx.addIssue({
          code: "custom",
          path: [`options${n}`],
          message: `Escreva de 2 a ${QUESTION_OPTIONS_MAX} opções, uma por linha.`,
        });
      } else if (options.some((o) => o.length > QUESTION_OPTION_MAX)) {
        ctx.addIssue({ code: "custom", path: [`options${n}`], message: `Cada opção tem no máximo ${QUESTION_OPTION_MAX} caracteres.` });
      }
    }
  })
  .transform((v): BookingQuestion[] =>
    QUESTION_SLOTS.flatMap((n) => {
      const label = v[`label${n}`]!.trim();
      if (!label) return [];
      const kind = v[`kind${n}`] === "choice" ? "choice" : "text";
      return [
        {
          id: `q${n}`,
          label,
          kind,
          options: kind === "choice" ? optionLines(v[`options${n}`]!) : [],
          required: Boolean(v[`required${n}`]),
        },
      ];
    }),
  );

/** One option per line, trimmed, blank lines and repeats dropped. */
function optionLines(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}
