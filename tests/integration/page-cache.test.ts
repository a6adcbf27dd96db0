import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginCookie, startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, "");

describe("cache of rendered public pages", () => {
  it("serves the same page with a fresh nonce that matches the CSP every time", async () => {
    const pages = await Promise.all([fetch(`${app.url}/`), fetch(`${app.url}/`), fetch(`${app.url}/`)]);
    const bodies = await Promise.all(pages.map((r) => r.text()));
    const nonces = pages.map((r) => nonceOf(r.headers.get("content-security-policy")));
    expect(new Set(nonces).size).toBe(3);
    bodies.forEach((body, i) => {
      expect(body).toContain(`nonce="${nonces[i]}"`);
      expect(body).not.toMatch(/nonce[0-9a-f]{24}/); // the placeholder never leaks
    });
    expect(withoutNonces(bodies[1])).toBe(withoutNonces(bodies[0]));
    expect(pages[0].headers.get("cache-control")).toContain("public");
  });

  it("shows a post published in the admin at once", async () => {
    const before = await (await fetch(`${app.url}/blog`)).text(); // now cached
    const cookie = await loginCookie(app);
    const title = `Post do teste de cache ${Date.now()}`;
    const res = await fetch(`${app.url}/api/blog/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        title,
        slug: `post-cache-${Date.now()}`,
        summary: "Resumo do post criado no teste de cache.",
        content: "<p>Conteúdo suficiente para passar pela validação de cinquenta caracteres.</p>",
        categoryId: null,
        imageUrl: null,
        published: true,
      }),
    });
    expect(res.status).toBe(201);
    expect(before).not.toContain(title);
    expect(await (await fetch(`${app.url}/blog`)).text()).toContain(title);
  });

  it("never caches pages that depend on the visitor", async () => {
    const cookie = await loginCookie(app);
    const login = await fetch(`${app.url}/login`, { redirect: "manual" });
    expect(login.headers.get("cache-control") ?? "").not.toContain("public");
    const admin = await fetch(`${app.url}/admin`, { headers: { cookie } });
    expect(admin.headers.get("cache-control")).toContain("no-store");
  });
});
