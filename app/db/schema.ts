/**
 * The whole data model. SPEC §3 entities first (names and limits as the spec says), then the
 * tables the product needs beyond the spec (sessions, leads, outbox, payments, chat, privacy).
 * Change it, then run `npm run db:generate -- --name <what>` to write a migration.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { nameWordsSql } from "../lib/name-words";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The words of a lead's name, as the inbox's search compares them (app/lib/name-words.ts): a GIN
 * index on them answers that search (docs/decisions/0132), built online (app/db/online-indexes.ts).
 */
const nameWordsIndex = (column: string) => sql.raw(nameWordsSql(`"${column}"`));

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Attribution (docs/decisions/0042): the visit that produced a lead, copied onto the lead when it is stored
 * (app/domain/analytics/attribution.server.ts, `attributionFor`). Pages and campaigns only, nothing personal.
 */
const attribution = () => ({
  landingPath: text("landing_path"),
  referrerHost: text("referrer_host"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  /**
   * Whether that visit is one Análises counted (found by the visitor's daily hash), or the
   * attribution fell back to the form's page (beacons blocked, another day): the leads without a
   * counted visit are shown on their own line (docs/decisions/0085). Null: stored before this was recorded.
   */
  visitCounted: boolean("visit_counted"),
});

/**
 * Whether a lead form's submission proved it came from the site's own form (a solved proof of
 * work, docs/decisions/0106): false for a post made without JavaScript, which gets no automatic
 * e-mail and is marked for the admin; null for rows stored before this was recorded, and for
 * leads that do not come from a lead form (bookings, orders).
 */
const verified = () => boolean("verified");

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** SEO fields of a post (and of each of its revisions). */
const seoColumns = () => ({
  metaTitle: text("meta_title"),
  metaDescription: text("meta_description"),
  socialImageUrl: text("social_image_url"),
  canonicalUrl: text("canonical_url"),
  noindex: boolean("noindex").notNull().default(false),
});

// ---------------------------------------------------------------- SPEC §3
export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  password: text("password").notNull(), // scrypt hash, never the password itself
  role: text("role").notNull().default("user"),
  /** TOTP secret (RFC 6238), encrypted (two-factor.server.ts); set at enrolment, active once confirmed. */
  totpSecret: text("totp_secret"),
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** Last 30-second step whose code was accepted: a code is never accepted twice. */
  totpLastStep: integer("totp_last_step"),
  createdAt: createdAt(),
});

export const blogCategories = pgTable("blog_categories", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull().unique(),
  slug: varchar("slug", { length: 100 }).notNull().unique(),
  description: text("description"),
  createdAt: createdAt(),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 200 }).notNull(),
    slug: varchar("slug", { length: 200 }).notNull().unique(),
    categoryId: integer("category_id").references(() => blogCategories.id),
    summary: text("summary").notNull(),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    /** The one "live" truth: every visitor query filters on it (docs/decisions/0060). */
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** When an unpublished post goes live (UTC); null: not scheduled. The publishing job clears it. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    // SEO per post; null falls back to title, summary, cover image and the post's own address.
    ...seoColumns(),
    /**
     * SHA-256 (hex) of the preview link's token (/previa/{token}); null: no link (never made, or
     * revoked). The token itself is never stored (docs/decisions/0109).
     */
    previewTokenHash: text("preview_token_hash").unique(),
    /** When the preview link stops working. */
    previewExpiresAt: timestamp("preview_expires_at", { withTimezone: true }),
    /** Saved changes to a published post that are not live yet (a revision); null: none. */
    pendingRevisionId: integer("pending_revision_id").references((): AnyPgColumn => blogPostRevisions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.published, t.publishedAt),
    // The admin's list (newest first) and its category filter; built online (app/db/online-indexes.ts).
    index("blog_posts_created_idx").on(t.createdAt, t.id),
    index("blog_posts_category_idx").on(t.categoryId),
    // The publishing job's question ("which scheduled posts are due?") reads only scheduled rows.
    index("blog_posts_publish_at_idx")
      .on(t.publishAt)
      .where(sql`${t.published} = false and ${t.publishAt} is not null`),
  ],
);

