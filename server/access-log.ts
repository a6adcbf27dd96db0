/**
 * One JSON line per answered request: method, address (query tokens redacted), status and
 * duration. Hashed assets and health probes at debug level, server errors at error level.
 *
 * Our own instead of pino-http: it wrapped every request in a child logger and serializers, which
 * under load was the costliest middleware of a cached page (about a quarter of its CPU time,
 * issue 16); a `finish` listener and one log call are all an access log needs.
 */
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/domain/logger.server";

/** Secrets that travel in addresses (e.g. /descadastrar?token=…) never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|session_id|code)=)[^&#]*/gi, "$1[redacted]");
}

export function accessLog(req: Request, res: Response, next: NextFunction): void {
  const started = performance.now();
  res.once("finish", () => {
    const status = res.statusCode;
    const quiet = req.path.startsWith("/assets/") || req.path === "/healthz";
    const level = status >= 500 ? "error" : quiet ? "debug" : "info";
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        req: { method: req.method, url: redactUrl(req.originalUrl) },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
      },
      "request completed",
    );
  });
  next();
}
