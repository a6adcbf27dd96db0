/**
 * One admin account, the one the environment names (SECURITY.md): restarts of the
 * real server on the same embedded database with a renamed admin, then a new password.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-account-"));
let running: { child: ChildProcess; url: string } | undefined;

async function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      SITE_URL: "",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    // Each start hashes or checks ADMIN_PASSWORD (scrypt N=2^17): slow on a loaded machine.
    const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 90_000);
    child.stdout!.on("data", (d) => {
      output += d;
      const port = /servidor pronto em http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    child.stderr!.on("data", (d) => (output += d));
    child.on("exit", () => reject(new Error(`exited: ${output}`)));
  });
  running = { child, url };
  return url;
}

async function stop() {
  if (!running) return;
  const { child } = running;
  running = undefined;
  await new Promise<void>((resolve) => {
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

afterAll(async () => {
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function login(url: string, username: string, password: string): Promise<string | null> {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  await res.arrayBuffer();
  return (
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))
      ?.split(";")[0] ?? null
  );
}

async function opensAdmin(url: string, cookie: string): Promise<boolean> {
  const res = await fetch(`${url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
  await res.arrayBuffer();
  return res.status === 200;
}

describe("the admin account follows the environment across restarts", () => {
  it("a renamed admin's old name stops working, and so do its sessions; a new password ends the sessions", async () => {
    let url = await start({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "Primeira-Senha-2026" });
    const oldSession = await login(url, "admin", "Primeira-Senha-2026");
    expect(oldSession).not.toBeNull();
    expect(await opensAdmin(url, oldSession!)).toBe(true);
    await stop();

    url = await start({ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "Segunda-Senha-2026" });
    expect(await login(url, "admin", "Primeira-Senha-2026")).toBeNull();
    expect(await opensAdmin(url, oldSession!)).toBe(false);
    const bossSession = await login(url, "boss", "Segunda-Senha-2026");
    expect(bossSession).not.toBeNull();
    expect(await opensAdmin(url, bossSession!)).toBe(true);
    await stop();

    url = await start({ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "Terceira-Senha-2026" });
    expect(await opensAdmin(url, bossSession!)).toBe(false);
    expect(await login(url, "boss", "Segunda-Senha-2026")).toBeNull();
    expect(await login(url, "boss", "Terceira-Senha-2026")).not.toBeNull();
  }, 300_000);
});