/**
 * Every save of a post keeps one (the last 20 per post, docs/decisions/0061): the editable
 * fields as they were saved, who saved them and when.
 */
export const blogPostRevisions = pgTable(
  "blog_post_revisions",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    /** 'create', 'update', 'draft' (changes kept out of the live post) or 'restore'. */
    kind: text("kind").notNull(),
    /** The revision a restore brought back. */
    restoredFrom: integer("restored_from"),
    title: varchar("title", { length: 200 }).notNull(),
    slug: varchar("slug", { length: 200 }).notNull(),
    categoryId: integer("category_id").references(() => blogCategories.id, { onDelete: "set null" }),
    summary: text("summary").notNull(),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    ...seoColumns(),
    author: text("author").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_post_revisions_post_idx").on(t.postId, t.id)],
);

// ---------------------------------------------------------------- auth and infrastructure
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(), // sha256 of the cookie token; the token itself is never stored
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * 'active' opens the admin; 'second-factor' (password right, code still due) and 'enrol'
     * (password right, two-factor enrolment required) only open the login's second step.
     */
    stage: text("stage").notNull().default("active"),
    /** Renewed while the admin works; a session idle for 30 minutes ends (app/domain/auth/sessions.server.ts). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_expires_idx").on(t.expiresAt)],
);

/** One-time recovery codes of the two-factor login: only a SHA-256 of each code is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Browsers that skip the two-factor code for 30 days ('lembrar este dispositivo'); revocable. */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    id: text("id").primaryKey(), // sha256 of the cookie token, like sessions
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("trusted_devices_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every app instance (login throttling, form spam limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * One row per lead submission that carried an idempotency key (or, posted without JavaScript,
 * the hash of its content): a retry or a double submit is answered with the stored result
 * instead of storing the lead twice. Holds no personal data; kept for a day (app/lib/privacy.ts).
 */
export const submissionKeys = pgTable("submission_keys", {
  key: text("key").primaryKey(),
  form: text("form").notNull(),
  /** What the first submission answered (e.g. `{ id }`), replayed to the retries. */
  result: jsonb("result"),
  createdAt: createdAt(),
});

/** Small key/value store for generated secrets and similar instance-wide settings. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Transactional outbox: written in the same transaction as the lead, sent by a worker. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(), // e.g. 'lead.contact'
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Optional HTML alternative of `body` (the plain text is always sent too). */
    html: text("html"),
    status: text("status").notNull().default("pending"), // pending | sent | logged | failed
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Files sent with the message (e.g. a meeting's .ics invitation): `MailAttachment[]` (app/infra/outbox.server.ts). */
    attachments: jsonb("attachments"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt), index("outbox_recipient_idx").on(sql`lower(${t.recipient})`)],
);

/** Uploaded images (originals and resized variants), so every instance can serve them. */
export const uploads = pgTable("uploads", {
  id: text("id").primaryKey(),
  parentId: text("parent_id"),
  mime: text("mime").notNull(),
  width: integer("width"),
  height: integer("height"),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- leads beyond SPEC §3
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 320 }).notNull().unique(),
    /**
     * pending (asked, link not clicked yet: not a subscriber) | active | unsubscribed. Double opt-in:
     * only the signed link in the confirmation e-mail makes an address active (newsletter.server.ts).
     */
    status: text("status").notNull().default("pending"),
    source: text("source"),
    policyVersion: text("policy_version"),
    /** When the confirmation link was clicked: the consent. Null while pending. */
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    /** Last confirmation e-mail queued: one per address every few minutes, whoever asks. */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    /**
     * When a newsletter edition to this address was refused for good (an SMTP 5xx): no edition is
     * sent to it again (app/domain/newsletter/delivery.server.ts, docs/decisions/0128).
     */
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    /**
     * The blog categories (ids) the subscriber chose to hear about, on the page after the double
     * opt-in or from the link in each edition (docs/decisions/0131). Null: never chose. A
     * deleted category's id is ignored wherever it is read.
     */
    topics: integer("topics").array(),
    ...attribution(),
    verified: verified(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("newsletter_subscribers_created_idx").on(t.createdAt, t.id)],
);

