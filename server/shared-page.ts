/**
 * A page answered the same to every visitor (its route's policy declares a cache, and the
 * request has no session): the very same bytes go to each of them, from our cache or from
 * nginx's or a CDN's. A CSP nonce must be unique per response, so such a page is rendered with
 * a placeholder nonce; here the placeholder is removed and each inline script is allowed by the
 * sha256 of its text instead (`'sha256-…'` in script-src, valid for identical bytes).
 * Docs: decisions 0009 and 0055.
 */
import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import Negotiator from "negotiator";

export const NONCE_PLACEHOLDER = `nonce${randomBytes(12).toString("hex")}`;

/** In server preference order: on equal client weights the smallest body wins. */
const ENCODINGS = ["br", "gzip", "identity"] as const;
export type Encoding = (typeof ENCODINGS)[number];

export interface SharedBody {
  identity: Buffer;
  /** The page's scripts, as `'sha256-…'` sources sent in place of the nonce. */
  scriptHashes: string[];
}

/** Browsers send a handful of spellings of Accept-Encoding: each is parsed once. */
const encodingByHeader = new Map<string | undefined, Encoding>();

/** The best coding the client accepts: highest q, ties go to br > gzip > identity (the smallest body). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  let encoding = encodingByHeader.get(acceptEncoding);
  if (encoding) return encoding;
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  // Nothing acceptable (identity;q=0 and no other): identity anyway, as servers commonly do.
  encoding = (negotiator.encoding([...ENCODINGS], { preferred: [...ENCODINGS] }) as Encoding | undefined) ?? "identity";
  // Any header may be sent: the memory stays bounded (a cached page spent 3 % of its CPU parsing).
  if (encodingByHeader.size >= 100) encodingByHeader.clear();
  encodingByHeader.set(acceptEncoding, encoding);
  return encoding;
}

/** The response's CSP with its script nonce replaced by the page's script hashes. */
export function withScriptHashes(csp: string, scriptHashes: readonly string[]): string {
  return csp.replace(/ 'nonce-[^']*'/, scriptHashes.map((hash) => ` ${hash}`).join(""));
}

/** For pages that are not shared after all: the placeholder becomes this response's own nonce. */
export function withNonce(body: string, nonce: string): string {
  return body.replaceAll(NONCE_PLACEHOLDER, nonce);
}

const ATTRIBUTE = Buffer.from(` nonce="${NONCE_PLACEHOLDER}"`);
const PLACEHOLDER = Buffer.from(NONCE_PLACEHOLDER);
const [LT, GT, CR] = [0x3c, 0x3e, 0x0d];

/**
 * Removes the placeholder nonce from the page and hashes each inline script it was on (the text
 * between the tags, which is what the browser hashes). Undefined if the page can't do without a
 * nonce: a placeholder left anywhere else (unknown markup, a cross-origin script), or script
 * text the HTML parser might end elsewhere than here.
 *
 * It works on the bytes, and cuts in place only once the page is sure to be shared (a refused
 * page is sent as it came). A page is bigger than V8's largest ordinary object (128 kB): each
 * string or buffer of its size is a fresh mapping of memory, and on these virtual machines a
 * fresh page of memory costs more than the work done on it (docs/decisions/0096).
 */
export function shareablePage(page: Buffer): SharedBody | undefined {
  const scriptHashes = new Set<string>();
  const cuts: number[] = [];
  for (let at = page.indexOf(ATTRIBUTE); at !== -1; at = page.indexOf(ATTRIBUTE, at + ATTRIBUTE.length)) {
    // An attribute of a tag (React escapes '>' in attribute values); anywhere else: unknown markup.
    const tagStart = page.lastIndexOf(LT, at);
    const tagEnd = page.indexOf(GT, at);
    if (tagStart === -1 || tagEnd === -1 || page.indexOf(GT, tagStart) < at) return undefined;
    cuts.push(at);
    // Link tags carry the nonce too (modulepreload, preload); 'self' allows them without it.
    if (!/^<script[\s/>]/i.test(page.toString("latin1", tagStart, tagStart + 8))) continue;
    const open = page.toString("latin1", tagStart, tagEnd + 1);
    if (/\ssrc=/i.test(open)) {
      if (!/\ssrc="\/(?!\/)/i.test(open)) return undefined; // another origin's script needs the nonce
      continue;
    }
    const textEnd = scriptEnd(page, tagEnd + 1);
    if (textEnd === -1) return undefined;
    const text = page.subarray(tagEnd + 1, textEnd);
    if (/<!--|<script/i.test(text.toString("latin1"))) return undefined;
    // The parser turns CR LF into LF before the browser hashes the text.
    const source = text.includes(CR) ? text.toString("utf8").replace(/\r\n?/g, "\n") : text;
    scriptHashes.add(`'sha256-${createHash("sha256").update(source).digest("base64")}'`);
  }
  // A placeholder the loop did not take out (in text, in another attribute): not shareable.
  let placeholders = 0;
  for (let at = page.indexOf(PLACEHOLDER); at !== -1; at = page.indexOf(PLACEHOLDER, at + PLACEHOLDER.length)) placeholders++;
  if (placeholders !== cuts.length) return undefined;
  // Only now, once it is sure to be shared, the attributes are cut out in place.
  let kept = 0;
  let from = 0;
  for (const at of cuts) {
    kept += page.copy(page, kept, from, at);
    from = at + ATTRIBUTE.length;
  }
  kept += page.copy(page, kept, from);
  return { identity: page.subarray(0, kept), scriptHashes: [...scriptHashes] };
}

/** Where a script's text ends: the first `</script` (any case) after `start`, as the parser sees it. */
function scriptEnd(page: Buffer, start: number): number {
  for (let at = page.indexOf("</", start); at !== -1; at = page.indexOf("</", at + 2)) {
    if (page.toString("latin1", at + 2, at + 8).toLowerCase() === "script") return at;
  }
  return -1;
}

/** A body that needs no rewriting (JSON, XML): shared as it is. */
export function shareableBytes(body: Buffer): SharedBody {
  return { identity: body, scriptHashes: [] };
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * `fast` is for the request path (a visitor waits, and a fresh render's CPU is the slow path's
 * limit): for the 127 kB of `/`, gzip 3 takes ~2 ms (22 kB) and brotli 1 ~0.7 ms (21 kB), where
 * gzip 6 and brotli 5 took ~3.7 ms each for 2–4 kB less. `best` is for stored copies, made once
 * per distinct page in the background: gzip 9 and brotli 11 (about 100 ms of a worker thread).
 */
export function compress(body: Buffer, encoding: Exclude<Encoding, "identity">, effort: "fast" | "best"): Promise<Buffer> {
  if (encoding === "gzip") return gzip(body, { level: effort === "fast" ? 3 : 9 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: effort === "fast" ? 1 : 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
