import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginCookie, startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ADMIN_USERNAME: "gestora", ADMIN_PASSWORD: "Uma-Senha-Longa-2026" });
});
afterAll(() => app?.close());

describe("admin credentials from ADMIN_USERNAME / ADMIN_PASSWORD", () => {
  it("with a real password the login page names no user and shows no hint", async () => {
    const html = await (await fetch(`${app.url}/login`)).text();
    expect(html).toContain("Área Administrativa");
    expect(html).not.toContain("gestora");
    expect(html).not.toContain("login-hint");
    expect(html).not.toContain("Uma-Senha-Longa-2026");
    expect(html).not.toContain("admin123");
  });

  it("the configured password works and the demo password does not", async () => {
    await expect(loginCookie(app, "gestora", "Uma-Senha-Longa-2026")).resolves.toMatch(/^sid=/);
    await expect(loginCookie(app, "gestora", "admin123")).rejects.toThrow();
    await expect(loginCookie(app, "admin", "admin123")).rejects.toThrow();
  });
});
