/**
 * A local SMTP server standing in for the mail provider (tests and `npm run dev:mocks`). It
 * keeps every accepted message's raw text. Two markers in a message simulate failures:
 * `SEMPREFALHA` is always refused, `FALHASMTP-<id>` is refused the first time only (a
 * temporary failure the outbox worker must retry).
 */
import { EventEmitter } from "node:events";
import { SMTPServer } from "smtp-server";
import { listen } from "./listen";

export interface FakeSmtp {
  url: string;
  /** Raw text (headers and body) of each accepted message, in order. */
  received: string[];
  /** The first accepted message, already received or still to come, that `match` accepts. */
  message: (match: (raw: string) => boolean) => Promise<string>;
  /** Calls `listener` with each message accepted from now on; returns a function that stops it. */
  onMessage: (listener: (raw: string) => void) => () => void;
  close: () => Promise<void>;
}

/** A message carrying `${FAIL_MARKER}-<id>` is refused once, then accepted. */
export const FAIL_MARKER = "FALHASMTP";

const refusal = (message: string) => Object.assign(new Error(message), { responseCode: 451 });

export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const received: string[] = [];
  const accepted = new EventEmitter<{ message: [raw: string] }>();
  const failedOnce = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        if (raw.includes("SEMPREFALHA")) return callback(refusal("Caixa indisponível"));
        const marker = new RegExp(`${FAIL_MARKER}-[a-z0-9]+`).exec(raw)?.[0];
        if (marker && !failedOnce.has(marker)) {
          failedOnce.add(marker);
          return callback(refusal("Falha temporária simulada"));
        }
        received.push(raw);
        accepted.emit("message", raw);
        callback();
      });
    },
  });
  const taken = await listen(server.server, port);
  return {
    url: `smtp://127.0.0.1:${taken}`,
    received,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
