import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearPageCache, getCachedPage, NONCE_PLACEHOLDER, pickEncoding, storePage, withScriptHashes } from "../../server/page-cache";

const PH = `nonce="${NONCE_PLACEHOLDER}"`;
const publicHeaders = () => new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60" });
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const context = 'window.__ctx = {"título":"Ação \\u003c/script>"};';
const module = 'import * as r from "/assets/root.js";\nr.go();';
const page = [
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/root.js" ${PH}/>`,
  `<link ${PH} rel="preload" href="/assets/font.woff2" as="font"/></head><body><p>nonce="texto"</p>`,
  `<script type="application/ld+json">{"@type":"Organization"}</script><script>injected();</script>`,
  `<script ${PH}>${context}</script><script ${PH} type="module" async="">${module}</script>`,
  `<script ${PH}>${context}</script></body></html>`,
].join("");

afterEach(() => {
  clearPageCache();
  vi.useRealTimers();
});

describe("storePage", () => {
  it("swaps the placeholder nonce for the hashes of the inline scripts and compresses once", async () => {
    const entry = await storePage("/a", 200, publicHeaders(), page);
    expect(entry).toBeDefined();
    const html = entry!.bodies.identity.toString("utf8");
    expect(html).not.toContain(NONCE_PLACEHOLDER);
    expect(html).toBe(page.replaceAll(` ${PH}`, ""));
    // One per distinct script of ours; JSON-LD is data, and a script without our nonce stays blocked.
    expect(entry!.scriptHashes).toEqual([sha256(context), sha256(module)]);
    expect(zlib.gunzipSync(entry!.bodies.gzip).toString("utf8")).toBe(html);
    expect(zlib.brotliDecompressSync(entry!.bodies.br).toString("utf8")).toBe(html);
    expect(getCachedPage("/a")).toBe(entry);
  });

  it("hashes the text as the browser sees it (CR LF becomes LF)", async () => {
    const entry = await storePage("/crlf", 200, publicHeaders(), `<script ${PH}>a();\r\nb();\rc();</script>`);
    expect(entry!.scriptHashes).toEqual([sha256("a();\nb();\nc();")]);
  });

  it.each([
    ["a placeholder inside script text", `<script ${PH}>var n = "${NONCE_PLACEHOLDER}";</script>`],
    ["a cross-origin script", `<script ${PH} src="https://cdn.example/x.js"></script>`],
    ["unknown markup", `<div data-n="${NONCE_PLACEHOLDER}"></div>`],
    ["script text the parser may end elsewhere", `<script ${PH}>x = "<!--<script>";</script>`],
  ])("does not cache a page with %s (sent with the response's nonce instead)", async (_, body) => {
    expect(await storePage("/x", 200, publicHeaders(), body)).toBeUndefined();
    expect(getCachedPage("/x")).toBeUndefined();
  });

  it("strips the nonce of a same-origin external script without hashing it", async () => {
    const entry = await storePage("/ext", 200, publicHeaders(), `<script ${PH} src="/assets/a.js"></script>`);
    expect(entry!.bodies.identity.toString()).toBe('<script src="/assets/a.js"></script>');
    expect(entry!.scriptHashes).toEqual([]);
  });

  it("keeps only public 200 pages without cookies", async () => {
    expect(await storePage("/p", 404, publicHeaders(), page)).toBeUndefined();
    expect(await storePage("/p", 200, new Headers({ "cache-control": "private" }), page)).toBeUndefined();
    const withCookie = publicHeaders();
    withCookie.append("set-cookie", "a=1");
    expect(await storePage("/p", 200, withCookie, page)).toBeUndefined();
  });

  it("after expiry, one request renders again while the others get the old page", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const old = await storePage("/e", 200, publicHeaders(), page);
    vi.advanceTimersByTime(10_001);
    expect(getCachedPage("/e")).toBeUndefined(); // this request renders it again
    expect(getCachedPage("/e")).toBe(old); // the others meanwhile
    const fresh = await storePage("/e", 200, publicHeaders(), page);
    expect(getCachedPage("/e")).toBe(fresh);
    vi.advanceTimersByTime(10_001);
    expect(getCachedPage("/e")).toBeUndefined();
    expect(await storePage("/e", 404, publicHeaders(), page)).toBeUndefined(); // no longer a public page
    expect(getCachedPage("/e")).toBeUndefined();
  });

  it("does not keep a page rendered before the cache was cleared", async () => {
    const storing = storePage("/c", 200, publicHeaders(), page);
    clearPageCache(); // an admin write while the page was being compressed
    expect(await storing).toBeDefined(); // still sent to its own request
    expect(getCachedPage("/c")).toBeUndefined();
  });
});

describe("pickEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br", "br"],
    [undefined, "identity"],
    ["", "identity"],
    ["deflate", "identity"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["br;q=0.5, gzip;q=1", "gzip"],
    ["*", "br"],
    ["*;q=0, identity", "identity"],
    ["GZIP;Q=0.8", "gzip"],
  ])("%j → %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe("withScriptHashes", () => {
  const csp = "default-src 'self';script-src 'self' 'nonce-abc+/=';style-src 'self' 'unsafe-inline';frame-ancestors 'none'";
  it("replaces only the nonce source of script-src", () => {
    expect(withScriptHashes(csp, ["'sha256-A'", "'sha256-B'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-A' 'sha256-B';style-src 'self' 'unsafe-inline';frame-ancestors 'none'",
    );
    expect(withScriptHashes(csp, [])).toBe("default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';frame-ancestors 'none'");
  });
});
