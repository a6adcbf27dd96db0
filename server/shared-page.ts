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
  /** Content hash: a page rendered again with the same bytes reuses the compressed copies. */
  etag: string;
}

/** The best coding the client accepts: highest q, ties go to br > gzip > identity (the smallest body). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  // Nothing acceptable (identity;q=0 and no other): identity anyway, as servers commonly do.
  return (negotiator.encoding([...ENCODINGS], { preferred: [...ENCODINGS] }) as Encoding | undefined) ?? "identity";
}

/** The response's CSP with its script nonce replaced by the page's script hashes. */
export function withScriptHashes(csp: string, scriptHashes: readonly string[]): string {
  return csp.replace(/ 'nonce-[^']*'/, scriptHashes.map((hash) => ` ${hash}`).join(""));
}

/** For pages that are not shared after all: the placeholder becomes this response's own nonce. */
export function withNonce(body: string, nonce: string): string {
  return body.replaceAll(NONCE_PLACEHOLDER, nonce);
}

const SCRIPT = /(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)/i;
const NONCE_ATTRIBUTE = ` nonce="${NONCE_PLACEHOLDER}"`;

/**
 * Removes the placeholder nonce from the page and hashes each inline script it was on (the text
 * between the tags, which is what the browser hashes). Undefined if the page can't do without a
 * nonce: a placeholder left anywhere else (unknown markup, a cross-origin script), or script
 * text the HTML parser might end elsewhere than this regex does.
 */
export function shareablePage(body: string): SharedBody | undefined {
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
  if (html.includes(NONCE_PLACEHOLDER)) return undefined;
  return fromBytes(Buffer.from(html), [...scriptHashes]);
}

/** A body that needs no rewriting (JSON, XML): shared as it is. */
export function shareableBytes(body: Buffer): SharedBody {
  return fromBytes(body, []);
}

function fromBytes(identity: Buffer, scriptHashes: string[]): SharedBody {
  const etag = `"${createHash("sha1").update(identity).update(scriptHashes.join(" ")).digest("base64url")}"`;
  return { identity, scriptHashes, etag };
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