/**
 * A newsletter edition (docs/decisions/0128): a post sent by e-mail to the confirmed subscribers,
 * or a standalone edition written on its own page (no post: `post_id` null, `content` its body;
 * docs/decisions/0131). `status`: draft (standalone, being written) | scheduled (waits for its
 * post to go live, or for `scheduled_at`) | sending | paused | cancelled | sent. The e-mail is
 * rendered once, when sending starts, and kept with its `{{descadastro}}` placeholder.
 */
export const newsletterEditions = pgTable(
  "newsletter_editions",
  {
    id: serial("id").primaryKey(),
    /** One edition per post: a post is sent once. */
    postId: integer("post_id")
      .unique()
      .references(() => blogPosts.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    /** A standalone edition's body as the admin wrote it (sanitised when saved and again for mail). */
    content: text("content"),
    /**
     * Who gets it (docs/decisions/0131): null, every confirmed subscriber; `tema:{category id}`,
     * those who chose that topic; `etapa:{stage}`, those whose address is a lead's at that stage.
     */
    segment: text("segment"),
    /** When a scheduled standalone edition starts. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    html: text("html"),
    text: text("text"),
    status: text("status").notNull().default("scheduled"),
    /** The throttle: no recipient of this edition is claimed before this moment (NEWSLETTER_RATE_PER_SECOND). */
    nextSendAt: timestamp("next_send_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("newsletter_editions_status_idx").on(t.status)],
);

/**
 * One row per subscriber per edition (unique): what makes "at most once" hold. `status`: pending |
 * sending (claimed, under `lease_until`) | delivering (the message's last line is being handed to
 * the SMTP server) | sent | failed | skipped (unsubscribed, erased or bounced before its turn) |
 * cancelled. The unsubscribe link it carries is stored as a hash only (docs/decisions/0109).
 */
export const newsletterEditionRecipients = pgTable(
  "newsletter_edition_recipients",
  {
    id: serial("id").primaryKey(),
    editionId: integer("edition_id")
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 320 }).notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** The SMTP reply code of the last failure (5xx: a hard bounce). */
    lastErrorCode: integer("last_error_code"),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull().unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_edition_recipients_once_idx").on(t.editionId, t.subscriberId),
    index("newsletter_edition_recipients_due_idx").on(t.editionId, t.status, t.id),
    index("newsletter_edition_recipients_email_idx").on(t.email),
  ],
);

/**
 * The links of an edition's e-mail (docs/decisions/0131), numbered in the order they appear, and
 * how often each was followed through /n/c/{edition}/{link index}. Written when the edition
 * starts; the redirect only ever leads to a `url` stored here. A count, nothing about who.
 */
export const newsletterLinks = pgTable(
  "newsletter_links",
  {
    editionId: integer("edition_id")
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: "cascade" }),
    linkIndex: integer("link_index").notNull(),
    url: text("url").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.linkIndex] })],
);

/** LGPD proof of consent (Art. 8): one row per grant or withdrawal. */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull(), // e.g. 'newsletter', 'contact-policy'
    policyVersion: text("policy_version").notNull(),
    source: text("source").notNull(), // which form
    action: text("action").notNull().default("granted"), // granted | withdrawn
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("consent_records_email_idx").on(t.email)],
);

