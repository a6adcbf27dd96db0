/**
 * The security sweep (XSS: blog.test.ts's corpus through the sanitiser, leads.spec.ts in Chromium):
 * the app runs as if behind HTTPS, with real rate limits and fake secrets that must never be served.
 * The checks themselves live in tests/support/checks.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { ADMIN_APIS, ADMIN_PAGES } from "../support/admin-routes";
import { bruteForce, adminTargets, forgedCookies, guardSweep, headerCheck, loginSid, PUBLIC_PAGES, secretScan } from "../support/checks";
import { conversationLead, insertLead, meetingLead } from "../support/leads";

const SECRETS = {
  ADMIN_PASSWORD: "Ci-Senha-Secreta-4b9e2c",
  STRIPE_SECRET_KEY: "sk_test_ciFAKE51H7x9ZzNaoDeveVazar0123456789",
  CHAT_API_KEY: "chatkey-ci-nao-deve-vazar-1a2b3c4d",
  SESSION_SECRET: "ci-session-secret-com-mais-de-32-caracteres-0001",
};

let app: TestApp;
let postPath = "/blog";

beforeAll(async () => {
  app = await startTestApp({
    SITE_URL: "https://seguranca.example",
    RATE_LIMIT_FACTOR: "1",
    ADMIN_PASSWORD: SECRETS.ADMIN_PASSWORD,
    SESSION_SECRET: SECRETS.SESSION_SECRET,
    STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY,
    CHAT_API_KEY: SECRETS.CHAT_API_KEY,
    CHAT_API_URL: "http://127.0.0.1:9",
    CHAT_ASSISTANT_ID: "asst-ci",
  });
  const html = await (await fetch(`${app.url}/blog`)).text();
  postPath = /href="(\/blog\/(?!rss)[a-z0-9-]+)"/.exec(html)?.[1] ?? "/blog";
  await seedAdminRecords();
});

/**
 * The records the listed admin pages show (`/admin/leads/funil/contatos/1`, `/admin/conversas/1`,
 * `/admin/posts/1/revisoes/1`…), so that every listed page opens with a session: a page that then
 * answers 404 is a missing route, not a missing row.
 */
async function seedAdminRecords() {
  const { db, schema } = { db: app.db(), schema: app.schema };
  await insertLead(db, schema, "contacts", { name: "Ana", company: "Empresa", email: "ana@example.com", message: "Olá" });
  await insertLead(db, schema, "consultations", {
    name: "Bia",
    email: "bia@example.com",
    phone: "11999998888",
    company: "Empresa",
    industryArea: "Varejo",
  });
  const [chat] = await db
    .insert(schema.chatSessions)
    .values({ sessionId: "offline-1", email: "caio@example.com", offline: true })
    .returning();
  await conversationLead(db, schema, chat!.id);
  await db.insert(schema.newsletterSubscribers).values({ email: "leitora@example.com", status: "active", unsubscribeToken: "seguranca-1" });
  // A standalone newsletter edition's draft (docs/decisions/0131).
  await db
    .insert(schema.newsletterEditions)
    .values({ subject: "Edição avulsa", content: "<p>Texto.</p>", status: "draft", createdBy: "admin" });
  const start = new Date(Date.now() + 7 * 86_400_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  const meeting = await meetingLead(db, schema, { name: "Davi", email: "davi@example.com", phone: "11999997777", company: "Empresa" });
  await db.insert(schema.bookings).values({
    id: meeting.id,
    leadId: meeting.leadId,
    uid: "seguranca@agendar",
    startsAt: start,
    endsAt: end,
    occupied: `[${start.toISOString()},${end.toISOString()})`,
    name: "Davi",
    email: "davi@example.com",
    phone: "11999997777",
    company: "Empresa",
    placeKind: "link-later",
  });
  const [post] = await db.select().from(schema.blogPosts).orderBy(schema.blogPosts.id).limit(1);
  if (!post) throw new Error("the seed wrote no post");
  const { title, slug, summary, content } = post;
  await db.insert(schema.blogPostRevisions).values({ postId: post.id, kind: "create", title, slug, summary, content, author: "admin" });
}
afterAll(() => app?.close());

const pick = (all: Record<string, string>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, all[k]]));
const login = () => loginSid(app.url, "admin", SECRETS.ADMIN_PASSWORD);

