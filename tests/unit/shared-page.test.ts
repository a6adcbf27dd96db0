import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER, pickEncoding, shareablePage as shareableBuffer, withNonce, withScriptHashes } from "../../server/shared-page";

const shareablePage = (html: string) => shareableBuffer(Buffer.from(html));
const PH = `nonce="${NONCE_PLACEHOLDER}"`;
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

describe("shareablePage", () => {
  it("swaps the placeholder nonce for the hashes of the inline scripts", () => {
    const shared = shareablePage(page)!;
    const html = shared.identity.toString("utf8");
    expect(html).not.toContain(NONCE_PLACEHOLDER);
    expect(html).toBe(page.replaceAll(` ${PH}`, ""));
    // One per distinct script of ours; JSON-LD is data, and a script without our nonce stays blocked.
    expect(shared.scriptHashes).toEqual([sha256(context), sha256(module)]);
  });

  it("hashes the text as the browser sees it (CR LF becomes LF)", () => {
    expect(shareablePage(`<script ${PH}>a();\r\nb();\rc();</script>`)!.scriptHashes).toEqual([sha256("a();\nb();\nc();")]);
  });

  it.each([
    ["a placeholder inside script text", `<script ${PH}>var n = "${NONCE_PLACEHOLDER}";</script>`],
    ["a cross-origin script", `<script ${PH} src="https://cdn.example/x.js"></script>`],
    ["unknown markup", `<div data-n="${NONCE_PLACEHOLDER}"></div>`],
    ["script text the parser may end elsewhere", `<script ${PH}>x = "<!--<script>";</script>`],
  ])("cannot share a page with %s (it is sent with the response's nonce instead)", (_, body) => {
    const bytes = Buffer.from(body);
    expect(shareableBuffer(bytes)).toBeUndefined();
    // Left as it was: the page is then sent with this response's nonce in the placeholder's place.
    expect(bytes.toString()).toBe(body);
    expect(withNonce(body, "abc")).not.toContain(NONCE_PLACEHOLDER);
  });

  it("strips the nonce of a same-origin external script without hashing it", () => {
    const shared = shareablePage(`<script ${PH} src="/assets/a.js"></script>`)!;
    expect(shared.identity.toString()).toBe('<script src="/assets/a.js"></script>');
    expect(shared.scriptHashes).toEqual([]);
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

  it("answers a header it has seen before the same way, also after many other headers", () => {
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    for (let i = 0; i < 250; i++) expect(pickEncoding(`x-coding-${i}, gzip;q=0.${(i % 9) + 1}`)).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
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
