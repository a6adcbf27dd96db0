/**
 * The built-in cache of shared answers (server/shared-page.ts): public pages and public blog API
 * reads, for `npm start` with nothing in front. nginx or a CDN in front read the same
 * `Cache-Control` and can hold the same answers (docs/decisions/0055). A cache only: losing it
 * loses nothing.
 *
 * - Keys are canonical (server/cache-key.ts): an ad click's tracking parameters and any
 *   parameter the route does not read never make a new entry.
 * - Two partitions: 200 answers (the real pages, whose number the content bounds) and the rest
 *   (redirects and 404s, which junk addresses can make). Junk can never push a real page out.
 * - One render per key at a time (single flight): concurrent misses wait for the first one.
 * - Once expired, a page is served stale to everyone but the one request that renders it again.
 * - Bodies are kept by content: a page rendered again with the same bytes reuses its compressed
 *   copies, which are made fast on the request path and again, smaller, in the background.
 * - A write that changes public content drops the entries that show it (content tags).
 */
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { ContentTag } from "~/lib/route-policy";
import { compress, type Encoding, type SharedBody } from "./shared-page";

type Coding = Exclude<Encoding, "identity">;

export interface StoredBody extends SharedBody {
  encoded: Record<Coding, Buffer>;
  /** Compressed at the highest levels already. */
  best: boolean;
}

export interface CachedAnswer {
  status: number;
  /** The route's headers (without length and coding, which depend on the coding sent). */
  headers: Array<[string, string]>;
  body: StoredBody;
  tags: readonly ContentTag[];
  storedAt: number;
  /** Fresh until then; afterwards served stale while one request renders it again. */
  expires: number;
  staleUntil: number;
  refreshing?: boolean;
}

export interface Lifetime {
  sMaxAge: number;
  staleWhileRevalidate: number;
}

export interface PageCache {
  /** A fresh answer, or a stale one while another request renders it; undefined: render it. */
  get(key: string): CachedAnswer | undefined;
  /** Undefined if the caller is the first to render `key` (it must call `settle`), else the first's promise. */
  lead(key: string): Promise<void> | undefined;
  settle(key: string): void;
  /** Bumped by every invalidation: a render started before one must not be stored after it. */
  readonly generation: number;
  store(
    key: string,
    answer: { status: number; headers: Array<[string, string]>; body: SharedBody; tags: readonly ContentTag[] },
    lifetime: Lifetime,
    renderedAt: number,
  ): Promise<CachedAnswer>;
  /** Drops what shows any of these tags. */
  invalidate(tags: readonly ContentTag[]): void;
  clear(): void;
  /** For tests and the bench: entries in each partition. */
  size(): { pages: number; others: number };
}

export interface PageCacheOptions {
  maxPages?: number;
  maxOthers?: number;
}

export function createPageCache({ maxPages = 300, maxOthers = 200 }: PageCacheOptions = {}): PageCache {
  const pages = new LRUCache<string, CachedAnswer>({ max: maxPages });
  const others = new LRUCache<string, CachedAnswer>({ max: maxOthers });
  const bodies = new LRUCache<string, StoredBody>({ max: maxPages + maxOthers });
  const inflight = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  let generation = 0;

  const upgrades = createUpgradeQueue();

  const partitionOf = (status: number) => (status === 200 ? pages : others);
  const find = (key: string) => pages.get(key) ?? others.get(key);

  async function storedBody(body: SharedBody): Promise<StoredBody> {
    // By content: only the cache needs this hash (a fresh render without it skips it).
    const content = createHash("sha1").update(body.identity).update(body.scriptHashes.join(" ")).digest("base64url");
    const known = bodies.get(content);
    if (known) return known;
    const [gzip, br] = await Promise.all([compress(body.identity, "gzip", "fast"), compress(body.identity, "br", "fast")]);
    const stored: StoredBody = { ...body, encoded: { gzip, br }, best: false };
    bodies.set(content, stored);
    return stored;
  }

  return {
    get(key) {
      const entry = find(key);
      if (!entry) return undefined;
      const now = Date.now();
      if (now < entry.expires) return entry;
      if (now < entry.staleUntil && entry.refreshing) return entry;
      if (now < entry.staleUntil) entry.refreshing = true; // this caller renders it again
      return undefined;
    },
    lead(key) {
      const running = inflight.get(key);
      if (running) return running.promise;
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      inflight.set(key, { promise, resolve });
      return undefined;
    },
    settle(key) {
      inflight.get(key)?.resolve();
      inflight.delete(key);
    },
    get generation() {
      return generation;
    },
    async store(key, answer, lifetime, renderedAt) {
      const body = await storedBody(answer.body);
      const now = Date.now();
      const entry: CachedAnswer = {
        ...answer,
        body,
        storedAt: now,
        expires: now + lifetime.sMaxAge * 1000,
        staleUntil: now + (lifetime.sMaxAge + lifetime.staleWhileRevalidate) * 1000,
      };
      // Content changed while this was rendered: send it, but do not keep it.
      if (renderedAt !== generation) return entry;
      (answer.status === 200 ? others : pages).delete(key);
      partitionOf(answer.status).set(key, entry);
      if (answer.status === 200 && !body.best) upgrades.add(body);
      return entry;
    },
    invalidate(tags) {
      generation++;
      for (const partition of [pages, others]) {
        for (const [key, entry] of partition.entries()) if (entry.tags.some((tag) => tags.includes(tag))) partition.delete(key);
      }
    },
    clear() {
      generation++;
      pages.clear();
      others.clear();
    },
    size: () => ({ pages: pages.size, others: others.size }),
  };
}

/**
 * Recompresses stored pages at the highest levels, one at a time, in worker threads: a visitor
 * never waits for it, and a page rendered again with the same bytes is not compressed again.
 */
function createUpgradeQueue() {
  const queue: StoredBody[] = [];
  let running = false;
  const next = async () => {
    running = true;
    for (let body = queue.shift(); body; body = queue.shift()) {
      if (body.best) continue;
      try {
        const [gzip, br] = await Promise.all([compress(body.identity, "gzip", "best"), compress(body.identity, "br", "best")]);
        body.encoded = { gzip, br };
        body.best = true;
      } catch {
        /* the fast copies stay */
      }
    }
    running = false;
  };
  return {
    add(body: StoredBody) {
      if (queue.length >= 100 || queue.includes(body)) return;
      queue.push(body);
      if (!running) setImmediate(() => void next());
    },
  };
}
