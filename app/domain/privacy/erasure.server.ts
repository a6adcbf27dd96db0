/**
 * Erasure of a data subject (LGPD art. 18, VI) in one transaction, table by table as the registry
 * declares it (./registry.server.ts, docs/decisions/0127).
 *
 * What erasure keeps, and why:
 * - orders and subscriptions keep item, amount, dates and status (tax law, LGPD art. 16, I);
 *   the customer's name and e-mail become ANONYMISED_MARKER;
 * - posts of the blog that quote the address keep their text with the address replaced by
 *   ANONYMISED_MARKER; the revisions holding it are deleted (docs/decisions/0061);
 * - consent records stay as proof of consent and of its withdrawal (art. 8 §2, art. 16, I): the
 *   e-mail becomes a salted HMAC-SHA256 ("hash:…"). The salt lives only in app_settings, so the
 *   hash cannot be reversed by guessing e-mails without database access, but the same person's
 *   e-mail still finds its proof if a dispute arises.
 */
import { and, getTableColumns, inArray, ne } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { recordAudit } from "../audit.server";
import { redactAddress } from "./address.server";
import { anonymised, fieldOf, personalData, primaryKeyOf, type PersonalTable, type Subject } from "./registry.server";
import { type Actor, collect, rowsIn, subjectOf, subjectRef, type PersonalRow } from "./subject.server";
import type { PgTable } from "drizzle-orm/pg-core";

export interface ErasureReport {
  /** Rows deleted, per table. */
  deleted: Record<string, number>;
  /** Rows kept with the person's data replaced by ANONYMISED_MARKER, per table. */
  anonymised: Record<string, number>;
  /** Rows kept with the address replaced by its salted hash, per table. */
  pseudonymised: Record<string, number>;
  /** The person's records (what the search shows) deleted, anonymised or pseudonymised. */
  total: number;
}

/** Erases or anonymises everything found for one e-mail, all or nothing. */
export async function eraseSubject(email: string, actor: Actor): Promise<ErasureReport> {
  const subject = await subjectOf(email);
  const target = await subjectRef(subject.email);
  return db().transaction(async (tx) => {
    const found = await collect(tx, subject);
    // Up the registry: what hangs off a row (a CV, a message, a note) goes before it and is counted.
    const changed = new Map<string, number>();
    for (const [key, entry] of personalData().reverse()) {
      const rows = rowsIn(found, key);
      changed.set(key, rows.length ? await erase(tx, entry, rows, subject) : 0);
    }
    const report: ErasureReport = { deleted: {}, anonymised: {}, pseudonymised: {}, total: 0 };
    for (const [key, entry] of personalData()) {
      const n = changed.get(key)!;
      const erasure = entry.erase;
      if (erasure === "delete") report.deleted[key] = n;
      else if ("pseudonymise" in erasure) report.pseudonymised[key] = n;
      else report.anonymised[key] = n;
      if (entry.export) report.total += n;
    }
    await recordAudit({ actor: actor.username, action: "privacy.erase", target, details: { ...report }, ip: actor.ip }, tx);
    return report;
  });
}

/** Erases one table's rows as the registry says; returns how many rows it changed. */
async function erase(tx: Executor, entry: PersonalTable, rows: PersonalRow[], subject: Subject): Promise<number> {
  const table = entry.table as PgTable;
  const key = primaryKeyOf(table);
  const ids = rows.map((row) => row[fieldOf(table, key)]);
  const erasure = entry.erase;
  if (erasure === "delete") {
    return (await tx.delete(table).where(inArray(key, ids)).returning({ key })).length;
  }
  if ("pseudonymise" in erasure) {
    const column = erasure.pseudonymise;
    const pending = and(inArray(key, ids), ne(column, subject.hashed));
    const updated = await tx
      .update(table)
      .set({ [fieldOf(table, column)]: subject.hashed })
      .where(pending)
      .returning({ key });
    return updated.length;
  }
  const set =
    "anonymise" in erasure
      ? anonymised(table, erasure.anonymise)
      : Object.fromEntries(erasure.redact.map((c) => [fieldOf(table, c), redactAddress(c, subject.email)]));
  const touched = "updatedAt" in getTableColumns(table) ? { updatedAt: new Date() } : {};
  await tx
    .update(table)
    .set({ ...set, ...touched })
    .where(inArray(key, ids));
  return rows.length;
}
