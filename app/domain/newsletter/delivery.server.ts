/**
 * Newsletter delivery (docs/decisions/0128): a periodic job on every instance sends the editions
 * that are sending, one recipient row at a time, through `SMTP_URL`.
 *
 * - **At most once.** An edition has one row per subscriber (unique). A row is claimed with
 *   `FOR UPDATE SKIP LOCKED` under a lease longer than its send can take (decision 0110's rule,
 *   `leaseCoversSend`); every later update is fenced by the claim's attempt number. Once the
 *   message's text goes to the server, and before its last line (the SMTP `.` that makes the
 *   server take it), the row is marked `delivering` and that is committed
 *   (docs/decisions/0150, `handOver`); a row an instance left `delivering` when it died is counted
 *   as sent, never sent again.
 * - **At least once**, but for a crash between that commit and the dot. A row left `sending` by
 *   an instance that died (its dot never written) is claimed again once its lease ends; a
 *   temporary SMTP failure is retried with backoff; every attempt carries the same Message-ID and
 *   the same unsubscribe link.
 * - **Throttled** across instances: the edition row holds the earliest moment its next recipient
 *   may be claimed, moved on by 1/`NEWSLETTER_RATE_PER_SECOND` at each claim, by the database's clock.
 * - A **hard bounce** (an SMTP 5xx) marks the address bounced; unsubscribed, erased (the row goes
 *   with the subscriber) and bounced addresses are skipped when their turn comes.
 */
import { Socket } from "node:net";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import { env } from "~/config.server";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { editionUnsubscribeToken, subscriberLinks } from "~/domain/leads/newsletter.server";
import { logger } from "~/infra/logger.server";
import {
  backoffSeconds,
  createSmtpTransport,
  leaseCoversSend,
  type OutboxTiming,
  recipientDomain,
  sendWithDeadline,
} from "~/infra/mail.server";
import { startDueEditions } from "./editions.server";
import { personalise } from "./email.server";
import type { Transporter } from "nodemailer";

/** How often each instance looks for editions to send; a run goes on while there is work. */
export const NEWSLETTER_WORKER_INTERVAL_MS = 1_000;
/** A run stops after this long, so a stopping server never waits long for it; the next run goes on. */
const RUN_BUDGET_MS = 5_000;
/** A temporary failure is retried this many times in all, then the recipient counts as failed. */
export const MAX_ATTEMPTS = 5;

/** The send deadline is `NEWSLETTER_SEND_TIMEOUT_MS`; the lease covers it as decision 0110 asks. */
export function deliveryTiming(): OutboxTiming {
  const sendDeadlineMs = env.NEWSLETTER_SEND_TIMEOUT_MS;
  const abortGraceMs = 5_000;
  const timing = { sendDeadlineMs, abortGraceMs, leaseSeconds: Math.ceil((1.5 * (sendDeadlineMs + abortGraceMs)) / 1000) };
  if (!leaseCoversSend(timing)) throw new Error("a reserva de um destinatário precisa durar mais que o seu envio");
  return timing;
}

interface ClaimedRecipient {
  id: number;
  editionId: number;
  subscriberId: number;
  email: string;
  attempts: number;
  createdMs: number;
  subject: string;
  html: string;
  text: string;
  /** Set when a failed send had its row committed `delivering` and its final dot written: the server may hold it. */
  handedOver?: boolean;
}

type Claim = { kind: "rows"; rows: ClaimedRecipient[] } | { kind: "skipped" } | { kind: "wait"; ms: number } | { kind: "none" };

/**
 * How many recipients one claim takes: a fifth of a second's worth at the configured rate (at
 * least 1, at most 20). Fewer claims mean fewer commits per message; the rows of one claim go
 * out side by side over the instance's SMTP connections, each fenced on its own, and the next
 * claim waits for the throttle.
 */
export function claimSize(ratePerSecond = env.NEWSLETTER_RATE_PER_SECOND): number {
  return Math.max(1, Math.min(20, Math.floor(ratePerSecond / 5)));
}

