/**
 * Browser helpers shared by the lead forms: the SPEC §7 request rules (JSON, credentials, the
 * server's message or the status text on failure), reading a form, the submit state, and the
 * honeypot field.
 *
 * The forms are `noValidate` from the first paint: their messages are always ours (SPEC §5, in
 * Portuguese), from the shared Zod schema in the browser once hydrated, and from the server's
 * page (app/routes/enviar.$form.tsx) for a submit made before that or without JavaScript. Browser
 * bubbles would speak the browser's language and could not show the spec's texts.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { callApi } from "~/lib/api-client";
import { fieldErrors } from "~/lib/form-errors";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD, PROOF_FIELD } from "~/lib/lead-fields";
import { useSiteConfig } from "~/lib/site-config";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER } from "~/shell/early/idempotency-key";
import type { z } from "zod";

export interface SendResult<T = unknown> {
  ok: boolean;
  status: number;
  /** Parsed JSON body, when there is one. */
  json: T | undefined;
  /** Failure text: the server's `message` (or `error`) field, or the HTTP status text. */
  message: string;
  errors?: Record<string, string>;
}

/**
 * POST JSON to our own server (through the one API client). Network failures throw (TypeError
 * "Failed to fetch"). With an idempotency key, a retry of the same submission is answered
 * without storing it again.
 */
export async function sendJson<T = Record<string, unknown>>(url: string, body: unknown, idempotencyKey?: string): Promise<SendResult<T>> {
  const answer = await callApi(url, { json: body, headers: idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {} });
  return { ok: answer.ok, status: answer.status, json: answer.body as T | undefined, message: answer.message, errors: answer.errors };
}

/**
 * POST as multipart (a form with a file, docs/decisions/0093): the same answer as `sendJson`. Text
 * values are sent as fields, a Blob as a file.
 */
export async function sendForm<T = Record<string, unknown>>(
  url: string,
  body: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<SendResult<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : "arquivo");
    else if (value !== undefined && value !== null) form.append(key, String(value));
  }
  const answer = await callApi(url, { form, headers: idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {} });
  return { ok: answer.ok, status: answer.status, json: answer.body as T | undefined, message: answer.message, errors: answer.errors };
}

/** The form's text fields as an object (the honeypot included, so the server can check it). */
export function readForm(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries()) {
    if (typeof value === "string" && key !== IDEMPOTENCY_FIELD) values[key] = value;
  }
  return values;
}

/**
 * The form's idempotency key: filled by the early script when the form is submitted (see
 * app/shell/early/idempotency-key.ts), or here if that script did not run. It stays until the submission
 * succeeds, so a retry after a failed answer is recognised by the server.
 */
function idempotencyKey(form: HTMLFormElement): { value: string; clear: () => void } {
  const input = form.elements.namedItem(IDEMPOTENCY_FIELD) as HTMLInputElement | null;
  const value = input?.value || crypto.randomUUID();
  if (input) input.value = value;
  return { value, clear: () => input && (input.value = "") };
}

/** Errors and submitted values a form starts with (a post made without JavaScript that failed). */
export interface FormState {
  errors: Record<string, string>;
  values: Record<string, string>;
}

export const EMPTY_FORM_STATE: FormState = { errors: {}, values: {} };

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/**
 * Validates with the form's shared Zod schema, loaded on first use (a form's definition loads its
 * schema with a dynamic import): zod stays out of the pages' first load (the footer newsletter form
 * is on every page).
 */
