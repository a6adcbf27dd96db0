/**
 * The admin's one form dialect (docs/decisions/0064), server side. An action reads its form with
 * `parseForm(request, schema)` (never field by field), and answers a refusal with `formError`:
 * a 4xx whose body is a `FormReply` (the messages by field and the typed values), which the page
 * shows beside the fields, with or without JavaScript. A refusal a domain function throws
 * (`fail(409, …)`) becomes the same reply with `refusedForm`.
 */
import { data } from "react-router";
import { FORM_INVALID_MESSAGE, validateForm, type FormFields, type FormReply } from "~/lib/forms";
import { fail, refusalOf } from "./http.server";
import type { z } from "zod";

const NO_STORE = { "Cache-Control": "no-store" };
const NUL_MESSAGE = "O conteúdo enviado contém caracteres inválidos.";

/** A posted form's text fields (url-encoded or multipart); PostgreSQL cannot store U+0000: a 400. */
export async function readForm(request: Request): Promise<FormFields> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw fail(400, "Não foi possível ler o formulário enviado.");
  }
  const fields: FormFields = Object.create(null);
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (value.includes("\0")) throw fail(400, NUL_MESSAGE);
    fields[name] = value;
  }
  return fields;
}

export type Submission<T> = { ok: true; value: T; fields: FormFields } | { ok: false; reply: FormReply };

/** Reads `fields` (or the request's form) with the form's schema. */
export async function parseForm<S extends z.ZodType>(source: Request | FormFields, schema: S): Promise<Submission<z.output<S>>> {
  const fields = source instanceof Request ? await readForm(source) : source;
  const checked = validateForm(schema, fields);
  if (checked.ok) return { ok: true, value: checked.value, fields };
  return { ok: false, reply: { errors: checked.errors, values: fields, message: FORM_INVALID_MESSAGE } };
}

/**
 * The answer to a refused form: its reply (the messages by field, and usually the values; a page
 * may add what else it shows), with a 4xx status, never stored by a cache.
 */
export function formError<R extends { errors?: Record<string, string> }>(reply: R, status = 400) {
  return data(reply, { status, headers: NO_STORE });
}

/**
 * A refusal thrown by a domain function (`fail(4xx, message, errors)`) as the form's reply and
 * status; undefined for anything else (a bug, an outage), which the caller throws on.
 */
export async function refusedForm(error: unknown, values: FormFields): Promise<{ reply: FormReply; status: number } | undefined> {
  const refusal = await refusalOf(error);
  if (!refusal) return undefined;
  return { reply: { errors: refusal.errors ?? {}, values, message: refusal.message }, status: refusal.status };
}

/**
 * A GET form's fields (a list's search box, its page): the address's query read with the form's
 * schema. Such schemas fall back (`.catch`) rather than refuse: a bad page number is page 1.
 */
export function queryOf<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}
