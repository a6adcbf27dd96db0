/**
 * The in-process HTTP cache (server/page-cache.ts) as a middleware in a real Express app: what the
 * route policy would have decided is set by a stand-in step, the "route" counts its renders.
 */
import http from "node:http";
import zlib from "node:zlib";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { contentChanged } from "~/infra/content-events.server";
import { pageCache } from "../../server/page-cache";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

let server: Server;
let base = "";
const renders = new Map<string, number>();
/** While set, renders wait for it (a slow page). */
let gate: Promise<void> | undefined;
let version = 1;

beforeAll(async () => {
  const app = express();
  app.use((req, res, next) => {
    const shows = req.path.startsWith("/blog") ? ["blog"] : [];
    const cache = { sMaxAge: 10, staleWhileRevalidate: 60, shows };
    res.locals.routed = {
      route: { id: "x", policy: { access: "public", cache }, methods: [], document: true },
      shared: { key: req.path, leftOut: "" },
    };
    next();
  });
  app.use(pageCache({ maxPages: 2, maxOthers: 2 }));
  app.use(async (req, res) => {
    renders.set(req.path, (renders.get(req.path) ?? 0) + 1);
    await gate;
    const status = req.path.startsWith("/junk") ? 404 : 200;
    const text = `<p>${req.path} v${version} ${"texto repetido ".repeat(200)}</p>`;
    res.set("Cache-Control", "public, max-age=0, s-maxage=10, stale-while-revalidate=60").status(status).type("html").send(text);
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.useRealTimers();
  gate = undefined;
});

/** A GET with the body exactly as sent (fetch would decode it); then a moment for the cache to store it. */
const get = (path: string, encoding = "identity") =>
  new Promise<{ status: number; coding?: string; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const answer = { status: res.statusCode!, coding: res.headers["content-encoding"], body: Buffer.concat(chunks) };
          setTimeout(() => resolve(answer), 50);
        });
      })
      .on("error", reject);
  });
const slow = () => {
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  return () => {
    gate = undefined;
    open();
  };
};

describe("page cache", () => {
  it("keeps a page compressed in both codings, and answers it while fresh without rendering again", async () => {
    const plain = await get("/a");
    const [gzip, br] = [await get("/a", "gzip"), await get("/a", "br")];
    expect(renders.get("/a")).toBe(1);
    expect([gzip.coding, br.coding]).toEqual(["gzip", "br"]);
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it("junk answers (404s, redirects) never push a real page out", async () => {
    await get("/b");
    for (let i = 0; i < 20; i++) await get(`/junk-${i}`);
    await get("/a");
    await get("/b");
    expect([renders.get("/a"), renders.get("/b")]).toEqual([1, 1]);
  });

  it("renders an address once for all the requests that arrive meanwhile", async () => {
    const release = slow();
    const waiting = Promise.all([get("/c"), get("/c"), get("/c", "gzip"), get("/c", "br")]);
    await vi.waitFor(() => expect(renders.get("/c")).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the others arrive
    release();
    const answers = await waiting;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(renders.get("/c")).toBe(1);
  });

  it("after expiry, one request renders again while the others get the stale page, until it is too old", async () => {
    await get("/e");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10_001);
    version++;
    const release = slow();
    const renewing = get("/e"); // renders again
    await vi.waitFor(() => expect(renders.get("/e")).toBe(2));
    const meanwhile = await get("/e");
    expect(meanwhile.body.toString()).toContain(`v${version - 1}`); // the stale copy, at once
    release();
    expect((await renewing).body.toString()).toContain(`v${version}`);
    expect((await get("/e")).body.toString()).toContain(`v${version}`);
    vi.setSystemTime(Date.now() + 80_001);
    await get("/e");
    expect(renders.get("/e")).toBe(3); // past the stale window nobody gets it
  });

  it("drops what shows changed content, and does not keep a render started before the change", async () => {
    await get("/blog");
    await get("/a");
    contentChanged("blog");
    await get("/blog");
    expect(renders.get("/blog")).toBe(2);
    const before = renders.get("/a");
    await get("/a");
    expect(renders.get("/a")).toBe(before);

    const release = slow();
    contentChanged("blog");
    const started = get("/blog"); // renders now…
    await vi.waitFor(() => expect(renders.get("/blog")).toBe(3));
    contentChanged("blog"); // …and the content changes before it ends
    release();
    await started;
    await get("/blog");
    expect(renders.get("/blog")).toBe(4);
  });
});
