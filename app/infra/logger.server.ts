import { pino } from "pino";
import { env } from "~/config.server";

/** Structured JSON logs (one line per event) for every server-side part. */
export const logger = pino({
  level: env.LOG_LEVEL,
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
});

/**
 * Secrets and personal data that travel in addresses never reach the log: tokens, e-mail addresses,
 * and search text (`q`: whatever a visitor or the admin typed, a name included; docs/decisions/0070).
 */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/([?&](?:token|session_id|code|email|q)=)[^&#]*/gi, "$1[redacted]")
      // A post's preview link is a secret in the path (docs/decisions/0060).
      .replace(/^(\/previa\/)[^/?#]+/i, "$1[redacted]")
      // A booking's private links and the admin's calendar feed (docs/decisions/0083).
      .replace(/^(\/agendar\/(?:reserva|cancelar|remarcar)\/|\/agenda\/feed\/)[^/?#]+/i, "$1[redacted]")
      .replace(/[^/?&=#\s]+(?:@|%40)[^/?&=#\s]+/gi, "[email]")
  );
}
