import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { postJson, startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("migrations and seed", () => {
  it("creates the admin user with a hashed password", async () => {
    const { users } = app.schema;
    const admin = await app.db().select().from(users).where(eq(users.username, "admin")).then(first);
    expect(admin.role).toBe("admin");
    expect(admin.password).toMatch(/^scrypt\$/);
  });

  it("seeds 4 categories and 7 posts, 6 of them published", async () => {
    const { blogCategories, blogPosts } = app.schema;
    const { value: categories } = await app.db().select({ value: count() }).from(blogCategories).then(first);
    const { value: posts } = await app.db().select({ value: count() }).from(blogPosts).then(first);
    const { value: published } = await app.db().select({ value: count() }).from(blogPosts).where(eq(blogPosts.published, true)).then(first);
    expect([categories, posts, published]).toEqual([4, 7, 6]);
  });

  it("is idempotent: seeding again adds nothing", async () => {
    const { seed } = await import("~/db/seed.server");
    const { blogPosts } = app.schema;
    const before = await app.db().select({ value: count() }).from(blogPosts);
    await seed(app.db());
    const after = await app.db().select({ value: count() }).from(blogPosts);
    expect(after).toEqual(before);
  });

  it("enforces the spec's column limits and uniqueness", async () => {
    const { blogCategories } = app.schema;
    await expect(
      app
        .db()
        .insert(blogCategories)
        .values({ name: "x".repeat(101), slug: "longo-demais" }),
    ).rejects.toThrow();
    const existing = await app.db().select().from(blogCategories).limit(1).then(first);
    await expect(app.db().insert(blogCategories).values({ name: existing.name, slug: "outro-slug" })).rejects.toThrow();
  });
});

describe("server hardening", () => {
  it("publishes /.well-known/security.txt (RFC 9116) with a contact and a future expiry", async () => {
    const res = await fetch(`${app.url}/.well-known/security.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const fields = Object.fromEntries(
      (await res.text())
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
    );
    // SECURITY.md sends reporters here: the contact is DPO_EMAIL (default CONTACT_EMAIL), in Portuguese or English.
    const dpo = process.env.DPO_EMAIL || process.env.CONTACT_EMAIL || "contato@agileia.com.br";
    expect(fields.Contact).toBe(`mailto:${dpo}`);
    expect(fields["Preferred-Languages"]).toBe("pt, en");
    expect(fields.Canonical).toMatch(/^https?:\/\/[^/]+\/\.well-known\/security\.txt$/);
    // RFC 9116 §2.5.5: in the future, and less than a year away.
    const expires = Date.parse(fields.Expires ?? ""); // missing: NaN, and the checks below fail
    expect(expires - Date.now()).toBeGreaterThan(30 * 24 * 3600 * 1000);
    expect(expires - Date.now()).toBeLessThan(365 * 24 * 3600 * 1000);
  });

  it("answers /healthz after checking the database", async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("rejects malformed JSON with a 400 JSON answer", async () => {
    const res = await postJson(`${app.url}/api/contact`, "{ isto não é json");
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false });
    expect(res.json.message).toMatch(/JSON/);
  });

  it("rejects an oversized body with 413 JSON", async () => {
    const res = await postJson(`${app.url}/api/contact`, { message: "a".repeat(400 * 1024) });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ success: false, message: "O conteúdo enviado é grande demais." });
  });

  it("lets no one but an admin send a large body: anonymous uploads and other upload paths stop at 256 kB", async () => {
    const body = new Uint8Array(1024 * 1024); // 1 MB: under the admin's upload limit, over everyone else's
    for (const path of ["/api/uploads", "/api/uploads/x", "/api/uploadsx"]) {
      const res = await fetch(`${app.url}${path}`, { method: "POST", headers: { "content-type": "application/octet-stream" }, body });
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ success: false, message: "O conteúdo enviado é grande demais." });
    }
  });

  it("answers unknown /api paths with a 404 JSON", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await fetch(`${app.url}/api/nao-existe/mesmo`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/json/);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });

  it("refuses unsafe requests from a foreign Origin", async () => {
    const res = await postJson(`${app.url}/logout`, {}, { origin: "https://site-malicioso.example" });
    expect(res.status).toBe(403);
  });

  it("sends the security headers with a per-request CSP nonce", async () => {
    // A page that is never cached (cached ones carry script hashes: tests/integration/page-cache.test.ts).
    const a = await fetch(`${app.url}/login`);
    const b = await fetch(`${app.url}/login`);
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toBe(b.headers.get("content-security-policy"));
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await a.text();
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // Data blocks (JSON-LD, the islands' page data) do not run and need no nonce.
    for (const attrs of scripts) if (!/type="application\/(ld\+)?json"/.test(attrs)) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("serves the not-found page with a real 404 status", async () => {
    const res = await fetch(`${app.url}/pagina/que/nao/existe`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  it("serves hashed assets with immutable cache headers", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1];
    const res = await fetch(`${app.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });
});
