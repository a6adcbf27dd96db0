import { createHash } from "node:crypto";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "~/infra/security-headers.server";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A response that only records the headers set on it. */
function recorder() {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  return { res, headers };
}

const req = {} as IncomingMessage;
const SCRIPTS = ["console.log(1)", "(()=>{})()"];
const headersOf = securityHeaders(false, SCRIPTS);

/** What the host sets on one response: a nonce of its own, or the hashes when shared. */
function answer(shared = false) {
  const { headers, nonce } = headersOf(shared);
  return { headers: new Map(headers.map(([name, value]) => [name.toLowerCase(), value])), nonce };
}
const scriptSrc = (headers: Map<string, string>) => /script-src ([^;]*)/.exec(headers.get("content-security-policy") ?? "")?.[1];

describe("security headers (helmet, written once: docs/decisions/0111)", () => {
  it("put each response's own nonce in the CSP", () => {
    const first = answer();
    const second = answer();
    expect(first.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(first.nonce).not.toBe(second.nonce);
    for (const { headers, nonce } of [first, second]) expect(scriptSrc(headers)).toBe(`'self' 'nonce-${nonce}'`);
    expect(first.headers.get("content-security-policy")?.replace(first.nonce!, second.nonce!)).toBe(
      second.headers.get("content-security-policy"),
    );
  });

  it("allow a shared answer's inline scripts by the hashes of the build's scripts, with no nonce", () => {
    const shared = answer(true);
    expect(shared.nonce).toBeUndefined();
    const hashes = SCRIPTS.map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    expect(scriptSrc(shared.headers)).toBe(["'self'", ...hashes].join(" "));
    // Every other directive is the same as the nonce's policy.
    const others = (headers: Map<string, string>) =>
      headers
        .get("content-security-policy")!
        .split(";")
        .filter((d) => !d.startsWith("script-src"));
    expect(others(shared.headers)).toEqual(others(answer().headers));
  });

  it("set every header helmet sets when asked per request, besides the ones the site turns off", () => {
    const { headers } = answer();
    const { res, headers: perRequest } = recorder();
    helmet()(req, res, () => undefined);
    // Turned off by the site's policy (app/infra/security-headers.server.ts): COEP, and HSTS on plain http.
    const off = new Set(["cross-origin-embedder-policy", "strict-transport-security"]);
    const expected = [...perRequest.keys()].filter((name) => !off.has(name));
    expect(expected.length).toBeGreaterThan(8);
    for (const name of expected) expect(headers.has(name), name).toBe(true);
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toMatch(/camera=\(\)/);
  });

  it("in development allow the dev server's inline scripts and no nonce", () => {
    const headers = new Map(securityHeaders(true, SCRIPTS)(false).headers.map(([name, value]) => [name.toLowerCase(), value]));
    expect(headers.get("content-security-policy")).toMatch(/script-src 'self' 'unsafe-inline' 'unsafe-eval'/);
    expect(headers.get("content-security-policy")).not.toMatch(/nonce-/);
  });
});