/** Recipients claimed by this worker alone; or why there are none. */
async function claimNext(leaseSeconds: number): Promise<Claim> {
  return db().transaction(async (tx) => {
    const editions = rowsOf<{ id: number; subject: string; html: string; text: string; wait_ms: number }>(
      await tx.execute(sql`
        select id, subject, html, text,
               greatest(0, extract(epoch from (next_send_at - now())) * 1000)::float8 as wait_ms
          from newsletter_editions
         where status = 'sending'
         order by id
         limit 1
         for update skip locked`),
    );
    const edition = editions[0];
    if (!edition) {
      // Another instance holds the edition for its claim (a few milliseconds): try again soon.
      const others = rowsOf(await tx.execute(sql`select 1 from newsletter_editions where status = 'sending' limit 1`));
      return others.length ? { kind: "wait", ms: 20 } : { kind: "none" };
    }
    const editionId = Number(edition.id);
    if (Number(edition.wait_ms) > 0) return { kind: "wait", ms: Math.ceil(Number(edition.wait_ms)) };

    const picked = rowsOf<{
      id: number;
      subscriber_id: number;
      attempts: number;
      created_ms: number;
      email: string | null;
      sendable: boolean;
      bounced: boolean;
    }>(
      await tx.execute(sql`
        select r.id, r.subscriber_id, r.attempts, floor(extract(epoch from r.created_at) * 1000)::float8 as created_ms,
               s.email, (s.status = 'active' and s.bounced_at is null) as sendable, s.bounced_at is not null as bounced
          from newsletter_edition_recipients r
          join newsletter_subscribers s on s.id = r.subscriber_id
         where r.edition_id = ${editionId}
           and ((r.status = 'pending' and r.next_attempt_at <= now()) or (r.status = 'sending' and r.lease_until <= now()))
         order by r.id
         limit ${claimSize()}
         for update of r skip locked`),
    );
    if (!picked.length) {
      // A row left `delivering` by an instance that died: its message reached the server (see above).
      await tx.execute(sql`
        update newsletter_edition_recipients
           set status = 'sent', sent_at = coalesce(sent_at, now()), lease_until = null,
               last_error = 'entregue antes de uma interrupção (sem confirmação do servidor)'
         where edition_id = ${editionId} and status = 'delivering' and lease_until <= now()`);
      const left = rowsOf<{ next_ms: number | null; open: number }>(
        await tx.execute(sql`
          select count(*)::int as open,
                 extract(epoch from (min(coalesce(lease_until, next_attempt_at)) - now())) * 1000 as next_ms
            from newsletter_edition_recipients
           where edition_id = ${editionId} and status in ('pending', 'sending', 'delivering')`),
      )[0];
      if (!left || Number(left.open) === 0) {
        await tx.execute(
          sql`update newsletter_editions set status = 'sent', finished_at = now() where id = ${editionId} and status = 'sending'`,
        );
        logger.info({ editionId }, "edição da newsletter enviada");
        return { kind: "skipped" };
      }
      // Retries wait for their backoff, claimed rows for their send: look again then (at most in 1 s).
      return { kind: "wait", ms: Math.min(1_000, Math.max(20, Math.ceil(Number(left.next_ms ?? 1_000)))) };
    }
    const skipped = picked.filter((p) => !p.sendable);
    for (const reason of [true, false]) {
      const ids = skipped.filter((p) => Boolean(p.bounced) === reason).map((p) => Number(p.id));
      if (!ids.length) continue;
      await tx.execute(sql`
        update newsletter_edition_recipients
           set status = 'skipped', lease_until = null,
               last_error = ${reason ? "endereço recusado antes (devolução permanente)" : "inscrição cancelada antes do envio"}
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`);
    }
    const claimed = picked.filter((p) => p.sendable);
    if (!claimed.length) return { kind: "skipped" };
    const ids = claimed.map((p) => Number(p.id));
    await tx.execute(sql`
      update newsletter_edition_recipients r
         set status = 'sending', attempts = r.attempts + 1, email = s.email,
             lease_until = now() + make_interval(secs => ${leaseSeconds})
        from newsletter_subscribers s
       where s.id = r.subscriber_id and r.id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})`);
    await tx.execute(sql`
      update newsletter_editions
         set next_send_at = greatest(next_send_at, now()) + make_interval(secs => ${claimed.length / env.NEWSLETTER_RATE_PER_SECOND})
       where id = ${editionId}`);
    return {
      kind: "rows",
      rows: claimed.map((p) => ({
        id: Number(p.id),
        editionId,
        subscriberId: Number(p.subscriber_id),
        email: p.email!,
        attempts: Number(p.attempts) + 1,
        createdMs: Number(p.created_ms),
        subject: edition.subject,
        html: edition.html,
        text: edition.text,
      })),
    };
  });
}

