/**
 * One model per side (docs/decisions/0058): every public page is a document with islands (the
 * server renders it; its browser entry wakes the islands; React Router never runs on it), and the
 * admin is a router app. Checked on the route tree of the production build, then over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shellPageOf } from "~/shell/contract";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";
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
    // The public pages' early script (app/lib/early-script.ts), by its first job.
    early: html.includes("(function invokerCommands("),
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
      expect(document(html), pathname).toEqual({ islands: true, router: false, early: true });
    }
  });

  it("answers the admin as a router app", async () => {
    const cookie = await adminSession(app);
    const html = await (await fetch(`${app.url}/admin`, { headers: { cookie } })).text();
    expect(document(html)).toEqual({ islands: false, router: true, early: false });
  });
});
