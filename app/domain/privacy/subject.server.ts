/**
 * Data-subject requests (LGPD art. 18), the finding part: everything one e-mail address left in
 * the database, searched and exported, table by table as the registry declares them
 * (./registry.server.ts). Correction and erasure (./correction.server.ts, ./erasure.server.ts)
 * start from what this finds.
 *
 * Audit rows never contain the e-mail itself (they cannot be edited later): they name the
 * person by a short prefix of a salted hash of it (`subjectRef`).
 */
import { createHmac, randomBytes } from "node:crypto";
import { asc, eq, getTableColumns, getTableName, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { toCsv } from "~/infra/csv.server";
import { first } from "~/lib/first";
import { privacyErrors } from "~/lib/messages/privacy";
import { HASHED_EMAIL_PREFIX, PRIVACY_POLICY_VERSION } from "~/lib/privacy";
import { recordAudit } from "../audit.server";
import { normalizeEmail } from "./address.server";
import {
  fieldOf,
  personalData,
  personalEntry,
  primaryKeyOf,
  shownTables,
  type PersonalDataKey,
  type PersonalDataTable,
  type Subject,
} from "./registry.server";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

export interface Actor {
  username: string;
  ip?: string | null;
}

export const subjectEmailSchema = z
  .string({ error: privacyErrors.invalidEmail })
  .trim()
  .toLowerCase()
  .max(320, privacyErrors.invalidEmail)
  .pipe(z.email(privacyErrors.invalidEmail));

// ---------------------------------------------------------------- pseudonymisation
let cachedSalt: string | undefined;

/** A random salt generated once and shared by every instance (like the session secret). */
async function privacySalt(): Promise<string> {
  if (cachedSalt) return cachedSalt;
  await db()
    .insert(appSettings)
    .values({ key: "privacy_hash_salt", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const row = await db().select().from(appSettings).where(eq(appSettings.key, "privacy_hash_salt")).then(first);
  cachedSalt = row.value;
  return cachedSalt;
}

/** "hash:<hex>": what replaces an e-mail in records kept as proof. */
export async function hashEmail(email: string): Promise<string> {
  const digest = createHmac("sha256", await privacySalt())
    .update(normalizeEmail(email))
    .digest("hex");
  return `${HASHED_EMAIL_PREFIX}${digest}`;
}

/** How audit rows name a data subject without storing the e-mail. */
export async function subjectRef(email: string): Promise<string> {
  return `titular:${(await hashEmail(email)).slice(HASHED_EMAIL_PREFIX.length, HASHED_EMAIL_PREFIX.length + 12)}`;
}

// ---------------------------------------------------------------- search
export type PersonalRow = Record<string, unknown>;
/** Every row found for one subject, per registered table, in the registry's order. */
export type Found = Record<PersonalDataKey, PersonalRow[]>;
/** What the admin sees and the export holds: the tables shown on their own, nested rows inside their parents. */
export type PersonalData = Record<PersonalDataTable, PersonalRow[]>;

/** The rows of one table (none when the table was not searched). */
export const rowsIn = (found: Found | PersonalData, key: PersonalDataKey): PersonalRow[] => found[key] ?? [];

/** Everything the registry finds for one subject, table after table (a linked table reads the rows found before it). */
export async function collect(executor: Executor, subject: Subject): Promise<Found> {
  const found = {} as Found;
  for (const [key, entry] of personalData()) {
    const where = "where" in entry.find ? entry.find.where(subject) : linkedTo(entry.find.via, found);
    const columns = (entry.export && "columns" in entry.export && entry.export.columns) || getTableColumns(entry.table);
    found[key] = where
      ? await executor
          .select(columns)
          .from(entry.table)
          .where(where)
          .orderBy(asc(primaryKeyOf(entry.table)))
      : [];
  }
  return found;
}

/** Rows that name one of the rows found in the parent tables; undefined when none was found. */
function linkedTo(via: Readonly<Record<string, AnyPgColumn>>, found: Found): SQL | undefined {
  const links = Object.entries(via)
    .map(([parent, column]) => [column, rowsIn(found, parent).map((row) => row.id)] as const)
    .filter(([, ids]) => ids.length > 0)
    .map(([column, ids]) => inArray(column, ids));
  return links.length ? or(...links) : undefined;
}

/** The rows as the admin and the export show them: hidden tables left out, nested rows inside their parents. */
export function shown(found: Found): PersonalData {
  const data = Object.fromEntries(shownTables().map(({ key }) => [key, found[key]])) as PersonalData;
  for (const [key, entry] of personalData()) {
    if (!entry.export || !("nestIn" in entry.export) || !("via" in entry.find)) continue;
    const { nestIn, as } = entry.export;
    const parentField = fieldOf(entry.table, entry.find.via[nestIn]!);
    const parent = nestIn;
    data[parent] = rowsIn(data, parent).map((row) => ({
      ...row,
      [as]: rowsIn(found, key).filter((child) => child[parentField] === row.id),
    }));
  }
  return data;
}

/** Rows found per table, as the audit rows count them (nested ones too; hidden ones not). */
export function countRows(found: Found): Record<string, number> {
  return Object.fromEntries(
    personalData()
      .filter(([, entry]) => entry.export)
      .map(([key]) => [key, rowsIn(found, key).length]),
  );
}

/** Whom to look for: the normalised address and its salted hash (a pseudonymised consent record holds it). */
export async function subjectOf(email: string): Promise<Subject> {
  const normalized = normalizeEmail(email);
  return { email: normalized, hashed: await hashEmail(normalized) };
}

/** Finds a person's data without leaving a trace of the address (the audit row holds a hash). */
export async function searchSubject(
  email: string,
  actor: Actor,
  options: { audit?: boolean } = {},
): Promise<{ data: PersonalData; total: number }> {
  const subject = await subjectOf(email);
  const found = await collect(db(), subject);
  const counts = countRows(found);
  // A refresh right after a correction or erasure is part of that (already audited) action.
  if (options.audit !== false) {
    await recordAudit({
      actor: actor.username,
      action: "privacy.search",
      target: await subjectRef(subject.email),
      details: { found: counts },
      ip: actor.ip,
    });
  }
  return { data: shown(found), total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

// ---------------------------------------------------------------- export
export type ExportFormat = "json" | "csv";

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

export async function exportSubject(email: string, format: ExportFormat, actor: Actor): Promise<ExportFile> {
  const subject = await subjectOf(email);
  const found = await collect(db(), subject);
  const data = shown(found);
  const generatedAt = new Date();
  const stamp = generatedAt.toISOString().slice(0, 10);
  await recordAudit({
    actor: actor.username,
    action: "privacy.export",
    target: await subjectRef(subject.email),
    details: { format, rows: countRows(found) },
    ip: actor.ip,
  });
  const tables = shownTables().map(({ key }) => ({ key, entry: personalEntry(key) }));

  if (format === "json") {
    const tabelas: Record<string, PersonalRow[]> = {};
    for (const { key, entry } of tables) {
      // A file with its content (base64): the person gets the file they sent back.
      const file = entry.export && "file" in entry.export ? entry.export.file : undefined;
      tabelas[getTableName(entry.table)] = file
        ? await Promise.all(rowsIn(data, key).map((row) => withContent(entry.table, file, row)))
        : rowsIn(data, key);
    }
    const document = {
      titular: subject.email,
      geradoEm: generatedAt.toISOString(),
      versaoPoliticaPrivacidade: PRIVACY_POLICY_VERSION,
      tabelas,
    };
    return {
      filename: `dados-titular-${stamp}.json`,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify(document, null, 2),
    };
  }

  // One long table (tabela, registro, campo, valor): every table fits, whatever its columns.
  const records: unknown[][] = [];
  const nested = personalData().flatMap(([, entry]) => (entry.export && "nestIn" in entry.export ? [{ ...entry.export, entry }] : []));
  const push = (table: string, row: PersonalRow, skip: string[] = []) => {
    for (const [field, value] of Object.entries(row)) {
      if (skip.includes(field)) continue;
      records.push([
        table,
        row.id,
        field,
        value == null ? "" : typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : plain(value),
      ]);
    }
  };
  for (const { key, entry } of tables) {
    const children = nested.filter((n) => n.nestIn === key);
    for (const row of rowsIn(data, key)) {
      push(
        getTableName(entry.table),
        row,
        children.map((c) => c.as),
      );
      for (const child of children) for (const item of row[child.as] as PersonalRow[]) push(getTableName(child.entry.table), item);
    }
  }
  const body = toCsv([["tabela", "registro", "campo", "valor"], ...records], ",");
  return { filename: `dados-titular-${stamp}.csv`, contentType: "text/csv; charset=utf-8", body };
}

async function withContent(table: PgTable, file: AnyPgColumn, row: PersonalRow): Promise<PersonalRow> {
  const [stored] = await db()
    .select({ base64: sql<string>`encode(${file}, 'base64')` })
    .from(table)
    .where(eq(primaryKeyOf(table), row.id));
  // PostgreSQL wraps base64 every 76 characters.
  return { ...row, conteudoBase64: stored?.base64.replace(/\s+/g, "") ?? null };
}
