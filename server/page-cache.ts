/**
 * A small HTTP cache in the process, for `npm start` with nothing in front (docs/decisions/0111).
 * In production the deploy recipe's nginx (or a CDN) is the cache; this one follows the same
 * rules, from the same headers:
 *
 * - it keeps only answers the route policy made shared (server/route-policy.ts), keyed by their
 *   canonical address, so an ad click's parameters or junk never make a miss;
 * - for as long as their `Cache-Control` says: fresh for `s-maxage`, then served stale for
 *   `stale-while-revalidate` while one request renders the page again;
 * - one render per address at a time (single flight): the others wait for it;
 * - `Vary: Accept-Encoding`: each answer is kept compressed once per coding;
 * - an admin write drops what it changed (the route's `invalidates` against the page's `shows`,
 *   through app/infra/content-events.server.ts);
 * - real pages (200) and the rest (redirects, 404s) are kept apart, so junk never evicts a page.
 */
import { LRUCache } from "lru-cache";
import { onContentChanged } from "~/infra/content-events.server";
import { compressed, isNotModified, preferredCoding, type Coding } from "~/infra/http-cache.server";
import type { ContentTag } from "~/lib/route-policy";
import { routedOf, sharedCacheControl } from "./route-policy";
import type { Request, RequestHandler, Response } from "express";

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  bodies: Record<Coding, Buffer>;
  tags: readonly ContentTag[];
  storedAt: number;
  /** Fresh until `expires`; then, until `staleUntil`, answered while one request (`refreshing`) renders it again. */
  expires: number;
  staleUntil: number;
  refreshing?: boolean;
}

/** Headers that belong to one response, never to a kept answer. */
const PER_RESPONSE = new Set(["date", "x-request-id", "content-length", "content-encoding", "set-cookie", "age", "connection", "vary"]);
/** Bigger answers (images) are left to the browser's and the proxy's caches. */
const MAX_BYTES = 1_000_000;

export function pageCache({ maxPages = 300, maxOthers = 200 } = {}): RequestHandler {
  const pages = new LRUCache<string, Entry>({ max: maxPages });
  const others = new LRUCache<string, Entry>({ max: maxOthers });
  const inflight = new Map<string, Promise<void>>();
  /** Bumped by every invalidation: a render started before one is not kept after it. */
  let generation = 0;
  onContentChanged((tags) => {
    generation++;
    for (const partition of [pages, others]) {
      for (const [key, entry] of partition.entries()) if (entry.tags.some((tag) => tags.includes(tag))) partition.delete(key);
    }
  });

  const answer = (key: string, req: Request, res: Response, next: () => void): void => {
    const entry = pages.get(key) ?? others.get(key);
    const now = Date.now();
    if (entry && (now < entry.expires || (now < entry.staleUntil && entry.refreshing))) return send(req, res, entry);
    const running = inflight.get(key);
    if (running) return void running.then(() => res.destroyed || answer(key, req, res, next));
    if (req.method === "HEAD") return next(); // answered without a body: nothing to keep
    if (entry && now < entry.staleUntil) entry.refreshing = true;
    // The render is for everyone: not answered 304 to this client's validators.
    delete req.headers["if-none-match"];
    delete req.headers["if-modified-since"];
    lead(key, entry, req, res, next);
  };

  /**
   * This request renders the page. As a proxy cache does, its answer is held until it ends, kept
   * (if its headers allow), then sent from the cache like every hit; an answer that may not be
   * kept (a cookie, an error, an image over MAX_BYTES) goes out as it comes.
   */
  function lead(key: string, stale: Entry | undefined, req: Request, res: Response, next: () => void): void {
    let settle!: () => void;
    inflight.set(key, new Promise<void>((resolve) => (settle = resolve)));
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      if (stale) stale.refreshing = false;
      inflight.delete(key);
      settle();
    };
    const [started, chunks] = [generation, [] as Buffer[]];
    let size = 0;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk !== "string" && !(chunk instanceof Uint8Array)) return; // nothing, or a callback
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk, (encoding as BufferEncoding) || "utf8") : Buffer.from(chunk));
      size += chunks.at(-1)!.length;
    };
    const keepable = () => size <= MAX_BYTES && started === generation && sharedCacheControl(res) !== undefined;
    const { write, end } = res;
    const release = () => {
      res.write = write;
      res.end = end;
      for (const chunk of chunks.splice(0)) res.write(chunk);
      done();
    };
    res.write = function (chunk: unknown, encoding?: unknown) {
      collect(chunk, encoding);
      if (!keepable()) release();
      return true;
    } as Response["write"];
    res.end = function (chunk?: unknown, encoding?: unknown) {
      collect(chunk, encoding);
      if (!keepable()) return (release(), res.end());
      res.write = write;
      res.end = end;
      store(key, res, Buffer.concat(chunks), started).then(
        (entry) => (done(), send(req, res, entry)),
        (error: unknown) => (done(), res.destroy(error as Error)),
      );
      return res;
    } as Response["end"];
    res.once("close", done);
    next();
  }

  async function store(key: string, res: Response, identity: Buffer, started: number): Promise<Entry> {
    const headers: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!PER_RESPONSE.has(name) && value !== undefined) headers.push([name, String(value)]);
    }
    // The lifetimes its Cache-Control gives (the route policy's, server/route-policy.ts).
    const cacheControl = sharedCacheControl(res) ?? "";
    const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1] ?? 0) * 1000;
    const now = Date.now();
    const entry: Entry = {
      status: res.statusCode,
      headers,
      bodies: await compressed(identity),
      tags: routedOf(res)?.route.policy.cache?.shows ?? [],
      storedAt: now,
      expires: now + seconds("s-maxage"),
      staleUntil: now + seconds("s-maxage") + seconds("stale-while-revalidate"),
    };
    if (started !== generation) return entry; // content changed meanwhile: sent, not kept
    (entry.status === 200 ? others : pages).delete(key);
    (entry.status === 200 ? pages : others).set(key, entry);
    return entry;
  }

  return (req, res, next) => {
    const shared = routedOf(res)?.shared;
    if (shared) answer(shared.key, req, res, next);
    else next();
  };
}

/** A kept answer, in the coding the client prefers. */
function send(req: Request, res: Response, entry: Entry): void {
  const header = (name: string) => entry.headers.find(([key]) => key === name)?.[1];
  // Feeds and JSON may be answered 304; pages are sent whole (one page for every visitor).
  if (!header("content-type")?.startsWith("text/html") && isNotModified(req.headers, header("etag"), header("last-modified"))) {
    for (const [name, value] of entry.headers) if (name !== "content-type") res.setHeader(name, value);
    return void res.status(304).end();
  }
  const coding = preferredCoding(req.headers["accept-encoding"]);
  const body = entry.bodies[coding];
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  const age = Math.floor((Date.now() - entry.storedAt) / 1000);
  if (age > 0) res.setHeader("Age", age);
  if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", body.length);
  res.status(entry.status).end(body); // Node sends no body for a HEAD
}
