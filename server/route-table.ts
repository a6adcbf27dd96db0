/**
 * Which route answers a URL, and its policy (app/lib/route-policy.ts), before React Router runs:
 * the front door, the admin guard, the page cache and analytics all ask this table, so each
 * route's policy is read from the one place it is declared, its `handle.policy`
 * (docs/decisions/0055).
 *
 * React Router's own `matchRoutes` flattens and ranks the whole route tree on every call (about
 * 0.6 ms for our 70 routes), so the table ranks the routes once, with the framework's rules
 * (tests/unit/route-table.test.ts checks that both pick the same route for every path), and
 * remembers the answer for recent paths.
 */
import { LRUCache } from "lru-cache";
import { policyOf, publicEndpoint, type RoutePolicy } from "~/lib/route-policy";
import type { ServerBuild } from "react-router";

export interface RouteMatch {
  /** The matched route's id (the leaf), or the host's own name for its routes. */
  id: string;
  policy: RoutePolicy;
  /** The methods it answers: what 405 answers list in `Allow`. */
  methods: readonly string[];
  /** It renders a page (a module with a component), rather than answering data (an endpoint, a file). */
  document: boolean;
}

/** A route the host serves itself (not React Router), declared where it is served (server/app.ts). */
export interface HostRoute {
  path: string;
  policy: RoutePolicy;
  methods: readonly string[];
}

type BuildRoutes = Pick<ServerBuild, "routes"> & Partial<Pick<ServerBuild, "routeDiscovery">>;

interface Branch {
  regex: RegExp;
  score: number;
  /** Child positions from the root, for React Router's tie-break between siblings. */
  indexes: number[];
  match: RouteMatch;
}

const READ_METHODS = ["GET", "HEAD", "OPTIONS"] as const;

/** What a path only the catch-all routes match, with a file extension, is: a static file. */
const STATIC_FILE: RouteMatch = { id: "static-file", policy: publicEndpoint(), methods: READ_METHODS, document: false };

export interface RouteTable {
  /** The route for a path (decoded or not; without the query string). */
  lookup(pathname: string): RouteMatch;
}

export function createRouteTable(build: BuildRoutes, hostRoutes: readonly HostRoute[] = []): RouteTable {
  const branches = rankedBranches(build);
  const hosts: Array<{ regex: RegExp; match: RouteMatch }> = hostRoutes.map((route) => ({
    regex: pathRegex(route.path, false),
    match: { id: `host:${route.path}`, policy: route.policy, methods: withOptions(route.methods), document: false },
  }));
  // React Router answers its route manifest requests itself (client navigations to new routes).
  const manifestPath = build.routeDiscovery?.manifestPath;
  if (manifestPath) {
    hosts.push({
      regex: pathRegex(manifestPath, false),
      match: { id: "manifest", policy: publicEndpoint(), methods: READ_METHODS, document: false },
    });
  }
  const seen = new LRUCache<string, RouteMatch>({ max: 5_000 });

  const find = (pathname: string): RouteMatch => {
    const path = routerPath(pathname);
    for (const host of hosts) if (host.regex.test(path)) return host.match;
    for (const branch of branches) {
      if (!branch.regex.test(path)) continue;
      // Only the catch-all matched a name with an extension: a file (favicon, an old asset), not a page.
      if (branch.match.id.endsWith("not-found") && /\.[a-z0-9]+$/i.test(path)) return STATIC_FILE;
      return branch.match;
    }
    return { id: "none", policy: policyOf(undefined), methods: READ_METHODS, document: false };
  };

  return {
    lookup(pathname) {
      let match = seen.get(pathname);
      if (!match) seen.set(pathname, (match = find(pathname)));
      return match;
    },
  };
}

/** A request of React Router's client for a page's data (`/blog.data`, `/_root.data`), not the page. */
export function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/** The page a data request is for. */
function routerPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    /* the address check answers 400 for these before any lookup */
  }
  if (isDataRequest(path)) {
    path = path.slice(0, -".data".length);
    if (path === "/_root") path = "/";
  }
  return path;
}

function withOptions(methods: readonly string[]): string[] {
  const all = new Set(methods);
  if (all.has("GET")) all.add("HEAD");
  all.add("OPTIONS");
  return [...all];
}

function methodsOf(module: { loader?: unknown; action?: unknown; default?: unknown }, policy: RoutePolicy): string[] {
  const methods: string[] = [];
  if (module.loader || module.default) methods.push("GET");
  if (module.action) methods.push(...(policy.writeMethods ?? ["POST"]));
  return withOptions(methods);
}

/** Every route that can match by itself, ranked as React Router ranks them. */
function rankedBranches(build: BuildRoutes): Branch[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const children = new Map<string, typeof routes>();
  for (const route of routes) {
    const siblings = children.get(route.parentId ?? "") ?? [];
    siblings.push(route);
    children.set(route.parentId ?? "", siblings);
  }
  const branches: Branch[] = [];
  const walk = (parentId: string, parentPath: string, indexes: number[]) => {
    (children.get(parentId) ?? []).forEach((route, index) => {
      const path = joinPaths(parentPath, route.path ?? "");
      const position = [...indexes, index];
      walk(route.id, path, position);
      // A pathless layout never matches by itself.
      if (route.path === undefined && !route.index) return;
      const policy = policyOf(route.module.handle);
      branches.push({
        regex: pathRegex(path, route.caseSensitive === true),
        score: scoreOf(path, route.index === true),
        indexes: position,
        match: { id: route.id, policy, methods: methodsOf(route.module, policy), document: Boolean(route.module.default) },
      });
    });
  };
  walk("", "", []);
  return branches.sort((a, b) => b.score - a.score || siblingOrder(a.indexes, b.indexes));
}

function joinPaths(parent: string, child: string): string {
  return `/${[parent, child].join("/")}`.replace(/\/\/+/g, "/");
}

/** React Router's ranking: static segments over dynamic ones over a splat; an index route first. */
function scoreOf(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function siblingOrder(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

/** A route path as a whole-path regular expression (`:name` one segment, `*` the rest, a trailing slash allowed). */
function pathRegex(path: string, caseSensitive: boolean): RegExp {
  let source = "";
  for (const segment of path.split("/").filter(Boolean)) {
    if (segment === "*") source += "(?:/.*)?";
    else if (segment.startsWith(":")) source += "/[^/]+";
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }
  return new RegExp(`^${source || ""}/*$`, caseSensitive ? "" : "i");
}
