/**
 * The server's request handler (server/app.ts creates the HTTP server with it). Every request:
 *
 * 1. runs the steps before routing (access log, one address per page, static files);
 * 2. runs the entry steps every answer needs (CSP nonce, security headers, the address check);
 * 3. finds its route and policy (server/route-table.ts): OPTIONS and methods the route does not
 *    serve are answered here, with `Allow`;
 * 4. a shared answer (the route declares a cache, the request has no session) gets its canonical
 *    address (server/cache-key.ts) and is answered from the page cache when it is there, or waits
 *    for the one request already rendering it;
 * 5. everything else goes to Express, which runs the rest of the chain and React Router.
 *
 * Why not answer cache hits from an Express middleware: Express's router alone costs about
 * 80 µs per request, and under load Node accepts one new connection per turn of its event loop,
 * so the longer each turn, the longer new visitors wait (docs/decisions/0004).
 */
import fresh from "fresh";
import { hasSessionCookie } from "~/domain/auth/sessions.server";
import { logger } from "~/infra/logger.server";
import { canonicalPath, canonicalQuery, leftOutParameters } from "./cache-key";
import { isDataRequest, type RouteMatch, type RouteTable } from "./route-table";
import { compress, pickEncoding, withScriptHashes, type SharedBody } from "./shared-page";
import type { CachedAnswer, PageCache } from "./page-cache";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";

/** A step that works on Node's own request and response, so the front door and Express both run it. */
export type Step = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** What the front door learned about a request, for the steps after it (Express, React Router). */
export interface Routed {
  route: RouteMatch;
  /** Set when the answer is the same for everyone: its canonical address (the cache key). */
  shared?: { key: string; leftOut: string; generation: number };
}
const ROUTED = Symbol("routed");
type WithRouted = IncomingMessage & { [ROUTED]?: Routed };

export function routedOf(req: IncomingMessage): Routed | undefined {
  return (req as WithRouted)[ROUTED];
}

export function pathOf(url: string | undefined): string {
  const q = (url ?? "/").indexOf("?");
  return q === -1 ? (url ?? "/") : url!.slice(0, q);
}

export interface FrontDoorOptions {
  /** Express: everything the front door does not answer itself. */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  /** Before routing; a step may answer (a static file, a redirect). */
  before: Step[];
  /** Every routed request, before it is answered by anyone. */
  entry: Step[];
  routes: () => RouteTable | Promise<RouteTable>;
  /** The built-in cache; undefined when PAGE_CACHE=off (answers are still marked shareable). */
  cache: PageCache | undefined;
}

export function createFrontDoor({ app, before, entry, routes, cache }: FrontDoorOptions) {
  const steps = [...before, ...entry];
  return (req: IncomingMessage, res: ServerResponse): void => {
    let i = 0;
    const next = (error?: unknown) => {
      if (error) return void app(req, res); // Express's error handler answers
      if (res.writableEnded || res.headersSent) return; // a step answered
      const step = steps[i++];
      if (step) return step(req, res, next);
      const table = routes();
      // Development loads the build (and so the table) per request; production has it at start.
      if (table instanceof Promise) table.then((t) => route(t, req, res), fail(res));
      else route(table, req, res);
    };
    next();
  };

  function route(table: RouteTable, req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? "/";
    const path = pathOf(url);
    const match = table.lookup(path);
    const routed: Routed = { route: match };
    (req as WithRouted)[ROUTED] = routed;

    const method = req.method ?? "GET";
    if (method === "OPTIONS" || !match.methods.includes(method)) return answerMethod(res, path, method, match.methods);

    const cachePolicy = match.policy.cache;
    // The client router's data requests name the routes they want in their query: not shared.
    const shared = cachePolicy && (method === "GET" || method === "HEAD") && !isDataRequest(path) && !hasSessionCookie(req.headers.cookie);
    if (!shared) return app(req, res);

    // One address per page: another spelling of the path is redirected, its query kept whole.
    const search = url.slice(path.length);
    const canonical = canonicalPath(path);
    if (canonical !== undefined && canonical !== path) return redirect(res, `${canonical}${search}`);
    const key = `${path}${canonicalQuery(search, cachePolicy.params)}`;
    const leftOut = leftOutParameters(search, cachePolicy.params);
    req.url = key; // the route renders the canonical address, never a visitor's own parameters
    routed.shared = { key, leftOut, generation: cache?.generation ?? 0 };
    if (!cache) return app(req, res);
    answerShared(cache, key, req, res);
  }

  function answerShared(cache: PageCache, key: string, req: IncomingMessage, res: ServerResponse): void {
    const hit = cache.get(key);
    if (hit) return sendAnswer(req, res, hit);
    const running = cache.lead(key);
    if (!running) {
      // This request renders it; the ones that arrive meanwhile wait for it.
      res.once("close", () => cache.settle(key));
      return app(req, res);
    }
    void running.then(() => {
      if (res.destroyed) return;
      const ready = cache.get(key);
      if (ready) sendAnswer(req, res, ready);
      else answerShared(cache, key, req, res); // not storable after all (an error): render it
    });
  }
}