/** Same on every attempt: receiving servers and clients can tell a resend from a new message. */
export function editionMessageId(row: { id: number; editionId: number; createdMs: number }): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(env.MAIL_FROM)?.[1] ?? new URL(env.SITE_URL).hostname;
  return `<newsletter-${row.editionId}-${row.id}-${row.createdMs}@${domain.toLowerCase()}>`;
}

/** Only the claim that holds the row (same attempt, still in this state) changes it. */
async function fenced(row: ClaimedRecipient, from: string[], set: ReturnType<typeof sql>): Promise<boolean> {
  const result = await db().execute(sql`
    update newsletter_edition_recipients set ${set}
     where id = ${row.id} and attempts = ${row.attempts} and status in (${sql.join(
       from.map((s) => sql`${s}`),
       sql`, `,
     )})
    returning id`);
  return rowsOf(result).length > 0;
}

async function markFailed(row: ClaimedRecipient, error: unknown): Promise<boolean> {
  const code = Number((error as { responseCode?: number } | null)?.responseCode) || null;
  // The message was handed over and no SMTP answer refused it (a deadline, a dropped connection):
  // the server may have taken it. Sending it again could deliver it twice, so it counts as sent.
  if (row.handedOver && code === null) {
    logger.warn(
      { editionId: row.editionId, recipientId: row.id, recipientDomain: recipientDomain(row.email), err: error },
      "newsletter entregue sem confirmação do servidor: não será reenviada",
    );
    await fenced(row, ["delivering"], sql`last_error = 'entregue sem confirmação do servidor'`);
    return true;
  }
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const hard = code !== null && code >= 500;
  const giveUp = hard || row.attempts >= MAX_ATTEMPTS;
  await db().transaction(async (tx) => {
    await tx.execute(sql`
      update newsletter_edition_recipients
         set status = ${giveUp ? "failed" : "pending"}, last_error = ${message}, last_error_code = ${code}, lease_until = null,
             next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)})
       where id = ${row.id} and attempts = ${row.attempts} and status in ('sending', 'delivering')`);
    // A permanent refusal: this address gets no edition again (docs/decisions/0128).
    if (hard)
      await tx.execute(sql`update newsletter_subscribers set bounced_at = now() where id = ${row.subscriberId} and bounced_at is null`);
  });
  logger[giveUp ? "error" : "warn"](
    {
      editionId: row.editionId,
      recipientId: row.id,
      recipientDomain: recipientDomain(row.email),
      attempts: row.attempts,
      code,
      err: error,
    },
    hard
      ? "newsletter recusada pelo servidor (devolução permanente)"
      : giveUp
        ? "newsletter não enviada após várias tentativas"
        : "falha ao enviar newsletter; nova tentativa agendada",
  );
  return false;
}

let transporter: Transporter | undefined;
/** SMTP connections each instance keeps open: a claim's rows go out over them side by side. */
const CONNECTIONS = 4;

/** Streams a stream pipes into (Node keeps them on its readable state). */
function pipesOf(stream: Readable): unknown[] {
  const pipes = (stream as unknown as { _readableState?: { pipes?: unknown } })._readableState?.pipes;
  return Array.isArray(pipes) ? pipes : [];
}

