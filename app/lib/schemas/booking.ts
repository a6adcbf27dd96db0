/**
 * What a booking accepts (the /agendar form and POST /api/booking share it) and the admin's
 * availability form (docs/decisions/0064 dialect). Portuguese messages; every text capped.
 */
import { z } from "zod";
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
