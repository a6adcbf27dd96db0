/**
 * Versions of the legal texts. A consent record stores the version the person accepted, so a
 * new text gets a new version (and a new date) here.
 */
export const PRIVACY_POLICY_VERSION = "1.2 (27/11/2026)";
export const TERMS_VERSION = "1.0 (22/11/2026)";
/** The date a legal text's version carries ("1.1 (25/11/2026)" → "2026-11-25"), shown on its page and in `<time datetime>`. */
export function versionDate(version: string): string {
  const [, day, month, year] = /\((\d{2})\/(\d{2})\/(\d{4})\)/.exec(version) ?? [];
  return `${year}-${month}-${day}`;
}

/** Purposes recorded in consent_records.purpose. */
export const CONSENT_PURPOSES = {
  newsletter: "newsletter",
  contactPolicy: "contact-policy",
} as const;

/** Page addresses of the legal texts (footer, forms and the chat link here). */
export const LEGAL_PATHS = {
  privacy: "/privacidade",
  terms: "/termos",
  cookies: "/cookies",
} as const;

export const COOKIES_VERSION = "1.1 (25/11/2026)";

/**
 * Retention periods: the one home of these numbers. The privacy policy prints them and the
 * retention job (app/domain/retention.server.ts) applies them, so both always agree.
 */
export type RetentionUnit = "days" | "months";
export interface RetentionPeriod {
  amount: number;
  unit: RetentionUnit;
}

export const RETENTION = {
  /** Applications (`candidaturas` leads) and the CVs sent with them (lead_files), counted from the application. */
  careerApplications: { amount: 12, unit: "months" },
  /** chat_sessions and their chat_messages, counted from the last activity. */
  chatTranscripts: { amount: 12, unit: "months" },
  /** Contacts, consultations and questionnaires (`leads` of those kinds, with their answers). */
  leads: { amount: 24, unit: "months" },
  /** bookings (meetings booked at /agendar), counted from the meeting's end (docs/decisions/0082). */
  bookings: { amount: 24, unit: "months" },
  /** newsletter_subscribers that unsubscribed (the consent records keep the proof). */
  newsletterUnsubscribed: { amount: 30, unit: "days" },
  /** newsletter requests whose confirmation link was never clicked, from the last e-mail sent. */
  newsletterUnconfirmed: { amount: 30, unit: "days" },
  /** consent_records, unless the e-mail still has an active newsletter subscription. */
  consentRecords: { amount: 60, unit: "months" },
  /** orders and ended subscriptions: after this the customer's name and e-mail are anonymised. */
  orders: { amount: 72, unit: "months" },
  /** outbox rows (notification e-mails, which repeat the lead's data). */
  outbox: { amount: 90, unit: "days" },
  /**
   * spam_submissions: form submissions suspected as spam (docs/decisions/0090), kept apart from the
   * leads for the admin to check, counted from the submission.
   */
  spam: { amount: 30, unit: "days" },
  /** submission_keys (idempotency of lead forms; no personal data), counted from the submission. */
  submissionKeys: { amount: 1, unit: "days" },
  /**
   * page_views and analytics_events (docs/decisions/0040, 0041): the raw rows of the page analytics. They hold no
   * address, cookie or browser string, only a visitor hash whose daily salt is deleted the day
   * after; the daily totals (analytics_daily) are kept.
   */
  analyticsRaw: { amount: 30, unit: "days" },
  /** audit_log: kept at least this long; the application itself never deletes it. */
  auditLog: { amount: 60, unit: "months" },
  /**
   * Server logs (JSON lines on standard output, no personal data or tokens by design). They live
   * outside the database, so the host's log rotation applies this period (README, "Logs").
   */
  serverLogs: { amount: 30, unit: "days" },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionKind = keyof typeof RETENTION;

/** "12 meses", "90 dias", "5 anos" (whole years read better than 60 months). */
export function formatPeriod(period: RetentionPeriod): string {
  if (period.unit === "days") return `${period.amount} ${period.amount === 1 ? "dia" : "dias"}`;
  if (period.amount % 12 === 0 && period.amount >= 36) {
    const years = period.amount / 12;
    return `${years} ${years === 1 ? "ano" : "anos"}`;
  }
  return `${period.amount} ${period.amount === 1 ? "mês" : "meses"}`;
}

/** What replaces a customer's name and e-mail in rows kept for tax law after an erasure. */
export const ANONYMISED_MARKER = "[anonimizado]";
/** Prefix of the salted hash that replaces the e-mail in consent records kept as proof. */
export const HASHED_EMAIL_PREFIX = "hash:";