// ---------------------------------------------------------------- chat widget
export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id").notNull().unique(), // upstream id, or 'offline-{timestamp}'
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    offline: boolean("offline").notNull().default(false),
    ip: text("ip"),
    /** The `conversas` lead it became when the visitor left a contact; null until then. */
    leadId: integer("lead_id").references((): AnyPgColumn => leads.id, { onDelete: "cascade" }),
    ...attribution(),
    verified: verified(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("chat_sessions_created_idx").on(t.createdAt, t.id),
    index("chat_sessions_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("chat_sessions_lead_uq").on(t.leadId),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    chatSessionId: integer("chat_session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    role: text("role").notNull(), // user | assistant
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_session_idx").on(t.chatSessionId)],
);

// ---------------------------------------------------------------- payments
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(), // product | plan
    itemId: text("item_id").notNull(),
    itemName: text("item_name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("brl"),
    status: text("status").notNull().default("pending"), // pending | paid | failed | canceled
    provider: text("provider").notNull(), // stripe | demo
    checkoutSessionId: text("checkout_session_id").unique(),
    paymentIntentId: text("payment_intent_id"),
    subscriptionId: text("subscription_id"),
    customerEmail: text("customer_email"),
    customerName: text("customer_name"),
    /** The lead it converts, if known: an order is a conversion, kept (anonymised) when its lead goes (docs/decisions/0045, 0047). */
    leadId: integer("lead_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    ...attribution(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [index("orders_created_idx").on(t.createdAt, t.id), index("orders_email_idx").on(sql`lower(${t.customerEmail})`)],
);

export const subscriptions = pgTable("subscriptions", {
  id: serial("id").primaryKey(),
  providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
  planId: text("plan_id").notNull(),
  status: text("status").notNull(),
  customerEmail: text("customer_email"),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  canceledAt: timestamp("canceled_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Webhook idempotency: an event id is processed once. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- accountability
/** Append-only record of admin actions; the application never updates or deletes rows. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actor: text("actor"),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- the lead aggregate (docs/decisions/0135, 0140)
/**
 * One row per sales lead, whatever form or path it came by: the columns every lead has. Its own
 * answers are in its form's table (app/forms/{form}/table.ts, re-exported below), joined 1:1 by
 * `lead_id`; a conversation's detail is its chat session, a meeting's its booking. The inbox, its
 * counts and every lead count read this table alone (app/domain/pipeline.server.ts).
 */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    /** The pipeline type (app/lib/pipeline.ts PIPELINE_TYPES): contatos, consultas, conversas, … */
    kind: text("kind").notNull(),
    /**
     * The lead's number among its kind's (docs/decisions/0140): what SPEC §7 answers as `id`, the
     * admin's addresses and the audit targets (`contact:12`) name. A form's leads take theirs from
     * the form's sequence (its table.ts), a conversation's is its chat session's id, a meeting's
     * its booking's; the migration kept every old table's id as it was.
     */
    number: integer("number").notNull(),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    /** The pipeline stage (app/lib/pipeline.ts STAGES); a consultation's status is this stage (docs/decisions/0088). */
    stage: text("stage").notNull(),
    /** Day of the next follow-up (Brasília calendar day); null: none planned. */
    followUpOn: date("follow_up_on", { mode: "string" }),
    ...attribution(),
    verified: verified(),
    /** The consent the submission gave (the contact form's policy box); the proof stays in consent_records. */
    consentRecordId: integer("consent_record_id").references((): AnyPgColumn => consentRecords.id, { onDelete: "set null" }),
    /**
     * Merged into another lead as its duplicate (docs/decisions/0147): the lead it went into, and
     * when. Its own submission stays here; its notes, tasks and orders went to that lead.
     */
    mergedIntoId: integer("merged_into_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    mergedAt: timestamp("merged_at", { withTimezone: true }),
    // The deal (docs/decisions/0142-deals-value-and-stage-probability.md): what the sale is worth,
    // in integer cents of BRL, and the calendar day it is expected to close; null: not estimated.
    valueCents: bigint("value_cents", { mode: "number" }),
    expectedCloseOn: date("expected_close_on", { mode: "string" }),
    /** When the lead last became 'ganho' or 'perdido'; null while open (or discarded). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Why it was lost (required on the move to 'perdido'); null otherwise. */
    lostReason: text("lost_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("leads_kind_number_uq").on(t.kind, t.number),
    check("leads_value_cents_range", sql`${t.valueCents} between 0 and 100000000000`),
    // The pipeline's totals per stage (count, value) read this index alone (docs/decisions/0142).
    index("leads_stage_value_idx").on(t.stage, t.valueCents),
    // The board's cards: the most recently changed of each stage (docs/decisions/0143).
    index("leads_stage_updated_idx").on(t.stage, t.updatedAt, t.id),
    // Ascending, as every list's (created_at, id): read backwards, each serves `order by created_at
    // desc, id desc` (nulls first). A DESC NULLS LAST index does not match that order, and the
    // planner sorted the whole table instead (docs/decisions/0140).
    index("leads_created_idx").on(t.createdAt, t.id),
    index("leads_email_idx").on(sql`lower(${t.email})`),
    index("leads_name_words_idx").using("gin", nameWordsIndex("name")),
    index("leads_stage_idx").on(t.stage, t.createdAt, t.id),
    index("leads_kind_idx").on(t.kind, t.createdAt, t.id),
    index("leads_source_idx").on(sql`coalesce(${t.utmSource}, ${t.referrerHost}, '')`, t.createdAt, t.id),
    index("leads_follow_up_idx")
      .on(t.followUpOn)
      .where(sql`${t.followUpOn} is not null`),
    // Possible duplicates (docs/decisions/0147): leads of the same company domain, and a survivor's merged leads.
    index("leads_email_domain_idx").on(sql`split_part(lower(${t.email}), '@', 2)`),
    index("leads_merged_into_idx")
      .on(t.mergedIntoId)
      .where(sql`${t.mergedIntoId} is not null`),
  ],
);

/**
 * The chance of closing a deal at each sales stage, in whole percent, as the admin set it
 * (docs/decisions/0142). A stage without a row has its default (app/lib/deals.ts).
 */
export const stageProbabilities = pgTable(
  "stage_probabilities",
  {
    stage: text("stage").primaryKey(),
    probability: integer("probability").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("stage_probabilities_range", sql`${t.probability} between 0 and 100`)],
);

/**
 * A file a lead's form took (the careers CV, docs/decisions/0093): one per field, gone with its
 * lead (erasure, retention). Kept in PostgreSQL so any instance serves it; never public.
 */
export const leadFiles = pgTable(
  "lead_files",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The form's file field (LeadFormDefinition.file.field). */
    field: text("field").notNull(),
    /** The name the visitor's file had, sanitised (app/forms/careers/cv.server.ts); shown and offered on download. */
    fileName: text("file_name").notNull(),
    /** What its content is (pdf | doc | docx), read from its bytes, never from its name or declared type. */
    format: text("format").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Hex SHA-256 of the bytes. */
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lead_files_lead_field_uq").on(t.leadId, t.field),
    check("lead_files_size", sql`${t.size} > 0 and ${t.size} = octet_length(${t.data})`),
  ],
);

/** The admin's notes on a lead (author and time); deleted with the lead. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId)],
);

/**
 * The admin's tasks on a lead (call, e-mail, send a proposal) with a due time; deleted with the
 * lead. Reminders 24 h and 1 h before go to the team's address, each claimed once across instances
 * by its "sent" column (docs/decisions/0146).
 */
export const leadTasks = pgTable(
  "lead_tasks",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** One of app/lib/lead-tasks.ts TASK_KINDS: ligar, email, proposta, outro. */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** Who added it (the admin's name). */
    createdBy: text("created_by").notNull(),
    reminderDaySentAt: timestamp("reminder_day_sent_at", { withTimezone: true }),
    reminderHourSentAt: timestamp("reminder_hour_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_tasks_lead_idx").on(t.leadId, t.dueAt),
    // Open tasks by due time: the overdue card, the lead's mark and the reminders' "due soon" runs.
    index("lead_tasks_open_due_idx")
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
    check("lead_tasks_kind", sql`${t.kind} in ('ligar', 'email', 'proposta', 'outro')`),
  ],
);

// Each form's answers table is declared in its folder (app/forms/{form}/table.ts, docs/decisions/0135),
// found by drizzle-kit through drizzle.config.ts's glob and by the app through app/forms/tables.server.ts
// (docs/decisions/0141): no line here.

// ---------------------------------------------------------------- analytics (docs/decisions/0040–0042)
/**
 * One row per page view of a public page, counted by the server from the HTML request (or, for
 * a client-side navigation, from the page's beacon). No cookie, no address, no user agent: the
 * visitor is a salted hash of address + browser whose salt changes every day and is deleted
 * after it (analytics_salts), so a hash links views of one day only. Kept RETENTION.analyticsRaw.
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: serial("id").primaryKey(),
    createdAt: createdAt(),
    /** The day in Brasília time: rollups and the salt go by it. */
    day: date("day").notNull(),
    path: text("path").notNull(),
    /** A visit starts here: no referrer, or another site's. */
    entry: boolean("entry").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").notNull(), // mobile | tablet | desktop
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [index("page_views_day_idx").on(t.day), index("page_views_visitor_idx").on(t.visitorHash)],
);

/** Funnel steps the server cannot see in a page request: the widget opened, a form started. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    createdAt: createdAt(),
    day: date("day").notNull(),
    kind: text("kind").notNull(), // widget | form
    form: text("form"),
    path: text("path").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [index("analytics_events_day_idx").on(t.day)],
);

/**
 * Daily rollups, what the Análises page reads: per day and dimension (total, page, landing,
 * referrer, campaign, device, event) the views, visits (entries) and visitors (distinct hashes
 * of that day). A year is a few thousand rows.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    views: integer("views").notNull().default(0),
    visits: integer("visits").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.key] }),
    // Análises reads one dimension over a range of days; built online (app/db/online-indexes.ts).
    index("analytics_daily_dimension_day_idx").on(t.dimension, t.day),
  ],
);

/**
 * How far today's running totals have read the raw rows (docs/decisions/0112): the last
 * page_views id ('views') and analytics_events id ('events') added to analytics_daily.
 */
export const analyticsProgress = pgTable("analytics_progress", {
  name: text("name").primaryKey(),
  lastId: integer("last_id").notNull(),
});

/**
 * The visitors already counted on a day that is not closed yet, per scope ('total', or
 * 'event:widget' …): what makes today's visitor totals exact without a pass over the day's
 * rows. Deleted when the day is closed (docs/decisions/0112).
 */
export const analyticsSeen = pgTable(
  "analytics_seen",
  {
    day: date("day").notNull(),
    scope: text("scope").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope, t.visitorHash] })],
);

