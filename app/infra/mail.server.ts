/**
 * Outbox worker: sends the notification e-mails the lead transactions queued. Runs as a
 * periodic job on every instance and shares the queue with the others through the database
 * (docs/decisions/0007, 0110): a row is claimed alone, with `FOR UPDATE SKIP LOCKED`, under a lease
 * longer than the hard deadline of its one send, so no other worker takes it while that send may
 * still be in flight. Every attempt carries the same Message-ID, so a message sent again after a
 * crash is recognisable as the same one. The visitor's request never waits for SMTP: it only
 * wrote the outbox row.
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
/** Rows one run sends at most, one after another; the next run (2 s later) goes on. */
const MAX_PER_RUN = 100;

/** When a send must be over, and for how long its row is held (docs/decisions/0110). */
export interface OutboxTiming {
  /**
   * The hard deadline of one send. SMTP's own timeouts (below) bound each wait, not the whole
   * send: a server that keeps answering slowly could hold it for ever. At the deadline the send is
   * aborted, which closes its connection.
   */
  sendDeadlineMs: number;
  /** How long an aborted send has to let go; one that has not is taken as still in flight. */
  abortGraceMs: number;
  /**
   * A claimed row's lease: longer than its one send can take (deadline and grace, plus the
   * database writes around it), so the row is claimed again only once that send is over, or
   * after a crash.
   */
  leaseSeconds: number;
}
export const OUTBOX_TIMING: Readonly<OutboxTiming> = { sendDeadlineMs: 60_000, abortGraceMs: 5_000, leaseSeconds: 120 };

/** A lease half as long again as a send can take: the margin covers the database writes around it. */
export function leaseCoversSend(t: OutboxTiming): boolean {
  return t.leaseSeconds * 1000 >= 1.5 * (t.sendDeadlineMs + t.abortGraceMs);
}

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
  /** This claim's attempt number: also its fence, so only the claim that holds the row updates it. */
  attempts: number;
  /** When the row was written, in ms: with its id, the message's identity (`outboxMessageId`). */
  createdMs: number;
}

/**
 * A transport to `SMTP_URL`, the one way this app sends mail (the outbox here, newsletter
 * editions in app/domain/newsletter/delivery.server.ts); none without it. `pool` keeps up to
 * that many connections open between messages, for a worker that sends many.
 */
