/**
 * A local SMTP server standing in for the mail provider (tests and `npm run dev:mocks`). It
 * keeps every accepted message's raw text, and every attempt with its time and outcome. Two
 * markers in a message simulate failures: `SEMPREFALHA` is always refused, `FALHASMTP-<id>` is
 * refused the first time only (a temporary failure the outbox worker must retry), and
 * `recusa-permanente` (in an address, say) is refused for good with a 550, as a mailbox that does
 * not exist (a hard bounce). `stall(text)`
 * makes it a slow server: a message containing the text gets no answer until `release(text)`;
 * `holdRecipient(address)` leaves that address's `RCPT TO` unanswered until `releaseRecipient`.
 */
import { EventEmitter } from "node:events";
import { SMTPServer } from "smtp-server";
import { listen } from "./listen";

/** One message the server was sent, answered or not. */
export interface SmtpAttempt {
  raw: string;
  /** The message's Message-ID header, once its text has arrived. */
  messageId?: string;
  startedAt: number;
  /** When it was answered, or its connection dropped; unset while the sender waits. */
  endedAt?: number;
  result: "waiting" | "accepted" | "refused" | "dropped";
}

export interface FakeSmtp {
  url: string;
  /** Raw text (headers and body) of each accepted message, in order. */
  received: string[];
  /** Every message sent to it, in the order they started (accepted, refused, stalled, dropped). */
  attempts: SmtpAttempt[];
  /** Messages containing `text` get no answer (the sender waits) until `release(text)`. */
  stall: (text: string) => void;
  /** Accepts the stalled messages containing `text` that are still connected, and stops stalling them. */
  release: (text: string) => void;
  /** Leaves `RCPT TO` for this address unanswered (the sender waits, before its message's text); resolves when one arrives. */
  holdRecipient: (address: string) => Promise<void>;
  /** Answers the held `RCPT TO` for this address, and stops holding it. */
  releaseRecipient: (address: string) => void;
  /** Resolves once `attempt` has been answered or its connection dropped. */
  ended: (attempt: SmtpAttempt) => Promise<SmtpAttempt>;
  /** The first accepted message, already received or still to come, that `match` accepts. */
  message: (match: (raw: string) => boolean) => Promise<string>;
  /** Calls `listener` with each message accepted from now on; returns a function that stops it. */
  onMessage: (listener: (raw: string) => void) => () => void;
  close: () => Promise<void>;
}

/** A message carrying `${FAIL_MARKER}-<id>` is refused once, then accepted. */
export const FAIL_MARKER = "FALHASMTP";

const refusal = (message: string, responseCode = 451) => Object.assign(new Error(message), { responseCode });

/** A message carrying this is refused with a permanent error (550). */
export const HARD_BOUNCE_MARKER = "recusa-permanente";

export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const received: string[] = [];
  const accepted = new EventEmitter<{ message: [raw: string]; ended: [attempt: SmtpAttempt] }>();
  const failedOnce = new Set<string>();
  const attempts: SmtpAttempt[] = [];
  const stalling = new Set<string>();
  /** Stalled messages by session: their attempt and the answer they wait for. */
  const waiting = new Map<string, { attempt: SmtpAttempt; answer: () => void }>();
  /** Held recipients: the callbacks of their `RCPT TO`, and who waits for one to arrive. */
  const heldRecipients = new Map<string, { answers: Array<() => void>; arrived: () => void }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const held = heldRecipients.get(address.address.toLowerCase());
      if (!held) return callback();
      held.answers.push(() => callback());
      held.arrived();
    },
    onData(stream, session, callback) {
      let raw = "";
      const attempt: SmtpAttempt = { raw, startedAt: Date.now(), result: "waiting" };
      attempts.push(attempt);
      const answer = (error?: Error) => {
        attempt.endedAt = Date.now();
        attempt.result = error ? "refused" : "accepted";
        if (!error) {
          received.push(raw);
          accepted.emit("message", raw);
        }
        accepted.emit("ended", attempt);
        callback(error);
      };
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        attempt.raw = raw;
        attempt.messageId = /^Message-ID: *(<[^>\r\n]*>)/im.exec(raw)?.[1];
        if (raw.includes("SEMPREFALHA")) return answer(refusal("Caixa indisponível"));
        if (raw.includes(HARD_BOUNCE_MARKER)) return answer(refusal("Caixa postal inexistente", 550));
        const marker = new RegExp(`${FAIL_MARKER}-[a-z0-9]+`).exec(raw)?.[0];
        if (marker && !failedOnce.has(marker)) {
          failedOnce.add(marker);
          return answer(refusal("Falha temporária simulada"));
        }
        if ([...stalling].some((text) => raw.includes(text))) return void waiting.set(session.id, { attempt, answer: () => answer() });
        answer();
      });
    },
    onClose(session) {
      const stalled = waiting.get(session.id);
      if (!stalled) return;
      waiting.delete(session.id);
      stalled.attempt.endedAt = Date.now();
      stalled.attempt.result = "dropped";
      accepted.emit("ended", stalled.attempt);
    },
  });
  // A sender killed mid-conversation (kill -9) resets its connection: smtp-server reports that
  // as an 'error' event, which with no listener would be an uncaught exception in the test.
  server.on("error", () => undefined);
  const taken = await listen(server.server, port);
  return {
    url: `smtp://127.0.0.1:${taken}`,
    received,
    attempts,
    stall: (text) => void stalling.add(text),
    release: (text) => {
      stalling.delete(text);
      for (const [id, stalled] of waiting) {
        if (!stalled.attempt.raw.includes(text)) continue;
        waiting.delete(id);
        stalled.answer();
      }
    },
    holdRecipient: (address) => new Promise<void>((arrived) => void heldRecipients.set(address.toLowerCase(), { answers: [], arrived })),
    releaseRecipient: (address) => {
      const held = heldRecipients.get(address.toLowerCase());
      heldRecipients.delete(address.toLowerCase());
      for (const answer of held?.answers ?? []) answer();
    },
    ended: (attempt) =>
      attempt.endedAt !== undefined
        ? Promise.resolve(attempt)
        : new Promise((resolve) => {
            const listener = (done: SmtpAttempt) => {
              if (done !== attempt) return;
              accepted.off("ended", listener);
              resolve(done);
            };
            accepted.on("ended", listener);
          }),
    message: (match) => {
      const found = received.find(match);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve) => {
        const listener = (raw: string) => {
          if (!match(raw)) return;
          accepted.off("message", listener);
          resolve(raw);
        };
        accepted.on("message", listener);
      });
    },
    onMessage: (listener) => {
      accepted.on("message", listener);
      return () => accepted.off("message", listener);
    },
    close: () => {
      for (const address of [...heldRecipients.keys()]) heldRecipients.get(address)!.answers.forEach((answer) => answer());
      heldRecipients.clear();
      for (const stalled of waiting.values()) stalled.answer();
      waiting.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
