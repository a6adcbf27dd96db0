/**
 * Field rules the admin's forms share (docs/decisions/0064): what a posted checkbox, a hidden
 * record id or a "which button" field looks like as text.
 */
import { z } from "zod";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

/** A checkbox: "on" (a browser's default value) or "true" when ticked, absent when not. */
export const checkbox = () =>
  z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true");

/** A record's id in a hidden field: a positive integer PostgreSQL can hold. */
export const recordId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message).max(2_147_483_647, message));

/** "true" or "false", as a switch posts its new state. */
export const booleanText = (message: string) => z.enum(["true", "false"], { error: message }).transform((v) => v === "true");

/** A list's page number from the address: a positive integer, 1 when missing or malformed. */
export const pageNumber = () => z.coerce.number().int().positive().max(99_999).catch(1);
