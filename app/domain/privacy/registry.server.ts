/**
 * Personal data, declared once (docs/decisions/0127): every table that holds a person's data,
 * what it is, which of its columns are personal, how a data subject's rows are found, how they
 * are exported, erased and how long they are kept. A lead form declares its own tables in its
 * folder (app/forms/{form}/privacy.server.ts, docs/decisions/0141), collected here from the forms
 * list (app/forms/index.server.ts); every other table is declared below. The subject search and export
 * (./subject.server.ts), the erasure (./erasure.server.ts) and the retention job
 * (../retention.server.ts) read this and name no table themselves; tests/unit/personal-data.test.ts
 * fails when a column of the schema looks personal and is neither here nor in its allow-list.
 *
 * The order is the admin's and the export's, and a table found through another (`via`) comes
 * after it: the search goes down the list, erasure and retention go up it, so what hangs off a
 * row goes before the row and is counted.
 */
import { and, eq, getTableColumns, getTableName, inArray, isNotNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import {
  blogPostRevisions,
  blogPosts,
  bookings,
  chatMessages,
  chatSessions,
  consentRecords,
  leadFiles,
  leadNotes,
  leads,
  leadTasks,
  newsletterEditionRecipients,
  newsletterSubscribers,
  orders,
  outbox,
  rateLimits,
  spamSubmissionFiles,
  spamSubmissions,
  subscriptions,
} from "~/db/schema";
import { leadFormsData } from "~/forms/index.server";
import { ANONYMISED_MARKER, type RetentionKind } from "~/lib/privacy";
import { mentionsAddress, sameAddress } from "./address.server";
import type { Before, PersonalTable } from "./declare.server";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

export type { Before, LeadFormData, PersonalTable, Subject } from "./declare.server";

/** Subscription states after which nothing more is billed. */
const ENDED_SUBSCRIPTION_STATES = ["canceled", "incomplete_expired", "unpaid"];

/**
 * When a lead is over (docs/decisions/0135): a form's lead after the period its folder declares,
 * from its arrival; a conversation's and a meeting's when their chat session or booking is gone
 * (each has its own period, and the job removes them before their lead: they come after it in
 * this list).
 */
const leadExpired = (before: Before) => {
  const byPeriod = new Map<RetentionKind, string[]>();
  for (const form of leadFormsData()) byPeriod.set(form.keptFor, [...(byPeriod.get(form.keptFor) ?? []), form.kind]);
  return or(
    ...[...byPeriod].map(([period, kinds]) => and(inArray(leads.kind, kinds), lt(leads.createdAt, before(period)))),
    and(eq(leads.kind, "conversas"), sql`not exists (select 1 from ${chatSessions} where ${chatSessions.leadId} = ${leads.id})`),
    and(eq(leads.kind, "reunioes"), sql`not exists (select 1 from ${bookings} where ${bookings.leadId} = ${leads.id})`),
  )!;
};

const chatExpired = (before: Before) => {
  // A conversation expires when neither it nor any of its messages moved since the cutoff.
  const cutoff = before("chatTranscripts");
  return and(
    lt(chatSessions.updatedAt, cutoff),
    lt(chatSessions.createdAt, cutoff),
    sql`${chatSessions.id} not in (select ${chatMessages.chatSessionId} from ${chatMessages} where ${chatMessages.createdAt} >= ${cutoff})`,
  )!;
};

const withoutColumns = <T extends PgTable>(table: T, ...names: Array<keyof T["_"]["columns"]>) =>
  Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !names.includes(name))) as Record<string, AnyPgColumn>;

/** The text of a post (and of a revision) where an address may be quoted (docs/decisions/0061). */
const postText = [blogPosts.title, blogPosts.summary, blogPosts.content, blogPosts.metaTitle, blogPosts.metaDescription] as const;
const revisionText = [
  blogPostRevisions.title,
  blogPostRevisions.summary,
  blogPostRevisions.content,
  blogPostRevisions.metaTitle,
  blogPostRevisions.metaDescription,
] as const;

/**
 * Every table that is not a form's own (a form's answers are declared in its folder, collected by
 * `personalData()` below, docs/decisions/0141): the leads' common rows first, the rest in the
 * admin's and the export's order.
 */
