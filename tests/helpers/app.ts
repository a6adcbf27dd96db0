/**
 * Boots the real production bundle (build/server/index.js) on a fresh database for one test
 * file: in-memory PGlite by default, or a new PostgreSQL database when TEST_DATABASE_URL is set
 * (CI sets it; the database is dropped afterwards). Run `npm run build` first (npm test does).
 */
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { first } from "~/lib/first";

export interface TestApp {
  url: string;
  port: number;
  /** The app's own database handle and schema, to check what was stored. */
  db: () => import("../../app/db/client.server").Database;
  schema: typeof import("../support/app-hooks").schema;
  /** How many times the app has asked the database for an admin session so far. */
  sessionLookups: () => number;
  /** The route tree the app serves (its own module instances). */
  build: () => Promise<import("react-router").ServerBuild>;
  databaseUrl?: string;
  close: () => Promise<void>;
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * node-postgres warns (once a process) when a query is sent on a connection that is still busy
 * with another, as `Promise.all` inside a transaction does; pg 9 will refuse it. Any test file
 * that makes the app do it fails when it closes the app (reads that take an `Executor` go through
 * `inTurn`, app/db/client.server.ts).
 */
const busyConnection: string[] = [];
process.on("warning", (warning) => {
  if (warning.name === "DeprecationWarning" && warning.message.includes("already executing a query")) busyConnection.push(warning.message);
});

/**
 * A new PostgreSQL database for one test: a copy of the run's migrated template
 * (tests/integration/global-setup.ts), or `empty` for a test of what a first start does.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const template = options.empty ? "" : inject("templateDatabase");
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A file of the built server bundle: `index` (the production entry) or `test-hooks`. */
export function serverBundle(name: "index" | "test-hooks"): string {
  return path.resolve(process.env.BUILD_DIR ?? "build", `server/${name}.js`);
}

/** What tests read from the running app (tests/support/app-hooks.ts, built beside the production entry). */
export async function testHooks(): Promise<typeof import("../support/app-hooks")> {
  return (await import(/* @vite-ignore */ serverBundle("test-hooks"))) as typeof import("../support/app-hooks");
}

export async function startTestApp(extraEnv: Record<string, string | undefined> = {}): Promise<TestApp> {
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (usingPostgres) {
    const created = await createTestDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  Object.assign(process.env, {
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    DATABASE_URL: databaseUrl ?? "",
    RATE_LIMIT_FACTOR: "1",
    SITE_URL: "",
    ADMIN_USERNAME: "",
    ADMIN_PASSWORD: "",
    SESSION_SECRET: "",
    ...extraEnv,
  });
  for (const [k, v] of Object.entries(extraEnv)) if (v === undefined) delete process.env[k];

  const mod = (await import(/* @vite-ignore */ serverBundle("index"))) as typeof import("../../server/app");
  const hooks = await testHooks();
  const running = await mod.startServer({ port: 0 });
  const url = `http://127.0.0.1:${running.port}`;
  inProcessApps.set(url, hooks);
  return {
    url,
    port: running.port,
    db: hooks.db as TestApp["db"],
    schema: hooks.schema,
    sessionLookups: hooks.sessionLookups,
    build: hooks.serverBuild,
    databaseUrl,
    close: async () => {
      inProcessApps.delete(url);
      await running.close();
      await dropDatabase?.();
      if (busyConnection.length) throw new Error(`Consulta enviada numa conexão ocupada (node-postgres): ${busyConnection[0]}`);
    },
  };
}

/** POST JSON and return status + parsed body. */
/** The messages the app queued for one address and kind (`booking-confirmation`, …), oldest first. */
export async function outboxTo(app: TestApp, email: string, kind: string) {
  const { outbox } = app.schema;
  return app
    .db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)))
    .orderBy(asc(outbox.id));
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Logs in through the real /login form action and returns the session cookie header value. */
export async function loginCookie(app: TestApp, username = "admin", password = "admin123"): Promise<string> {
  const res = await fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (!cookie) throw new Error(`login failed: ${res.status}`);
  return first(cookie.split(";"));
}

