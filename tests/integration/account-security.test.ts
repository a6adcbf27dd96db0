/**
 * The admin's account security (SECURITY.md, docs/decisions/0010): the session list with "Encerrar outras sessões", the
 * session id rotated at login, and (below) the two-factor login. Real production bundle and database.
 */
import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { parseDocument } from "htmlparser2";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { loginCookie, startTestApp, type TestApp } from "../helpers/app";
import { atLeast } from "../support/rows";

// Every login here costs one scrypt at N=2^17: generous timeouts (below) for a busy machine.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

async function loginFrom(userAgent: string, forwardedFor?: string): Promise<string> {
  const res = await fetch(`${app.url}/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": userAgent,
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: new URLSearchParams({ username: "admin", password: "admin123" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return first(
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))!
      .split(";"),
  );
}

/** The stored id of a session: the SHA-256 of the cookie's token. */
function sessionId(cookie: string): string {
  return createHash("sha256")
    .update(first(cookie.slice("sid=".length).split(".")))
    .digest("hex");
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
  return app.db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1).then(first);
}

describe("sessions", { timeout: 120_000 }, () => {
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
    const otherRow = await app
      .db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(other)))
      .then(first);
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
    const after = first(
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith("sid="))!
        .split(";"),
    );
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

// ---------------------------------------------------------------- two-factor login
function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Lets the next code of the same 30 s step be accepted (a code is accepted only once). */
async function forgetLastCode() {
  await app.db().update(app.schema.users).set({ totpLastStep: null });
}

async function passwordStep(extraCookie = ""): Promise<{ status: number; location: string | null; cookie: string }> {
  const res = await fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(extraCookie ? { cookie: extraCookie } : {}) },
    body: new URLSearchParams({ username: "admin", password: "admin123" }),
    redirect: "manual",
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    cookie: first(
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith("sid="))!
        .split(";"),
    ),
  };
}

function codeStep(cookie: string, code: string, remember = false) {
  return post("/login/verificacao", cookie, { intent: "code", code, ...(remember ? { remember: "on" } : {}) });
}

function sidOf(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
}

describe("two-factor login (TOTP)", { timeout: 120_000 }, () => {
  let secret = "";
  let recovery: string[] = [];
  // Every attempt here comes from 127.0.0.1: start each test under the per-address login limit.
  beforeEach(async () => {
    await app.db().delete(app.schema.rateLimits);
  });

  it("enrols from /admin/seguranca: a QR code drawn on the server, a wrong code refused, then ten recovery codes", async () => {
    await forgetLastCode();
    const cookie = await loginCookie(app);
    const before = await (await page("/admin/seguranca", cookie)).text();
    expect(testIdTexts(before, "two-factor-status")).toEqual(["Desativada"]);

    const started = await post("/admin/seguranca", cookie, { intent: "start-enrol" });
    expect(started.status).toBe(200);
    const html = await started.text();
    const doc = parseDocument(html);
    const qr = findAll(doc, (n) => n.attribs?.["data-testid"] === "totp-qr")[0];
    expect(findAll(qr, (n) => n.name === "svg")).toHaveLength(1); // inline SVG, no image from elsewhere
    expect(findAll(qr, (n) => n.name === "img" || n.name === "image")).toHaveLength(0);
    secret = first(testIdTexts(html, "totp-secret")).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await post("/admin/seguranca", cookie, {
      intent: "confirm-enrol",
      code: totpCode(secret) === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(401);
    const empty = await post("/admin/seguranca", cookie, { intent: "confirm-enrol", code: "" });
    expect(empty.status).toBe(400);
    expect(await app.db().select().from(app.schema.recoveryCodes)).toHaveLength(0);

    const right = await post("/admin/seguranca", cookie, { intent: "confirm-enrol", code: totpCode(secret) });
    expect(right.status).toBe(200);
    recovery = testIdTexts(await right.text(), "recovery-code");
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    // Stored: the secret encrypted, the codes hashed.
    const admin = await app.db().select().from(app.schema.users).where(eq(app.schema.users.username, "admin")).then(first);
    expect(admin.totpEnabledAt).not.toBeNull();
    expect(admin.totpSecret).not.toContain(secret);
    const stored = await app.db().select().from(app.schema.recoveryCodes);
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const code of recovery) expect(row.codeHash).not.toContain(code.replace(/-/g, ""));
    expect((await lastAudit("auth.2fa.enrol")).actor).toBe("admin");

    const after = await (await page("/admin/seguranca", cookie)).text();
    expect(testIdTexts(after, "two-factor-status")).toEqual(["Ativada"]);
    expect(testIdTexts(after, "recovery-left")[0]).toContain("10 códigos de recuperação restantes");
  });

  it("the password alone now opens only the second step; a wrong code is refused; the right code logs in", async () => {
    await forgetLastCode();
    const step = await passwordStep();
    expect(step.status).toBe(302);
    expect(step.location).toBe("/login/verificacao");
    expect((await page("/admin/dashboard", step.cookie)).status).toBe(302); // not a session yet
    expect((await page("/admin/seguranca", step.cookie)).status).toBe(302);

    const form = await page("/login/verificacao", step.cookie);
    expect(form.status).toBe(200);
    expect(form.headers.get("cache-control")).toContain("no-store");
    const html = await form.text();
    expect(html).toContain("Verificação em duas etapas");
    expect(html).toContain("Lembrar este dispositivo por 30 dias");
    // A plain form post: the step works without JavaScript.
    const forms = findAll(parseDocument(html), (n) => n.name === "form" && n.attribs?.method === "post");
    expect(forms.length).toBeGreaterThan(0);

    const wrong = await codeStep(step.cookie, totpCode(secret) === "123456" ? "654321" : "123456");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Código inválido ou já usado");
    expect((await lastAudit("auth.2fa.failed")).actor).toBe("admin");

    const code = totpCode(secret);
    const right = await codeStep(step.cookie, code);
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin");
    const session = sidOf(right)!;
    expect(session).not.toBe(step.cookie); // a new id once the second factor is in
    expect((await page("/admin/dashboard", session)).status).toBe(200);
    expect((await page("/login/verificacao", step.cookie)).status).toBe(302); // the pending step is gone
    expect((await lastAudit("auth.login")).details).toMatchObject({ secondFactor: "totp" });

    // The same code cannot be used twice.
    const again = await passwordStep();
    const replay = await codeStep(again.cookie, code);
    expect(replay.status).toBe(401);
  });

  it("a recovery code logs in once, then it is spent", async () => {
    const step = await passwordStep();
    const res = await codeStep(step.cookie, first(recovery).toUpperCase());
    expect(res.status).toBe(302);
    expect((await page("/admin/dashboard", sidOf(res)!)).status).toBe(200);
    const used = await lastAudit("auth.2fa.recovery_used");
    expect(used.details).toEqual({ recoveryCodesLeft: 9 });

    const second = await passwordStep();
    const spent = await codeStep(second.cookie, first(recovery));
    expect(spent.status).toBe(401);
    const page2 = await (await page("/admin/seguranca", sidOf(res)!)).text();
    expect(testIdTexts(page2, "recovery-left")[0]).toContain("9 códigos de recuperação restantes");
  });

  it("five wrong codes end the step: the password is asked again", async () => {
    const step = await passwordStep();
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) last = await codeStep(step.cookie, `00000${i}` === totpCode(secret) ? "999999" : `00000${i}`);
    expect(last!.status).toBe(302);
    expect(last!.headers.get("location")).toBe("/login?motivo=tentativas");
    expect(await (await fetch(`${app.url}/login?motivo=tentativas`)).text()).toContain("Entre com usuário e senha de novo");
    await forgetLastCode();
    const late = await codeStep(step.cookie, totpCode(secret));
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toBe("/login?motivo=expirado");
    expect(sidOf(late)).toBeUndefined();
  });

  it("'Lembrar este dispositivo por 30 dias' skips the code on that browser until forgotten", async () => {
    await forgetLastCode();
    const step = await passwordStep();
    const res = await codeStep(step.cookie, totpCode(secret), true);
    expect(res.status).toBe(302);
    const device = res.headers.getSetCookie().find((c) => c.startsWith("sid_device="))!;
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Lax/);
    expect(device).toMatch(/Max-Age=2592000/);
    const deviceCookie = first(device.split(";"));
    const stored = await app.db().select().from(app.schema.trustedDevices).then(first);
    expect(deviceCookie).not.toContain(stored.id); // only a hash is stored

    const remembered = await passwordStep(deviceCookie);
    expect(remembered.location).toBe("/admin");
    expect((await page("/admin/dashboard", remembered.cookie)).status).toBe(200);
    expect((await lastAudit("auth.login")).details).toMatchObject({ secondFactor: "remembered-device" });

    const forged = await passwordStep(`${first(deviceCookie.split("."))}.assinatura-falsa`);
    expect(forged.location).toBe("/login/verificacao");

    const forget = await post("/admin/seguranca", remembered.cookie, { intent: "forget-devices" });
    expect(forget.status).toBe(200);
    expect((await lastAudit("auth.2fa.devices_forgotten")).details).toEqual({ forgotten: 1 });
    expect((await passwordStep(deviceCookie)).location).toBe("/login/verificacao");
  });

  it("new recovery codes and turning two-factor off need the current password, and are audited", async () => {
    await forgetLastCode();
    const step = await passwordStep();
    const cookie = sidOf(await codeStep(step.cookie, totpCode(secret)))!;

    const wrong = await post("/admin/seguranca", cookie, { intent: "reset-2fa", password: "errada" });
    expect(wrong.status).toBe(401);
    const missing = await post("/admin/seguranca", cookie, { intent: "regenerate-codes", password: "" });
    expect(missing.status).toBe(400);

    const regenerated = await post("/admin/seguranca", cookie, { intent: "regenerate-codes", password: "admin123" });
    expect(regenerated.status).toBe(200);
    const fresh = testIdTexts(await regenerated.text(), "recovery-code");
    expect(fresh).toHaveLength(10);
    const [, oldSecond] = atLeast(2)(recovery);
    expect(fresh).not.toContain(oldSecond);
    expect((await lastAudit("auth.2fa.recovery_regenerated")).actor).toBe("admin");
    const oldCode = await passwordStep();
    expect((await codeStep(oldCode.cookie, oldSecond)).status).toBe(401); // the old set is void

    const reset = await post("/admin/seguranca", cookie, { intent: "reset-2fa", password: "admin123" });
    expect(reset.status).toBe(200);
    expect((await lastAudit("auth.2fa.reset")).details).toEqual({ reason: "admin" });
    expect(await app.db().select().from(app.schema.recoveryCodes)).toHaveLength(0);
    expect((await passwordStep()).location).toBe("/admin"); // the password is enough again
  });

  it("the second step without a pending login goes back to /login", async () => {
    const res = await fetch(`${app.url}/login/verificacao`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    const posted = await post("/login/verificacao", "", { intent: "code", code: "123456" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/login?motivo=expirado");
  });
});

function findAll(node: any, match: (n: any) => boolean): any[] {
  const found: any[] = [];
  const walk = (n: any) => {
    if (match(n)) found.push(n);
    n.children?.forEach(walk);
  };
  walk(node);
  return found;
}
