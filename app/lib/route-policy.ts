/**
 * A route's policy, declared once beside the route as `handle.policy` (docs/decisions/0055):
 * who may use it, whether shared caches may keep its answers (for how long, and which query
 * parameters it reads), whether a view of it is counted by Análises, and which public content
 * its writes change. The front door, the page cache, the admin guard, analytics and cache
 * invalidation all read this one declaration (server/route-table.ts finds it for a URL).
 *
 * A route that declares nothing gets `PRIVATE`: admin only, never cached, never counted. So a
 * new route that forgets its policy fails safe: it asks for a login instead of leaking.
 */

/** Public content a page shows and an admin write can change (see app/infra/content-events.server.ts). */
export type ContentTag = "blog";

/** Who may use a route: anyone, or only the administrator with a session. */
export type Access = "public" | "admin";

/** Methods with a body, served by a route's `action`. */
export type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

export interface CachePolicy {
  /** Seconds a shared cache (the built-in one, nginx, a CDN) may answer with its copy. */
  sMaxAge: number;
  /** Seconds more a shared cache may answer with an expired copy while it fetches a new one. */
  staleWhileRevalidate: number;
  /** Seconds a browser may keep it without asking (default 0: pages change when the admin publishes). */
  maxAge?: number;
  /** Never changes at this address (content-addressed files): browsers keep it for good. */
  immutable?: boolean;
  /**
   * The query parameters the route reads. Every other one (an ad click's gclid, utm_*, junk) is
   * left out of the cache key and of the request the route renders, so it cannot make a miss.
   */
  params?: readonly string[];
  /** The content the answer shows: a write that changes it drops the cached copies. */
  shows?: readonly ContentTag[];
}

export interface RoutePolicy {
  /** Who may read it (GET and HEAD). */
  access: Access;
  /** Who may write to it (the action's methods); the same as `access` unless said. */
  writeAccess?: Access;
  /** The methods its action serves; `["POST"]` when the route has an action and says nothing. */
  writeMethods?: readonly WriteMethod[];
  /** Answers the same for every visitor without a session: shared caches may keep them. */
  cache?: CachePolicy;
  /** A view of it is a page view for Análises. */
  counted?: boolean;
  /** The public content a successful write here changes (cached copies that show it are dropped). */
  invalidates?: readonly ContentTag[];
  /**
   * The largest request body its writes accept, in bytes (default DEFAULT_MAX_BODY_BYTES). Only a
   * route that takes a file says more; on an admin route the larger limit needs the session
   * (server/app.ts, docs/decisions/0094).
   */
  maxBodyBytes?: number;
}

/** The body every route's writes accept unless it declares `maxBodyBytes`: forms and JSON, no files. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

export interface PolicyHandle {
  policy?: RoutePolicy;
}

/** What a route gets when it declares nothing. */
export const PRIVATE: RoutePolicy = { access: "admin" };

export function policyOf(handle: unknown): RoutePolicy {
  return (handle as PolicyHandle | null | undefined)?.policy ?? PRIVATE;
}

/**
 * How long shared caches keep a public page: short, so an edit shows everywhere within seconds
 * even where no purge reaches (another instance, nginx); a stale copy may be served for a minute
 * more while one request fetches the new one, so an expiry never makes visitors wait.
 */
export const PAGE_CACHE_SECONDS = { sMaxAge: 10, staleWhileRevalidate: 60 } as const;

/** A public page the same for every visitor: cached, counted. */
export function publicPage(options: { params?: readonly string[]; shows?: readonly ContentTag[] } = {}): RoutePolicy {
  return { access: "public", counted: true, cache: { ...PAGE_CACHE_SECONDS, ...options } };
}

const YEAR = 31_536_000;

/**
 * Public data the same for everyone, not a page (feeds, the sitemap, the blog's JSON reads,
 * images): cached, not counted. `immutable` for content-addressed files.
 */
export function publicData(options: { params?: readonly string[]; shows?: readonly ContentTag[]; immutable?: boolean } = {}): RoutePolicy {
  const { immutable, ...rest } = options;
  const cache: CachePolicy = immutable
    ? { sMaxAge: YEAR, staleWhileRevalidate: 0, maxAge: YEAR, immutable: true, ...rest }
    : { ...PAGE_CACHE_SECONDS, ...rest };
  return { access: "public", cache };
}

/** A public page that depends on the visitor or the moment (a checkout, a confirmation): not cached. */
export function personalPage(
  options: { counted?: boolean; writeMethods?: readonly WriteMethod[]; maxBodyBytes?: number } = {},
): RoutePolicy {
  return { access: "public", counted: options.counted ?? false, writeMethods: options.writeMethods, maxBodyBytes: options.maxBodyBytes };
}

/** A public endpoint that is not a page (forms, the chat, feeds without a cache). */
export function publicEndpoint(options: { writeMethods?: readonly WriteMethod[]; maxBodyBytes?: number } = {}): RoutePolicy {
  return { access: "public", writeMethods: options.writeMethods, maxBodyBytes: options.maxBodyBytes };
}

/** A page or endpoint of the admin: a session is required. The default; declared for the reader. */
export function adminOnly(
  options: { writeMethods?: readonly WriteMethod[]; invalidates?: readonly ContentTag[]; maxBodyBytes?: number } = {},
): RoutePolicy {
  return { access: "admin", ...options };
}

/** `Cache-Control` of a cacheable answer. */
export function cacheControlOf(cache: CachePolicy): string {
  const parts = ["public", `max-age=${cache.maxAge ?? 0}`, `s-maxage=${cache.sMaxAge}`];
  if (cache.staleWhileRevalidate) parts.push(`stale-while-revalidate=${cache.staleWhileRevalidate}`);
  if (cache.immutable) parts.push("immutable");
  return parts.join(", ");
}

/** Everything that is not cacheable, or is asked for with a session, is kept by no one. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