/**
 * Follows the pipes from `source` (those already made and those made later) to the stream that
 * writes the message into its SMTP socket: nodemailer's DATA stream, made once the server said
 * it takes the message's text, and which adds the final dot. `reached` is called when that stream
 * is piped, `ended` once it has handed its last byte to the socket. Neither if none reaches one.
 */
function followToSocket(source: Readable, on: { reached: () => void; ended: (socket: Socket) => void }): void {
  const seen = new WeakSet<Readable>();
  const visit = (from: Readable, to: unknown) => {
    if (to instanceof Socket) {
      on.reached();
      from.once("end", () => on.ended(to));
    } else if (to instanceof Readable) follow(to);
  };
  const follow = (stream: Readable) => {
    if (seen.has(stream)) return;
    seen.add(stream);
    for (const next of pipesOf(stream)) visit(stream, next);
    const pipe = stream.pipe;
    stream.pipe = function <T extends NodeJS.WritableStream>(this: Readable, destination: T, options?: { end?: boolean }): T {
      const result = pipe.call(this, destination, options) as T;
      visit(this, destination);
      return result;
    };
  };
  follow(source);
}

/**
 * The message's whole text, then its hand-over (docs/decisions/0150). nodemailer reads a message
 * ahead, while it still waits for a connection; once the text really goes to the server (its DATA
 * stream is piped), the row is marked `delivering`, fenced by the claim's attempt, and only once
 * that is committed does the stream end, which makes nodemailer write the final dot (what makes
 * the server take the message). A claim that has lost its row fails the stream instead, and the
 * server discards the unfinished message. So a row left `sending` by a crash never had its dot
 * written (sent again after its lease), and one left `delivering` counts as sent: only a crash
 * between the commit's answer and the dot's write loses a message, and none is sent twice.
 * `written` says whether the dot reached the socket's kernel buffer, for a send that then fails
 * without an answer (counted as sent only if it did).
 */
function handOver(raw: Buffer, row: ClaimedRecipient): { stream: Readable; marked: Promise<boolean>; written: () => boolean } {
  let endWritten = false;
  let mark!: (held: boolean) => void;
  const marked = new Promise<boolean>((resolve) => (mark = resolve));
  let inData!: () => void;
  const dataStarted = new Promise<void>((resolve) => (inData = resolve));
  let closedEarly = false;
  const stream = Readable.from(
    (async function* () {
      yield raw;
      await dataStarted;
      if (closedEarly) return;
      const held = await db()
        .execute(
          sql`update newsletter_edition_recipients set status = 'delivering'
               where id = ${row.id} and attempts = ${row.attempts} and status = 'sending'
              returning id`,
        )
        .then(
          (result) => rowsOf(result).length > 0,
          () => false,
        );
      mark(held);
      if (!held) throw new Error("destinatário reservado por outra instância: envio interrompido");
    })(),
    { objectMode: false },
  );
  followToSocket(stream, {
    reached: inData,
    ended(socket) {
      // Written to the socket; in its kernel buffer once the socket has nothing of it queued.
      const flushed = () => {
        if (socket.destroyed) return;
        if (socket.writableLength === 0) endWritten = true;
        else setImmediate(flushed);
      };
      flushed();
    },
  });
  // Closed before its end (a refusal, a deadline, a lost connection): no hand-over; the
  // generator, if still waiting for the DATA stream, goes no further.
  stream.once("close", () => {
    if (stream.readableEnded) return;
    closedEarly = true;
    mark(false);
    inData();
  });
  return { stream, marked, written: () => endWritten };
}