/** The salt of each day's visitor hash; deleted once the day after it is over. Never joined with the rows. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- site search (docs/decisions/0070)
/** PostgreSQL's full-text document; read only by SQL (app/domain/search/query.server.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search document of every blog post, draft or not (visitors' searches filter on
 * `blog_posts.published` at query time, so publishing needs no re-index). Written only by the
 * trigger `blog_post_search_refresh` on blog_posts (migration `search`): every way a post is
 * written, today's and tomorrow's, keeps it current in the same transaction. The migration also
 * keeps documents in the row (`toast_tuple_target = 8160`): ranking reads every matching one.
 */
export const blogPostSearch = pgTable(
  "blog_post_search",
  {
    postId: integer("post_id")
      .primaryKey()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    document: tsvector("document").notNull(),
  },
  (t) => [index("blog_post_search_document_idx").using("gin", t.document)],
);

/**
 * The public pages' own copy, as their content modules hold it (app/domain/search/pages.server.ts
 * writes it at every start when it changed). `body` is one segment of copy per line.
 */
export const searchPages = pgTable("search_pages", {
  path: text("path").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  body: text("body").notNull(),
  /** Of title, description and body: a start rewrites a page only when its copy changed. */
  hash: text("hash").notNull(),
  document: tsvector("document")
    .notNull()
    .generatedAlwaysAs(sql`search_document("title", "description", "body")`),
});

