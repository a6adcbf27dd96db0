/**
 * A short-lived in-process cache of rendered public pages (a cache only: losing it loses
 * nothing). A page is cached when its route answers 200 with a `public` Cache-Control and no
 * cookie; visitors with an admin session always get a fresh render.
 *
 * Pages carry the per-request CSP nonce, so cacheable pages are rendered with a placeholder
 * nonce that is replaced by the response's own fresh nonce every time the page is served.
 */
import { randomBytes } from "node:crypto";

export const NONCE_PLACEHOLDER = `nonce${randomBytes(12).toString("hex")}`;

/** Short enough that a post published on another instance shows up quickly everywhere. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 300;
/** Paths whose pages depend on the visitor or change on every request. */
const NEVER_CACHED = /^\/(admin|login|logout|api|checkout|payment-success|descadastrar|media)(\/|$)/;

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  expires: number;
}

const entries = new Map<string, Entry>();

export interface CacheableRequest {
  method: string;
  path: string;
  url: string;
  cookie?: string;
}

/** Whether this request may be answered from (and stored in) the cache. */
export function isCacheableRequest(req: CacheableRequest): boolean {
  if (req.method !== "GET" || NEVER_CACHED.test(req.path) || req.path.endsWith(".data")) return false;
  return !/(^|;\s*)sid=/.test(req.cookie ?? ""); // an admin may see drafts and previews
}

export function getCachedPage(key: string): Entry | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expires <= Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

/** Stores a rendered page if its route declared it public; returns whether it did. */
export function storePage(key: string, status: number, headers: Headers, body: string): boolean {
  const cacheControl = headers.get("cache-control") ?? "";
  if (status !== 200 || !/\bpublic\b/.test(cacheControl) || headers.has("set-cookie")) return false;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!); // oldest first
  entries.set(key, { status, headers: [...headers.entries()], body, expires: Date.now() + TTL_MS });
  return true;
}

/** Called after any successful admin write on this instance (other instances wait for the TTL). */
export function clearPageCache(): void {
  entries.clear();
}

/** RFC 9110 weak comparison of If-None-Match against the stored page's ETag. */
export function isNotModified(entry: Entry, ifNoneMatch: string | undefined): boolean {
  const etag = entry.headers.find(([key]) => key === "etag")?.[1];
  const type = entry.headers.find(([key]) => key === "content-type")?.[1] ?? "";
  // Pages always answer 200: their scripts carry the nonce of the response they came with.
  if (!etag || !ifNoneMatch || type.startsWith("text/html")) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

export function withNonce(body: string, nonce: string): string {
  return body.replaceAll(NONCE_PLACEHOLDER, nonce);
}
