/**
 * The one middleware that applies each route's policy (`handle.policy`, app/lib/route-policy.ts,
 * docs/decisions/0055 and 0111). For a request it:
 *
 * 1. finds the route, and reads the policy declared there;
 * 2. decides whether the answer is shared (the route declares a cache, a GET or HEAD without a
 *    session): then the address becomes canonical (`/SOBRE` → 308 `/sobre`; tracking and
 *    undeclared query parameters are dropped from what the route renders and from the cache key)
 *    and the request loses what is per client (cookies, validators);
 * 3. sets the security headers (hashes for a shared answer, a nonce otherwise);
 * 4. runs the guards (app/infra/request-guards.server.ts): OPTIONS and methods the route does not
 *    serve (405 with `Allow`), body size, origin, session;
 * 6. as the answer's headers go out: `Cache-Control` and `Vary` from the policy, and a successful
 *    write drops the cached content it changed (app/infra/content-events.server.ts).
 *
 * The route is found by app/infra/route-lookup.server.ts (React Router's `matchRoutes`), which
 * also tells analytics which pages are `counted` (the view beacon asks it).
 */
import onHeaders from "on-headers";
import { hasSessionCookie } from "~/domain/auth/sessions.server";
import { canonicalPath, canonicalQuery, leftOutParameters } from "~/infra/cache-key.server";
import { contentChanged } from "~/infra/content-events.server";
import { guardRequest, methodRefusal, type Refusal } from "~/infra/request-guards.server";
import { isDataRequest, type RouteLookup, type RouteMatch } from "~/infra/route-lookup.server";
import { cacheControlOf, PRIVATE_CACHE_CONTROL } from "~/lib/route-policy";
import type { NextFunction, Request, RequestHandler, Response } from "express";

/** What the policy decided for a request, for the middleware after it (server/page-cache.ts). */
export interface Routed {
  route: RouteMatch;
  /** Set when the answer is the same for everyone: its canonical address (the cache key). */
  shared?: { key: string; leftOut: string };
}

export const routedOf = (res: Response): Routed | undefined => res.locals.routed as Routed | undefined;

/** A shared answer's Cache-Control, if it may be kept as it stands (its status, no cookie set); else undefined. */
export function sharedCacheControl(res: Response): string | undefined {
  const routed = routedOf(res);
  const cache = routed?.shared && routed.route.policy.cache;
  if (!cache || !SHAREABLE_STATUS.has(res.statusCode) || res.hasHeader("set-cookie")) return undefined;
  return cacheControlOf(cache);
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Answers a shared cache may keep: the page, a redirect to the canonical one, a page that is not there. */
const SHAREABLE_STATUS = new Set([200, 301, 302, 307, 308, 404, 410]);
interface Options {
  /** The lookup of the build being served (development: of the latest build). */
  lookup: () => RouteLookup | Promise<RouteLookup>;
  /** The security headers, by hashes when `shared` (app/infra/security-headers.server.ts). */
  securityHeaders: (shared: boolean) => { headers: Array<[string, string]>; nonce?: string };
}

export function routePolicy({ lookup, securityHeaders }: Options): RequestHandler {
  return (req, res, next) => {
    const found = lookup();
    if (found instanceof Promise) found.then((find) => apply(find, req, res, next), next);
    else apply(found, req, res, next);
  };

  function apply(find: RouteLookup, req: Request, res: Response, next: NextFunction): void {
    const url = req.url;
    const path = req.path;
    const route = find(path);
    const routed: Routed = { route };
    res.locals.routed = routed;
    const { policy } = route;
    const method = req.method;
    const cache = policy.cache;
    const shared =
      Boolean(cache) && (method === "GET" || method === "HEAD") && !isDataRequest(path) && !hasSessionCookie(req.headers.cookie);
    const security = securityHeaders(shared);
    for (const [name, value] of security.headers) res.setHeader(name, value);
    res.locals.cspNonce = security.nonce;

    const unserved = methodRefusal(path, method, route.methods);
    if (unserved) return refuse(req, res, unserved);
    if (shared) {
      // One address per page: another spelling of the path is redirected, its query kept whole.
      const search = url.slice(path.length);
      const canonical = canonicalPath(path);
      if (canonical !== undefined && canonical !== path) {
        return void res.set("Cache-Control", "public, max-age=3600").redirect(308, `${canonical}${search}`);
      }
      // The route renders the canonical address, never a visitor's own parameters or cookies.
      const key = `${path}${canonicalQuery(search, cache!.params)}`;
      routed.shared = { key, leftOut: leftOutParameters(search, cache!.params) };
      req.url = req.originalUrl = key;
      delete req.headers.cookie;
      delete req.headers.authorization;
    }

    onHeaders(res, function setPolicyHeaders(this: Response) {
      // A header the route sets itself (a download's Referrer-Policy) wins over the host's default.
      for (const [name, value] of Object.entries(this.getHeaders())) {
        if (Array.isArray(value) && name !== "set-cookie") this.setHeader(name, value.at(-1)!);
      }
      this.setHeader("Cache-Control", sharedCacheControl(this) ?? PRIVATE_CACHE_CONTROL);
      if (shared) this.setHeader("Vary", "Accept-Encoding");
      // A redirect (`/blog?pagina=1` → `/blog`) carries the campaign's parameters on.
      const location = this.getHeader("location");
      if (routed.shared?.leftOut && typeof location === "string") {
        this.setHeader("Location", `${location}${location.includes("?") ? "&" : "?"}${routed.shared.leftOut}`);
      }
      if (UNSAFE_METHODS.has(method) && this.statusCode < 400 && policy.invalidates?.length) contentChanged(...policy.invalidates);
    });
    if (shared) return next();
    const prefersHtml = () => req.accepts(["json", "html"]) === "html";
    guardRequest(req, route, prefersHtml).then((refusal) => (refusal ? refuse(req, res, refusal) : next()), next);
  }
}

/** A request a guard refused (app/infra/request-guards.server.ts), answered. */
export function refuse(req: Request, res: Response, refusal: Refusal): void {
  const answer = () => {
    res.status(refusal.status).set({ "Cache-Control": PRIVATE_CACHE_CONTROL, ...refusal.headers });
    if (refusal.close) res.set("Connection", "close");
    if (refusal.status === 204) res.end();
    else if (refusal.location) res.redirect(refusal.status, refusal.location);
    else if (refusal.html) res.type("html").send(refusal.html);
    else if (refusal.text) res.type("text/plain").send(refusal.text);
    else res.json(refusal.json);
  };
  if (refusal.drain) req.once("end", answer).resume();
  else answer();
}
