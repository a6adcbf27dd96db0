// A local SMTP server that accepts every message and keeps, for each, when its end of data arrived
// and its envelope's recipient: the mail server of the newsletter bench (bench/newsletter.mjs).
// The tests' own server (tests/mocks/smtp.ts) is TypeScript and keeps every message's text; the
// bench needs neither, only the times.
import { SMTPServer } from "smtp-server";

/** Starts the sink on 127.0.0.1 (the OS picks the port). */
export async function startSmtpSink() {
  /** One entry per accepted message: { at: ms since the epoch, to: the envelope's first recipient }. */
  const accepted = [];
  const listeners = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        const entry = { at: Date.now(), to: session.envelope.rcptTo[0]?.address ?? "" };
        accepted.push(entry);
        for (const listener of listeners) listener(entry);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    /** Calls `listener({ at, to })` for each message accepted from now on; returns a function that stops it. */
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
