import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageCache } from "../../server/page-cache";
import { shareablePage } from "../../server/shared-page";

const html = (text: string) => shareablePage(Buffer.from(`<!DOCTYPE html><html><body><p>${text}</p></body></html>`))!;
const headers: Array<[string, string]> = [["content-type", "text/html; charset=utf-8"]];
const life = { sMaxAge: 10, staleWhileRevalidate: 60 };
const answer = (status: number, text: string, tags: Array<"blog"> = []) => ({ status, headers, body: html(text), tags });

afterEach(() => void vi.useRealTimers());

describe("page cache", () => {
  it("stores a page compressed in both codings, and answers it while fresh", async () => {
    const cache = createPageCache();
    const entry = await cache.store("/a", answer(200, "a"), life, cache.generation);
    expect(cache.get("/a")).toBe(entry);
    expect(zlib.gunzipSync(entry.body.encoded.gzip).equals(entry.body.identity)).toBe(true);
    expect(zlib.brotliDecompressSync(entry.body.encoded.br).equals(entry.body.identity)).toBe(true);
  });

  it("compresses the same bytes once, whatever the address", async () => {
    const cache = createPageCache();
    const first = await cache.store("/a", answer(200, "same"), life, cache.generation);
    const second = await cache.store("/b", answer(200, "same"), life, cache.generation);
    expect(second.body).toBe(first.body);
    // Other bytes are another body, and so are the same bytes with other scripts allowed.
    const other = await cache.store("/c", answer(200, "other"), life, cache.generation);
    expect(other.body).not.toBe(first.body);
    const body = { ...html("same"), scriptHashes: ["'sha256-outro'"] };
    const scripts = await cache.store("/d", { ...answer(200, "same"), body }, life, cache.generation);
    expect(scripts.body).not.toBe(first.body);
  });

  it("junk answers (404s, redirects) never push a real page out", async () => {
    const cache = createPageCache({ maxPages: 2, maxOthers: 2 });
    await cache.store("/a", answer(200, "a"), life, cache.generation);
    await cache.store("/b", answer(200, "b"), life, cache.generation);
    for (let i = 0; i < 50; i++) await cache.store(`/junk-${i}`, answer(404, `junk ${i}`), life, cache.generation);
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/b")).toBeDefined();
    expect(cache.size()).toEqual({ pages: 2, others: 2 });
    // While another real page does (least recently used first).
    await cache.store("/c", answer(200, "c"), life, cache.generation);
    expect(cache.size().pages).toBe(2);
  });

  it("after expiry, one request renders again while the others get the stale page, until it is too old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = createPageCache();
    const old = await cache.store("/e", answer(200, "e"), life, cache.generation);
    vi.advanceTimersByTime(10_001);
    expect(cache.get("/e")).toBeUndefined(); // this request renders it again
    expect(cache.get("/e")).toBe(old); // the others meanwhile
    const renewed = await cache.store("/e", answer(200, "e2"), life, cache.generation);
    expect(cache.get("/e")).toBe(renewed);
    vi.advanceTimersByTime(70_001);
    expect(cache.get("/e")).toBeUndefined();
    expect(cache.get("/e")).toBeUndefined(); // past the stale window nobody gets it
  });

  it("lets one request render a key while the others wait for it", async () => {
    const cache = createPageCache();
    expect(cache.lead("/k")).toBeUndefined(); // the first renders
    const waiting = cache.lead("/k");
    expect(waiting).toBeInstanceOf(Promise);
    let woke = false;
    void waiting!.then(() => (woke = true));
    await cache.store("/k", answer(200, "k"), life, cache.generation);
    cache.settle("/k");
    await waiting;
    expect(woke).toBe(true);
    expect(cache.lead("/k")).toBeUndefined(); // settled: the next miss renders again
  });

  it("drops what shows changed content, and does not keep a render started before the change", async () => {
    const cache = createPageCache();
    await cache.store("/blog", answer(200, "blog", ["blog"]), life, cache.generation);
    await cache.store("/sobre", answer(200, "sobre"), life, cache.generation);
    const started = cache.generation;
    cache.invalidate(["blog"]);
    expect(cache.get("/blog")).toBeUndefined();
    expect(cache.get("/sobre")).toBeDefined();
    const late = await cache.store("/blog", answer(200, "old blog", ["blog"]), life, started);
    expect(late.body.identity.toString()).toContain("old blog"); // still sent to its own request
    expect(cache.get("/blog")).toBeUndefined();
  });

  it("recompresses stored pages smaller in the background", async () => {
    const cache = createPageCache();
    const text = Array.from({ length: 400 }, (_, i) => `parágrafo ${i % 37} da página, com texto repetido`).join(" ");
    const entry = await cache.store("/big", answer(200, text), life, cache.generation);
    const fast = entry.body.encoded.br.length;
    await vi.waitFor(() => expect(entry.body.best).toBe(true));
    expect(entry.body.encoded.br.length).toBeLessThanOrEqual(fast);
    expect(zlib.brotliDecompressSync(entry.body.encoded.br).equals(entry.body.identity)).toBe(true);
  });
});
