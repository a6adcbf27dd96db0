/**
 * The request pipeline, the same in development and production (docs/decisions/0111): Express
 * with the usual middleware, then React Router's request handler, made once from the build.
 *
 *   access log → static files (compressed) → address checks → /healthz
 *   → route policy (server/route-policy.ts: security headers, methods, canonical address,
 *     guards, Cache-Control) → page cache (server/page-cache.ts) → compression → React Router
 *
 * Rate limits are counted per network in the database by the routes that need them
 * (app/infra/rate-limit.server.ts), so every instance shares them.
 */
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import proxyaddr from "proxy-addr";
import { env } from "~/config.server";
import { sessionOf } from "~/domain/auth/request-session.server";
import { trailingSlashTarget } from "~/infra/canonical-path.server";
import { ERROR_PAGE } from "~/infra/http.server";
import { logger, redactUrl } from "~/infra/logger.server";
import { badAddress } from "~/infra/request-guards.server";
import { routeLookupOf } from "~/infra/route-lookup.server";
import { securityHeaders } from "~/infra/security-headers.server";
import { trustProxy } from "~/infra/trust-proxy.server";
import { PRIVATE_CACHE_CONTROL } from "~/lib/route-policy";
import { publicInlineScripts } from "~/shell/pages.server";
import { createAccessLog } from "./access-log";
import { pageCache } from "./page-cache";
import { refuse, routePolicy, routedOf } from "./route-policy";
import type { ServerBuild } from "react-router";

export interface SiteOptions {
  /** The build as built (production), or development's loader of Vite's latest build. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite's middlewares (modules, assets, hot reload); production: the built browser assets. */
  viteMiddlewares?: express.RequestHandler;
  clientDir: string;
  health: (req: Request, res: Response) => void;
}

export function createSite({ build, viteMiddlewares, clientDir, health }: SiteOptions): express.Express {
  const isDev = Boolean(viteMiddlewares);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);

  app.use(createAccessLog((req) => proxyaddr(req, trustProxy), Boolean(env.TRUST_PROXY)));
  const compress = compression({ level: 3 }); // gzip 3: a fresh render's CPU is the slow path's limit
  if (viteMiddlewares) app.use(compress, viteMiddlewares);
  else {
    // Hashed build assets never change (their names do): kept forever, nothing to revalidate. A
    // CSP or frame policy means nothing on a script, style or font: files get none.
    const assetHeaders = { "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "same-origin" };
    const assets = express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", etag: false, lastModified: false });
    app.use(
      "/assets",
      compress,
      (_req, res, next) => (res.set(assetHeaders), next()),
      assets,
      (_req, res) => void res.status(404).type("text/plain").send("Arquivo não encontrado."),
    );
    // The public folder's few files (favicon, manifest…); only a name with an extension can be one.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? compress(req, res, () => publicFiles(req, res, next)) : next()));
  }
  app.use((req, res, next) => {
    const refusal = badAddress(req);
    if (refusal) return refuse(req, res, refusal);
    const target = trailingSlashTarget(req.url);
    if (target) return res.redirect(308, target);
    next();
  });
  app.get("/healthz", health);

  // Production: the build's route lookup, made once. Development: the latest build's.
  const served = typeof build === "function" ? undefined : routeLookupOf(build);
  const lookup = served ? () => served : () => (build as () => Promise<ServerBuild>)().then(routeLookupOf);
  app.use(routePolicy({ lookup, securityHeaders: securityHeaders(isDev, publicInlineScripts()) }));
  // A shared page goes to the cache (kept compressed per coding); the rest is compressed as it goes.
  // Development shows every edit at once (no cache) and compresses above, with Vite's middlewares.
  const cache = env.PAGE_CACHE === "on" && !isDev ? pageCache() : undefined;
  if (!isDev) app.use((req, res, next) => (cache && routedOf(res)?.shared ? cache : compress)(req, res, next));

  app.use(
    createRequestHandler({
      build,
      mode: isDev ? "development" : "production",
      getLoadContext: (req, res) => {
        const shared = Boolean(routedOf(res)?.shared);
        return {
          cspNonce: res.locals.cspNonce as string | undefined,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          sessionUser: shared ? () => Promise.resolve(null) : () => sessionOf(req),
          databaseUnavailable: () => databaseUnavailable(res),
        };
      },
    }),
  );
  app.use(errorPage);
  return app;
}

/**
 * The database being away is an outage, not a bug: the error page or answer goes out as 503 with
 * Retry-After, so clients and load balancers retry (entry.server.tsx reports it).
 */
function databaseUnavailable(res: Response): void {
  if (res.locals.databaseUnavailable) return;
  res.locals.databaseUnavailable = true;
  onHeaders(res, function (this: Response) {
    if (this.statusCode < 500) return;
    this.statusCode = 503;
    this.setHeader("Retry-After", "5");
  });
}

/** An error no route answered (a bug): logged, and a plain page or JSON, never a stack. */
function errorPage(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  logger.error({ err: error, url: redactUrl(req.originalUrl) }, "erro não tratado");
  if (res.headersSent) return void res.end();
  res.set("Cache-Control", PRIVATE_CACHE_CONTROL).status(500);
  if (req.path.startsWith("/api/")) {
    return void res.json({ success: false, message: "Erro interno do servidor. Tente novamente em instantes." });
  }
  res.type("html").send(ERROR_PAGE);
}
