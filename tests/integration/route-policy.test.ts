/**
 * Each route's policy is declared once, beside it (app/lib/route-policy.ts, docs/decisions/0055),
 * and every layer finds it through the route lookup (app/infra/route-lookup.server.ts). These tests
 * check the lookup against React Router's own matching, the safe default of a route that declares nothing,
 * and the answers the policies produce over HTTP.
 */
import { matchRoutes, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTrackingParameter } from "~/infra/cache-key.server";
import { createRouteLookup } from "~/infra/route-lookup.server";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";

let build: ServerBuild;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  // The routes the app serves, not a second copy of its modules (which would read another environment).
  build = await app.build();
});
afterAll(() => app?.close());

type Manifest = ServerBuild["routes"];
function routeTree(routes: Manifest, parentId?: string): Parameters<typeof matchRoutes>[0] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) =>
      route!.index
        ? { id: route!.id, path: route!.path, index: true as const, caseSensitive: route!.caseSensitive }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: routeTree(routes, route!.id) },
    );
}

/** Every route's full path, with its dynamic segments filled. */
function samplePaths(routes: Manifest): string[] {
  const full = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    return `${full(route.parentId)}/${route.path ?? ""}`;
  };
  const paths = Object.values(routes).map((route) =>
    `/${full(route!.id)}`
      .replace(/\/+/g, "/")
      .replace(/:[\w-]+/g, "amostra")
      .replace(/\*$/, "qualquer/coisa"),
  );
  return [...new Set(paths), "/", "/nao-existe", "/a/b/c/d", "/api/nao-existe", "/admin/nao-existe", "/blog/um-post/extra"];
}

describe("the route lookup", () => {
  it("picks the route React Router picks, for every route and a few others", () => {
    const lookup = createRouteLookup(build);
    const tree = routeTree(build.routes);
    for (const pathname of samplePaths(build.routes)) {
      const leaf = matchRoutes(tree, pathname)?.at(-1)?.route.id;
      const found = lookup(pathname).id;
      // A name with an extension that only the catch-all matches is a static file to the lookup.
      if (found === "static-file") expect(leaf).toMatch(/not-found$/);
      else expect([pathname, found]).toEqual([pathname, leaf]);
      // Data requests of the client router are for the same route.
      if (found !== "static-file" && !pathname.startsWith("/api/")) {
        expect(lookup(pathname === "/" ? "/_root.data" : `${pathname}.data`).id).toBe(found);
      }
    }
  });

  it("gives a route that declares nothing the private policy: admin only, not cached, not counted", () => {
    const undeclared = {
      root: { id: "root", path: "", module: {} },
      "routes/nova-area": {
        id: "routes/nova-area",
        parentId: "root",
        path: "nova-area",
        module: { default: () => null, loader: () => null },
      },
    } as unknown as Manifest;
    const route = createRouteLookup({ routes: undeclared })("/nova-area");
    expect(route.id).toBe("routes/nova-area");
    expect(route.policy.access).toBe("admin");
    expect(route.policy.cache).toBeUndefined();
    expect(route.policy.counted).toBeFalsy();
  });

  it("no route declares a tracking parameter, and only public routes are cached or counted", () => {
    const lookup = createRouteLookup(build);
    for (const pathname of samplePaths(build.routes)) {
      const { policy } = lookup(pathname);
      for (const name of policy.cache?.params ?? []) expect(isTrackingParameter(name)).toBe(false);
      if (policy.cache || policy.counted) expect(policy.access).toBe("public");
    }
  });

  it("every admin address is private", () => {
    const lookup = createRouteLookup(build);
    for (const pathname of samplePaths(build.routes).filter((p) => p.startsWith("/admin"))) {
      expect([pathname, lookup(pathname).policy.access]).toEqual([pathname, "admin"]);
    }
  });
});

describe("policies over HTTP", () => {
  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${app.url}${pathname}`, { headers, redirect: "manual" });

  it("an admin page that declares nothing asks for a login and is kept by no one", async () => {
    const page = await get("/admin/auditoria");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const api = await get("/api/contacts");
    expect(api.status).toBe(401);
    expect(((await api.json()) as { success: boolean }).success).toBe(false);
  });

  it("a public page is shareable; the same page asked with a session is private and fresh", async () => {
    const shared = await get("/sobre");
    expect(shared.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(shared.headers.get("vary")).toBe("Accept-Encoding");
    const html = await shared.text();
    expect(html).not.toMatch(/nonce="/);

    const cookie = await adminSession(app);
    const personal = await get("/sobre", { cookie });
    expect(personal.headers.get("cache-control")).toBe("private, no-store");
    expect(await personal.text()).toMatch(/<script nonce="[0-9a-f]{32}"/);
  });

  it("the campaign parameters never change what is sent: tracking and unknown parameters share one answer", async () => {
    const plain = await (await get("/agentes")).text();
    for (const query of ["?gclid=Cj0KCQ123&utm_source=google&utm_medium=cpc", "?fbclid=IwAR2x", "?utm_campaign=black-friday&qualquer=1"]) {
      const res = await get(`/agentes${query}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(plain);
    }
  });

  it("another spelling of a page's address is redirected to its one address, with the visitor's parameters", async () => {
    const res = await get("/SOBRE?utm_source=x");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/sobre?utm_source=x");
  });
});
