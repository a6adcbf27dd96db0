/**
 * Transactional outbox: call `enqueueEmail(tx, ...)` inside the transaction that stores a lead,
 * so the notification exists exactly when the lead does. A worker sends it later (never in the
 * visitor's request); see the lead-capture area for the worker.
 */
import { env } from "~/config.server";
import type { Executor } from "~/db/client.server";
import { outbox } from "~/db/schema";

export interface EmailInput {
  kind: string; // e.g. 'lead.contact', 'lead.chat'
  subject: string;
  body: string; // plain text
  /** Optional HTML alternative; the plain text is always sent beside it. */
  html?: string;
  recipient?: string; // defaults to CONTACT_EMAIL (the team)
}

export async function enqueueEmail(executor: Executor, email: EmailInput): Promise<void> {
  await executor.insert(outbox).values({
    kind: email.kind,
    recipient: email.recipient ?? env.CONTACT_EMAIL,
    subject: email.subject,
    body: email.body,
    html: email.html ?? null,
  });
}