/** Sends one claimed recipient; true when its message was taken (to be marked sent with its claim's others). */
async function deliver(row: ClaimedRecipient): Promise<boolean> {
  transporter ??= createSmtpTransport({ pool: CONNECTIONS });
  const smtp = transporter;
  const { token } = await editionUnsubscribeToken(row.editionId, row.subscriberId);
  const links = subscriberLinks(token);
  const link = links.unsubscribe;
  const message = personalise({ subject: row.subject, html: row.html, text: row.text }, links);
  if (!smtp) {
    // No SMTP_URL: nothing leaves; the log says so without the address (decision 0007).
    logger.info(
      { editionId: row.editionId, recipientDomain: recipientDomain(row.email) },
      "newsletter não enviada (SMTP_URL não configurado)",
    );
    await fenced(row, ["sending"], sql`status = 'failed', last_error = 'SMTP_URL não configurado', lease_until = null`);
    return false;
  }
  const raw = await new MailComposer({
    from: env.MAIL_FROM,
    to: row.email,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: editionMessageId(row),
    headers: {
      // RFC 2369 and RFC 8058: the mail client's own unsubscribe button, one POST, no page.
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  })
    .compile()
    .build();
  const timing = deliveryTiming();
  const { stream, marked, written } = handOver(raw, row);
  const { outcome, late } = await sendWithDeadline(
    (signal) =>
      smtp.sendMail({
        envelope: { from: env.MAIL_FROM, to: [row.email] },
        raw: stream,
        signal,
      } as Parameters<Transporter["sendMail"]>[0]),
    timing,
  );
  if (outcome.status === "failed") {
    stream.destroy(); // if nodemailer left it open, so that nothing waits on it
    // Handed over only if its dot was written after the mark; otherwise it goes back to the queue.
    row.handedOver = (await marked) && written();
  }
  if (outcome.status === "sent") return true;
  if (outcome.status === "failed") return markFailed(row, outcome.error);
  logger.error(
    { editionId: row.editionId, recipientId: row.id, recipientDomain: recipientDomain(row.email) },
    "envio da newsletter não interrompido no prazo: o destinatário fica reservado até o fim da reserva",
  );
  void late
    .then((result) =>
      result.status === "sent"
        ? fenced(row, ["sending", "delivering"], sql`status = 'sent', sent_at = now(), lease_until = null`)
        : undefined,
    )
    .catch(() => undefined);
  return false;
}

/**
 * Marks the claim's delivered rows sent, in one statement, each fenced by its attempt. Until then
 * they are `delivering`, which a crash also leaves as sent: nothing is lost by marking them
 * together. (A row whose hand-over could not commit is still `sending`: the server's answer says it
 * was taken, so it is marked sent too, rather than sent again after its lease.)
 */
async function markSent(rows: ClaimedRecipient[]): Promise<void> {
  if (!rows.length) return;
  await db().execute(sql`
    update newsletter_edition_recipients set status = 'sent', sent_at = now(), lease_until = null
     where status in ('sending', 'delivering') and (id, attempts) in (${sql.join(
       rows.map((r) => sql`(${r.id}::int, ${r.attempts}::int)`),
       sql`, `,
     )})`);
}

/** Closes the pooled SMTP connection (when the server stops): an idle one would hold the mail server's slot. */
export function closeNewsletterTransport(): Promise<void> {
  transporter?.close();
  transporter = undefined;
  return Promise.resolve();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One run of the job: starts editions whose post went live, then claims and sends recipients one
 * at a time, waiting for the throttle, for up to `budgetMs`. Returns how many it sent or tried.
 */
export async function processNewsletter(budgetMs = RUN_BUDGET_MS): Promise<number> {
  await startDueEditions();
  const { leaseSeconds } = deliveryTiming();
  const until = Date.now() + budgetMs;
  let handled = 0;
  while (Date.now() < until) {
    const claim = await claimNext(leaseSeconds);
    if (claim.kind === "none") break;
    if (claim.kind === "skipped") continue;
    if (claim.kind === "wait") {
      const left = until - Date.now();
      if (claim.ms >= left) break;
      await sleep(claim.ms);
      continue;
    }
    const outcomes = await Promise.all(claim.rows.map((row) => deliver(row)));
    handled += claim.rows.length;
    await markSent(claim.rows.filter((_, i) => outcomes[i]));
  }
  return handled;
}