// ---------------------------------------------------------------- spam and auto-replies (docs/decisions/0090, 0091)
/**
 * Submissions of the lead forms suspected as spam (app/domain/spam/): stored so good input is
 * never lost, but apart from the lead tables, so they never reach the pipeline, the lists, the
 * counts, the notifications or the auto-replies. 'Não é spam' stores `data` through the form's
 * own definition and deletes the row; the rest is deleted after RETENTION.spam.
 */
export const spamSubmissions = pgTable(
  "spam_submissions",
  {
    id: serial("id").primaryKey(),
    /** The lead form (app/domain/lead-submissions.server.ts LeadForm). */
    form: text("form").notNull(),
    /** The submitter's address as typed, for the privacy search; null when the form has none. */
    email: text("email"),
    /** The validated input, as the form's definition stores it. */
    data: jsonb("data").notNull(),
    /** Why it was suspected: e.g. ['pow-missing'], ['honeypot'], ['too-fast', 'rate']. */
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    ...attribution(),
    createdAt: createdAt(),
  },
  (t) => [index("spam_submissions_created_idx").on(t.createdAt)],
);

/**
 * The file a suspected submission carried (a CV), by its name, type, size and hash only, never
 * inside `data` (docs/decisions/0106): its bytes are not kept, so whatever a script posts, the
 * quarantine costs no more than a lead without a file. 'Não é spam' stores the lead without it.
 */