/** The route table could not be loaded (development: a syntax error in a route module). */
function fail(res: ServerResponse) {
  return (error: unknown) => {
    logger.error({ err: error }, "erro ao carregar as rotas");
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Erro ao carregar as rotas.");
  };
}

const METHOD_TEXT = "Método não permitido.";

/** OPTIONS (what this address allows) and methods it does not serve (405, never a 5xx). */
function answerMethod(res: ServerResponse, path: string, method: string, allowed: readonly string[]): void {
  res.setHeader("Allow", allowed.join(", "));
  res.setHeader("Cache-Control", "private, no-store");
  if (method === "OPTIONS") {
    res.statusCode = 204;
    return void res.end();
  }
  res.statusCode = 405;
  const api = path.startsWith("/api/");
  res.setHeader("Content-Type", api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  res.end(api ? JSON.stringify({ success: false, message: METHOD_TEXT }) : METHOD_TEXT);
}

function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 308;
  res.setHeader("Location", location);
  res.setHeader("Cache-Control", "public, max-age=3600");
  res.end();
}

/** A shared answer from the cache: its stored bytes in the client's preferred coding, its scripts allowed by hash. */
export function sendAnswer(req: IncomingMessage, res: ServerResponse, entry: CachedAnswer): void {
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = encoding === "identity" ? entry.body.identity : entry.body.encoded[encoding];
  writeShared(req, res, entry.status, entry.headers, entry.body, encoding, body, Math.floor((Date.now() - entry.storedAt) / 1000));
}

/** A shared answer with no cache to keep it (PAGE_CACHE=off): compressed for this client only. */
export async function sendUncached(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Array<[string, string]>,
  body: SharedBody,
): Promise<void> {
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const bytes = encoding === "identity" ? body.identity : await compress(body.identity, encoding, "fast");
  writeShared(req, res, status, headers, body, encoding, bytes, 0);
}

function writeShared(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Array<[string, string]>,
  body: SharedBody,
  encoding: string,
  bytes: Buffer,
  age: number,
): void {
  const header = (name: string) => headers.find(([key]) => key === name)?.[1];
  // Feeds and JSON may be answered 304; HTML pages never are (a kept page's scripts would meet a new policy).
  if (!(header("content-type") ?? "").startsWith("text/html") && isNotModified(header, req.headers)) {
    res.statusCode = 304;
    for (const [key, value] of headers) if (key !== "content-type") res.setHeader(key, value);
    res.removeHeader("Content-Security-Policy");
    return void res.end();
  }
  for (const [key, value] of headers) res.setHeader(key, value);
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") res.setHeader("Content-Security-Policy", withScriptHashes(csp, body.scriptHashes));
  res.setHeader("Vary", "Accept-Encoding");
  if (age > 0) res.setHeader("Age", age);
  const location = header("location");
  const leftOut = routedOf(req)?.shared?.leftOut;
  if (location && leftOut) res.setHeader("Location", `${location}${location.includes("?") ? "&" : "?"}${leftOut}`);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  res.statusCode = status;
  res.end(bytes); // Node sends no body for a HEAD
}

/** Whether the client's copy is still current (If-None-Match / If-Modified-Since), by the validators only. */
function isNotModified(header: (name: string) => string | undefined, requestHeaders: IncomingHttpHeaders): boolean {
  const etag = header("etag");
  const lastModified = header("last-modified");
  if (!etag && !lastModified) return false;
  // `fresh` treats a request's `Cache-Control: no-cache` as "never match", and fetch() adds that
  // to every request carrying If-None-Match: only the validators are passed.
  const { "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince } = requestHeaders;
  return fresh({ "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince }, { etag, "last-modified": lastModified });
}
