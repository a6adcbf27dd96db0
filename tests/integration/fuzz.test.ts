/**
 * Bad input: seeded, bounded fast-check runs against every public JSON endpoint (generators in
 * tests/support/cases.ts). Invalid payloads
 * must get a 4xx and store nothing; odd-but-legal payloads must never get a 5xx.
 * Every listed endpoint must exist: one answering 404 (a deleted or renamed route) fails its tests.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { startTestApp, type TestApp } from "../helpers/app";
import {
  endpointExists,
  invalidRequests,
  oddBlogGets,
  oddRequests,
  PUBLIC_POST_ENDPOINTS,
  sendFuzz,
  type FuzzRequest,
} from "../support/cases";

const SEED = 8_2026;
const INVALID_RUNS = 14;
const ODD_RUNS = 10;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_FACTOR: "1000" });
});
afterAll(() => app?.close());

async function countRows(tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const result = (await app.db().execute(sql.raw(`select count(*)::int as n from "${t}"`))) as unknown as { rows: Array<{ n: number }> };
    counts[t] = Number(first(result.rows).n);
  }
  return counts;
}

const describeRequest = (r: FuzzRequest, status: number, text: string) =>
  `${r.endpoint} ${r.strategy} → ${status}: ${text.slice(0, 160)} (body ${r.body.slice(0, 120)})`;

describe.each(PUBLIC_POST_ENDPOINTS)("$path", (endpoint) => {
  it("exists (a route answering 404 is a route the fuzz would silently stop covering)", async () => {
    expect(await endpointExists(app.url, "POST", endpoint.path), `POST ${endpoint.path} answers 404`).toBe(true);
  });

  it("refuses invalid payloads with a 4xx and stores nothing", async () => {
    const before = await countRows(endpoint.tables);
    await fc.assert(
      fc.asyncProperty(invalidRequests(endpoint), async (r) => {
        const { status, text } = await sendFuzz(app.url, r);
        if (status < 400 || status >= 500) throw new Error(describeRequest(r, status, text));
      }),
      { seed: SEED, numRuns: endpoint.bodyIgnored ? 6 : INVALID_RUNS },
    );
    expect(await countRows(endpoint.tables)).toEqual(before);
  });

  it("never answers odd but legal-looking input with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(oddRequests(endpoint), async (r) => {
        const { status, text } = await sendFuzz(app.url, r);
        if (status >= 500 || status === 0) throw new Error(describeRequest(r, status, text));
      }),
      { seed: SEED + 1, numRuns: endpoint.bodyIgnored ? 4 : ODD_RUNS },
    );
  });
});

describe("blog API with odd parameters", () => {
  it("never answers a 5xx", async () => {
    expect(await endpointExists(app.url, "GET", "/api/blog/posts"), "GET /api/blog/posts answers 404").toBe(true);
    const failures: string[] = [];
    const paths = oddBlogGets();
    for (let i = 0; i < paths.length; i += 8) {
      await Promise.all(
        paths.slice(i, i + 8).map(async (p) => {
          const res = await fetch(`${app.url}${p}`, { redirect: "manual" });
          const text = await res.text();
          if (res.status >= 500) failures.push(`${p.slice(0, 80)} → ${res.status}: ${text.slice(0, 120)}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  });
});

describe("after the fuzz", () => {
  it("no prototype was polluted and the app is healthy", async () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    expect(typeof probe.toString).toBe("function");
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
