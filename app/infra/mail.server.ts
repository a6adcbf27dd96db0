/**
 * Outbox worker: sends the notification e-mails the lead transactions queued. Runs as a
 * periodic job on every instance; `FOR UPDATE SKIP LOCKED` plus a lease lets several instances
 * share the queue without sending a message twice at the same time. The visitor's request never
 * waits for SMTP: it only wrote the outbox row.
 */
import { sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/config.server";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { logger } from "~/infra/logger.server";
import type { MailAttachment } from "~/infra/outbox.server";

export const MAIL_WORKER_INTERVAL_MS = 2_000;
export const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 10;
const MAX_BATCHES_PER_RUN = 10;
/** A claimed row is retried by another worker if this one dies before finishing. */
const LEASE_SECONDS = 120;

/** 30 s, 1 min, 2 min, 4 min ... capped at 1 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

interface ClaimedRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attachments: MailAttachment[] | null;
  attempts: number;
}

let transporter: Transporter | undefined;
function transport(): Transporter | undefined {
  if (!env.SMTP_URL) return undefined;
  transporter ??= nodemailer.createTransport({
    url: env.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return transporter;
}

async function claimBatch(): Promise<ClaimedRow[]> {
  const result = await db().execute(sql`
    update outbox
       set status = 'sending',
           attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     where id in (
       select id from outbox
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${BATCH_SIZE}
        for update skip locked)
    returning id, kind, recipient, subject, body, html, attachments, attempts`);
  return rowsOf<ClaimedRow>(result).map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

async function markDone(id: number, status: "sent" | "logged"): Promise<void> {
  await db().execute(sql`
    update outbox set status = ${status}, sent_at = now(), last_error = null
     where id = ${id} and status = 'sending'`);
}

/**
 * Logs carry no personal data (LGPD erasure cannot reach them): of a recipient, only the domain;
 * addresses inside an SMTP error ("550 <ana@b.com> unknown") keep only theirs too.
 */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf("@");
  return at === -1 ? "?" : address.slice(at + 1).toLowerCase();
}

export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@([^\s<>"'(),;:]+)/g, "…@$1");
}

async function markFailed(row: ClaimedRow, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  await db().execute(sql`
    update outbox
       set status = ${giveUp ? "failed" : "pending"},
           last_error = ${message},
           next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)})
     where id = ${row.id} and status = 'sending'`);
  logger[giveUp ? "error" : "warn"](
    {
      outboxId: row.id,
      template: row.kind,
      recipientDomain: recipientDomain(row.recipient),
      attempts: row.attempts,
      err: withoutAddresses(message),
    },
    giveUp ? "e-mail descartado após várias tentativas" : "falha ao enviar e-mail; nova tentativa agendada",
  );
}

async function deliver(row: ClaimedRow): Promise<void> {
  const smtp = transport();
  if (!smtp) {
    // No SMTP configured: the message stays in the outbox as 'logged' (the admin finds it there);
    // the log only says that it was queued, never its content or its full address.
    logger.info(
      { outboxId: row.id, template: row.kind, recipientDomain: recipientDomain(row.recipient) },
      "e-mail não enviado (SMTP_URL não configurado): guardado na fila do banco de dados",
    );
    await markDone(row.id, "logged");
    return;
  }
  try {
    await smtp.sendMail({
      from: env.MAIL_FROM,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      ...(row.html ? { html: row.html } : {}),
      ...(row.attachments?.length
        ? { attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }
        : {}),
    });
  } catch (error) {
    await markFailed(row, error);
    return;
  }
  await markDone(row.id, "sent");
}

/** One run of the worker: claims due messages in batches and delivers them. */
export async function processOutbox(): Promise<number> {
  let handled = 0;
  for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
    const batch = await claimBatch();
    for (const row of batch) await deliver(row);
    handled += batch.length;
    if (batch.length < BATCH_SIZE) break;
  }
  return handled;
}
