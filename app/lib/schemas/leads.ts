/**
 * The lead forms' shared field kinds (SPEC §5): each form's schema (app/forms/{name}/schema.ts),
 * shared by its browser form and its API route so both answer with the same Portuguese messages,
 * is built from these. Every text has a length cap; `website` is the honeypot every form carries
 * (hidden from people, filled by bots) and must stay empty.
 */
import { z } from "zod";
import { type Choice, CONSULTATION_STATUSES, type ConsultationStatus, HONEYPOT_FIELD, LIMITS } from "../lead-fields";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

// The zod-free half (limits, the honeypot's name) lives in ~/lib/lead-fields so pages can use it
// without shipping zod.

export const tooLong = (max: number) => `Use no máximo ${max} caracteres`;

/** Trimmed text (non-strings become "" so the required/empty checks speak Portuguese). */
export const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v == null ? "" : v),
    z.string({ error: "Valor inválido: envie um texto" }).max(max, tooLong(max)),
  );

export const required = (message: string, max: number) => text(max).pipe(z.string().min(1, message));

export const email = (requiredMessage = "Email é obrigatório", invalidMessage = "Email inválido") =>
  text(LIMITS.email).pipe(z.string().min(1, requiredMessage).pipe(z.email(invalidMessage)));

/** Optional URL: empty is allowed; otherwise http(s) only (a `javascript:` link never reaches the admin). */
export const optionalUrl = (message: string) =>
  text(LIMITS.url).pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, error: message })]));

/** Honeypot: checked by the server before anything else; kept here so the browser forms send it. */
export const honeypot = { [HONEYPOT_FIELD]: z.unknown().optional() };

// ---------------------------------------------------------------- consultation requests (dialog)
export const consultationStatusSchema = z.object({
  status: z.enum(CONSULTATION_STATUSES.map((s) => s.value) as [ConsultationStatus, ...ConsultationStatus[]], "Status inválido"),
});

// ---------------------------------------------------------------- choice fields (the questionnaire's, app/forms/questionnaire/)

/** One of `choices`' values, or empty. */
export const choice = (choices: Choice[]) =>
  text(40).pipe(z.string().refine((v) => v === "" || choices.some((c) => c.value === v), "Selecione uma opção válida"));
