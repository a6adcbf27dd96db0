/**
 * A small Express → React Router adapter. We keep our own instead of @react-router/express
 * because bodies are already buffered (with a size limit) by the host, and the framework must
 * see that buffer rather than the consumed stream.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { DatabaseUnavailableError, pingDatabase } from "~/db/client.server";
import { deferHydration } from "./deferred-boot";
import {
  type CachedPage,
  clearPageCache,
  getCachedPage,
  isCacheableRequest,
  isNotModified,
  NONCE_PLACEHOLDER,
  pickEncoding,
  storePage,
  withNonce,
  withScriptHashes,
} from "./page-cache";

interface HandlerOptions {
  loadBuild: () => Promise<ServerBuild>;
  mode: "development" | "production";
}

export function createReactRouterHandler({ loadBuild, mode }: HandlerOptions) {
  // In production the build never changes: resolve it once.
  let handle: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => {
    if (mode === "development") return createRequestHandler(await loadBuild(), mode);
    handle ??= createRequestHandler(await loadBuild(), mode);
    return handle;
  };

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const nonce = res.locals.cspNonce as string;
      const cacheable =
        mode === "production" &&
        isCacheableRequest({ method: req.method, path: req.path, url: req.originalUrl, cookie: req.get("cookie") });
      // (A fresh copy in the cache was answered by sendCachedPage, earlier in the chain.)
      const handler = await getHandler();
      // A cacheable HEAD renders the GET (stored, and sent without its body): the same headers.
      const response = await handler(toFetchRequest(req, res, cacheable ? "GET" : req.method), {
        cspNonce: cacheable ? NONCE_PLACEHOLDER : nonce,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      });

      // The framework turns a failed query into a 500; if the database is down, say so (503).
      if (response.status >= 500 && (await pingDatabase().then(() => false, () => true))) {
        await response.body?.cancel();
        throw new DatabaseUnavailableError();
      }
      if (req.method !== "GET" && req.method !== "HEAD" && response.status < 400 && /^\/(api\/blog|api\/uploads|admin)(\/|$)/.test(req.path)) {
        clearPageCache(); // the admin changed content public pages show
      }
      if (!cacheable) return await sendResponse(res, response);
      const body = await response.text();
      const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
      const entry = await storePage(req.originalUrl, response.status, response.headers, isHtml ? deferHydration(body) : body);
      if (entry) return sendPage(req, res, entry);
      // Not cacheable after all: sent as rendered, with this response's nonce.
      sendCached(res, response.status, [...response.headers.entries()], withNonce(body, nonce), response.headers.getSetCookie());
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Middleware: answers a GET or HEAD from the page cache when it holds a fresh copy. It runs after
 * logging, the security headers and the guards (server/app.ts), like every request.
 */
export function sendCachedPage(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (!isCacheableRequest({ method: req.method, path: req.path, url: req.originalUrl, cookie: req.get("cookie") })) return next();
  const hit = getCachedPage(req.originalUrl);
  if (!hit) return next();
  if (isNotModified(hit, req.get("if-none-match"))) return sendCached(res, 304, hit.headers, "");
  sendPage(req, res, hit);
}

/** A cached page: its stored bytes in the client's preferred coding, its scripts allowed by hash. */
function sendPage(req: ExpressRequest, res: ExpressResponse, entry: CachedPage) {
  res.status(entry.status);
  for (const [key, value] of entry.headers) res.setHeader(key, value);
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") res.setHeader("Content-Security-Policy", withScriptHashes(csp, entry.scriptHashes));
  res.vary("Accept-Encoding");
  const encoding = pickEncoding(req.get("accept-encoding"));
  const body = entry.bodies[encoding];
  // The compression middleware leaves a response that already has a Content-Encoding alone.
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

function sendCached(res: ExpressResponse, status: number, headers: Array<[string, string]>, body: string, cookies: string[] = []) {
  res.status(status);
  for (const [key, value] of headers) if (key !== "set-cookie" && key !== "content-length") res.setHeader(key, value);
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (status === 304) res.removeHeader("Content-Security-Policy");
  res.end(body);
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, method: string): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    if (Buffer.isBuffer(req.body)) init.body = new Uint8Array(req.body);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url, init);
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A 304 keeps the cached page, whose scripts carry the old nonce: a fresh CSP header would
  // block them all. Without one, the browser keeps the policy it stored with the page.
  if (response.status === 304) res.removeHeader("Content-Security-Policy");
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