/**
 * A signed-in admin's session cookie, made by the app in this process the way its login makes one
 * (`createSession`), without the password check: one scrypt at the production cost is 0.4–0.7 s of
 * a core, and most tests are about what an admin does, not how they sign in. Tests of signing in
 * use `loginCookie`, through the form.
 */
export async function adminSession(app: TestApp, username = "admin"): Promise<string> {
  const hooks = inProcessApps.get(app.url);
  if (!hooks) throw new Error(`adminSession: ${app.url} is not an app of this process; use loginCookie`);
  const { users } = app.schema;
  const [user] = await app.db().select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`adminSession: no user ${username}`);
  return first((await hooks.createSession(user.id, new Request(`${app.url}/login`, { method: "POST" }))).split(";"));
}

/** The apps running in this process, by URL: their own modules, for cheap proofs of work (below). */
const inProcessApps = new Map<string, Awaited<ReturnType<typeof testHooks>>>();

/**
 * A solved proof-of-work challenge of the app (docs/decisions/0090), as the forms' islands send
 * it in their `altcha` field, solved with the same library. From an app in this process, the
 * challenge is signed by that app with an answer of 1 (docs/decisions/0137): the same signature,
 * expiry and one-use checks on the submit, without a second of PBKDF2 per lead. Otherwise, or with
 * `fromRoute`, it is asked at GET /api/challenge, as a visitor's browser does, and costs the full
 * work.
 */
export async function proofOfWork(baseUrl: string, { fromRoute = false } = {}): Promise<string> {
  const { solveChallenge } = await import("altcha-lib");
  const { deriveKey } = await import("altcha-lib/algorithms/pbkdf2");
  const app = fromRoute ? undefined : inProcessApps.get(baseUrl);
  let challenge: import("altcha-lib").Challenge;
  if (app) challenge = await app.newChallenge(1);
  else {
    // Each proof is another visitor's (read only behind TRUST_PROXY): a run of many leads from one
    // test must not meet the per-network limit on challenges (docs/decisions/0107).
    const visitor = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const res = await fetch(`${baseUrl}/api/challenge`, { headers: { "x-forwarded-for": visitor } });
    if (!res.ok) throw new Error(`GET /api/challenge: HTTP ${res.status}`);
    ({ data: challenge } = (await res.json()) as { data: import("altcha-lib").Challenge });
  }
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("proof of work not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A lead form's body with a fresh proof of work, as the site's own forms send it. */
export async function withProof<T>(baseUrl: string, body: T): Promise<T> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  return { ...body, altcha: await proofOfWork(baseUrl) };
}

/** A SESSION_SECRET for tests that sign what the server signs (form stamps). */
export const TEST_SESSION_SECRET = "segredo-de-teste-com-mais-de-32-caracteres-0123456789";

/** Ordinary stamps count back from this second, one a call: every call is another page's. */
const stampBase = Math.floor(Date.now() / 1000);
let stampsMade = 0;
const DAY = 24 * 3600;

/**
 * The signed render time a lead form carries (docs/decisions/0090), as the server would have
 * rendered it about `ageSeconds` ago with `secret` (start the app with that SESSION_SECRET): what a
 * person's post without JavaScript sends after filling the form in. A stamp is good for one post
 * (docs/decisions/0106), so each call for an ordinary age (3 s to a day) gives another one, a
 * little older than asked; a too young or too old one is exactly as old as asked.
 */
export function formStampFor(ageSeconds = 20, secret = TEST_SESSION_SECRET): string {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "spam:form-stamp", 32)).toString("hex");
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = ageSeconds >= 3 && ageSeconds <= DAY ? Math.min(now, stampBase) - ageSeconds - stampsMade++ : now - ageSeconds;
  return `${issuedAt}.${createHmac("sha256", key).update(`stamp.${issuedAt}`).digest("base64url").slice(0, 22)}`;
}
