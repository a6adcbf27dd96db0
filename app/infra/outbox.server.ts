/**
 * Transactional outbox: call `enqueueEmail(tx, ...)` inside the transaction that stores a lead,
 * so the notification exists exactly when the lead does. A worker sends it later (never in the
 * visitor's request); see the lead-capture area for the worker.
 */
import { env } from "~/config.server";
import type { Executor } from "~/db/client.server";
import { outbox } from "~/db/schema";

/** A file sent with a message, stored with it in the outbox (text content: an .ics, a CSV). */
export interface MailAttachment {
  filename: string;
  /** e.g. `text/calendar; charset=utf-8; method=REQUEST` */
  contentType: string;
  content: string;
}

export interface EmailInput {
  kind: string; // e.g. 'lead.contact', 'lead.chat'
  subject: string;
  body: string; // plain text
  /** Optional HTML alternative; the plain text is always sent beside it. */
  html?: string;
  recipient?: string; // defaults to CONTACT_EMAIL (the team)
  /** Files sent with the message (e.g. a meeting's .ics invitation). */
  attachments?: MailAttachment[];
}

export async function enqueueEmail(executor: Executor, email: EmailInput): Promise<void> {
  await executor.insert(outbox).values({
    kind: email.kind,
    recipient: email.recipient ?? env.CONTACT_EMAIL,
    subject: email.subject,
    body: email.body,
    html: email.html ?? null,
    attachments: email.attachments?.length ? email.attachments : null,
  });
}
