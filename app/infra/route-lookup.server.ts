/**
 * Which route answers a path, and its policy (app/lib/route-policy.ts, docs/decisions/0055): found
 * by React Router's own `matchRoutes` on the build's routes, for the host's policy middleware
 * (server/route-policy.ts) and for domain code that must know what a path is (is it a page
 * Análises counts?) without a request in hand. Before the server registers its lookup, and in
 * code that runs without a server, every path is private.
 */
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { policyOf, PRIVATE, publicEndpoint, type RoutePolicy } from "~/lib/route-policy";

export interface RouteMatch {
  /** The matched route's id (the leaf). */
  id: string;
  policy: RoutePolicy;
  /** The methods it answers: what 405 answers list in `Allow`. */
  methods: readonly string[];
  /** It renders a page (a module with a component), rather than answering data. */
  document: boolean;
}

export type RouteLookup = (pathname: string) => RouteMatch;

const READ_METHODS = ["GET", "HEAD", "OPTIONS"];
/** A path only the catch-all matches, with a file extension: a static file that is not there. */
const STATIC_FILE: RouteMatch = { id: "static-file", policy: publicEndpoint(), methods: READ_METHODS, document: false };

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** A build's routes as the route objects `matchRoutes` takes. */
function routeObjects(build: Pick<ServerBuild, "routes">, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index as false,
      caseSensitive: route!.caseSensitive,
      children: route!.index ? undefined : routeObjects(build, route!.id),
    }));
}

/** The route of a path, found by React Router (answers remembered for recent paths). */
export function createRouteLookup(build: Pick<ServerBuild, "routes">): RouteLookup {
  const routes = routeObjects(build);
  const modules = new Map(Object.values(build.routes).map((route) => [route!.id, route!.module as RouteModule]));
  const seen = new LRUCache<string, RouteMatch>({ max: 5_000 });
  const find = (pathname: string): RouteMatch => {
    const path = routerPath(pathname);
    const leaf = matchRoutes(routes, path)?.at(-1)?.route;
    const module = leaf?.id ? modules.get(leaf.id) : undefined;
    if (!leaf || !module) return { id: "none", policy: policyOf(undefined), methods: READ_METHODS, document: false };
    // Only the catch-all matched a name with an extension: a file (favicon, an old asset), not a page.
    if (leaf.id?.endsWith("not-found") && /\.[a-z0-9]+$/i.test(path)) return STATIC_FILE;
    const policy = policyOf(module.handle);
    const methods = new Set<string>();
    if (module.loader || module.default) methods.add("GET");
    if (module.action) for (const method of policy.writeMethods ?? ["POST"]) methods.add(method);
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    return { id: leaf.id!, policy, methods: [...methods], document: Boolean(module.default) };
  };
  return (pathname) => {
    let match = seen.get(pathname);
    if (!match) seen.set(pathname, (match = find(pathname)));
    return match;
  };
}

/** A request of React Router's client for a page's data (`/blog.data`, `/_root.data`), not the page. */
export const isDataRequest = (pathname: string) => pathname.endsWith(".data");

/** The page a path names (decoded; a data request's page). */
function routerPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    /* answered 400 before any lookup (app/infra/request-guards.server.ts) */
  }
  if (!isDataRequest(path)) return path;
  path = path.slice(0, -".data".length);
  return path === "/_root" ? "/" : path;
}

let served: RouteLookup | undefined;
const lookups = new WeakMap<Pick<ServerBuild, "routes">, RouteLookup>();

/** The lookup of the build the server serves (made once per build), which domain code then asks. */
export function routeLookupOf(build: Pick<ServerBuild, "routes">): RouteLookup {
  let lookup = lookups.get(build);
  if (!lookup) lookups.set(build, (lookup = createRouteLookup(build)));
  return (served = lookup);
}

export function policyForPath(path: string): RoutePolicy {
  return served?.(path).policy ?? PRIVATE;
}

/** A page whose views Análises counts. */
export function isCountedPage(path: string): boolean {
  return path.startsWith("/") && path.length <= 300 && policyForPath(path).counted === true;
}
