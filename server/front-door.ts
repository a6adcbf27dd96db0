/**
 * The server's request handler (server/app.ts creates the HTTP server with it).
 *
 * Every request first runs the entry steps every page needs (access log, CSP nonce, security
 * headers, request hygiene: `ENTRY_STEPS` in server/app.ts, the same functions Express runs for
 * the other requests). A fresh page from the cache is then answered here, as the bytes that were
 * compressed when it was stored. Everything else goes to Express, which runs the whole chain.
 *
 * Why not answer cache hits from an Express middleware: Express's router alone costs about
 * 80 µs per request on this machine (10k req/s for a one-middleware app against 50k for plain
 * Node), and under load Node accepts only one new connection per turn of its event loop, so the
 * longer each turn, the longer new visitors wait (the p99 tail). See docs/decisions/0004.
 */
import { type CachedPage, getCachedPage, isCacheableRequest, isNotModified, pickEncoding, withScriptHashes } from "./page-cache";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A step that works on Node's own request and response, so both Express and the front door run it. */
export type Step = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export function pathOf(url: string | undefined): string {
  const q = (url ?? "/").indexOf("?");
  return q === -1 ? (url ?? "/") : url!.slice(0, q);
}

export function createFrontDoor(app: (req: IncomingMessage, res: ServerResponse) => void, entrySteps: Step[]) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? "/";
    const cacheable = isCacheableRequest({ method: req.method ?? "GET", path: pathOf(url), url, cookie: req.headers.cookie });
    const hit = cacheable ? getCachedPage(url) : undefined;
    if (!hit) return void app(req, res);
    let i = 0;
    const next = (error?: unknown) => {
      if (error) return void app(req, res); // Express's error handler answers
      if (res.writableEnded) return; // a step answered (e.g. 400 for a malformed address)
      const step = entrySteps[i++];
      if (step) step(req, res, next);
      else sendPage(req, res, hit);
    };
    next();
  };
}

/** A cached page: its stored bytes in the client's preferred coding, its scripts allowed by hash. */
export function sendPage(req: IncomingMessage, res: ServerResponse, entry: CachedPage): void {
  if (isNotModified(entry, req.headers)) return sendCached(res, 304, entry.headers, "");
  for (const [key, value] of entry.headers) res.setHeader(key, value);
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") res.setHeader("Content-Security-Policy", withScriptHashes(csp, entry.scriptHashes));
  const vary = res.getHeader("Vary");
  res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = entry.bodies[encoding];
  // The compression middleware leaves a response that already has a Content-Encoding alone.
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = entry.status;
  res.end(body); // Node sends no body for a HEAD
}

export function sendCached(
  res: ServerResponse,
  status: number,
  headers: Array<[string, string]>,
  body: string,
  cookies: string[] = [],
): void {
  res.statusCode = status;
  for (const [key, value] of headers) if (key !== "set-cookie" && key !== "content-length") res.setHeader(key, value);
  if (cookies.length) res.setHeader("set-cookie", cookies);
  // A 304 keeps the page the browser has, whose policy came with it.
  if (status === 304) res.removeHeader("Content-Security-Policy");
  res.end(body);
}