export function createSmtpTransport(options: { pool?: number } = {}): Transporter | undefined {
  if (!env.SMTP_URL) return undefined;
  return nodemailer.createTransport({
    url: env.SMTP_URL,
    ...(options.pool ? { pool: true, maxConnections: options.pool } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // An aborted send drops its connection at once instead of closing it politely (up to 5 s):
    // a message whose end is still queued on the socket must not reach the server after its deadline.
    socketCloseTimeout: 0,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

let transporter: Transporter | undefined;
function transport(): Transporter | undefined {
  transporter ??= createSmtpTransport();
  return transporter;
}

/** One due row, claimed by this worker alone for `leaseSeconds`; none when nothing is due. */
async function claimOne(leaseSeconds: number): Promise<ClaimedRow | undefined> {
  const result = await db().execute(sql`
    update outbox
       set status = 'sending',
           attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     where id in (
       select id from outbox
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at, id
        limit 1
        for update skip locked)
    returning id, kind, recipient, subject, body, html, attachments, attempts,
              floor(extract(epoch from created_at) * 1000)::float8 as created_ms`);
  const row = rowsOf<Omit<ClaimedRow, "createdMs"> & { created_ms: number }>(result)[0];
  if (!row) return undefined;
  const { created_ms, ...rest } = row;
  return { ...rest, id: Number(row.id), attempts: Number(row.attempts), createdMs: Number(created_ms) };
}

/**
 * The message's Message-ID, the same on every attempt: from the row's id and creation time, in
 * the sender's domain (MAIL_FROM's, else the site's). A receiving server or client that already
 * has it knows a resend for the same message.
 */
export function outboxMessageId(row: { id: number; createdMs: number }): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(env.MAIL_FROM)?.[1] ?? new URL(env.SITE_URL).hostname;
  return `<outbox-${row.id}-${row.createdMs}@${domain.toLowerCase()}>`;
}

async function markDone(row: ClaimedRow, status: "sent" | "logged"): Promise<void> {
  await db().execute(sql`
    update outbox set status = ${status}, sent_at = now(), last_error = null
     where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
}

/**
 * Logs carry no personal data (LGPD erasure cannot reach them): of a recipient, only the domain;
 * an SMTP error is logged through the logger's error serializer, which keeps only the domain of
 * any address in it (app/infra/logger.server.ts).
 */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf("@");
  return at === -1 ? "?" : address.slice(at + 1).toLowerCase();
}

async function markFailed(row: ClaimedRow, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  await db().execute(sql`
    update outbox
       set status = ${giveUp ? "failed" : "pending"},
           last_error = ${message},
           next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)})
     where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
  logger[giveUp ? "error" : "warn"](
    {
      outboxId: row.id,
      template: row.kind,
      recipientDomain: recipientDomain(row.recipient),
      attempts: row.attempts,
      err: error,
    },
    giveUp ? "e-mail descartado após várias tentativas" : "falha ao enviar e-mail; nova tentativa agendada",
  );
}

export type SendOutcome = { status: "sent" } | { status: "failed"; error: unknown } | { status: "in-flight" };

export class SendDeadlineError extends Error {
  constructor(ms: number) {
    super(`envio interrompido: prazo de ${ms / 1000} s esgotado`);
  }
}

/**
 * Runs `send` with a hard deadline: at it, the send's signal aborts (nodemailer then closes the
 * connection) and the send has `abortGraceMs` to report it. One that does not may still be in flight:
 * its row must stay leased (docs/decisions/0110).
 */
export async function sendWithDeadline(
  send: (signal: AbortSignal) => Promise<unknown>,
  { sendDeadlineMs, abortGraceMs }: Pick<OutboxTiming, "sendDeadlineMs" | "abortGraceMs">,
): Promise<{ outcome: SendOutcome; late: Promise<SendOutcome> }> {
  const controller = new AbortController();
  const settled = send(controller.signal).then(
    (): SendOutcome => ({ status: "sent" }),
    (error: unknown): SendOutcome => ({ status: "failed", error }),
  );
  const within = (ms: number) =>
    new Promise<"timeout">((resolve) => {
      const timer = setTimeout(resolve, ms, "timeout");
      void settled.finally(() => clearTimeout(timer));
    });
  const first = await Promise.race([settled, within(sendDeadlineMs)]);
  if (first !== "timeout") return { outcome: first, late: settled };
  controller.abort(new SendDeadlineError(sendDeadlineMs));
  const after = await Promise.race([settled, within(abortGraceMs)]);
  if (after === "timeout") return { outcome: { status: "in-flight" }, late: settled };
  // Done just as the deadline came, or torn down by it.
  const outcome: SendOutcome = after.status === "sent" ? after : { status: "failed", error: new SendDeadlineError(sendDeadlineMs) };
  return { outcome, late: settled };
}

async function deliver(row: ClaimedRow, timing: OutboxTiming): Promise<void> {
  const smtp = transport();
  if (!smtp) {
    // No SMTP configured: the message stays in the outbox as 'logged' (the admin finds it there);
    // the log only says that it was queued, never its content or its full address.
    logger.info(
      { outboxId: row.id, template: row.kind, recipientDomain: recipientDomain(row.recipient) },
      "e-mail não enviado (SMTP_URL não configurado): guardado na fila do banco de dados",
    );
    await markDone(row, "logged");
    return;
  }
  // Claimed again after sends that never reported back (crashes): its attempts are spent.
  if (row.attempts > MAX_ATTEMPTS) return markFailed(row, new Error("tentativas esgotadas sem resposta do envio"));
  const { outcome, late } = await sendWithDeadline(
    (signal) =>
      smtp.sendMail({
        from: env.MAIL_FROM,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        messageId: outboxMessageId(row),
        signal,
        ...(row.html ? { html: row.html } : {}),
        ...(row.attachments?.length
          ? { attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }
          : {}),
      }),
    timing,
  );
  if (outcome.status === "sent") return markDone(row, "sent");
  if (outcome.status === "failed") return markFailed(row, outcome.error);
  // Still in flight: the row stays leased (never pending while it may still be going out). Should
  // the send finish after all, it is marked sent, if this claim still holds the row.
  logger.error(
    { outboxId: row.id, template: row.kind, recipientDomain: recipientDomain(row.recipient), attempts: row.attempts },
    "envio de e-mail não interrompido no prazo: a mensagem fica reservada até o fim da reserva",
  );
  void late.then((result) => (result.status === "sent" ? markDone(row, "sent") : undefined)).catch(() => undefined);
}

/**
 * One run of the worker: claims due messages one at a time and delivers each. `timing` is for
 * tests; the lease must outlast a send, or a row could be claimed while it goes out.
 */
export async function processOutbox(timing: Partial<OutboxTiming> = {}): Promise<number> {
  const t: OutboxTiming = { ...OUTBOX_TIMING, ...timing };
  if (!leaseCoversSend(t)) throw new Error("OutboxTiming: a reserva de uma mensagem precisa durar mais que o seu envio");
  let handled = 0;
  while (handled < MAX_PER_RUN) {
    const row = await claimOne(t.leaseSeconds);
    if (!row) break;
    await deliver(row, t);
    handled++;
  }
  return handled;
}
