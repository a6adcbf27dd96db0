/**
 * A short-lived in-process cache of rendered public pages and public blog API answers (a cache
 * only: losing it loses nothing). A page is cached when its route answers 200 with a `public`
 * Cache-Control and no cookie; visitors with an admin session always get a fresh render.
 *
 * A cached page is sent as the very same bytes to everyone, so it is compressed once (gzip and
 * brotli) when stored instead of on every response. That rules out CSP nonces for it: a nonce
 * must be unique per response. Cacheable pages are rendered with a placeholder nonce; on
 * storing, the placeholder is removed and each inline script is allowed by the sha256 of its
 * text instead (`'sha256-…'` in script-src, which stays valid for identical bytes). Pages not
 * cached keep their fresh per-request nonce.
 */
import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import type { IncomingHttpHeaders } from "node:http";

export const NONCE_PLACEHOLDER = `nonce${randomBytes(12).toString("hex")}`;

/** Short enough that a post published on another instance shows up quickly everywhere. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 300;
/**
 * Paths whose answers depend on the visitor or change on every request. Of the JSON API only the
 * public blog reads are cached: the same published posts for everyone, like the blog pages.
 */
const NEVER_CACHED = /^\/(admin|login|logout|api(?!\/blog\/)|checkout|payment-success|descadastrar|media)(\/|$)/i;

/** In server preference order: on equal client weights the smallest body wins. */
const ENCODINGS = ["br", "gzip", "identity"] as const;
export type Encoding = (typeof ENCODINGS)[number];

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** The page in each content coding (identical bytes for every response). */
  bodies: Record<Encoding, Buffer>;
  /** `'sha256-…'` sources of the page's inline scripts, sent in place of the nonce. */
  scriptHashes: string[];
  expires: number;
  /** Expired, and a request is rendering it again. */
  refreshing?: boolean;
}

/**
 * Least recently used entries go first when full. Expiry stays ours (`expires`, `refreshing`):
 * an expired page is served to everyone but the one request re-rendering it, which lru-cache
 * offers only through its fetch(), and a render happens in the router, not in a fetch function.
 */
const entries = new LRUCache<string, CachedPage>({ max: MAX_ENTRIES });
/** Bumped by clearPageCache, so a page rendered before an admin write is not stored after it. */
let generation = 0;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface CacheableRequest {
  method: string;
  path: string;
  url: string;
  cookie?: string;
}

/** Whether this request may be answered from (and stored in) the cache; a HEAD is rendered as a GET. */
export function isCacheableRequest(req: CacheableRequest): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || NEVER_CACHED.test(req.path) || req.path.endsWith(".data")) return false;
  return !/(^|;\s*)sid=/.test(req.cookie ?? ""); // an admin may see drafts and previews
}

/**
 * The stored page while fresh. Once it expires, the first request gets undefined and renders the
 * page again; until that render is stored the others still get the old one (for at most one more
 * TTL). One render and compression per expiry, not a herd of them under load.
 */
export function getCachedPage(key: string): CachedPage | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  const now = Date.now();
  if (now < entry.expires || (entry.refreshing && now < entry.expires + TTL_MS)) return entry;
  entry.refreshing = true;
  return undefined;
}

/**
 * Prepares a rendered page for the cache (nonces swapped for script hashes, compressed) and
 * stores it if its route declared it public. Returns the entry to send, or undefined when the
 * page may not be cached: the caller then sends it as rendered, with the response's nonce.
 */
export async function storePage(key: string, status: number, headers: Headers, body: string): Promise<CachedPage | undefined> {
  const cacheControl = headers.get("cache-control") ?? "";
  const page = status === 200 && /\bpublic\b/.test(cacheControl) && !headers.has("set-cookie") && hashInlineScripts(body);
  if (!page) {
    entries.delete(key); // an expired version must not be served any more
    return undefined;
  }
  const storedGeneration = generation;
  const identity = Buffer.from(page.html);
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 9 }),
    // Quality 9 is ~30 ms of a worker thread for a 130 kB page; 11 would take ~250 ms.
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const entry: CachedPage = {
    status,
    headers: [...headers.entries()].filter(([name]) => name !== "content-length"),
    bodies: { identity, gzip: gzipped, br: brotlied },
    scriptHashes: page.scriptHashes,
    expires: Date.now() + TTL_MS,
  };
  if (storedGeneration !== generation) return entry; // the admin changed content meanwhile: send, don't keep
  entries.set(key, entry);
  return entry;
}

