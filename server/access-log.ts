/**
 * One JSON line per answered request: request id, client address, method, address (secrets
 * redacted), status and duration. Hashed assets and health probes at debug level, server errors
 * at error level. Every answer carries its id in `X-Request-Id`, so a visitor's report or a proxy
 * log can be matched with ours.
 *
 * Our own instead of pino-http: it wrapped every request in a child logger and serializers, which
 * under load was the costliest step of a cached page (about a quarter of its CPU time; docs/decisions/0003);
 * a `finish` listener and one log call are all an access log needs. It uses only Node's own
 * request and response, so the front door (server/front-door.ts) runs it too.
 */
import { randomUUID } from "node:crypto";
import { logger, redactUrl } from "~/infra/logger.server";
import type { IncomingMessage, ServerResponse } from "node:http";

/** An id a trusted proxy already gave the request (e.g. nginx's $request_id), if it looks like one. */
const FORWARDED_ID = /^[\w.:-]{8,100}$/;

/**
 * `clientAddress` resolves the visitor's address as Express does (X-Forwarded-For only behind a
 * trusted proxy); `trustProxy` says whether a forwarded X-Request-Id may be kept.
 */
export function createAccessLog(clientAddress: (req: IncomingMessage) => string, trustProxy: boolean) {
  return function accessLog(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const started = performance.now();
    const url = req.url ?? "/"; // now: mounted middleware (e.g. /assets) rewrites req.url
    const forwarded = trustProxy ? req.headers["x-request-id"] : undefined;
    const id = typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    res.setHeader("X-Request-Id", id);
    res.once("finish", () => {
      const status = res.statusCode;
      // A failing /healthz is logged once by the health check itself, not on every probe.
      const level = url === "/healthz" ? "debug" : status >= 500 ? "error" : url.startsWith("/assets/") ? "debug" : "info";
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          id,
          ip: clientAddress(req),
          method: req.method,
          url: redactUrl(url),
          status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });
    next();
  };
}