export const spamSubmissionFiles = pgTable("spam_submission_files", {
  spamSubmissionId: integer("spam_submission_id")
    .primaryKey()
    .references(() => spamSubmissions.id, { onDelete: "cascade" }),
  /** The form's file field (LeadFormDefinition.file.field). */
  field: text("field").notNull(),
  fileName: text("file_name").notNull(),
  format: text("format").notNull(),
  size: integer("size").notNull(),
  /** Hex SHA-256 of the bytes that were sent. */
  sha256: text("sha256").notNull(),
});

/**
 * Proof-of-work challenges (their nonce) and form stamps (`stamp:{stamp}`) already spent, so each
 * is good for one submission across every instance (docs/decisions/0106). Deleted once expired
 * (the retention job).
 */
export const spamChallenges = pgTable("spam_challenges", {
  id: text("id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * The last auto-reply sent to an address (a keyed hash of the whole address, lower case; never
 * the address itself): at most one per address per hour, across forms and instances.
 */
export const autoReplies = pgTable("auto_replies", {
  addressHash: text("address_hash").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
// ---------------------------------------------------------------- meeting booking (docs/decisions/0080–0084)
/** PostgreSQL's range of instants; written as `[start,end)` text, read only by SQL. */
const tstzrange = customType<{ data: string }>({ dataType: () => "tstzrange" });

/**
 * The admin's availability, one row (id 1). Weekly hours are Brasília wall-clock times:
 * `{ "1": [["09:00", "18:00"]], … }` keyed by ISO weekday (1 Monday … 7 Sunday); a day without
 * a key is closed. Slots are computed from it in app/domain/booking/slots.ts.
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: integer("id").primaryKey().default(1),
    timeZone: text("time_zone").notNull().default("America/Sao_Paulo"),
    weeklyHours: jsonb("weekly_hours").notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(30),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    minNoticeHours: integer("min_notice_hours").notNull().default(24),
    horizonDays: integer("horizon_days").notNull().default(30),
    /** Visitors may reschedule or cancel online until this many hours before the meeting (docs/decisions/0145). */
    changeCutoffHours: integer("change_cutoff_hours").notNull().default(12),
    /** A time booked with less than this many hours' notice waits for the admin's confirmation; null: never (docs/decisions/0145). */
    confirmBelowHours: integer("confirm_below_hours"),
    /** Up to three questions of the booking form: `[{ id, label, kind: text|choice, options, required }]` (docs/decisions/0145). */
    questions: jsonb("questions").notNull().default([]),
    /** At most this many meetings on one (Brasília) day; null: no cap. */
    maxPerDay: integer("max_per_day"),
    /** video (a fixed room link) | phone | link-later ('enviaremos o link'). */
    placeKind: text("place_kind").notNull().default("link-later"),
    /** The video room's address (video) or the number the consultancy calls from (phone). */
    placeDetail: text("place_detail"),
    /** SHA-256 (hex) of the private calendar feed's token (/agenda/feed/{token}.ics); null: no feed (docs/decisions/0109). */
    feedTokenHash: text("feed_token_hash").unique(),
    /** When the feed's address stops working. */
    feedExpiresAt: timestamp("feed_expires_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("booking_settings_one_row", sql`${t.id} = 1`),
    check("booking_settings_duration", sql`${t.durationMinutes} in (30, 45, 60)`),
    check("booking_settings_place", sql`${t.placeKind} in ('video', 'phone', 'link-later')`),
  ],
);

/**
 * The owner's own calendar read as busy time (docs/decisions/0144), one row (id 1): the secret
 * iCalendar address the admin pasted (encrypted; only its host is shown), the last good copy
 * (stripped to times, so no title or guest is kept) with its validators for conditional requests,
 * and the busy intervals expanded from it over the booking horizon, read by every instance.
 */
export const bookingBusyCalendar = pgTable(
  "booking_busy_calendar",
  {
    id: integer("id").primaryKey().default(1),
    /** The ICS address, AES-256-GCM encrypted (app/domain/booking/busy-calendar.server.ts); null: none. */
    urlSecret: text("url_secret"),
    /** Its host, the only part of it the admin page shows. */
    urlHost: text("url_host"),
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** The last good copy: VTIMEZONEs and VEVENTs with their time properties only. */
    calendarText: text("calendar_text"),
    /** `[[startISO, endISO], …]`: the busy instants expanded from the copy at the last check. */
    busyIntervals: jsonb("busy_intervals").notNull().default([]),
    /** Last successful fetch (a 200 or a 304). */
    fetchedAt: timestamp("fetched_at", { withTimezone: true }),
    /** Last attempt, successful or not. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** The last attempt's failure, in Portuguese for the admin; null after a success. */
    lastError: text("last_error"),
    updatedAt: updatedAt(),
  },
  (t) => [check("booking_busy_calendar_one_row", sql`${t.id} = 1`)],
);

/** A day that differs from the weekly hours: closed (a holiday, a day off), or open with its own hours. */
export const bookingExceptions = pgTable("booking_exceptions", {
  id: serial("id").primaryKey(),
  day: date("day", { mode: "string" }).notNull().unique(),
  /** closed | open */
  kind: text("kind").notNull(),
  /** For 'open': `[["09:00", "12:00"]]`, Brasília wall-clock. */
  hours: jsonb("hours"),
  note: text("note"),
  createdAt: createdAt(),
});

/**
 * A booked meeting. `occupied` is the meeting with its buffers; the hand-written exclusion
 * constraint `bookings_no_overlap` (migration `booking`) refuses two live bookings whose
 * occupied ranges overlap, whichever instance writes them (docs/decisions/0081).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    /** iCalendar UID: the same for every update of this meeting (RFC 5545). */
    uid: text("uid").notNull().unique(),
    /** iCalendar SEQUENCE: raised at every reschedule or cancellation. */
    sequence: integer("sequence").notNull().default(0),
    /** confirmed | pending (short notice, waiting for the admin, docs/decisions/0145; holds its time) | cancelled */
    status: text("status").notNull().default("confirmed"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    /** [startsAt − buffer before, endsAt + buffer after): what no other live booking may overlap. */
    occupied: tstzrange("occupied").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    company: text("company").notNull(),
    message: text("message"),
    /** The visitor's answers to the form's questions, each with its question as asked: `[{ question, answer }]`. */
    answers: jsonb("answers"),
    /** Where the meeting happens, as it was when booked (settings may change later). */
    placeKind: text("place_kind").notNull(),
    placeDetail: text("place_detail"),
    /**
     * Its lead: the one it continues (same whole e-mail address, shortly before: a consultation
     * request or a chat contact, docs/decisions/0082), or the `reunioes` lead it made.
     */
    leadId: integer("lead_id")
      .notNull()
      .references((): AnyPgColumn => leads.id, { onDelete: "cascade" }),
    /** Reminders claimed (and queued) by the reminder job: each at most once. */
    reminderDaySentAt: timestamp("reminder_day_sent_at", { withTimezone: true }),
    reminderHourSentAt: timestamp("reminder_hour_sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** visitor | admin */
    cancelledBy: text("cancelled_by"),
    ...attribution(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_starts_idx").on(t.startsAt),
    index("bookings_lead_idx").on(t.leadId),
    index("bookings_created_idx").on(t.createdAt, t.id),
    index("bookings_email_idx").on(sql`lower(${t.email})`),
    index("bookings_name_words_idx").using("gin", nameWordsIndex("name")),
    check("bookings_status", sql`${t.status} in ('confirmed', 'pending', 'cancelled')`),
    check("bookings_interval", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The private links of a booking handed out so far (the confirmation page, each e-mail): one row
 * per link, each opening the same booking until some days after its meeting ends. Only the
 * token's SHA-256 (hex) is kept, so an e-mail cannot repeat an earlier link: it mints its own
 * (docs/decisions/0109).
 */
export const bookingAccessTokens = pgTable(
  "booking_access_tokens",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("booking_access_tokens_booking_idx").on(t.bookingId)],
);
