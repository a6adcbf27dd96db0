/**
 * How the privacy tools match a person's address in the database. A person is their whole
 * address, never a part of another one (SECURITY.md): `a@b.com` is not `ana@b.com`.
 */
import { sql, type SQL } from "drizzle-orm";
import { ANONYMISED_MARKER } from "~/lib/privacy";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** A column that holds one address, whatever its case or surrounding spaces. */
export const sameAddress = (column: AnyPgColumn, email: string): SQL => sql`lower(trim(${column})) = ${email}`;

/**
 * The address as a whole inside free text (a chat message, an e-mail body, a rate-limit key):
 * `a@b.com` matches "escreva para a@b.com." but not `ana@b.com`, `maria.a@b.com` or `a@b.com.br`.
 * Neither side may continue the address: no address character before it, and after it no
 * letter, digit or hyphen, nor a dot that starts another domain label.
 */
function addressPattern(email: string): string {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(?<![a-z0-9._%+'-])${escaped}(?![a-z0-9_-]|\\.[a-z0-9])`;
}

export const mentionsAddress = (column: AnyPgColumn | SQL, email: string): SQL => sql`${column} ~* ${addressPattern(email)}`;

/** The text with every mention of the address replaced by ANONYMISED_MARKER. */
export const redactAddress = (column: AnyPgColumn, email: string): SQL =>
  sql`regexp_replace(${column}, ${addressPattern(email)}, ${ANONYMISED_MARKER}, 'gi')`;
