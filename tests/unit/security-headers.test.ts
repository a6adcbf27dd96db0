import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { assignCspNonce, cspNonceOf } from "../../server/csp-nonce";
import { securityHeaders } from "../../server/security-headers";
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

/** What the production step sets on one response, with that response's nonce. */
function answer() {
  const { res, headers } = recorder();
  let nextCalls = 0;
  assignCspNonce(req, res, () => undefined);
  securityHeaders(false)(req, res, () => void nextCalls++);
  return { headers, nonce: cspNonceOf(res), nextCalls };
}

describe("security headers (written by helmet once, docs/decisions/0100)", () => {
  it("put each response's own nonce in the CSP, and nothing of the stand-in", () => {
    const first = answer();
    const second = answer();
    expect(first.nextCalls).toBe(1);
    expect(first.nonce).not.toBe(second.nonce);
    for (const { headers, nonce } of [first, second]) {
      const scriptSrc = /script-src ([^;]*)/.exec(headers.get("content-security-policy") ?? "")?.[1];
      expect(scriptSrc).toBe(`'self' 'nonce-${nonce}'`);
      expect([...headers.values()].join("\n")).not.toMatch(/N0NCEMARK/);
    }
    expect(first.headers.get("content-security-policy")?.replace(first.nonce, second.nonce)).toBe(
      second.headers.get("content-security-policy"),
    );
  });

  it("set every header helmet sets when asked per request, besides the ones the site turns off", () => {
    const { headers } = answer();
    const { res, headers: perRequest } = recorder();
    helmet()(req, res, () => undefined);
    // Turned off by the site's policy (server/security-headers.ts): COEP, and HSTS on plain http.
    const off = new Set(["cross-origin-embedder-policy", "strict-transport-security"]);
    const expected = [...perRequest.keys()].filter((name) => !off.has(name));
    expect(expected.length).toBeGreaterThan(8);
    for (const name of expected) expect(headers.has(name), name).toBe(true);
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toMatch(/camera=\(\)/);
  });

  it("in development allow the dev server's inline scripts and no nonce", () => {
    const { res, headers } = recorder();
    assignCspNonce(req, res, () => undefined);
    securityHeaders(true)(req, res, () => undefined);
    expect(headers.get("content-security-policy")).toMatch(/script-src 'self' 'unsafe-inline' 'unsafe-eval'/);
    expect(headers.get("content-security-policy")).not.toMatch(/nonce-/);
  });
});
