/**
 * One admin account, the one the environment names (SECURITY.md): restarts of the
 * real server on the same database with a renamed admin, then a new password.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, usingPostgres } from "../helpers/app";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-account-"));
/** The one database the three starts share: a PostgreSQL one when the suite runs there. */
const database = usingPostgres ? createTestDatabase() : undefined;
let running: ServerProcess | undefined;

async function start(env: Record<string, string>): Promise<string> {
  running = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: (await database)?.url ?? "", ...env });
  return running.url;
}

async function stop() {
  await running?.stop();
  running = undefined;
}

afterAll(async () => {
  await stop();
  await (await database)?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The session cookie a login through the real form gets, or null when it is refused. */
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
