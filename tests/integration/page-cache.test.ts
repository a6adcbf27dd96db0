import { createHash } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";
import { pageScripts } from "../support/checks";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** A GET (or HEAD) with the body exactly as sent (fetch would decode it). */
function rawRequest(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }>((resolve, reject) => {
    http
      .request(`${app.url}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
        res.on("end", () => resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

const decode = (res: Awaited<ReturnType<typeof rawRequest>>) => {
  const coding = res.headers["content-encoding"];
  const body = coding === "br" ? zlib.brotliDecompressSync(res.body) : coding === "gzip" ? zlib.gunzipSync(res.body) : res.body;
  return body.toString("utf8");
};
const scriptSrc = (csp: string | undefined) =>
  /script-src([^;]*)/
    .exec(csp ?? "")?.[1]
    ?.trim()
    .split(" ") ?? [];
/** Scripts the browser runs (data blocks such as JSON-LD and the islands' page data do not run). */
const runnable = (html: string) => pageScripts(html).filter((s) => !/type="application\/(ld\+)?json"/.test(s.attrs));
const inline = (html: string) => runnable(html).filter((s) => !/\ssrc=/.test(s.attrs));

/** A response's headers but those that differ per response (date, request id, coding and length). */
const replayable = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !["date", "x-request-id", "content-encoding", "content-length"].includes(name)),
  );

describe("cache of rendered public pages", () => {
  it("sends the same precompressed bytes every time, its scripts allowed by hash", async () => {
    const first = await rawRequest("/", { "accept-encoding": "gzip" }); // stores the page (or finds it stored)
    const responses = [
      first,
      await rawRequest("/", { "accept-encoding": "gzip" }),
      await rawRequest("/", { "accept-encoding": "br" }),
      await rawRequest("/", { "accept-encoding": "gzip, deflate, br" }),
      await rawRequest("/", { "accept-encoding": "br;q=0, gzip" }),
      await rawRequest("/"),
    ] as const;
    expect(responses.map((r) => r.headers["content-encoding"])).toEqual(["gzip", "gzip", "br", "br", "gzip", undefined]);
    expect(responses[1].body.equals(responses[0].body)).toBe(true); // compressed once, not per response
    const html = decode(responses[0]);
    expect(html.length).toBeGreaterThan(50_000);
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(decode(res)).toBe(html);
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toContain("public");
      expect(res.headers["content-security-policy"]).toBe(responses[0].headers["content-security-policy"]);
      // Every hit goes through the whole middleware stack: the same security headers each time.
      expect(replayable(res.headers)).toEqual(replayable(responses[0].headers));
    }
    // Every inline script is listed by the sha256 of its text; no nonce anywhere. Every public
    // page is a document with islands (docs/decisions/0058): the early script, its view beacon and
    // the boot script of its islands, never React Router's scripts.
    const csp = responses[0].headers["content-security-policy"]!;
    await rawRequest("/privacidade"); // stores it
    const legal = await rawRequest("/privacidade");
    for (const page of [
      { html, csp },
      { html: decode(legal), csp: legal.headers["content-security-policy"]! },
    ]) {
      const scripts = inline(page.html);
      expect(scripts).toHaveLength(3);
      expect(page.html).not.toContain("__reactRouterContext");
      expect(page.html).not.toContain('rel="modulepreload"');
      const hashes = scripts.map((s) => `'sha256-${createHash("sha256").update(s.text, "utf8").digest("base64")}'`);
      expect(new Set(scriptSrc(page.csp))).toEqual(new Set(["'self'", ...hashes]));
      expect(page.csp).not.toContain("nonce-");
      expect(page.html).not.toMatch(/nonce=/);
      expect(page.html).not.toMatch(/nonce[0-9a-f]{24}/); // the placeholder never leaks
    }

    // Only the script-src nonce was replaced: every other directive is as helmet set it.
    const login = await fetch(`${app.url}/login`);
    const loginCsp = login.headers.get("content-security-policy")!;
    expect(csp.split(";").filter((d) => !d.startsWith("script-src"))).toEqual(
      loginCsp.split(";").filter((d) => !d.startsWith("script-src")),
    );
    expect(scriptSrc(loginCsp)).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]+'$/)]);
  });

  it("answers HEAD for a cached page", async () => {
    await rawRequest("/sobre", { "accept-encoding": "br" });
    const head = await rawRequest("/sobre", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-type"]).toMatch(/text\/html/);
  });

  it("visitors with a session and admin pages still get a fresh nonce on every script", async () => {
    const cookie = await adminSession(app);
    for (const path of ["/", "/admin"]) {
      const responses = [await rawRequest(path, { cookie, "accept-encoding": "gzip" }), await rawRequest(path, { cookie })];
      const nonces = responses.map((r) => /'nonce-([^']+)'/.exec(r.headers["content-security-policy"] ?? "")?.[1]);
      expect(nonces[0]).toBeTruthy();
      expect(nonces[1]).not.toBe(nonces[0]);
      responses.forEach((res, i) => {
        expect(res.status).toBe(200);
        expect(res.headers["content-security-policy"]).not.toContain("sha256-");
        const html = decode(res);
        const scripts = runnable(html);
        expect(scripts.length).toBeGreaterThan(0);
        for (const script of scripts) expect(script.attrs).toContain(`nonce="${nonces[i]}"`);
      });
    }
  });

  it("shows a post published in the admin at once, on the blog page and in the public API", async () => {
    const before = await (await fetch(`${app.url}/blog`)).text(); // now cached
    const apiBefore = await (await fetch(`${app.url}/api/blog/posts`)).text();
    const cachedApi = await fetch(`${app.url}/api/blog/posts`);
    expect(await cachedApi.text()).toBe(apiBefore);
    // The cached answer keeps its validator: a client that has it gets a 304.
    const etag = cachedApi.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await fetch(`${app.url}/api/blog/posts`, { headers: { "if-none-match": etag! } })).status).toBe(304);
    const cookie = await adminSession(app);
    const title = `Post do teste de cache ${Date.now()}`;
    const res = await fetch(`${app.url}/api/blog/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        title,
        slug: `post-cache-${Date.now()}`,
        summary: "Resumo do post criado no teste de cache.",
        content: "<p>Conteúdo suficiente para passar pela validação de cinquenta caracteres.</p>",
        categoryId: null,
        imageUrl: null,
        published: true,
      }),
    });
    expect(res.status).toBe(201);
    expect(before).not.toContain(title);
    expect(apiBefore).not.toContain(title);
    expect(await (await fetch(`${app.url}/blog`)).text()).toContain(title);
    expect(await (await fetch(`${app.url}/api/blog/posts`)).text()).toContain(title);
  });

  it("never caches pages that depend on the visitor", async () => {
    const cookie = await adminSession(app);
    const login = await fetch(`${app.url}/login`, { redirect: "manual" });
    expect(login.headers.get("cache-control") ?? "").not.toContain("public");
    const admin = await fetch(`${app.url}/admin`, { headers: { cookie } });
    expect(admin.headers.get("cache-control")).toContain("no-store");
  });
});