export const PERSONAL_DATA = {
  leads: {
    label: "Leads",
    table: leads,
    // The reason of a lost deal is free text the admin wrote about the person (docs/decisions/0142).
    personal: [leads.name, leads.email, leads.phone, leads.company, leads.lostReason],
    find: { where: (s) => sameAddress(leads.email, s.email) },
    export: {},
    erase: "delete",
    retain: { expired: leadExpired, then: "delete" },
  },
  leadFiles: {
    label: "Arquivos enviados com os formulários (currículos)",
    table: leadFiles,
    personal: [leadFiles.fileName, leadFiles.data],
    find: { via: { leads: leadFiles.leadId } },
    // Name, type, size and hash; the JSON export adds the file (docs/decisions/0093).
    export: { columns: withoutColumns(leadFiles, "data"), file: leadFiles.data },
    erase: "delete",
    retain: { withParent: "counted" },
  },
  newsletterSubscribers: {
    label: "Newsletter",
    table: newsletterSubscribers,
    // The address, and the topics the subscriber chose (docs/decisions/0131): what they read about.
    personal: [newsletterSubscribers.email, newsletterSubscribers.topics],
    find: { where: (s) => sameAddress(newsletterSubscribers.email, s.email) },
    export: {},
    erase: "delete",
    retain: {
      expired: (before) =>
        or(
          and(
            eq(newsletterSubscribers.status, "unsubscribed"),
            sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${newsletterSubscribers.updatedAt}) < ${before("newsletterUnsubscribed")}`,
          ),
          // Asked, never confirmed: no consent to keep the address for.
          and(
            eq(newsletterSubscribers.status, "pending"),
            sql`coalesce(${newsletterSubscribers.confirmationSentAt}, ${newsletterSubscribers.createdAt}) < ${before("newsletterUnconfirmed")}`,
          ),
        )!,
      then: "delete",
    },
  },
  newsletterEditionRecipients: {
    label: "Envios da newsletter",
    table: newsletterEditionRecipients,
    // The address an edition went to, and the mail server's refusal (which may quote it).
    personal: [newsletterEditionRecipients.email, newsletterEditionRecipients.lastError],
    find: { where: (s) => sameAddress(newsletterEditionRecipients.email, s.email) },
    // The link's hash is a secret of the unsubscribe link (docs/decisions/0128), not the person's.
    export: { columns: withoutColumns(newsletterEditionRecipients, "unsubscribeTokenHash") },
    erase: "delete",
    // ON DELETE CASCADE from the subscriber (docs/decisions/0128).
    retain: { withParent: "cascade" },
  },
  consentRecords: {
    label: "Registros de consentimento",
    table: consentRecords,
    personal: [consentRecords.email, consentRecords.ip, consentRecords.userAgent],
    // Also once pseudonymised by an earlier erasure: the same person's address finds its proof.
    find: { where: (s) => or(sameAddress(consentRecords.email, s.email), eq(consentRecords.email, s.hashed))! },
    export: {},
    // Kept as proof of consent and of its withdrawal (LGPD art. 8 §2, art. 16, I).
    erase: { pseudonymise: consentRecords.email },
    retain: {
      // Proof of consent is kept while the consent is still in use (an active subscription).
      expired: (before) =>
        and(
          lt(consentRecords.createdAt, before("consentRecords")),
          sql`lower(${consentRecords.email}) not in (select lower(${newsletterSubscribers.email}) from ${newsletterSubscribers} where ${newsletterSubscribers.status} = 'active')`,
        )!,
      then: "delete",
    },
  },
  chatSessions: {
    label: "Conversas do chat",
    table: chatSessions,
    personal: [chatSessions.email, chatSessions.phone, chatSessions.company, chatSessions.ip],
    // The address given, or typed in one of its messages.
    find: {
      where: (s) =>
        or(
          sameAddress(chatSessions.email, s.email),
          sql`${chatSessions.id} in (select ${chatMessages.chatSessionId} from ${chatMessages} where ${mentionsAddress(chatMessages.content, s.email)})`,
        )!,
    },
    export: {},
    erase: "delete",
    retain: { expired: chatExpired, then: "delete" },
  },
  chatMessages: {
    label: "Mensagens do chat",
    table: chatMessages,
    personal: [chatMessages.content],
    find: { via: { chatSessions: chatMessages.chatSessionId } },
    export: { nestIn: "chatSessions", as: "messages" },
    erase: "delete",
    retain: { withParent: "counted" },
  },
  bookings: {
    label: "Reuniões agendadas",
    table: bookings,
    personal: [bookings.name, bookings.email, bookings.phone, bookings.company, bookings.message, bookings.answers],
    find: { where: (s) => sameAddress(bookings.email, s.email) },
    export: {},
    erase: "delete",
    // Counted from the meeting's end: a booking made long ahead is kept its whole period after it.
    retain: { expired: (before) => lt(bookings.endsAt, before("bookings")), then: "delete" },
  },
  orders: {
    label: "Pedidos",
    table: orders,
    personal: [orders.customerEmail, orders.customerName],
    find: { where: (s) => sameAddress(orders.customerEmail, s.email) },
    export: {},
    // Item, amount, dates and status stay (tax law, LGPD art. 16, I); who paid does not.
    erase: { anonymise: [orders.customerEmail, orders.customerName] },
    retain: { expired: (before) => lt(orders.createdAt, before("orders")), then: "anonymise" },
  },
  subscriptions: {
    label: "Assinaturas",
    table: subscriptions,
    personal: [subscriptions.customerEmail],
    find: { where: (s) => sameAddress(subscriptions.customerEmail, s.email) },
    export: {},
    erase: { anonymise: [subscriptions.customerEmail] },
    retain: {
      expired: (before) =>
        and(
          inArray(subscriptions.status, ENDED_SUBSCRIPTION_STATES),
          sql`coalesce(${subscriptions.canceledAt}, ${subscriptions.updatedAt}) < ${before("orders")}`,
        )!,
      then: "anonymise",
    },
  },
  outbox: {
    label: "Fila de e-mails de notificação",
    table: outbox,
    personal: [outbox.recipient, outbox.subject, outbox.body, outbox.html, outbox.attachments],
    find: {
      where: (s) =>
        or(sameAddress(outbox.recipient, s.email), mentionsAddress(outbox.subject, s.email), mentionsAddress(outbox.body, s.email))!,
    },
    export: {},
    erase: "delete",
    retain: { expired: (before) => lt(outbox.createdAt, before("outbox")), then: "delete" },
  },
  spamSubmissions: {
    label: "Envios suspeitos de spam",
    table: spamSubmissions,
    // A file one carried is kept by its name and size only (docs/decisions/0106), and goes with it.
    personal: [spamSubmissions.email, spamSubmissions.data, spamSubmissions.ip, spamSubmissions.userAgent, spamSubmissionFiles.fileName],
    find: { where: (s) => or(sameAddress(spamSubmissions.email, s.email), mentionsAddress(sql`${spamSubmissions.data}::text`, s.email))! },
    export: {
      columns: {
        ...getTableColumns(spamSubmissions),
        fileName: sql<
          string | null
        >`(select ${spamSubmissionFiles.fileName} from ${spamSubmissionFiles} where ${spamSubmissionFiles.spamSubmissionId} = ${spamSubmissions.id})`,
        fileSize: sql<
          number | null
        >`(select ${spamSubmissionFiles.size} from ${spamSubmissionFiles} where ${spamSubmissionFiles.spamSubmissionId} = ${spamSubmissions.id})`,
      },
    },
    erase: "delete",
    retain: { expired: (before) => lt(spamSubmissions.createdAt, before("spam")), then: "delete" },
  },
  leadNotes: {
    label: "Anotações do funil de leads",
    table: leadNotes,
    personal: [leadNotes.body],
    find: { via: { leads: leadNotes.leadId } },
    export: {},
    erase: "delete",
    retain: { withParent: "cascade" },
  },
  leadTasks: {
    label: "Tarefas do funil de leads",
    table: leadTasks,
    personal: [leadTasks.title],
    find: { via: { leads: leadTasks.leadId } },
    export: {},
    erase: "delete",
    retain: { withParent: "cascade" },
  },
  blogPosts: {
    label: "Posts do blog que citam o e-mail",
    table: blogPosts,
    personal: postText,
    find: { where: (s) => or(...postText.map((c) => mentionsAddress(c, s.email)))! },
    // Its text, never its preview link or schedule.
    export: {
      columns: {
        id: blogPosts.id,
        title: blogPosts.title,
        slug: blogPosts.slug,
        published: blogPosts.published,
        summary: blogPosts.summary,
        content: blogPosts.content,
        metaTitle: blogPosts.metaTitle,
        metaDescription: blogPosts.metaDescription,
        createdAt: blogPosts.createdAt,
        updatedAt: blogPosts.updatedAt,
      },
    },
    erase: { redact: postText },
    retain: { never: "the company's own text; only an address quoted in it is personal, and erasure redacts it" },
  },
  blogPostRevisions: {
    label: "Revisões de posts do blog",
    table: blogPostRevisions,
    // An admin's username may be an address.
    personal: [...revisionText, blogPostRevisions.author],
    find: {
      where: (s) => or(...revisionText.map((c) => mentionsAddress(c, s.email)), sameAddress(blogPostRevisions.author, s.email))!,
    },
    export: {},
    erase: "delete",
    retain: { never: "the last 20 of each post are kept, and go with it (docs/decisions/0061)" },
  },
  rateLimits: {
    label: "Contadores de limite de envios",
    table: rateLimits,
    // Throttling counters keyed by the address (e.g. per-e-mail form limits).
    personal: [rateLimits.key],
    find: { where: (s) => mentionsAddress(rateLimits.key, s.email) },
    export: false,
    erase: "delete",
    retain: { never: "a counter lives for its window (minutes) and is reset when it ends" },
  },
} as const satisfies Record<string, PersonalTable>;

/** A table's key in the registry: its name in the export, the erasure report and the audit log. */
export type PersonalDataKey = string;
/** The key of a table the admin's privacy page shows as a group and the export lists (not nested, not hidden). */
export type PersonalDataTable = string;

/**
 * The registry in its order, with its keys: the leads, each form's own tables (its folder's
 * declaration, in the order of app/forms/index.server.ts), then the other tables. Read at each
 * call, so a form registered later (a test's) is in it.
 */
export function personalData(): Array<[PersonalDataKey, PersonalTable]> {
  const { leads: leadsEntry, ...others } = PERSONAL_DATA;
  const forms = leadFormsData().flatMap((form) => Object.entries(form.tables));
  return [["leads", leadsEntry], ...forms, ...Object.entries(others)];
}

/** One table's declaration by its key. */
export function personalEntry(key: PersonalDataKey): PersonalTable {
  const entry = personalData().find(([k]) => k === key)?.[1];
  if (!entry) throw new Error(`Tabela sem declaração de dados pessoais: ${key}`);
  return entry;
}

/** The tables shown and exported on their own, in order, with their labels. */
export function shownTables(): Array<{ key: PersonalDataTable; label: string }> {
  return personalData()
    .filter(([, entry]) => entry.export && !("nestIn" in entry.export))
    .map(([key, entry]) => ({ key, label: entry.label }));
}

/** Labels by SQL table name, for the audit log's targets (`newsletter_subscribers:9`). */
export function labelsByTableName(): Record<string, string> {
  return Object.fromEntries(personalData().map(([, entry]) => [getTableName(entry.table), entry.label]));
}

/** A table's primary key column (every registered table has a single one). */
export function primaryKeyOf(table: PgTable): AnyPgColumn {
  const column = getTableConfig(table).columns.find((c) => c.primary);
  if (!column) throw new Error(`${getTableName(table)}: sem chave primária de uma coluna`);
  return column;
}

/** The property name under which drizzle reads a column of its table. */
export function fieldOf(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`${column.name} não é coluna de ${getTableName(table)}`);
  return entry[0];
}

/** `column = ANONYMISED_MARKER` for each column that holds something (a null stays null). */
export function anonymised(table: PgTable, columns: readonly AnyPgColumn[]): Record<string, SQL> {
  return Object.fromEntries(columns.map((c) => [fieldOf(table, c), sql`case when ${c} is null then null else ${ANONYMISED_MARKER} end`]));
}

/** Rows where one of the columns still holds something other than ANONYMISED_MARKER. */
export const notYetAnonymised = (columns: readonly AnyPgColumn[]): SQL =>
  or(...columns.map((c) => and(isNotNull(c), ne(c, ANONYMISED_MARKER))))!;
