/**
 * Data-subject requests (LGPD art. 18), the finding part: everything one e-mail address left in
 * the database, searched and exported. Correction and erasure (./correction.server.ts,
 * ./erasure.server.ts) start from what this finds.
 *
 * Audit rows never contain the e-mail itself (they cannot be edited later): they name the
 * person by a short prefix of a salted hash of it (`subjectRef`).
 */
import { createHmac, randomBytes } from "node:crypto";
import { asc, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, inTurn, type Executor } from "~/db/client.server";
import {
  appSettings,
  bookings,
  businessOptimizations,
  careerApplicationCvs,
  careerApplications,
  chatMessages,
  chatSessions,
  consentRecords,
  consultations,
  contacts,
  leadNotes,
  leadPipeline,
  newsletterEditionRecipients,
  newsletterSubscribers,
  orders,
  outbox,
  spamSubmissionFiles,
  spamSubmissions,
  subscriptions,
} from "~/db/schema";
import { toCsv } from "~/infra/csv.server";
import { first } from "~/lib/first";
import { PERSONAL_DATA_TABLES, privacyErrors, type PersonalDataTable } from "~/lib/messages/privacy";
import { HASHED_EMAIL_PREFIX, PRIVACY_POLICY_VERSION } from "~/lib/privacy";
import { recordAudit } from "../audit.server";
import { type BlogMentions, collectBlogMentions } from "./blog-mentions.server";
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
type Row<T extends PgTable> = T["$inferSelect"];

export interface PersonalData extends BlogMentions {
  contacts: Row<typeof contacts>[];
  consultations: Row<typeof consultations>[];
  businessOptimizations: Row<typeof businessOptimizations>[];
  careerApplications: Row<typeof careerApplications>[];
  /** The CVs sent with them, without their bytes (the JSON export adds them; docs/decisions/0093). */
  careerApplicationCvs: CvRow[];
  newsletterSubscribers: Row<typeof newsletterSubscribers>[];
  /** Newsletter editions sent, or to be sent, to the address (docs/decisions/0128). */
  newsletterEditionRecipients: Row<typeof newsletterEditionRecipients>[];
  consentRecords: Row<typeof consentRecords>[];
  chatSessions: Array<Row<typeof chatSessions> & { messages: Row<typeof chatMessages>[] }>;
  /** Meetings booked at /agendar (docs/decisions/0082). */
  bookings: Row<typeof bookings>[];
  orders: Row<typeof orders>[];
  subscriptions: Row<typeof subscriptions>[];
  outbox: Row<typeof outbox>[];
  /**
   * Submissions suspected as spam (docs/decisions/0090): the address given, or quoted in what was
   * sent; a file one carried by its name and size only (docs/decisions/0106).
   */
  spamSubmissions: Array<Row<typeof spamSubmissions> & { fileName: string | null; fileSize: number | null }>;
  /** The admin's stage, follow-up and notes on this person's leads (docs/decisions/0045). */
  leadPipeline: Row<typeof leadPipeline>[];
  leadNotes: Row<typeof leadNotes>[];
}

type CvRow = Omit<Row<typeof careerApplicationCvs>, "data">;
const { data: _bytes, ...cvColumns } = getTableColumns(careerApplicationCvs);

const sameEmail = (column: AnyPgColumn, email: string): SQL => sql`lower(trim(${column})) = ${email}`;

/**
 * The address as a whole inside free text (a chat message, an e-mail body, a rate-limit key):
 * `a@b.com` matches "escreva para a@b.com." but not `ana@b.com`, `maria.a@b.com` or `a@b.com.br`.
 * Neither side may continue the address: no address character before it, and after it no
 * letter, digit or hyphen, nor a dot that starts another domain label.
 */
