import { spawn } from "node:child_process";
import { randomBytes, scryptSync } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { loginCookie, startTestApp, usingPostgres, type TestApp } from "../helpers/app";
import { ADMIN_APIS, ADMIN_PAGES } from "../support/admin-routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

function postLogin(username: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
}

// Logins cost one scrypt at N=2^17 each (two at a time): the throttling waves need more than 30 s on a busy machine.
describe("login", { timeout: 120_000 }, () => {
  it("shows the demo credentials hint while ADMIN_PASSWORD is not set", async () => {
    const html = await (await fetch(`${app.url}/login`)).text();
    expect(html).toContain("admin123");
    expect(html).toContain("Entrar");
  });

  it("answers a wrong password with 401, the spec's message, and no sooner than 1 s", async () => {
    const started = Date.now();
    const res = await postLogin("admin", "senha-errada", { "x-test": "1" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Nome de usuário ou senha incorretos");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
  });

  it("answers an unknown user exactly like a wrong password", async () => {
    const res = await postLogin("ninguem", "qualquer");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Nome de usuário ou senha incorretos");
  });

  it("validates required fields with the spec's messages", async () => {
    const res = await postLogin("", "");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Nome de usuário é obrigatório");
    expect(html).toContain("Senha é obrigatória");
  });

  it("logs in: HttpOnly SameSite=Lax cookie, session row, redirect to /admin", async () => {
    const res = await postLogin("admin", "admin123");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http here; Secure is added under HTTPS
    const pair = first(cookie.split(";"));
    const token = first(pair.slice(4).split("."));
    const rows = await app.db().select().from(app.schema.sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id === token)).toBe(false); // only a hash of the token is stored
    const admin = await fetch(`${app.url}/admin`, { headers: { cookie: first(cookie.split(";")) }, redirect: "manual" });
    expect(admin.status).toBe(200);
  });

  it("throttles repeated failures for one username with 429", async () => {
    const attempts = await Promise.all(Array.from({ length: 11 }, () => postLogin("alvo", "errada")));
    const statuses = attempts.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    const blocked = await postLogin("alvo", "errada");
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Muitas tentativas de login");
  });
});

describe("password storage", () => {
  it("stores scrypt N=2^17 and re-hashes a weaker stored hash at the next successful login", async () => {
    const { users, auditLog } = app.schema;
    const admin = await app.db().select().from(users).where(eq(users.username, "admin")).then(first);
    expect(admin.password).toMatch(/^scrypt\$131072\$8\$1\$/);

    // The hash the previous code stored (N=2^14) for the same password.
    const salt = randomBytes(16);
    const weak = [
      "scrypt",
      16384,
      8,
      1,
      salt.toString("base64"),
      scryptSync("admin123", salt, 64, { N: 16384, r: 8, p: 1 }).toString("base64"),
    ].join("$");
    await app.db().update(users).set({ password: weak }).where(eq(users.id, admin.id));

    expect((await postLogin("admin", "errada-de-novo")).status).toBe(401);
    const afterFailure = await app.db().select().from(users).where(eq(users.id, admin.id)).then(first);
    expect(afterFailure.password).toBe(weak); // a failed login changes nothing

    await loginCookie(app);
    const upgraded = await app.db().select().from(users).where(eq(users.id, admin.id)).then(first);
    expect(upgraded.password).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(upgraded.password).not.toBe(weak);
    const entry = await app
      .db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "auth.login"))
      .orderBy(desc(auditLog.id))
      .limit(1)
      .then(first);
    expect(entry.details).toEqual({ passwordRehashed: true });
    await loginCookie(app); // and the new hash opens the door too
  });
});

