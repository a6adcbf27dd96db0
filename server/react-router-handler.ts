/**
 * A small Express → React Router adapter. We keep our own instead of @react-router/express
 * because bodies are already buffered (with a size limit) by the host, and because this is where
 * a route's policy (app/lib/route-policy.ts) is applied to its answer: shared answers are made
 * the same for everyone (server/shared-page.ts), marked cacheable and stored; everything else is
 * `private, no-store`; a successful write drops the cached content it changed.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { DatabaseUnavailableError, pingDatabase } from "~/db/client.server";
import { contentChanged } from "~/infra/content-events.server";
import { cacheControlOf, PRIVATE_CACHE_CONTROL, type CachePolicy } from "~/lib/route-policy";
import { shellPageOf } from "~/shell/contract";
import { cspNonceOf } from "./csp-nonce";
import { routedOf, sendAnswer, sendUncached } from "./front-door";
import { NO_SESSION, sessionOf } from "./session";
import { NONCE_PLACEHOLDER, shareableBytes, shareablePage, withNonce, type SharedBody } from "./shared-page";
import type { PageCache } from "./page-cache";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

interface HandlerOptions {
  loadBuild: () => Promise<ServerBuild>;
  mode: "development" | "production";
  cache: PageCache | undefined;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Answers a shared cache may keep: the page, a redirect to the canonical one, a page that is not there. */
const SHAREABLE_STATUS = new Set([200, 301, 302, 307, 308, 404, 410]);
/** Bigger answers (images) are left to the browser's and the proxy's caches. */
const MAX_SHARED_BYTES = 1_000_000;

export function createReactRouterHandler({ loadBuild, mode, cache }: HandlerOptions) {
  // In production the build never changes: load it once.
  let production: Promise<ServerBuild> | undefined;
  const buildOf = () => (mode === "development" ? loadBuild() : (production ??= loadBuild()));

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const routed = routedOf(req);
      const shared = routed?.shared;
      const nonce = cspNonceOf(res);
      const handlers = handlersOf(await buildOf(), mode);
      const handler = (shared && handlers.branch(routed.route.id)) || handlers.all;
      // A shared HEAD renders the GET (stored, and sent without its body): the same headers.
      const whole: { html?: string } | undefined = shared ? {} : undefined;
      const response = await handler(toFetchRequest(req, res, shared ? "GET" : req.method, Boolean(shared)), {
        cspNonce: shared ? NONCE_PLACEHOLDER : nonce,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        sessionUser: shared ? NO_SESSION : () => sessionOf(req),
        wholeBody: whole,
      });
      // A document read whole comes back as a string beside its bodiless response (server/load-context.ts).
      const html = whole?.html;

      // The framework turns a failed query into a 500; if the database is down, say so (503).
      if (response.status >= 500 && (await databaseIsDown())) {
        await response.body?.cancel();
        throw new DatabaseUnavailableError();
      }
      const invalidates = routed?.route.policy.invalidates;
      if (UNSAFE_METHODS.has(req.method) && response.status < 400 && invalidates?.length) contentChanged(...invalidates);

      const cachePolicy = routed?.route.policy.cache;
      if (!shared || !cachePolicy || !SHAREABLE_STATUS.has(response.status)) {
        response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        // A shared render not kept after all (an error page): its placeholder nonce becomes this response's.
        return await sendResponse(res, html === undefined ? response : new Response(withNonce(html, nonce), response));
      }
      // Encoded once; from here on the page is bytes, cut in place (server/shared-page.ts).
      const body = html === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(html);
      if (body.length > MAX_SHARED_BYTES) {
        // Too big to keep in memory (an image): marked for the browser's and the proxy's caches only.
        response.headers.set("Cache-Control", cacheControlOf(cachePolicy));
        return await sendResponse(res, new Response(new Uint8Array(body.buffer, body.byteOffset, body.length), response));
      }
      const prepared = shareable(response, body, cachePolicy);
      if (!prepared) {
        // Could not be made the same for everyone (see shareablePage): sent as rendered, kept by no one.
        response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        return await sendResponse(res, new Response(withNonce(body.toString(), nonce), response));
      }
      const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length" && name !== "set-cookie");
      if (!cache) return await sendUncached(req, res, response.status, headers, prepared.body);
      const entry = await cache.store(
        shared.key,
        { status: response.status, headers, body: prepared.body, tags: cachePolicy.shows ?? [] },
        cachePolicy,
        shared.generation,
      );
      sendAnswer(req, res, entry);
    } catch (error) {
      next(error);
    }
  };
}

