/**
 * One JSON line per answered request: method, address (secrets redacted), status and duration.
 * Hashed assets and health probes at debug level, server errors at error level.
 *
 * Our own instead of pino-http: it wrapped every request in a child logger and serializers, which
 * under load was the costliest step of a cached page (about a quarter of its CPU time, issue 16);
 * a `finish` listener and one log call are all an access log needs. It uses only Node's own
 * request and response, so the front door (server/front-door.ts) runs it too.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "~/domain/logger.server";

/** Secrets and personal data that travel in addresses never reach the log: tokens, e-mail addresses. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|session_id|code|email)=)[^&#]*/gi, "$1[redacted]")
    .replace(/[^/?&=#\s]+(?:@|%40)[^/?&=#\s]+/gi, "[email]");
}

export function accessLog(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const started = performance.now();
  const url = req.url ?? "/"; // now: mounted middleware (e.g. /assets) rewrites req.url
  res.once("finish", () => {
    const status = res.statusCode;
    const quiet = url.startsWith("/assets/") || url === "/healthz";
    const level = status >= 500 ? "error" : quiet ? "debug" : "info";
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        req: { method: req.method, url: redactUrl(url) },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
      },
      "request completed",
    );
  });
  next();
}
