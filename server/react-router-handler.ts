/**
 * A small Express → React Router adapter. We keep our own instead of @react-router/express
 * because bodies are already buffered (with a size limit) by the host, and the framework must
 * see that buffer rather than the consumed stream.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type ServerBuild } from "react-router";
import { DatabaseUnavailableError, pingDatabase } from "~/db/client.server";
import { cspNonceOf } from "./csp-nonce";
import { deferHydration } from "./deferred-boot";
import { sendCached, sendPage } from "./front-door";
import { clearPageCache, isCacheableRequest, NONCE_PLACEHOLDER, storePage, withNonce } from "./page-cache";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

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
      const nonce = cspNonceOf(res);
      const cacheable =
        mode === "production" &&
        isCacheableRequest({ method: req.method, path: req.path, url: req.originalUrl, cookie: req.get("cookie") });
      // (A fresh copy in the cache was answered by the front door, server/front-door.ts.)
      const handler = await getHandler();
      // A cacheable HEAD renders the GET (stored, and sent without its body): the same headers.
      const response = await handler(toFetchRequest(req, res, cacheable ? "GET" : req.method), {
        cspNonce: cacheable ? NONCE_PLACEHOLDER : nonce,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      });

      // The framework turns a failed query into a 500; if the database is down, say so (503).
      if (
        response.status >= 500 &&
        (await pingDatabase().then(
          () => false,
          () => true,
        ))
      ) {
        await response.body?.cancel();
        throw new DatabaseUnavailableError();
      }
      if (
        req.method !== "GET" &&
        req.method !== "HEAD" &&
        response.status < 400 &&
        /^\/(api\/blog|api\/uploads|admin)(\/|$)/.test(req.path)
      ) {
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
