/**
 * The admin's account security (issue 20): the session list with "Encerrar outras sessões", the
 * session id rotated at login, and (below) the two-factor login. Real production bundle and database.
 */
import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginCookie, startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

async function loginFrom(userAgent: string, forwardedFor?: string): Promise<string> {
  const res = await fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": userAgent, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: new URLSearchParams({ username: "admin", password: "admin123" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return res.headers.getSetCookie().find((c) => c.startsWith("sid="))!.split(";")[0];
}

/** The stored id of a session: the SHA-256 of the cookie's token. */
function sessionId(cookie: string): string {
  return createHash("sha256").update(cookie.slice("sid=".length).split(".")[0]).digest("hex");
}

function page(path: string, cookie: string) {
  return fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" });
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** Text of every element matching a data-testid, from the server-rendered HTML. */
function testIdTexts(html: string, testId: string): string[] {
  const found: string[] = [];
  const walk = (node: any) => {
    if (node.attribs?.["data-testid"] === testId) found.push(textOf(node));
    node.children?.forEach(walk);
  };
  walk(parseDocument(html));
  return found;
}
function textOf(node: any): string {
  if (node.type === "text") return node.data;
  return (node.children ?? []).map(textOf).join("");
}

async function lastAudit(action: string) {
  const { auditLog } = app.schema;
  const [row] = await app.db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe("sessions", () => {
  it("lists the active sessions with device, address and last use, marking this one", async () => {
    await app.db().delete(app.schema.sessions);
    const phone = await loginFrom(IPHONE);
    const desktop = await loginFrom(WINDOWS);
    const res = await page("/admin/seguranca", desktop);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const rows = testIdTexts(await res.text(), "session-row");
    expect(rows).toHaveLength(2);
    const current = rows.find((r) => r.includes("Esta sessão"))!;
    expect(current).toContain("Chrome 126 · Windows 10 (computador)");
    expect(current).toMatch(/Endereço IP:\s*(::ffff:)?127\.0\.0\.1/);
    expect(current).toMatch(/Último acesso:\s*\d{2}\/\d{2}\/\d{4}/);
    expect(rows.find((r) => !r.includes("Esta sessão"))).toContain("Safari 17 · iOS (celular)");
    expect((await page("/admin/dashboard", phone)).status).toBe(200);
  });

  it("'Encerrar outras sessões' ends every other session, keeps this one, and is audited", async () => {
    const a = await loginFrom(IPHONE);
    const b = await loginFrom(IPHONE);
    const mine = await loginFrom(WINDOWS);
    const res = await post("/admin/seguranca", mine, { intent: "end-others" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Só este dispositivo continua conectado");
    expect((await page("/admin/dashboard", a)).status).toBe(302);
    expect((await page("/admin/dashboard", b)).status).toBe(302);
    expect((await page("/admin/dashboard", mine)).status).toBe(200);
    expect(testIdTexts(await (await page("/admin/seguranca", mine)).text(), "session-row")).toHaveLength(1);
    const entry = await lastAudit("auth.sessions.end_others");
    expect(entry.actor).toBe("admin");
    expect((entry.details as { ended: number }).ended).toBeGreaterThanOrEqual(2);
  });

  it("ends one chosen session; an unknown id answers 404 and ends nothing", async () => {
    const other = await loginFrom(IPHONE);
    const mine = await loginFrom(WINDOWS);
    const { sessions } = app.schema;
    const [otherRow] = await app.db().select().from(sessions).where(eq(sessions.id, sessionId(other)));
    const missing = await post("/admin/seguranca", mine, { intent: "end-session", session: "f".repeat(64) });
    expect(missing.status).toBe(404);
    const bad = await post("/admin/seguranca", mine, { intent: "nada" });
    expect(bad.status).toBe(400);
    expect((await page("/admin/dashboard", other)).status).toBe(200);
    const res = await post("/admin/seguranca", mine, { intent: "end-session", session: otherRow.id });
    expect(res.status).toBe(200);
    expect((await page("/admin/dashboard", other)).status).toBe(302);
    expect((await page("/admin/dashboard", mine)).status).toBe(200);
    expect((await lastAudit("auth.session.end")).details).toMatchObject({ device: "Safari 17 · iOS (celular)" });
  });

  it("a login rotates the session id: the cookie the browser held before stops working", async () => {
    const before = await loginCookie(app);
    const res = await fetch(`${app.url}/login`, {
      method: "POST",
      headers: { cookie: before, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: "admin123" }),
      redirect: "manual",
    });
    const after = res.headers.getSetCookie().find((c) => c.startsWith("sid="))!.split(";")[0];
    expect(after).not.toBe(before);
    expect((await page("/admin/dashboard", before)).status).toBe(302);
    expect((await page("/admin/dashboard", after)).status).toBe(200);
  });

  it("the admin navigation links the security page", async () => {
    const cookie = await loginCookie(app);
    const html = await (await page("/admin/dashboard", cookie)).text();
    expect(html).toMatch(/href="\/admin\/seguranca"/);
  });
});
