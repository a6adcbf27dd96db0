/**
 * The deploy recipe (deploy/nginx.conf) in front of the app, as operators run it: public pages are
 * answered from nginx's cache, the admin's pages never are, campaign addresses go to the app's
 * canonical cache, an edit shows within the pages' short lifetime, and every view is still
 * counted (the page counts itself: checked in Chromium). Needs nginx (`apt-get install nginx-light`;
 * .ci/run installs it).
 */
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { first } from "~/lib/first";
// @ts-expect-error -- a plain .mjs module, without type declarations
import { startRecipe } from "../../scripts/lib/nginx-recipe.mjs";
import { adminSession, postJson, startTestApp, type TestApp, testHooks } from "../helpers/app";
import chromiumConfig from "../support/chromium.json" with { type: "json" };

type Bundle = Awaited<ReturnType<typeof testHooks>>;
let app: TestApp;
let bundle: Bundle;
let nginx: { url: string; stop: () => Promise<void> };
let browser: Browser;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", RATE_LIMIT_FACTOR: "100" });
  bundle = await testHooks();
  nginx = await startRecipe({
    appPort: app.port,
    listenPort: await freePort(),
    dir: path.join(os.tmpdir(), `nginx-recipe-${process.pid}`),
  });
  browser = await chromium.launch({ executablePath: chromiumConfig.tests, args: chromiumConfig.args });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  await app?.close();
});

const through = (pathWithQuery: string, headers: Record<string, string> = {}) =>
  fetch(`${nginx.url}${pathWithQuery}`, { headers: { "accept-encoding": "gzip", ...headers }, redirect: "manual" });

describe("deploy/nginx.conf in front of the app", () => {
  it("answers public pages from its cache: the second request never reaches the app", async () => {
    const firstAnswer = await through("/agentes");
    expect(firstAnswer.status).toBe(200);
    expect(["MISS", "EXPIRED", "UPDATING", "STALE", "HIT"]).toContain(firstAnswer.headers.get("x-cache-status"));
    const body = await firstAnswer.text();
    const second = await through("/agentes");
    expect(second.headers.get("x-cache-status")).toBe("HIT");
    expect(await second.text()).toBe(body);
    // The same bytes the app sends itself: one page for everyone, scripts allowed by hash.
    expect(await (await fetch(`${app.url}/agentes`)).text()).toBe(body);
    expect(second.headers.get("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  });

  it("sends campaign and unknown parameters to the app, whose cache answers them as the plain page", async () => {
    const plain = await (await through("/sobre")).text();
    for (const query of ["?gclid=Cj0KCQ1&utm_source=google&utm_medium=cpc", "?fbclid=IwAR9", "?x=1"]) {
      const res = await through(`/sobre${query}`);
      expect(res.headers.get("x-cache-status")).toBe("BYPASS");
      expect(await res.text()).toBe(plain);
    }
  });

  it("never keeps the admin's pages, nor a public page asked with a session", async () => {
    for (let i = 0; i < 2; i++) {
      const login = await through("/admin/dashboard");
      expect(login.status).toBe(302);
      expect(login.headers.get("x-cache-status")).not.toBe("HIT");
    }
    const cookie = await adminSession(app);
    for (let i = 0; i < 2; i++) {
      const admin = await through("/admin/dashboard", { cookie });
      expect(admin.status).toBe(200);
      expect(admin.headers.get("x-cache-status")).toBe("BYPASS");
      expect(admin.headers.get("cache-control")).toBe("private, no-store");
      expect(await admin.text()).toContain("Painel Administrativo");
      const page = await through("/produtos", { cookie });
      expect(page.headers.get("x-cache-status")).toBe("BYPASS");
      expect(page.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("shows a post published in the admin within the pages' short lifetime", async () => {
    const cookie = await adminSession(app);
    await through("/blog");
    expect((await through("/blog")).headers.get("x-cache-status")).toBe("HIT");
    const title = `Publicado atrás do nginx ${Date.now()}`;
    const created = await postJson(
      `${nginx.url}/api/blog/posts`,
      {
        title,
        slug: `atras-do-nginx-${Date.now()}`,
        summary: "Um resumo com mais de dez caracteres.",
        content: "<p>Conteúdo com mais de cinquenta caracteres para o post de teste do nginx.</p>",
        categoryId: null,
        imageUrl: null,
        published: true,
      },
      { cookie },
    );
    expect(created.status).toBe(201);
    await vi.waitFor(
      async () => {
        // stale-while-revalidate: the request after expiry gets the old copy and starts the update.
        expect(await (await through("/blog")).text()).toContain(title);
      },
      { timeout: 25_000, interval: 500 },
    );
  }, 40_000);

  it("still counts every view of a page nginx answered, in a real browser", async () => {
    await bundle.analytics.flushAnalytics();
    const countViews = async () => (await app.db().select({ value: count() }).from(app.schema.pageViews).then(first)).value;
    const before = await countViews();
    // Chromium asks for brotli: nginx keeps one copy per coding.
    await through("/carreiras", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect((await through("/carreiras", { "accept-encoding": "br" })).headers.get("x-cache-status")).toBe("HIT");
    for (let i = 0; i < 3; i++) {
      // A person's browser (headless Chromium names itself as a bot), each a new visitor.
      const context = await browser.newContext({
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      });
      const page = await context.newPage();
      const beacon = page.waitForRequest((request) => request.url().endsWith("/api/analytics") && request.method() === "POST");
      const answer = await page.goto(`${nginx.url}/carreiras`);
      expect(answer?.status()).toBe(200);
      expect((await answer!.allHeaders())["x-cache-status"]).toBe("HIT");
      await beacon;
      await context.close();
    }
    await vi.waitFor(async () => {
      await bundle.analytics.flushAnalytics();
      expect(await countViews()).toBe(before + 3);
    });
  });
});