/** Called after any successful admin write on this instance (other instances wait for the TTL). */
export function clearPageCache(): void {
  entries.clear();
  generation++;
}

/** Whether the client's copy of a stored answer is still current (If-None-Match / If-Modified-Since). */
export function isNotModified(entry: CachedPage, requestHeaders: IncomingHttpHeaders): boolean {
  const header = (name: string) => entry.headers.find(([key]) => key === name)?.[1];
  // HTML pages always answer 200 (see the loaders of blog.tsx); feeds and the like may get a 304.
  if ((header("content-type") ?? "").startsWith("text/html")) return false;
  // Only the validators: `fresh` treats a request's `Cache-Control: no-cache` as "never match",
  // and fetch() adds that to every request carrying If-None-Match.
  const { "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince } = requestHeaders;
  return fresh(
    { "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince },
    { etag: header("etag"), "last-modified": header("last-modified") },
  );
}

/** For pages that are not cached: the placeholder becomes this response's own nonce. */
export function withNonce(body: string, nonce: string): string {
  return body.replaceAll(NONCE_PLACEHOLDER, nonce);
}

/** The best coding the client accepts: highest q, ties go to br > gzip > identity (the smallest body). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  // Nothing acceptable (identity;q=0 and no other): identity anyway, as servers commonly do.
  return (negotiator.encoding([...ENCODINGS], { preferred: [...ENCODINGS] }) as Encoding | undefined) ?? "identity";
}

/** The response's CSP with its script nonce replaced by the cached page's script hashes. */
export function withScriptHashes(csp: string, scriptHashes: string[]): string {
  return csp.replace(/ 'nonce-[^']*'/, scriptHashes.map((hash) => ` ${hash}`).join(""));
}

const SCRIPT = /(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)/i;
const NONCE_ATTRIBUTE = ` nonce="${NONCE_PLACEHOLDER}"`;

/**
 * Removes the placeholder nonce from the page and hashes each inline script it was on (the text
 * between the tags, which is what the browser hashes). Undefined if the page can't do without a
 * nonce: a placeholder left anywhere else (unknown markup, a cross-origin script), or script
 * text the HTML parser might end elsewhere than this regex does.
 */
function hashInlineScripts(body: string): { html: string; scriptHashes: string[] } | undefined {
  const scriptHashes = new Set<string>();
  // Split at every script, capturing: [markup, <script …>, text, </script>, markup, …].
  const parts = body.split(SCRIPT);
  for (let i = 0; i < parts.length; i += 4) {
    // Link tags carry the nonce too (modulepreload, preload); 'self' allows them without it.
    parts[i] = parts[i]!.replaceAll(NONCE_ATTRIBUTE, ""); // i < parts.length
    const [open, text] = [parts[i + 1], parts[i + 2]]; // both set, or both past the end
    if (open === undefined || text === undefined || !open.includes(NONCE_ATTRIBUTE)) continue; // e.g. JSON-LD: data, not code
    if (/\ssrc=/i.test(open)) {
      if (!/\ssrc="\/(?!\/)/i.test(open)) continue; // another origin's script needs the nonce
    } else {
      if (/<!--|<script/i.test(text)) return undefined;
      // The parser turns CR LF into LF before the browser hashes the text.
      const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64");
      scriptHashes.add(`'sha256-${digest}'`);
    }
    parts[i + 1] = open.replace(NONCE_ATTRIBUTE, "");
  }
  const html = parts.join("");
  return html.includes(NONCE_PLACEHOLDER) ? undefined : { html, scriptHashes: [...scriptHashes] };
}