export const mentionsAddress = (column: AnyPgColumn | SQL, email: string): SQL =>
  sql`${column} ~* ${`(?<![a-z0-9._%+'-])${escapeRegex(email)}(?![a-z0-9_-]|\\.[a-z0-9])`}`;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export async function collect(executor: Executor, email: string, hashed: string): Promise<PersonalData> {
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
    spamRows,
    bookingRows,
    editionRecipientRows,
  ] = await inTurn([
    () => executor.select().from(contacts).where(sameEmail(contacts.email, email)).orderBy(asc(contacts.id)),
    () => executor.select().from(consultations).where(sameEmail(consultations.email, email)).orderBy(asc(consultations.id)),
    () =>
      executor
        .select()
        .from(businessOptimizations)
        .where(sameEmail(businessOptimizations.email, email))
        .orderBy(asc(businessOptimizations.id)),
    () => executor.select().from(careerApplications).where(sameEmail(careerApplications.email, email)).orderBy(asc(careerApplications.id)),
    () =>
      executor
        .select()
        .from(newsletterSubscribers)
        .where(sameEmail(newsletterSubscribers.email, email))
        .orderBy(asc(newsletterSubscribers.id)),
    () =>
      executor
        .select()
        .from(consentRecords)
        .where(or(sameEmail(consentRecords.email, email), eq(consentRecords.email, hashed)))
        .orderBy(asc(consentRecords.id)),
    () =>
      executor
        .select()
        .from(chatSessions)
        .where(or(sameEmail(chatSessions.email, email), inArray(chatSessions.id, sessionsWithMessage)))
        .orderBy(asc(chatSessions.id)),
    () => executor.select().from(orders).where(sameEmail(orders.customerEmail, email)).orderBy(asc(orders.id)),
    () => executor.select().from(subscriptions).where(sameEmail(subscriptions.customerEmail, email)).orderBy(asc(subscriptions.id)),
    () =>
      executor
        .select()
        .from(outbox)
        .where(or(sameEmail(outbox.recipient, email), mentionsAddress(outbox.subject, email), mentionsAddress(outbox.body, email)))
        .orderBy(asc(outbox.id)),
    () =>
      executor
        .select({ ...getTableColumns(spamSubmissions), fileName: spamSubmissionFiles.fileName, fileSize: spamSubmissionFiles.size })
        .from(spamSubmissions)
        .leftJoin(spamSubmissionFiles, eq(spamSubmissionFiles.spamSubmissionId, spamSubmissions.id))
        .where(or(sameEmail(spamSubmissions.email, email), mentionsAddress(sql`${spamSubmissions.data}::text`, email)))
        .orderBy(asc(spamSubmissions.id)),
    () => executor.select().from(bookings).where(sameEmail(bookings.email, email)).orderBy(asc(bookings.id)),
    () =>
      executor
        .select()
        .from(newsletterEditionRecipients)
        .where(sameEmail(newsletterEditionRecipients.email, email))
        .orderBy(asc(newsletterEditionRecipients.id)),
  ]);
  const applicationIds = applicationRows.map((a) => a.id);
  const cvRows: CvRow[] = applicationIds.length
    ? await executor
        .select(cvColumns)
        .from(careerApplicationCvs)
        .where(inArray(careerApplicationCvs.careerApplicationId, applicationIds))
        .orderBy(asc(careerApplicationCvs.id))
    : [];
  const sessionIds = sessionRows.map((s) => s.id);
  const messageRows = sessionIds.length
    ? await executor.select().from(chatMessages).where(inArray(chatMessages.chatSessionId, sessionIds)).orderBy(asc(chatMessages.id))
    : [];
  // Pipeline rows and notes about the leads found (they name their lead, not the address).
  const leadIds: Array<[AnyPgColumn, AnyPgColumn, Array<{ id: number }>]> = [
    [leadPipeline.contactId, leadNotes.contactId, contactRows],
    [leadPipeline.consultationId, leadNotes.consultationId, consultationRows],
    [leadPipeline.chatSessionId, leadNotes.chatSessionId, sessionRows],
    [leadPipeline.businessOptimizationId, leadNotes.businessOptimizationId, questionnaireRows],
    [leadPipeline.careerApplicationId, leadNotes.careerApplicationId, applicationRows],
    [leadPipeline.bookingId, leadNotes.bookingId, bookingRows],
  ];
  const ofLeads = (which: 0 | 1) =>
    or(
      ...leadIds
        .filter(([, , rows]) => rows.length)
        .map((r) =>
          inArray(
            r[which],
            r[2].map((x) => x.id),
          ),
        ),
    );
  const anyLead = leadIds.some(([, , rows]) => rows.length);
  const pipelineRows = anyLead ? await executor.select().from(leadPipeline).where(ofLeads(0)).orderBy(asc(leadPipeline.id)) : [];
  const noteRows = anyLead ? await executor.select().from(leadNotes).where(ofLeads(1)).orderBy(asc(leadNotes.id)) : [];
  const blog = await collectBlogMentions(executor, email);
  return {
    ...blog,
    leadPipeline: pipelineRows,
    leadNotes: noteRows,
    contacts: contactRows,
    consultations: consultationRows,
    businessOptimizations: questionnaireRows,
    careerApplications: applicationRows,
    careerApplicationCvs: cvRows,
    newsletterSubscribers: newsletterRows,
    newsletterEditionRecipients: editionRecipientRows,
    consentRecords: consentRows,
    chatSessions: sessionRows.map((s) => ({ ...s, messages: messageRows.filter((m) => m.chatSessionId === s.id) })),
    bookings: bookingRows,
    orders: orderRows,
    subscriptions: subscriptionRows,
    outbox: outboxRows,
    spamSubmissions: spamRows,
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
    // The CVs with their content (base64): the person gets the file they sent back.
    const cvs = await Promise.all(
      data.careerApplicationCvs.map(async (cv) => {
        const [row] = await db()
          .select({ base64: sql<string>`encode(${careerApplicationCvs.data}, 'base64')` })
          .from(careerApplicationCvs)
          .where(eq(careerApplicationCvs.id, cv.id));
        // PostgreSQL wraps base64 every 76 characters.
        return { ...cv, conteudoBase64: row?.base64.replace(/\s+/g, "") ?? null };
      }),
    );
    const document = {
      titular: normalized,
      geradoEm: generatedAt.toISOString(),
      versaoPoliticaPrivacidade: PRIVACY_POLICY_VERSION,
      tabelas: Object.fromEntries(
        (Object.keys(PERSONAL_DATA_TABLES) as PersonalDataTable[]).map((key) => [
          PERSONAL_DATA_TABLES[key].sqlName,
          key === "careerApplicationCvs" ? cvs : data[key],
        ]),
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
      records.push([
        table,
        row.id,
        field,
        value == null ? "" : typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : plain(value),
      ]);
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
