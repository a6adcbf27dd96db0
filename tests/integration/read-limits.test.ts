/**
 * The anonymous reads that reach the database have limits per network (docs/decisions/0107), at
 * their real values (RATE_LIMIT_FACTOR=1): a script's flood of searches, challenges or free-time
 * reads meets a Portuguese 429 with `Retry-After`, inside the site's page for /busca and /agendar;
 * another network, and reads that do no work, are not held back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
let network = 0;
/** Each test speaks from its own network (TRUST_PROXY=1). */
const newNetwork = () => `10.66.${++network}.7`;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", RATE_LIMIT_FACTOR: "1" });
});
afterAll(() => app?.close());

const get = (path: string, ip: string) => fetch(`${app.url}${path}`, { headers: { "x-forwarded-for": ip } });

/** Sends `count` requests, `width` at a time; the statuses in order. */
async function flood(paths: (i: number) => string, count: number, ip: string, width = 10): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += width) {
    const batch = Array.from({ length: Math.min(width, count - i) }, (_, j) =>
      get(paths(i + j), ip).then((r) => (void r.body?.cancel(), r.status)),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

describe("search", () => {
  it("120 searches never asked before from one network: 60 answered, the rest a Portuguese 429 with Retry-After; none a 5xx", async () => {
    const ip = newNetwork();
    const statuses = await flood((i) => `/api/search?q=${encodeURIComponent(`consulta única ${i}`)}`, 120, ip);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60);

    const refused = await get("/api/search?q=agentes", ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^Muitas buscas em pouco tempo\. Aguarde (\d+ segundos?|1 minuto) e tente novamente\.$/);

    // The page says the same inside the site (header, form, footer), with the same status.
    const page = await get("/busca?q=agentes", ip);
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toBeTruthy();
    const html = await page.text();
    expect(html).toContain("Muitas buscas em pouco tempo.");
    expect(html).toContain('id="busca"');
    expect(html).toContain("<footer");

    // Another network searches as usual.
    expect((await get("/api/search?q=agentes", newNetwork())).status).toBe(200);
  }, 60_000);

  it("the empty search page and a malformed query do no search and count nothing", async () => {
    const ip = newNetwork();
    const statuses = await flood((i) => (i % 2 ? "/busca" : `/api/search?q=${"a".repeat(300)}`), 80, ip);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect((await get("/api/search?q=agentes", ip)).status).toBe(200);
  });
});

describe("proof-of-work challenges", () => {
  it("400 from one network: 60 handed out, the rest a 429 with Retry-After; none a 5xx", async () => {
    const ip = newNetwork();
    const statuses = await flood(() => "/api/challenge", 400, ip, 20);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(340);
    const refused = await get("/api/challenge", ip);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(((await refused.json()) as { message: string }).message).toContain("Muitas solicitações de verificação em pouco tempo.");
  }, 60_000);
});

describe("free meeting times", () => {
  it("the API and /agendar share one limit of 120 reads per network; over it, a 429 the page explains", async () => {
    const ip = newNetwork();
    const today = new Date().toISOString().slice(0, 10);
    const statuses = await flood((i) => (i % 2 ? "/agendar" : `/api/booking/slots?from=${today}&to=${today}`), 130, ip);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);

    const page = await get("/agendar", ip);
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toBeTruthy();
    const html = await page.text();
    expect(html).toContain("Horários indisponíveis no momento");
    expect(html).toContain("Muitas consultas de horários em pouco tempo.");
  }, 60_000);
});
