/**
 * The admin's one form dialect (docs/decisions/0064), the part browser and server share.
 *
 * A form is a set of named text fields (`FormFields`: what a `<form>` posts, or what a dialog
 * submits from its state). One Zod schema per form reads them, in the browser before sending and
 * in the route's action after (`parseForm`, app/infra/forms.server.ts): the same fields, the same
 * rules, the same Portuguese messages. A refused form comes back as a `FormReply`: the message of
 * each field, the values as typed (a native post re-renders the form with them), and a message
 * for the whole form when there is one. The lead forms' pages answer the same shape
 * (docs/decisions/0002).
 */
import { fieldErrors } from "./form-errors";
import type { z } from "zod";

/** A form's fields as posted: name → text (files and repeated names are not part of the dialect). */
export type FormFields = Record<string, string>;

/** What an action answers for a form it refused (with a 4xx status). */
export interface FormReply {
  /** The first message of each field that failed, by field name (`_` for the form as a whole). */
  errors: Record<string, string>;
  /** The fields as they were sent, to show them again. */
  values: FormFields;
  /** A message about the whole form (a conflict, a record that is gone). */
  message?: string;
}

/** The reply's message when fields failed and nothing more specific was said. */
export const FORM_INVALID_MESSAGE = "Verifique os campos destacados.";

export type Validation<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** Reads fields with the form's schema: its value, or the message of each field that failed. */
export function validateForm<S extends z.ZodType>(schema: S, fields: FormFields): Validation<z.output<S>> {
  const result = schema.safeParse(fields);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