export async function validate<S extends z.ZodType>(load: () => Promise<S>, values: unknown): Promise<ValidationResult<z.infer<S>>> {
  const schema = await load();
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>): void {
  if (!form) return;
  const first = Object.keys(errors)[0];
  if (!first) return;
  const field = form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`);
  field?.focus();
}

/** Why a submission failed: `status` when the server's answer was refused, none when sending threw. */
export interface LeadFailure {
  status?: number;
  message: string;
  /** The server's field errors, already shown beside their fields (the first one focused). */
  errors?: Record<string, string>;
}

/**
 * The submit cycle every lead form shares: validate (errors shown, focus on the first), send,
 * show the server's field errors, reset the form on success. The form itself says how to send
 * and what to announce.
 */
export function useLeadForm(initial: FormState = EMPTY_FORM_STATE) {
  const [form, setForm] = useState<FormState>(initial);
  const [submitting, setSubmitting] = useState(false);
  const errors = form.errors;

  const setErrors = useCallback(
    (next: Record<string, string> | ((prev: Record<string, string>) => Record<string, string>)) =>
      setForm((prev) => ({ ...prev, errors: typeof next === "function" ? next(prev.errors) : next })),
    [],
  );

  function clearError(name: string) {
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  async function run<S extends z.ZodType, T>(
    event: FormEvent<HTMLFormElement>,
    steps: {
      /** Loads the form's schema (its definition's `schema`, or one beside it). */
      schema: () => Promise<S>;
      /** What to validate, from the form's fields (default: the fields themselves). */
      values?: (fields: Record<string, string>) => unknown;
      /** May throw: a network error, or an answer the form does not accept. */
      send: (data: z.infer<S>, idempotencyKey: string) => Promise<SendResult<T>>;
      /** After the form has been reset. */
      onSuccess: (result: SendResult<T>) => void;
      onFailure: (failure: LeadFailure) => void;
    },
  ) {
    // A `formmethod="dialog"` button (the dialog's 'Cancelar') closes its dialog: not a send.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.formMethod === "dialog") return;
    event.preventDefault();
    const element = event.currentTarget;
    const fields = readForm(element);
    const checked = await validate(steps.schema, steps.values ? steps.values(fields) : fields);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(element, checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const key = idempotencyKey(element);
    try {
      // The proof of work (docs/decisions/0090): without one in time, the form posts natively.
      const pow = await import("./proof-of-work");
      const proof = await pow.proofFor(element);
      if (!proof) return pow.postNatively(element);
      const result = await steps.send(Object.assign({}, checked.data, { [PROOF_FIELD]: proof }) as z.infer<S>, key.value);
      if (!result.ok) {
        if (result.errors) {
          setErrors(result.errors);
          focusFirstError(element, result.errors);
        }
        steps.onFailure({ status: result.status, message: result.message, errors: result.errors });
        return;
      }
      element.reset();
      key.clear(); // the next submission is a new one
      pow.spendProof(element, true);
      setForm(EMPTY_FORM_STATE);
      steps.onSuccess(result);
    } catch (error) {
      steps.onFailure({ message: error instanceof Error ? error.message : "" });
    } finally {
      setSubmitting(false);
    }
  }

  return { form, errors, setErrors, clearError, submitting, run };
}

/**
 * The spam checks' fields (docs/decisions/0090): the honeypot, hidden from people and assistive
 * technology (bots that fill every field reveal themselves), the signed time the form was
 * rendered, and the proof of work, which the form's island starts solving as soon as it wakes
 * (the form was started) and writes here.
 */
export function Honeypot({ stamp }: { stamp?: string } = {}) {
  const { formStamp: rendered } = useSiteConfig();
  // A form shown again after a refused post keeps the time it was first opened.
  const formStamp = stamp || rendered;
  const proof = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = proof.current?.form;
    if (form) void import("./proof-of-work").then((pow) => pow.prepareProof(form));
  }, []);
  return (
    // Inert: never focused, not even by a <dialog> opening on its first focusable field (decision 0031).
    <div aria-hidden="true" inert className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Deixe este campo em branco
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
      <input type="hidden" name={FORM_STAMP_FIELD} defaultValue={formStamp ?? ""} />
      <input type="hidden" name={PROOF_FIELD} defaultValue="" ref={proof} />
    </div>
  );
}

/** Where the confirmation page of a post made without JavaScript links back to (own paths only). */
export function ReturnTo({ path }: { path: string }) {
  return <input type="hidden" name="returnTo" value={path} />;
}

/** Hidden field for the submission's idempotency key (filled at submit time). */
export function IdempotencyField() {
  return <input type="hidden" name={IDEMPOTENCY_FIELD} defaultValue="" />;
}