interface Handlers {
  /** React Router with every route. */
  all: RequestHandler;
  /** React Router with one branch only (the leaf and its parents), for a document page; else undefined. */
  branch(leafId: string): RequestHandler | undefined;
}

/**
 * A shared request is a public document whose route the route table already matched. React Router
 * matches every request against all routes again (about 90 of them, twice per document) and
 * rebuilds its route objects from the whole manifest to render; a handler made for that one branch
 * does neither, and its pages are the same bytes: a document ships no router manifest
 * (docs/decisions/0099). Only branches of public documents (a shell page, app/shell/contract.ts)
 * get one; a router page needs the whole manifest in the browser.
 */
const handlersByBuild = new WeakMap<ServerBuild, Handlers>();
export function handlersOf(build: ServerBuild, mode: HandlerOptions["mode"]): Handlers {
  let handlers = handlersByBuild.get(build);
  if (handlers) return handlers;
  const branches = new Map<string, RequestHandler | undefined>();
  handlers = {
    all: createRequestHandler(build, mode),
    branch(leafId) {
      if (!branches.has(leafId)) branches.set(leafId, branchHandler(build, leafId, mode));
      return branches.get(leafId);
    },
  };
  handlersByBuild.set(build, handlers);
  return handlers;
}

function branchHandler(build: ServerBuild, leafId: string, mode: HandlerOptions["mode"]): RequestHandler | undefined {
  const ids: string[] = [];
  for (let id: string | undefined = leafId; id !== undefined; id = build.routes[id]?.parentId) {
    if (!build.routes[id]) return undefined; // not a React Router route (a host route, a static file)
    ids.push(id);
  }
  if (!shellPageOf(ids.map((id) => build.routes[id]?.module.handle).reverse())) return undefined;
  const only = <T>(all: Record<string, T>) => Object.fromEntries(ids.map((id) => [id, all[id]])) as Record<string, T>;
  const assets = { ...build.assets, routes: only(build.assets.routes) };
  return createRequestHandler({ ...build, routes: only(build.routes), assets }, mode);
}

async function databaseIsDown(): Promise<boolean> {
  return pingDatabase().then(
    () => false,
    () => true,
  );
}

/**
 * The answer as everyone gets it: the route's headers with the policy's Cache-Control, and a
 * body without this request's nonce. Undefined when that is not possible (a cookie being set,
 * a page whose scripts cannot be hashed); then it is sent privately.
 */
function shareable(response: Response, body: Buffer, cachePolicy: CachePolicy): { body: SharedBody } | undefined {
  if (response.headers.has("set-cookie")) return undefined;
  response.headers.set("Cache-Control", cacheControlOf(cachePolicy));
  const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  const shared = isHtml ? shareablePage(body) : shareableBytes(body);
  return shared ? { body: shared } : undefined;
}

/** Request headers a shared render must not see: its answer is for everyone, not this client. */
const PER_CLIENT = new Set(["cookie", "if-none-match", "if-modified-since", "authorization"]);

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, method: string, shared: boolean): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (shared && PER_CLIENT.has(key)) continue;
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

/** Sends a web Response through Express (and the compression middleware before it). */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
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
  if (!response.body) return void res.end();
  // Piped, so one 'drain' listener serves the whole answer: the compression middleware moves
  // 'drain' listeners to its stream but cannot remove them, and a listener per write piled up
  // there ("MaxListenersExceededWarning … drain listeners added to [BrotliCompress]").
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res).catch((error: unknown) => {
    // The visitor left before the end: nothing went wrong here.
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
  });
}