describe("sessions", () => {
  it("a session idle for 30 minutes ends; using it renews it", async () => {
    const cookie = await loginCookie(app);
    const { sessions } = app.schema;
    await app
      .db()
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '29 minutes'` });
    const used = await fetch(`${app.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(used.status).toBe(200); // renewed by this use
    const renewed = await app.db().select().from(sessions).orderBy(desc(sessions.lastSeenAt)).limit(1).then(first);
    expect(Date.now() - renewed.lastSeenAt.getTime()).toBeLessThan(60_000);
    await app
      .db()
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` });
    const idle = await fetch(`${app.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(idle.status).toBe(302);
    expect(idle.headers.get("location")).toBe("/login");
  });

  it("logout deletes the session and clears the cookie", async () => {
    const cookie = await loginCookie(app);
    const res = await fetch(`${app.url}/logout`, { method: "POST", headers: { cookie, origin: app.url }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(res.headers.getSetCookie().join("\n")).toMatch(/sid=; .*Max-Age=0/);
    const after = await fetch(`${app.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(after.status).toBe(302);
  });

  it("an expired session no longer opens the admin", async () => {
    const cookie = await loginCookie(app);
    const ok = await fetch(`${app.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(ok.status).toBe(200);
    await app
      .db()
      .update(app.schema.sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` });
    const res = await fetch(`${app.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
  });

  it("a forged or tampered cookie is refused", async () => {
    const cookie = await loginCookie(app);
    const [name, value = ""] = cookie.split("=");
    const token = first(value.split("."));
    for (const forged of [`${name}=${token}.assinatura-falsa`, `${name}=inventado`, `${name}=${token}`]) {
      const res = await fetch(`${app.url}/admin`, { headers: { cookie: forged }, redirect: "manual" });
      expect(res.status).toBe(302);
    }
  });
});

describe("guards", () => {
  it.each(ADMIN_PAGES)("%s redirects to /login without a session", async (path) => {
    const res = await fetch(`${app.url}${path}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
  });

  it.each(ADMIN_PAGES)("%s client data request is refused without a session", async (path) => {
    const res = await fetch(`${app.url}${path === "/admin" ? "/admin" : path}.data`, { redirect: "manual" });
    expect(await res.text()).not.toContain("Administração do Blog");
    expect([202, 204, 302, 401, 403]).toContain(res.status);
  });

  it("every admin page route is in the guard list", async () => {
    const { default: routes } = await import("~/routes");
    const adminPaths: string[] = [];
    const walk = (entries: any[], prefix: string) => {
      for (const r of entries) {
        const path = r.index ? prefix : r.path ? `${prefix}/${r.path}` : prefix;
        // (The catch-all keeps unknown admin addresses private; it has no page of its own to list.)
        // Pages only (.tsx; a .ts module is an endpoint, in ADMIN_APIS).
        const page = r.file.endsWith(".tsx") && !path.endsWith("*");
        if (page && path.startsWith("/admin") && !path.includes(":") && !r.children?.length) adminPaths.push(path);
        if (r.children) walk(r.children, path);
      }
    };
    walk(routes as any[], "");
    expect(adminPaths.length).toBeGreaterThan(0);
    for (const p of adminPaths) expect(ADMIN_PAGES).toContain(p);
  });

  it.each(ADMIN_APIS.map((a) => [`${a.method} ${a.path}`, a] as const))("%s answers 401 JSON without a session", async (_name, api) => {
    const res = await fetch(`${app.url}${api.path}`, {
      method: api.method,
      headers: { "content-type": "application/json" },
      body: api.method === "GET" || api.method === "DELETE" ? undefined : JSON.stringify(api.body ?? {}),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false });
  });
});

describe("one session lookup per request", () => {
  /** How many session lookups one request costs. */
  async function lookupsOf(path: string, init: RequestInit = {}): Promise<{ status: number; lookups: number }> {
    const before = app.sessionLookups();
    const res = await fetch(`${app.url}${path}`, { redirect: "manual", ...init });
    await res.arrayBuffer();
    return { status: res.status, lookups: app.sessionLookups() - before };
  }

  it("an admin page asks the database once: the guard, the layout's and the page's loaders share the answer", async () => {
    const cookie = await loginCookie(app);
    expect(await lookupsOf("/admin/dashboard", { headers: { cookie } })).toEqual({ status: 200, lookups: 1 });
    // A client-side navigation's data request (no guard; the layout's and the page's loaders).
    expect(await lookupsOf("/admin/dashboard.data", { headers: { cookie } })).toMatchObject({ status: 200, lookups: 1 });
    // A form post: the guard, the action, then every loader of the page.
    const post = await lookupsOf("/admin/seguranca", {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "forget-devices" }),
    });
    expect(post).toEqual({ status: 200, lookups: 1 });
    // An upload: its body limit, the guard and the endpoint.
    const upload = await lookupsOf("/api/uploads", { method: "POST", headers: { cookie, origin: app.url }, body: new FormData() });
    expect(upload.lookups).toBe(1);
  });

  it("a request without a session cookie asks nothing", async () => {
    expect(await lookupsOf("/admin/dashboard")).toEqual({ status: 302, lookups: 0 });
    expect((await lookupsOf("/blog")).lookups).toBe(0);
  });
});

describe("the embedded database folder lock", () => {
  // The lock guards the embedded database's folder; PostgreSQL has none to guard.
  it.skipIf(usingPostgres)(
    "a second process on the same DATA_DIR fails with a clear message",
    async () => {
      const dir = `.tmp/lock-${Date.now()}`;
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "info", NODE_ENV: "production" };
      const first = spawn(process.execPath, ["server.js"], { env: { ...env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
      try {
        await new Promise<void>((resolve, reject) => {
          first.stdout.on("data", (d) => String(d).includes("servidor pronto") && resolve());
          first.on("exit", (code) => reject(new Error(`first server exited ${code}`)));
        });
        const second = spawn(process.execPath, ["server.js"], { env: { ...env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        second.stdout.on("data", (d) => (output += d));
        second.stderr.on("data", (d) => (output += d));
        const code = await new Promise<number | null>((resolve) => second.on("exit", resolve));
        expect(code).not.toBe(0);
        expect(output).toContain("já está em uso");
      } finally {
        first.kill("SIGTERM");
        await new Promise((resolve) => first.on("exit", resolve));
      }
    },
    60_000,
  );
});

describe("several instances on one PostgreSQL", () => {
  // The embedded database is single-process by design.
  it.skipIf(!usingPostgres)(
    "a session created on one instance is accepted by another",
    async () => {
      const cookie = await loginCookie(app);
      const second = spawn(process.execPath, ["server.js"], {
        env: { ...process.env, DATABASE_URL: app.databaseUrl, PORT: "0", LOG_LEVEL: "info", NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      try {
        const port = await new Promise<string>((resolve, reject) => {
          second.stdout.on("data", (d) => {
            const m = /servidor pronto em http:\/\/localhost:(\d+)/.exec(String(d));
            if (m?.[1]) resolve(m[1]);
          });
          second.on("exit", (code) => reject(new Error(`second instance exited ${code}`)));
        });
        const res = await fetch(`http://127.0.0.1:${port}/admin`, { headers: { cookie }, redirect: "manual" });
        expect(res.status).toBe(200);
        const without = await fetch(`http://127.0.0.1:${port}/admin`, { redirect: "manual" });
        expect(without.status).toBe(302);
      } finally {
        second.kill("SIGTERM");
        await new Promise((resolve) => second.on("exit", resolve));
      }
    },
    60_000,
  );
});
