/**
 * What the privacy page (/admin/privacidade) may ask for, as one schema: each form posts an
 * `intent` and its own fields; the route's action reads them with `parseForm` (docs/decisions/0064)
 * and stays a plain dispatch.
 */
import { z } from "zod";
import type { FormReply } from "~/lib/forms";
import { privacyErrors } from "~/lib/messages/privacy";
import { subjectEmailSchema } from "./subject.server";

const id = z.coerce
  .number({ error: privacyErrors.notFound })
  .int(privacyErrors.notFound)
  .positive(privacyErrors.notFound)
  .max(Number.MAX_SAFE_INTEGER);

export const privacyForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("retention") }),
    z.object({ intent: z.literal("search"), subject: subjectEmailSchema }),
    // The corrected fields travel beside these; correctRecord checks them against CORRECTABLE.
    z.looseObject({ intent: z.literal("correct"), subject: subjectEmailSchema, table: z.string().catch(""), id }),
    z.object({ intent: z.literal("erase"), subject: subjectEmailSchema, confirm: z.string().catch("") }),
  ],
  { error: "Ação desconhecida." },
);

export type PrivacyIntent = z.infer<typeof privacyForm>;
export type IntentName = PrivacyIntent["intent"];

/**
 * A refused privacy form as the page shows it: an unknown action or a record that is gone is a
 * message for the whole page; a bad address is also said beside the e-mail field.
 */
export function privacyRefusal(reply: FormReply): { intent: IntentName; message: string; errors?: Record<string, string> } {
  const { errors, values } = reply;
  if (errors.intent) return { intent: "search", message: errors.intent };
  const intent = values.intent as IntentName;
  if (errors.id) return { intent, message: errors.id };
  return { intent, message: privacyErrors.invalidEmail, errors: { subject: privacyErrors.invalidEmail } };
}

/** The fields a correction form sent besides its own controls. */
export function correctedValues(value: Extract<PrivacyIntent, { intent: "correct" }>): Record<string, unknown> {
  const { intent: _intent, subject: _subject, table: _table, id: _id, ...values } = value;
  return values;
}
