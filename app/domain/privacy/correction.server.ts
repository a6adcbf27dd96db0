/**
 * Correction of a data subject's identifying fields by the admin (LGPD art. 18, III), with the
 * same length limits as the forms that collected them (LIMITS).
 */
import { eq, getTableName } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/driver.server";
import { bookings, chatSessions, leads, newsletterSubscribers, orders, subscriptions } from "~/db/schema";
import { LIMITS } from "~/lib/lead-fields";
import { FIELD_LABELS, privacyErrors } from "~/lib/messages/privacy";
import { recordAudit } from "../audit.server";
import type { Actor } from "./subject.server";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

type FieldKind = "text" | "email" | "phone";
interface FieldSpec {
  kind: FieldKind;
  required: boolean;
  max: number;
}

const NAME = { kind: "text", required: true, max: LIMITS.name } as const;
const COMPANY = { kind: "text", required: true, max: LIMITS.company } as const;
const EMAIL = { kind: "email", required: true, max: LIMITS.email } as const;
const PHONE = { kind: "phone", required: true, max: LIMITS.phone } as const;
const optional = <T extends FieldSpec>(spec: T): FieldSpec => ({ ...spec, required: false });

/** Which fields of which table an admin may correct (the identifying ones). */
export const CORRECTABLE = {
  // Every lead's common columns (docs/decisions/0135): what a form requires is checked by the form,
  // a correction only keeps them within its limits (an application has no company, a chat no name).
  leads: {
    table: leads,
    fields: { name: optional(NAME), company: optional(COMPANY), email: optional(EMAIL), phone: optional(PHONE) },
  },
  newsletterSubscribers: { table: newsletterSubscribers, fields: { email: EMAIL } },
  chatSessions: { table: chatSessions, fields: { email: optional(EMAIL), phone: optional(PHONE), company: optional(COMPANY) } },
  bookings: { table: bookings, fields: { name: NAME, company: COMPANY, email: EMAIL, phone: PHONE } },
  orders: { table: orders, fields: { customerName: optional(NAME), customerEmail: optional(EMAIL) } },
  subscriptions: { table: subscriptions, fields: { customerEmail: optional(EMAIL) } },
} satisfies Record<string, { table: PgTable; fields: Record<string, FieldSpec> }>;

export type CorrectableTable = keyof typeof CORRECTABLE;

/** Field names per correctable table, for the browser form. */
export function correctableFields(): Record<CorrectableTable, string[]> {
  return Object.fromEntries(Object.entries(CORRECTABLE).map(([k, v]) => [k, Object.keys(v.fields)])) as Record<CorrectableTable, string[]>;
}

export type CorrectionResult = { ok: true; changed: string[] } | { ok: false; message: string; errors?: Record<string, string> };

export async function correctRecord(
  input: { table: string; id: number; values: Record<string, unknown> },
  actor: Actor,
): Promise<CorrectionResult> {
  if (!Object.hasOwn(CORRECTABLE, input.table)) return { ok: false, message: privacyErrors.notFound };
  const tableKey = input.table as CorrectableTable;
  const spec = CORRECTABLE[tableKey];
  const fields = spec.fields as Record<string, FieldSpec>;

  const update: Record<string, string | null> = {};
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(fields)) {
    if (!(field in input.values)) continue;
    const raw = input.values[field];
    const value = typeof raw === "string" ? raw.trim() : "";
    const label = FIELD_LABELS[field] ?? field;
    if (!value) {
      if (rule.required) errors[field] = privacyErrors.required(label);
      else update[field] = null;
      continue;
    }
    if (value.length > rule.max) errors[field] = privacyErrors.tooLong(rule.max);
    else if (rule.kind === "email" && !z.email().safeParse(value).success) errors[field] = privacyErrors.invalidEmail;
    else update[field] = rule.kind === "email" ? value.toLowerCase() : value;
  }
  const [firstError] = Object.values(errors);
  if (firstError !== undefined) return { ok: false, message: firstError, errors };

  const table = spec.table as PgTable & { id: AnyPgColumn };
  const [current] = (await db().select().from(table).where(eq(table.id, input.id))) as Record<string, unknown>[];
  if (!current) return { ok: false, message: privacyErrors.notFound };
  const changed = Object.keys(update).filter((k) => (current[k] ?? null) !== update[k]);
  if (!changed.length) return { ok: false, message: privacyErrors.nothingToChange };

  const set = Object.fromEntries(changed.map((k) => [k, update[k]]));
  if ("updatedAt" in current) set.updatedAt = new Date() as never;
  try {
    await db().transaction(async (tx) => {
      await tx
        .update(table)
        .set(set as never)
        .where(eq(table.id, input.id));
      // Values are personal data: the audit row names the fields, never their contents.
      await recordAudit(
        {
          actor: actor.username,
          action: "privacy.correct",
          target: `${getTableName(table)}:${input.id}`,
          details: { fields: changed },
          ip: actor.ip,
        },
        tx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { ok: false, message: privacyErrors.newsletterTaken, errors: { email: privacyErrors.newsletterTaken } };
    throw error;
  }
  return { ok: true, changed };
}
