/**
 * What the privacy page (/admin/privacidade) may ask for, as one schema: each form posts an
 * `intent` and its own fields. Parsing here keeps the route's action a plain dispatch.
 */
import { z } from "zod";
import { privacyErrors } from "~/lib/messages/privacy";
import { subjectEmailSchema } from "./subject.server";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retention") }),
  z.object({ intent: z.literal("search"), subject: subjectEmailSchema }),
  // The corrected fields travel beside these; correctRecord checks them against CORRECTABLE.
  z.looseObject({ intent: z.literal("correct"), subject: subjectEmailSchema, table: z.string().catch(""), id }),
  z.object({ intent: z.literal("erase"), subject: subjectEmailSchema, confirm: z.string().catch("") }),
]);

export type PrivacyIntent = z.infer<typeof intentSchema>;
export type IntentName = PrivacyIntent["intent"];

export type ParsedIntent =
  { ok: true; value: PrivacyIntent } | { ok: false; intent: IntentName; message: string; errors?: Record<string, string> };

export function parsePrivacyIntent(body: Record<string, unknown>): ParsedIntent {
  const parsed = intentSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const field = parsed.error.issues[0]?.path[0];
  const intent = body.intent as IntentName;
  if (field === "intent") return { ok: false, intent: "search", message: "Ação desconhecida." };
  if (field === "id") return { ok: false, intent, message: privacyErrors.notFound };
  return { ok: false, intent, message: privacyErrors.invalidEmail, errors: { subject: privacyErrors.invalidEmail } };
}

/** The fields a correction form sent besides its own controls. */
export function correctedValues(value: Extract<PrivacyIntent, { intent: "correct" }>): Record<string, unknown> {
  const { intent: _intent, subject: _subject, table: _table, id: _id, ...values } = value;
  return values;
}
