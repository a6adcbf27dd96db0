/**
 * ADMIN_REQUIRE_2FA=1 and ADMIN_RESET_2FA=1 (docs/decisions/0010): the real server restarted on one embedded
 * database. With two-factor required and none set up, the password leads to the enrolment, and
 * only the enrolment opens the admin; the operator's reset removes it at the next start.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseDocument } from "htmlparser2";
import * as OTPAuth from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "two-factor-"));
let child: ChildProcess | undefined;

async function start(env: Record<string, string>): Promise<string> {
  const proc = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      SITE_URL: "",
      NODE_ENV: "production",
      ADMIN_PASSWORD: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  return new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 90_000);
    proc.stdout!.on("data", (d) => {
      output += d;
      const port = /servidor pronto em http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    proc.stderr!.on("data", (d) => (output += d));
    proc.on("exit", () => reject(new Error(`exited: ${output}`)));
  });
}

async function stop() {
  const proc = child;
  child = undefined;
  if (!proc || proc.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    proc.on("exit", () => resolve());
    proc.kill("SIGTERM");
  });
}

afterAll(async () => {
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function passwordStep(url: string) {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "admin", password: "admin123" }),
    redirect: "manual",
  });
  return {
    location: res.headers.get("location"),
    cookie: first(
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith("sid="))!
        .split(";"),
    ),
  };
}

function post(url: string, cookie: string, fields: Record<string, string>) {
  return fetch(url, {
    method: "POST",
    headers: { cookie, origin: new URL(url).origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function status(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
}

function byTestId(html: string, testId: string): string[] {
  const out: string[] = [];
  const text = (n: any): string => (n.type === "text" ? n.data : (n.children ?? []).map(text).join(""));
  const walk = (n: any) => {
    if (n.attribs?.["data-testid"] === testId) out.push(text(n));
    n.children?.forEach(walk);
  };
  walk(parseDocument(html));
  return out;
}

const code = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30 }).generate();

describe("ADMIN_REQUIRE_2FA=1", () => {
  it("an admin without two-factor must enrol at login; the operator's ADMIN_RESET_2FA=1 removes it at the next start", async () => {
    let url = await start({ ADMIN_REQUIRE_2FA: "1" });
    const step = await passwordStep(url);
    expect(step.location).toBe("/login/verificacao");
    expect(await status(`${url}/admin/dashboard`, step.cookie)).toBe(302);

    const html = await (await fetch(`${url}/login/verificacao`, { headers: { cookie: step.cookie } })).text();
    expect(html).toContain("Ative a verificação em duas etapas");
    const secret = first(byTestId(html, "totp-secret"));
    expect(secret).toBeTruthy();
    // Reloading keeps the same secret: a QR code already scanned stays valid.
    expect(
      first(byTestId(await (await fetch(`${url}/login/verificacao`, { headers: { cookie: step.cookie } })).text(), "totp-secret")),
    ).toBe(secret);

    const wrong = await post(`${url}/login/verificacao`, step.cookie, {
      intent: "enrol",
      code: code(secret) === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(401);
    const enrolled = await post(`${url}/login/verificacao`, step.cookie, { intent: "enrol", code: code(secret) });
    expect(enrolled.status).toBe(200);
    expect(byTestId(await enrolled.text(), "recovery-code")).toHaveLength(10);
    const session = first(
      enrolled.headers
        .getSetCookie()
        .find((c) => c.startsWith("sid="))!
        .split(";"),
    );
    expect(await status(`${url}/admin/dashboard`, session)).toBe(200);
    expect(await status(`${url}/admin/dashboard`, step.cookie)).toBe(302);
    const security = await (await fetch(`${url}/admin/seguranca`, { headers: { cookie: session } })).text();
    expect(security).toContain("Obrigatória neste site");
    expect(byTestId(security, "two-factor-status")).toEqual(["Ativada"]);

    // From now on the password leads to the code, not to a new enrolment.
    const next = await passwordStep(url);
    expect(next.location).toBe("/login/verificacao");
    expect(await (await fetch(`${url}/login/verificacao`, { headers: { cookie: next.cookie } })).text()).toContain(
      "Digite o código de 6 dígitos",
    );
    await stop();

    url = await start({ ADMIN_REQUIRE_2FA: "1", ADMIN_RESET_2FA: "1" });
    expect(await status(`${url}/admin/dashboard`, session)).toBe(302); // sessions ended with the reset
    const again = await passwordStep(url);
    const page = await (await fetch(`${url}/login/verificacao`, { headers: { cookie: again.cookie } })).text();
    expect(page).toContain("Ative a verificação em duas etapas");
    expect(byTestId(page, "totp-secret")[0]).not.toBe(secret);
    await stop();
  }, 300_000);

  it("refuses a value other than 0 or 1", async () => {
    const proc = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, PORT: "0", DATA_DIR: "memory://", DATABASE_URL: "", LOG_LEVEL: "silent", ADMIN_REQUIRE_2FA: "sim" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    proc.stdout.on("data", (d) => (output += d));
    proc.stderr.on("data", (d) => (output += d));
    const exitCode = await new Promise<number | null>((resolve) => proc.on("exit", resolve));
    expect(exitCode).toBe(1);
    expect(output).toContain("ADMIN_REQUIRE_2FA deve ser 0 ou 1");
  }, 30_000);
});
