/**
 * One model per side (docs/decisions/0058): every public page is a document with islands (the
 * server renders it; its browser entry wakes the islands; React Router never runs on it), and the
 * admin is a router app. Checked on the route tree of the production build, then over HTTP.
 */
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shellPageOf } from "~/shell/contract";
import { handlersOf } from "../../server/react-router-handler";
import { createRouteTable } from "../../server/route-table";
import { loginCookie, startTestApp, type TestApp } from "../helpers/app";
import { isOneByte } from "../helpers/v8-strings";
import type { ServerBuild } from "react-router";

let build: ServerBuild;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  // The routes the app serves, not a second copy of its modules (which would read another environment).
  build = await app.build();
});
afterAll(() => app?.close());

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/** A route and its ancestors, outermost first. */
function chain(route: BuildRoute): BuildRoute[] {
  const parent = route.parentId ? build.routes[route.parentId] : undefined;
  return parent ? [...chain(parent), route] : [route];
}

describe("the route tree", () => {
  it("makes every page outside the admin a document, declared once on its outermost public route", () => {
    const pages = Object.values(build.routes).filter((route): route is BuildRoute => Boolean(route?.module.default));
    const admin = pages.filter((route) => chain(route).some((r) => r.id === "routes/admin/layout"));
    const documents = pages.filter((route) => route.id !== "root" && !admin.includes(route));
    expect(admin.length).toBeGreaterThan(10);
    expect(documents.length).toBeGreaterThan(20);
    for (const route of admin) expect(shellPageOf(chain(route).map((r) => r.module.handle)), route.id).toBeUndefined();
    for (const route of documents) {
      const routes = chain(route);
      expect(shellPageOf(routes.map((r) => r.module.handle)), route.id).toBe("public");
      // One declaration: the route right under the root, whose client loader turns a navigation
      // of the admin's router to it into a document load.
      const declaring = routes.filter((r) => (r.module.handle as { shell?: string } | undefined)?.shell);
      expect(
        declaring.map((r) => r.parentId),
        route.id,
      ).toEqual(["root"]);
      expect(declaring[0]!.module.clientLoader, route.id).toBeTypeOf("function");
    }
  });
});

describe("over HTTP", () => {
  const document = (html: string) => ({
    islands: html.includes('id="shell-data"') && /<script[^>]*type="module"[^>]*>[^<]*import\(/.test(html),
    router: html.includes("__reactRouterContext") || html.includes('rel="modulepreload"'),
  });

  it("answers public pages as documents with islands, whatever their policy or status", async () => {
    const post = /href="(\/blog\/(?!rss)[^"?#]+)"/.exec(await (await fetch(`${app.url}/blog`)).text())![1]!;
    for (const pathname of [
      "/",
      "/blog",
      post,
      "/privacidade",
      "/busca?q=automacao",
      "/login",
      "/checkout/product/chatbot",
      "/payment-success",
      "/descadastrar?token=nada",
      "/pagina-que-nao-existe",
    ]) {
      const html = await (await fetch(`${app.url}${pathname}`)).text();
      expect(document(html), pathname).toEqual({ islands: true, router: false });
    }
  });

  it("answers the admin as a router app", async () => {
    const cookie = await loginCookie(app);
    const html = await (await fetch(`${app.url}/admin`, { headers: { cookie } })).text();
    expect(document(html)).toEqual({ islands: false, router: true });
  });
});

/**
 * The production build rendered in this process, as the host asks for a shared page: the string
 * comes back beside a bodiless response (server/load-context.ts).
 */
async function renderShared(handle: ReturnType<typeof createRequestHandler>, pathname: string) {
  const whole: { html?: string } = {};
  const response = await handle(new Request(`${app.url}${pathname}`), {
    cspNonce: "nonce-de-teste",
    clientIp: "127.0.0.1",
    sessionUser: async () => null,
    wholeBody: whole,
  });
  return { status: response.status, html: whole.html ?? "" };
}

describe("a shared page's HTML as React renders it", () => {
  it("is one byte per character unless the page has a character beyond Latin-1 (decision 0097)", async () => {
    const handle = createRequestHandler(build, "production");
    for (const pathname of ["/", "/sobre", "/blog", "/privacidade"]) {
      const { status, html } = await renderShared(handle, pathname);
      expect(status, pathname).toBe(200);
      expect(html.length, pathname).toBeGreaterThan(10_000);
      // A two-byte piece (a function's source sliced from a bundle) made the whole page two-byte:
      // twice the bytes to flatten and transcode on every render. Only a page that has such a
      // character (a post's “quotes”) may be.
      const wide = [...html].some((c) => c.charCodeAt(0) > 0xff);
      expect({ pathname, oneByte: isOneByte(html) }).toEqual({ pathname, oneByte: !wide });
      if (pathname === "/") expect(wide).toBe(false);
    }
  });
});

describe("a shared page rendered with its branch only (decision 0099)", () => {
  /** The shared page with the form stamp (one per second) left out. */
  const render = async (handle: ReturnType<typeof createRequestHandler>, pathname: string) => {
    const { status, html } = await renderShared(handle, pathname);
    return { status, html: html.replace(/\d{10}\.[\w-]{22}/g, "carimbo") };
  };

  it("is the same page as with every route, and a router page (the admin) gets no handler of its own", async () => {
    const handlers = handlersOf(build, "production");
    const table = createRouteTable(build);
    const post = /href="(\/blog\/(?!rss)[^"?#]+)"/.exec(await (await fetch(`${app.url}/blog`)).text())![1]!;
    for (const pathname of [
      "/",
      "/sobre",
      "/blog",
      post,
      "/privacidade",
      "/login",
      "/checkout/product/chatbot",
      "/pagina-que-nao-existe",
    ]) {
      const branch = handlers.branch(table.lookup(pathname).id);
      expect(branch, pathname).toBeDefined();
      const [whole, pruned] = [await render(handlers.all, pathname), await render(branch!, pathname)];
      expect(whole.html.length, pathname).toBeGreaterThan(10_000);
      expect(pruned, pathname).toEqual(whole);
    }
    for (const pathname of ["/admin", "/admin/leads"]) expect(handlers.branch(table.lookup(pathname).id), pathname).toBeUndefined();
    expect(handlers.branch("host:/healthz")).toBeUndefined();
  });
});