describe("admin guards", () => {
  // An expired session (a real one whose expiry moved to the past) and a live one.
  let expired: string;
  let live: string;
  beforeAll(async () => {
    expired = await login();
    await app
      .db()
      .update(app.schema.sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` });
    live = await login();
  });

  it("every admin page and API listed in tests/support/admin-routes.ts exists (a deleted one fails here)", async () => {
    const targets = await adminTargets(app.url, ADMIN_PAGES, ADMIN_APIS, live);
    expect(targets.missing).toEqual([]);
    expect(targets.pages).toHaveLength(ADMIN_PAGES.length);
    expect(targets.apis).toHaveLength(ADMIN_APIS.length);
  });

  it("every admin page and API refuses no session, an expired session and forged cookies", async () => {
    const results = await guardSweep(app.url, ADMIN_PAGES, ADMIN_APIS, {
      "no session": undefined,
      "expired session": expired,
      // A subset of checks.ts's forgeries keeps this test quick.
      ...pick(forgedCookies(live), ["forjado: assinatura falsa", "forjado: token sem assinatura", "forjado: assinatura alterada"]),
    });
    expect(results).toHaveLength((ADMIN_PAGES.length + ADMIN_APIS.length) * 5);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });

  it("the live session opens every admin page, so the refusals above mean something", async () => {
    for (const path of ADMIN_PAGES) {
      const res = await fetch(`${app.url}${path}`, { headers: { cookie: live }, redirect: "manual" });
      await res.arrayBuffer();
      // 405 is fine (a POST-only admin URL listed as a page); a redirect to /login is not.
      expect(`${path} ${res.status}`).toMatch(/ (200|204|405)$/);
    }
  });

  it("the admin guard ignores case: /ADMIN/… needs a session and is never stored by a cache", async () => {
    const live = await login();
    for (const path of ["/ADMIN/dashboard", "/Admin", "/aDmIn/blog"]) {
      const anonymous = await fetch(`${app.url}${path}`, { redirect: "manual" });
      await anonymous.arrayBuffer();
      expect(`${path} ${anonymous.status} ${anonymous.headers.get("location")}`).toMatch(/ 30[27] \/login$/);
      const withSession = await fetch(`${app.url}${path}`, { headers: { cookie: live }, redirect: "manual" });
      await withSession.arrayBuffer();
      expect(withSession.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("behind HTTPS the session cookie is Secure, HttpOnly and SameSite", async () => {
    const res = await fetch(`${app.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: SECRETS.ADMIN_PASSWORD }),
      redirect: "manual",
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid=")) ?? "";
    expect(cookie).toMatch(/;\s*Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=(Lax|Strict)/);
  });
});

describe("cross-site requests (CSRF)", () => {
  const createCategory = async (name: string, headers: Record<string, string>) => {
    const res = await fetch(`${app.url}/api/blog/categories`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name, slug: name.toLowerCase() }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  const count = async (name: string) => (await app.db().select().from(app.schema.blogCategories)).filter((c) => c.name === name).length;

  it("a cookie-authenticated text/plain POST without Origin is refused and creates nothing", async () => {
    const cookie = await login();
    expect(await createCategory("Forjada", { cookie, "content-type": "text/plain" })).toBe(403);
    expect(await createCategory("Forjada", { cookie, "content-type": "text/plain", origin: "https://evil.example" })).toBe(403);
    expect(
      await createCategory("Forjada", { cookie, "content-type": "application/json", origin: "https://seguranca.example.evil.com" }),
    ).toBe(403);
    expect(await count("Forjada")).toBe(0);
  });

  it("the site's own requests pass: JSON, or a same-origin Origin, Referer or Sec-Fetch-Site", async () => {
    const cookie = await login();
    expect(await createCategory("Propria1", { cookie, "content-type": "application/json" })).toBe(201);
    expect(await createCategory("Propria2", { cookie, "content-type": "text/plain", origin: app.url })).not.toBe(403);
    expect(await createCategory("Propria3", { cookie, "content-type": "text/plain", referer: `${app.url}/admin/blog` })).not.toBe(403);
    expect(await createCategory("Propria4", { cookie, "content-type": "text/plain", "sec-fetch-site": "same-origin" })).not.toBe(403);
    expect(await count("Propria1")).toBe(1);
  });
});

describe("response headers", () => {
  it("every public page has CSP with nonces or script hashes, frame-ancestors, nosniff, Referrer-Policy and HSTS", async () => {
    const results = await headerCheck(app.url, [...PUBLIC_PAGES, postPath, "/pagina-que-nao-existe"], { https: true });
    expect(results.flatMap((r) => r.problems.map((p) => `${r.path}: ${p}`))).toEqual([]);
  });
});

describe("secrets", () => {
  it("no secret appears in any page or served asset", async () => {
    const scan = await secretScan(app.url, [...PUBLIC_PAGES, postPath, ...ADMIN_PAGES], SECRETS, { cookie: await login() });
    expect(scan.assets).toBeGreaterThan(3);
    expect(scan.hits).toEqual([]);
  });
});

// Last: these spend this address's login budget. Each refused guess before the block runs one
// scrypt at N=2^17 (two at a time per process), so on a busy machine they need more than 30 s.
describe("login throttling", { timeout: 120_000 }, () => {
  it("wrong passwords for one username are answered 429 after 10 failures", async () => {
    const result = await bruteForce(app.url, "alvo-ci", 24, 12);
    expect(result.statuses).toContain(429);
    expect(result.failuresBeforeThrottle).toBeLessThanOrEqual(10);
  });

  it("many usernames from one address are throttled too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i += 10) {
      const wave = await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          fetch(`${app.url}/login`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ username: `usuario-${i + k}`, password: "x" }),
            redirect: "manual",
          }).then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          }),
        ),
      );
      statuses.push(...wave);
    }
    expect(statuses).toContain(429);
  });
});
