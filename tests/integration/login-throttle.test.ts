/**
 * Login throttling that cannot be turned against the owner (SECURITY.md): failures count
 * per address and per (address, username); a username alone is only slowed down. Addresses come
 * from X-Forwarded-For (TRUST_PROXY=1).
 */
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";

const OWNER = { username: "boss", password: "Senha-Do-Dono-Muito-Forte-2026" };
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
});
afterAll(() => app?.close());

async function attempt(ip: string, username: string, password: string) {
  const res = await fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  await res.arrayBuffer();
  return res.status;
}

const limitRows = (prefix: string) =>
  app
    .db()
    .select()
    .from(app.schema.rateLimits)
    .where(like(app.schema.rateLimits.key, `${prefix}%`));

// Every refused guess before a block costs one scrypt at N=2^17 (two at a time): allow for a busy machine.
describe("login throttling", { timeout: 120_000 }, () => {
  it("12 wrong guesses for the owner from 12 addresses do not lock the owner out", async () => {
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(`198.51.100.${i + 1}`, OWNER.username, `errada-${i}`)));
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 401));
    // The correct password from an address that has not failed still works (after a short wait).
    expect(await attempt("203.0.113.77", OWNER.username, OWNER.password)).toBe(302);
  });

  it("one address is blocked for a username after 10 failures, and once blocked writes nothing", async () => {
    const ip = "192.0.2.10";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await attempt(ip, "alguem", `errada-${i}`));
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const before = await limitRows(`login-pair:${ip}:`);
    expect(await attempt(ip, "alguem", "outra")).toBe(429);
    expect(await limitRows(`login-pair:${ip}:`)).toEqual(before);
    // Another username from the same address is still allowed (the pair, not the address).
    expect(await attempt(ip, "outra-pessoa", "errada")).toBe(401);
  });

  it("IPv6 addresses are counted per /64", async () => {
    await attempt("2001:db8:aa:bb::1", "v6", "errada");
    await attempt("2001:db8:aa:bb:ffff::2", "v6", "errada");
    const rows = await limitRows("login-ip:2001:db8:aa:bb");
    expect(rows.map((r) => [r.key, r.count])).toEqual([["login-ip:2001:db8:aa:bb::/64", 2]]);
  });
});
