/**
 * Conditional GET for public blog responses: a weak ETag computed from the data a response is
 * made of (plus the build, since the HTML also depends on it), Last-Modified, and a 304 answer
 * when the client already has that version. How long anyone may keep a response is the route's
 * policy (app/lib/route-policy.ts), applied by the server, not set here.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fresh from "fresh";
import Negotiator from "negotiator";

/** Changes with every build (the bundle holds the asset hashes the HTML points to). */
const BUILD_ID = (() => {
  try {
    const file = fileURLToPath(import.meta.url);
    const stat = fs.statSync(file);
    return `${stat.size.toString(36)}${Math.floor(stat.mtimeMs).toString(36)}`;
  } catch {
    return "dev";
  }
})();

export function weakEtag(...parts: unknown[]): string {
  const hash = createHash("sha1").update(BUILD_ID);
  for (const part of parts) hash.update(typeof part === "string" ? part : (JSON.stringify(part) ?? ""));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

export interface Validators {
  etag: string;
  lastModified?: Date | null;
}

/**
 * Headers for a cacheable response, and whether the request's validators already match
 * (`fresh`, the check Express uses: If-None-Match wins over If-Modified-Since, as RFC 9110 says).
 */
export function conditional(request: Request, validators: Validators): { headers: Headers; notModified: boolean } {
  const headers = new Headers({ ETag: validators.etag });
  const lastModified = validators.lastModified ? new Date(Math.floor(validators.lastModified.getTime() / 1000) * 1000) : null;
  if (lastModified) headers.set("Last-Modified", lastModified.toUTCString());
  if (request.method !== "GET" && request.method !== "HEAD") return { headers, notModified: false };
  const asked = (name: string) => request.headers.get(name) ?? undefined;
  // Without the request's Cache-Control: fetch() adds `no-cache` to any request carrying
  // If-None-Match, and `fresh` would then never match; the origin may still answer 304.
  const notModified = fresh(
    { "if-none-match": asked("if-none-match"), "if-modified-since": asked("if-modified-since") },
    { etag: validators.etag, "last-modified": headers.get("last-modified") ?? undefined },
  );
  return { headers, notModified };
}

/** Page routes pass their loader's caching headers through (and those of a 304). */
export function passLoaderHeaders({ loaderHeaders, errorHeaders }: { loaderHeaders: Headers; errorHeaders?: Headers }): Headers {
  return errorHeaders ?? loaderHeaders;
}

/**
 * Whether a client's copy is still current (If-None-Match / If-Modified-Since), by the validators
 * only: `fresh` reads a request's `no-cache` as "never match", and fetch() adds that to every
 * request carrying If-None-Match.
 */
export function isNotModified(
  requestHeaders: { "if-none-match"?: string; "if-modified-since"?: string },
  etag: string | undefined,
  lastModified: string | undefined,
): boolean {
  if (!etag && !lastModified) return false;
  const { "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince } = requestHeaders;
  return fresh({ "if-none-match": ifNoneMatch, "if-modified-since": ifModifiedSince }, { etag, "last-modified": lastModified });
}

export type Coding = "br" | "gzip" | "identity";
const CODINGS: Coding[] = ["br", "gzip", "identity"];
/** Browsers send a handful of spellings of Accept-Encoding: each is parsed once. */
const codings = new Map<string | undefined, Coding>();

/** The best coding a client accepts: highest q, ties go to the smallest body (br, gzip, identity). */
export function preferredCoding(acceptEncoding: string | undefined): Coding {
  let coding = codings.get(acceptEncoding);
  if (coding) return coding;
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  coding = (negotiator.encoding(CODINGS, { preferred: CODINGS }) as Coding | undefined) ?? "identity";
  if (codings.size >= 100) codings.clear(); // any header may be sent: the memory stays bounded
  codings.set(acceptEncoding, coding);
  return coding;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const BROTLI = { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT };

/** A body kept by a cache, in every coding it is sent in (compressed once, in the thread pool). */
export async function compressed(identity: Buffer): Promise<Record<Coding, Buffer>> {
  const [gzipped, brotlied] = await Promise.all([gzip(identity, { level: 9 }), brotli(identity, { params: BROTLI })]);
  return { identity, gzip: gzipped, br: brotlied };
}
