/**
 * Data-subject requests (LGPD art. 18): find everything one e-mail address left in the database,
 * export it, correct it, or erase it in one transaction.
 *
 * What erasure keeps, and why:
 * - orders and subscriptions keep item, amount, dates and status (tax law, LGPD art. 16, I);
 *   the customer's name and e-mail become ANONYMISED_MARKER;
 * - consent records stay as proof of consent and of its withdrawal (art. 8 §2, art. 16, I): the
 *   e-mail becomes a salted HMAC-SHA256 ("hash:…"). The salt lives only in app_settings, so the
 *   hash cannot be reversed by guessing e-mails without database access, but the same person's
 *   e-mail still finds its proof if a dispute arises.
 * Audit rows never contain the e-mail itself (they cannot be edited later): they name the
 * person by a short prefix of the same hash.
 */
import { toCsv } from "./csv.server";
import { createHmac, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { db, type Executor } from "~/db/client.server";
import {
  appSettings,
  auditLog,
  businessOptimizations,
  careerApplications,
  chatMessages,
  chatSessions,
  consentRecords,
  consultations,
  contacts,
  leadNotes,
  leadPipeline,
  newsletterSubscribers,
  orders,
  outbox,
  rateLimits,
  subscriptions,
} from "~/db/schema";
import { FIELD_LABELS, PERSONAL_DATA_TABLES, privacyErrors, type PersonalDataTable } from "~/lib/messages/privacy";
import { ANONYMISED_MARKER, HASHED_EMAIL_PREFIX, PRIVACY_POLICY_VERSION } from "~/lib/privacy";
import { recordAudit } from "./audit.server";
import { isUniqueViolation } from "./http.server";

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

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

// ---------------------------------------------------------------- pseudonymisation
let cachedSalt: string | undefined;

/** A random salt generated once and shared by every instance (like the session secret). */
async function privacySalt(): Promise<string> {
  if (cachedSalt) return cachedSalt;
  await db()
    .insert(appSettings)
    .values({ key: "privacy_hash_salt", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db().select().from(appSettings).where(eq(appSettings.key, "privacy_hash_salt"));
  cachedSalt = row.value;
  return cachedSalt;
}

/** "hash:<hex>": what replaces an e-mail in records kept as proof. */
export async function hashEmail(email: string): Promise<string> {
  const digest = createHmac("sha256", await privacySalt()).update(normalizeEmail(email)).digest("hex");
  return `${HASHED_EMAIL_PREFIX}${digest}`;
}

/** How audit rows name a data subject without storing the e-mail. */
async function subjectRef(email: string): Promise<string> {
  return `titular:${(await hashEmail(email)).slice(HASHED_EMAIL_PREFIX.length, HASHED_EMAIL_PREFIX.length + 12)}`;
}

// ---------------------------------------------------------------- search
type Row<T extends PgTable> = T["$inferSelect"];

export interface PersonalData {
  contacts: Row<typeof contacts>[];
  consultations: Row<typeof consultations>[];
  businessOptimizations: Row<typeof businessOptimizations>[];
  careerApplications: Row<typeof careerApplications>[];
  newsletterSubscribers: Row<typeof newsletterSubscribers>[];
  consentRecords: Row<typeof consentRecords>[];
  chatSessions: Array<Row<typeof chatSessions> & { messages: Row<typeof chatMessages>[] }>;
  orders: Row<typeof orders>[];
  subscriptions: Row<typeof subscriptions>[];
  outbox: Row<typeof outbox>[];
  /** The admin's stage, follow-up and notes on this person's leads (issue 18). */
  leadPipeline: Row<typeof leadPipeline>[];
  leadNotes: Row<typeof leadNotes>[];
}

const sameEmail = (column: AnyPgColumn, email: string): SQL => sql`lower(trim(${column})) = ${email}`;
/** Substring match without LIKE, so '_' and '%' are plain characters (filters typed by the admin). */
const contains = (column: AnyPgColumn, text: string): SQL => sql`strpos(lower(${column}), ${text}) > 0`;

/**
 * The address as a whole inside free text (a chat message, an e-mail body, a rate-limit key):
 * `a@b.com` matches "escreva para a@b.com." but not `ana@b.com`, `maria.a@b.com` or `a@b.com.br`.
 * Neither side may continue the address: no address character before it, and after it no
 * letter, digit or hyphen, nor a dot that starts another domain label.
 */
const mentionsAddress = (column: AnyPgColumn, email: string): SQL =>
  sql`${column} ~* ${`(?<![a-z0-9._%+'-])${escapeRegex(email)}(?![a-z0-9_-]|\\.[a-z0-9])`}`;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function collect(executor: Executor, email: string, hashed: string): Promise<PersonalData> {
  const sessionsWithMessage = executor
    .select({ id: chatMessages.chatSessionId })
    .from(chatMessages)
    .where(mentionsAddress(chatMessages.content, email));
  const [
    contactRows,
    consultationRows,
    questionnaireRows,
    applicationRows,
    newsletterRows,
    consentRows,
    sessionRows,
    orderRows,
    subscriptionRows,
    outboxRows,
  ] = await Promise.all([
    executor.select().from(contacts).where(sameEmail(contacts.email, email)).orderBy(asc(contacts.id)),
    executor.select().from(consultations).where(sameEmail(consultations.email, email)).orderBy(asc(consultations.id)),
    executor
      .select()
      .from(businessOptimizations)
      .where(sameEmail(businessOptimizations.email, email))
      .orderBy(asc(businessOptimizations.id)),
    executor
      .select()
      .from(careerApplications)
      .where(sameEmail(careerApplications.email, email))
      .orderBy(asc(careerApplications.id)),
    executor
      .select()
      .from(newsletterSubscribers)
      .where(sameEmail(newsletterSubscribers.email, email))
      .orderBy(asc(newsletterSubscribers.id)),
    executor
      .select()
      .from(consentRecords)
      .where(or(sameEmail(consentRecords.email, email), eq(consentRecords.email, hashed)))
      .orderBy(asc(consentRecords.id)),
    executor
      .select()
      .from(chatSessions)
      .where(or(sameEmail(chatSessions.email, email), inArray(chatSessions.id, sessionsWithMessage)))
      .orderBy(asc(chatSessions.id)),
    executor.select().from(orders).where(sameEmail(orders.customerEmail, email)).orderBy(asc(orders.id)),
    executor
      .select()
      .from(subscriptions)
      .where(sameEmail(subscriptions.customerEmail, email))
      .orderBy(asc(subscriptions.id)),
    executor
      .select()
      .from(outbox)
      .where(or(sameEmail(outbox.recipient, email), mentionsAddress(outbox.subject, email), mentionsAddress(outbox.body, email)))
      .orderBy(asc(outbox.id)),
  ]);
  const sessionIds = sessionRows.map((s) => s.id);
  const messageRows = sessionIds.length
    ? await executor
        .select()
        .from(chatMessages)
        .where(inArray(chatMessages.chatSessionId, sessionIds))
        .orderBy(asc(chatMessages.id))
    : [];
  // Pipeline rows and notes about the leads found (they name their lead, not the address).
  const leadIds: Array<[AnyPgColumn, AnyPgColumn, Array<{ id: number }>]> = [
    [leadPipeline.contactId, leadNotes.contactId, contactRows],
    [leadPipeline.consultationId, leadNotes.consultationId, consultationRows],
    [leadPipeline.chatSessionId, leadNotes.chatSessionId, sessionRows],
    [leadPipeline.businessOptimizationId, leadNotes.businessOptimizationId, questionnaireRows],
    [leadPipeline.careerApplicationId, leadNotes.careerApplicationId, applicationRows],
  ];
  const ofLeads = (which: 0 | 1) => or(...leadIds.filter(([, , rows]) => rows.length).map((r) => inArray(r[which], r[2].map((x) => x.id))));
  const anyLead = leadIds.some(([, , rows]) => rows.length);
  const pipelineRows = anyLead ? await executor.select().from(leadPipeline).where(ofLeads(0)).orderBy(asc(leadPipeline.id)) : [];
  const noteRows = anyLead ? await executor.select().from(leadNotes).where(ofLeads(1)).orderBy(asc(leadNotes.id)) : [];
  return {
    leadPipeline: pipelineRows,
    leadNotes: noteRows,
    contacts: contactRows,
    consultations: consultationRows,
    businessOptimizations: questionnaireRows,
    careerApplications: applicationRows,
    newsletterSubscribers: newsletterRows,
    consentRecords: consentRows,
    chatSessions: sessionRows.map((s) => ({ ...s, messages: messageRows.filter((m) => m.chatSessionId === s.id) })),
    orders: orderRows,
    subscriptions: subscriptionRows,
    outbox: outboxRows,
  };
}

export function countRows(data: PersonalData): Record<PersonalDataTable, number> & { chatMessages: number } {
  const counts = Object.fromEntries(
    (Object.keys(PERSONAL_DATA_TABLES) as PersonalDataTable[]).map((key) => [key, data[key].length]),
  ) as Record<PersonalDataTable, number>;
  return { ...counts, chatMessages: data.chatSessions.reduce((n, s) => n + s.messages.length, 0) };
}

export function totalRows(data: PersonalData): number {
  const { chatMessages: messages, ...tables } = countRows(data);
  return Object.values(tables).reduce((a, b) => a + b, 0) + messages;
}

/** Finds a person's data without leaving a trace of the address (the audit row holds a hash). */
export async function searchSubject(email: string, actor: Actor, options: { audit?: boolean } = {}): Promise<PersonalData> {
  const normalized = normalizeEmail(email);
  const data = await collect(db(), normalized, await hashEmail(normalized));
  // A refresh right after a correction or erasure is part of that (already audited) action.
  if (options.audit === false) return data;
  await recordAudit({
    actor: actor.username,
    action: "privacy.search",
    target: await subjectRef(normalized),
    details: { found: countRows(data) },
    ip: actor.ip,
  });
  return data;
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
  const normalized = normalizeEmail(email);
  const data = await collect(db(), normalized, await hashEmail(normalized));
  const generatedAt = new Date();
  const stamp = generatedAt.toISOString().slice(0, 10);
  await recordAudit({
    actor: actor.username,
    action: "privacy.export",
    target: await subjectRef(normalized),
    details: { format, rows: countRows(data) },
    ip: actor.ip,
  });

  if (format === "json") {
    const document = {
      titular: normalized,
      geradoEm: generatedAt.toISOString(),
      versaoPoliticaPrivacidade: PRIVACY_POLICY_VERSION,
      tabelas: Object.fromEntries(
        (Object.keys(PERSONAL_DATA_TABLES) as PersonalDataTable[]).map((key) => [PERSONAL_DATA_TABLES[key].sqlName, data[key]]),
      ),
    };
    return {
      filename: `dados-titular-${stamp}.json`,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify(document, null, 2),
    };
  }

  // One long table (tabela, registro, campo, valor): every table fits, whatever its columns.
  const records: unknown[][] = [];
  const push = (table: string, row: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(row)) {
      if (field === "messages") continue;
      records.push([table, row.id, field, value == null ? "" : typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : plain(value)]);
    }
  };
  for (const key of Object.keys(PERSONAL_DATA_TABLES) as PersonalDataTable[]) {
    for (const row of data[key]) {
      push(PERSONAL_DATA_TABLES[key].sqlName, row as Record<string, unknown>);
      if (key === "chatSessions") for (const m of (row as PersonalData["chatSessions"][number]).messages) push("chat_messages", m);
    }
  }
  const body = toCsv([["tabela", "registro", "campo", "valor"], ...records], ",");
  return { filename: `dados-titular-${stamp}.csv`, contentType: "text/csv; charset=utf-8", body };
}

// ---------------------------------------------------------------- correction
type FieldKind = "text" | "email" | "phone";
interface FieldSpec {
  kind: FieldKind;
  required: boolean;
  max: number;
}

const NAME = { kind: "text", required: true, max: 120 } as const;
const COMPANY = { kind: "text", required: true, max: 160 } as const;
const EMAIL = { kind: "email", required: true, max: 254 } as const;
const PHONE = { kind: "phone", required: true, max: 30 } as const;
const optional = <T extends FieldSpec>(spec: T): FieldSpec => ({ ...spec, required: false });

/** Which fields of which table an admin may correct (the identifying ones). */
export const CORRECTABLE = {
  contacts: { table: contacts, fields: { name: NAME, company: COMPANY, email: EMAIL, phone: optional(PHONE) } },
  consultations: { table: consultations, fields: { name: NAME, company: COMPANY, email: EMAIL, phone: PHONE } },
  businessOptimizations: {
    table: businessOptimizations,
    fields: { contactName: optional(NAME), companyName: optional(COMPANY), email: optional(EMAIL), phone: optional(PHONE) },
  },
  careerApplications: { table: careerApplications, fields: { name: NAME, email: EMAIL, phone: PHONE } },
  newsletterSubscribers: { table: newsletterSubscribers, fields: { email: EMAIL } },
  chatSessions: { table: chatSessions, fields: { email: optional(EMAIL), phone: optional(PHONE), company: optional(COMPANY) } },
  orders: { table: orders, fields: { customerName: optional(NAME), customerEmail: optional(EMAIL) } },
  subscriptions: { table: subscriptions, fields: { customerEmail: optional(EMAIL) } },
} satisfies Record<string, { table: PgTable; fields: Record<string, FieldSpec> }>;

export type CorrectableTable = keyof typeof CORRECTABLE;

/** Field names per correctable table, for the browser form. */
export function correctableFields(): Record<CorrectableTable, string[]> {
  return Object.fromEntries(Object.entries(CORRECTABLE).map(([k, v]) => [k, Object.keys(v.fields)])) as Record<
    CorrectableTable,
    string[]
  >;
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
  if (Object.keys(errors).length) return { ok: false, message: Object.values(errors)[0], errors };

  const table = spec.table as PgTable & { id: AnyPgColumn };
  const [current] = (await db().select().from(table).where(eq(table.id, input.id))) as Record<string, unknown>[];
  if (!current) return { ok: false, message: privacyErrors.notFound };
  const changed = Object.keys(update).filter((k) => (current[k] ?? null) !== update[k]);
  if (!changed.length) return { ok: false, message: privacyErrors.nothingToChange };

  const set = Object.fromEntries(changed.map((k) => [k, update[k]]));
  if ("updatedAt" in current) set.updatedAt = new Date() as never;
  try {
    await db().transaction(async (tx) => {
      await tx.update(table).set(set as never).where(eq(table.id, input.id));
      // Values are personal data: the audit row names the fields, never their contents.
      await recordAudit(
        {
          actor: actor.username,
          action: "privacy.correct",
          target: `${PERSONAL_DATA_TABLES[tableKey].sqlName}:${input.id}`,
          details: { fields: changed },
          ip: actor.ip,
        },
        tx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: privacyErrors.newsletterTaken, errors: { email: privacyErrors.newsletterTaken } };
    throw error;
  }
  return { ok: true, changed };
}

// ---------------------------------------------------------------- erasure
export interface ErasureReport {
  deleted: Record<string, number>;
  anonymised: { orders: number; subscriptions: number };
  pseudonymised: { consentRecords: number };
  total: number;
}

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

/** Erases or anonymises everything found for one e-mail, all or nothing. */
export async function eraseSubject(email: string, actor: Actor): Promise<ErasureReport> {
  const normalized = normalizeEmail(email);
  const hashed = await hashEmail(normalized);
  const target = await subjectRef(normalized);
  return db().transaction(async (tx) => {
    const found = await collect(tx, normalized, hashed);
    const del = async (table: PgTable & { id: AnyPgColumn }, rows: Array<{ id: number }>) => {
      if (!rows.length) return 0;
      const gone = await tx.delete(table).where(inArray(table.id, ids(rows))).returning({ id: table.id });
      return gone.length;
    };
    const sessionIds = ids(found.chatSessions);
    const deletedMessages = sessionIds.length
      ? (await tx.delete(chatMessages).where(inArray(chatMessages.chatSessionId, sessionIds)).returning({ id: chatMessages.id })).length
      : 0;
    const deleted = {
      // Would go with their leads (ON DELETE CASCADE); deleted first so the report counts them.
      leadNotes: await del(leadNotes, found.leadNotes),
      leadPipeline: await del(leadPipeline, found.leadPipeline),
      contacts: await del(contacts, found.contacts),
      consultations: await del(consultations, found.consultations),
      businessOptimizations: await del(businessOptimizations, found.businessOptimizations),
      careerApplications: await del(careerApplications, found.careerApplications),
      newsletterSubscribers: await del(newsletterSubscribers, found.newsletterSubscribers),
      chatMessages: deletedMessages,
      chatSessions: await del(chatSessions, found.chatSessions),
      outbox: await del(outbox, found.outbox),
      // Throttling counters keyed by the address (e.g. per-e-mail form limits).
      rateLimits: (await tx.delete(rateLimits).where(mentionsAddress(rateLimits.key, normalized)).returning({ key: rateLimits.key })).length,
    };

    const toPseudonymise = found.consentRecords.filter((r) => r.email !== hashed);
    if (toPseudonymise.length) {
      await tx.update(consentRecords).set({ email: hashed }).where(inArray(consentRecords.id, ids(toPseudonymise)));
    }
    if (found.orders.length) {
      await tx
        .update(orders)
        .set({
          customerEmail: ANONYMISED_MARKER,
          customerName: sql`case when ${orders.customerName} is null then null else ${ANONYMISED_MARKER} end`,
          updatedAt: new Date(),
        })
        .where(inArray(orders.id, ids(found.orders)));
    }
    if (found.subscriptions.length) {
      await tx
        .update(subscriptions)
        .set({ customerEmail: ANONYMISED_MARKER, updatedAt: new Date() })
        .where(inArray(subscriptions.id, ids(found.subscriptions)));
    }
    const report: ErasureReport = {
      deleted,
      anonymised: { orders: found.orders.length, subscriptions: found.subscriptions.length },
      pseudonymised: { consentRecords: toPseudonymise.length },
      total: 0,
    };
    report.total =
      Object.values(deleted).reduce((a, b) => a + b, 0) -
      deleted.rateLimits +
      report.anonymised.orders +
      report.anonymised.subscriptions +
      report.pseudonymised.consentRecords;
    await recordAudit({ actor: actor.username, action: "privacy.erase", target, details: { ...report }, ip: actor.ip }, tx);
    return report;
  });
}

/** True when the typed confirmation names the same address (case and spaces aside). */
export function confirmationMatches(email: string, confirmation: string): boolean {
  return normalizeEmail(email) === normalizeEmail(confirmation) && normalizeEmail(email) !== "";
}


// ---------------------------------------------------------------- audit log browsing (read only)
export const AUDIT_PAGE_SIZE = 50;

export const auditFilterSchema = z.object({
  acao: z.string().trim().max(100).catch(""),
  usuario: z.string().trim().max(100).catch(""),
  de: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).catch(""),
  ate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).catch(""),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Start of a calendar day in Brasília time (no daylight saving since 2019). */
function dayStart(day: string, plusDays = 0): Date | null {
  const date = new Date(`${day}T00:00:00-03:00`);
  if (Number.isNaN(date.getTime())) return null;
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}

export async function listAudit(filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.acao) conditions.push(eq(auditLog.action, filter.acao));
  if (filter.usuario) conditions.push(contains(auditLog.actor, filter.usuario.toLowerCase()));
  const from = filter.de ? dayStart(filter.de) : null;
  const to = filter.ate ? dayStart(filter.ate, 1) : null;
  if (from) conditions.push(gte(auditLog.createdAt, from));
  if (to) conditions.push(lt(auditLog.createdAt, to));
  const where = conditions.length ? and(...conditions) : undefined;

  const [[{ total }], actions] = await Promise.all([
    db().select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
    db().selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(filter.pagina, pages);
  const rows = await db()
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, total, page, pages, actions: actions.map((a) => a.action) };
}
