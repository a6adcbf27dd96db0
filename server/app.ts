/**
 * The Express host. This file is the entry of the server bundle (vite.config.ts), so production
 * runs `build/server/index.js`; `server.js` loads it (or, in development, loads it through Vite).
 */
import "./load-context";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import proxyaddr from "proxy-addr";
import { env } from "~/config.server";
import { closeDatabase, openDatabase, pingDatabase } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/driver.server";
import { seed } from "~/db/seed.server";
import { dayOf } from "~/domain/analytics/days.server";
import { flushAnalytics } from "~/domain/analytics/record.server";
import { rollUpDay } from "~/domain/analytics/rollups.server";
import { deleteOldSalts, visitorHash } from "~/domain/analytics/salt.server";
import { hasSessionCookie } from "~/domain/auth/sessions.server";
import { onContentChanged } from "~/infra/content-events.server";
import { startJobs } from "~/infra/jobs.server";
import { logger, redactUrl } from "~/infra/logger.server";
import { setRouteLookup } from "~/infra/route-lookup.server";
import { backgroundJobs } from "~/jobs.server";
import { DEFAULT_MAX_BODY_BYTES, PRIVATE_CACHE_CONTROL, publicEndpoint, type RoutePolicy } from "~/lib/route-policy";
import { createAccessLog } from "./access-log";
import { listenForBackupRequests } from "./backup";
import { redirectTrailingSlash } from "./canonical-path";
import { assignCspNonce } from "./csp-nonce";
import { createFrontDoor, pathOf, routedOf, type Step } from "./front-door";
import { createPageCache, type PageCache } from "./page-cache";
import { createReactRouterHandler } from "./react-router-handler";
import { createRouteTable, isDataRequest, type HostRoute, type RouteTable } from "./route-table";
import { securityHeaders } from "./security-headers";
import { sessionOf } from "./session";
import type { ServerBuild } from "react-router";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface StartOptions {
  port?: number;
  /** Development only: Vite's middlewares and a loader that always returns the fresh build. */
  dev?: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
}

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops at once: in-flight requests get 5 s (tests, development). */
  close: () => Promise<void>;
  /**
   * Drains, then stops (SIGTERM/SIGINT in server.js): /healthz answers 503 at once; with `grace`,
   * new connections are still accepted for SHUTDOWN_GRACE seconds while a load balancer notices;
   * then in-flight requests get up to SHUTDOWN_TIMEOUT seconds.
   */
  shutdown: (options: { signal: string; grace: boolean }) => Promise<void>;
}

/** This file is the bundle's entry (build/server/index.js) in production, server/app.ts in development. */
const here = path.dirname(fileURLToPath(import.meta.url));

/** The build carries a copy of the migrations (vite.config.ts), so it runs from any working directory. */
function migrationsFolder(options: StartOptions): string {
  return options.dev ? path.resolve(here, "../app/db/migrations") : path.join(here, "migrations");
}

/** Set when the process is shutting down: /healthz answers 503 and answers close their connection. */
let draining = false;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  draining = false;
  await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrationsFolder: migrationsFolder(options), seed });
  if (env.PUBLIC_DEPLOY && !env.STRIPE_SECRET_KEY) {
    logger.warn("DEMO_CHECKOUT=1: checkout de demonstração ativo num endereço público (nenhum pagamento real é cobrado)");
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    logger.warn("STRIPE_WEBHOOK_SECRET não definida: pagamentos só são confirmados pela reconciliação periódica, não pelo webhook");
  }
  const stopJobs = startJobs(backgroundJobs());
  const stopBackups = listenForBackupRequests();
  const site = await createSite(options);
  const frontDoor = site.handler;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    frontDoor(req, res);
  };

  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? env.PORT, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? env.PORT);

  logger.info(
    {
      port,
      url: env.SITE_URL,
      database: env.DATABASE_URL ? "postgresql" : "embedded",
      startMs: Math.round(performance.now() - started),
      rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
    },
    `servidor pronto em http://localhost:${port}`,
  );

  let closing: Promise<void> | undefined;
  const stop = (timeoutMs: number) =>
    (closing ??= (async () => {
      draining = true;
      const finished = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
        // A keep-alive connection whose request finishes now would idle until keepAliveTimeout:
        // close each as soon as it is idle.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearTimeout(timer);
          clearInterval(sweep);
          resolve(true);
        });
        server.closeIdleConnections();
      });
      if (!finished) {
        logger.warn({ timeoutMs }, "pedidos ainda em andamento no fim do prazo: conexões encerradas");
        server.closeAllConnections();
      }
      stopBackups();
      await stopJobs();
      await closeDatabase();
    })());
  const close = () => stop(5_000);
  const shutdown = async ({ signal, grace }: { signal: string; grace: boolean }) => {
    draining = true;
    const graceMs = grace ? env.SHUTDOWN_GRACE * 1000 : 0;
    logger.info({ signal, graceSeconds: graceMs / 1000, timeoutSeconds: env.SHUTDOWN_TIMEOUT }, "encerrando: /healthz responde 503");
    if (graceMs) await new Promise((resolve) => setTimeout(resolve, graceMs));
    await stop(env.SHUTDOWN_TIMEOUT * 1000);
    logger.info({ signal }, "encerrado");
  };
  return { server, port, close, shutdown };
}

/** The host's own routes, with their policies (beside React Router's, in the same table). */
const HOST_ROUTES: HostRoute[] = [{ path: "/healthz", policy: publicEndpoint(), methods: ["GET"] }];

/**
 * The whole request pipeline, the same in development and production (docs/decisions/0055):
 * the front door (server/front-door.ts) runs the steps every request needs, finds the route and
 * its policy and answers what it can; Express runs the rest and hands pages to React Router.
 */
export async function createSite(options: StartOptions = {}) {
  const isDev = Boolean(options.dev);
  const loadBuild = options.dev?.loadBuild ?? (() => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>);
  const cache = env.PAGE_CACHE === "on" ? createPageCache() : undefined;
  if (cache) onContentChanged((tags) => cache.invalidate(tags));

  // Production: one build, one table. Development: a new table (and an empty cache) when Vite
  // gives a new build after an edit.
  let table: { build: ServerBuild; routes: RouteTable } | undefined;
  const routes = (): RouteTable | Promise<RouteTable> => {
    if (table && !isDev) return table.routes;
    return loadBuild().then((build) => {
      if (table?.build !== build) {
        const routes = createRouteTable(build, HOST_ROUTES);
        table = { build, routes };
        setRouteLookup((path) => routes.lookup(path).policy);
        cache?.clear();
      }
      return table.routes;
    });
  };
  await routes();

  const app = createApp({ isDev, loadBuild, cache });
  const handler = createFrontDoor({
    app,
    before: [accessLog, trailingSlash, ...staticFiles(options)],
    entry: [assignCspNonce, securityHeaders(isDev), rejectBadAddress],
    routes,
    cache,
  });
  return { handler, cache };
}

/** Express: what the front door hands on (a miss, an unsafe method, an admin page, an API). */
function createApp({
  isDev,
  loadBuild,
  cache,
}: {
  isDev: boolean;
  loadBuild: () => Promise<ServerBuild>;
  cache: PageCache | undefined;
}): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);

  app.use(bufferBody);
  app.use(rejectMalformedJson);
  app.use(checkOrigin);
  app.use(guardPrivateRoutes);
  // Shared answers are compressed by the page cache; this compresses the rest.
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (draining) return void res.status(503).json({ status: "draining", message: "Servidor encerrando" });
    const up = await pingDatabase().then(
      () => true,
      (error: unknown) => (databaseDown(error), false),
    );
    if (up) databaseUp();
    if (up) res.json({ status: "ok" });
    else res.status(503).json({ status: "error", message: "Banco de dados indisponível" });
  });

  app.use(createReactRouterHandler({ loadBuild, mode: isDev ? "development" : "production", cache }));

  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
    logger.error({ err: error, url: redactUrl(req.originalUrl) }, "erro não tratado");
    if (res.headersSent) return res.end();
    // The database being away is an outage, not a bug: 503 + Retry-After, so clients and load
    // balancers retry instead of treating it as a broken page.
    const unavailable = isDatabaseUnavailable(error);
    const status = unavailable ? 503 : 500;
    res.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    if (unavailable) res.set({ "Retry-After": "5" });
    if (req.path.startsWith("/api/")) {
      return res.status(status).json({
        success: false,
        message: unavailable
          ? "Serviço temporariamente indisponível. Tente novamente em instantes."
          : "Erro interno do servidor. Tente novamente em instantes.",
      });
    }
    res
      .status(status)
      .type("html")
      .send(
        '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Erro</title>' +
          `<body style="font-family:sans-serif;padding:2rem"><h1>${unavailable ? "Serviço temporariamente indisponível" : "Algo deu errado"}</h1>` +
          '<p>Tente novamente em instantes.</p><p><a href="/">Voltar ao início</a></p></body></html>',
      );
  });
  return app;
}

/**
 * Files: the hashed build assets (forever: their names change with their content) and the public
 * folder's few files (favicon, manifest…), before routing and the page headers: a CSP or frame
 * policy means nothing on a script, style or font, and would add ~600 bytes to each. Development
 * serves them (and the modules) through Vite.
 */
function staticFiles(options: StartOptions): Step[] {
  if (options.dev) return [options.dev.middlewares as unknown as Step];
  // The bundle lives in <build>/server, its browser assets in <build>/client.
  const client = path.resolve(here, "../client");
  const compress = compression() as unknown as Step;
  const fileHeaders: Step = (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    next();
  };
  // A hashed file never changes, so there is nothing to revalidate: no ETag or Last-Modified.
  const assets = express.static(client, {
    immutable: true,
    maxAge: "1y",
    index: false,
    etag: false,
    lastModified: false,
    fallthrough: false,
  });
  const publicFiles = express.static(client, { maxAge: "1h", index: false });
  return [
    (req, res, next) => {
      const requestPath = pathOf(req.url);
      if (requestPath.startsWith("/assets/"))
        return compress(req, res, () => fileHeaders(req, res, () => assets(req as ExpressRequest, res as ExpressResponse, notFound(res))));
      // Only addresses with a file extension can be files: pages skip the file-system lookup.
      if (path.extname(requestPath)) return publicFiles(req as ExpressRequest, res as ExpressResponse, next);
      next();
    },
  ];
}

/** A missing hashed asset: a plain 404, not a page. */
function notFound(res: ServerResponse) {
  return () => {
    res.statusCode = 404;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Arquivo não encontrado.");
  };
}

const trailingSlash: Step = (req, res, next) => redirectTrailingSlash(req, res) || next();

/** Express's `trust proxy` from TRUST_PROXY: a hop count, `true`, or addresses/subnets (proxy-addr). */
function trustFunction(value: string | undefined): (address: string, hop: number) => boolean {
  if (!value || value === "false") return () => false;
  if (value === "true") return () => true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(value.split(",").map((part) => part.trim()));
}
const trustProxy = trustFunction(env.TRUST_PROXY);
const accessLog = createAccessLog((req) => proxyaddr(req, trustProxy), Boolean(env.TRUST_PROXY));
/** The database's state as /healthz sees it, logged when it changes, not on every probe. */
let databaseIsDown = false;
function databaseDown(error: unknown) {
  if (databaseIsDown) return;
  databaseIsDown = true;
  logger.error({ err: error }, "banco de dados indisponível");
}
function databaseUp() {
  if (!databaseIsDown) return;
  databaseIsDown = false;
  logger.info("banco de dados disponível de novo");
}

/**
 * An address with a NUL byte (an attack or a bug; PostgreSQL refuses it in text) or with broken
 * percent-encoding (the router could not decode it) gets a 400 here, not a warning and a guess.
 */
function rejectBadAddress(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const url = req.url ?? "/";
  if (!url.includes("%00") && decodable(pathOf(url))) return next();
  const api = url.startsWith("/api/");
  res.statusCode = 400;
  res.setHeader("Content-Type", api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  res.end(api ? JSON.stringify({ success: false, message: "Endereço inválido." }) : "Endereço inválido.");
}

function decodable(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    // The result is used: a bundler may drop a "pure" call whose value is ignored.
    return decodeURIComponent(path).length >= 0;
  } catch {
    return false;
  }
}

/**
 * Reads unsafe-method bodies once, with a size limit, so the app can answer 413 instead of
 * hanging. The limit is the route's `maxBodyBytes` (its policy, docs/decisions/0094), else 256 kB.
 * On an admin route a larger limit needs the session, checked first: anyone else's body stops at
 * 256 kB, before the route answers 401. A body over the limit is read to its end and dropped, so
 * the client gets the answer instead of a reset connection.
 */
async function bufferBody(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
  if (!UNSAFE_METHODS.has(req.method)) return next();
  const routed = routedOf(req);
  let limit: number;
  try {
    limit = await bodyLimitOf(req, routed?.route.policy);
  } catch (error) {
    return next(error);
  }
  express.raw({ type: () => true, limit })(req, res, (error?: unknown) => {
    if (!error) return next();
    const status = (error as { status?: number }).status === 413 ? 413 : 400;
    const message = status === 413 ? tooLargeMessage(limit) : "Não foi possível ler o conteúdo enviado.";
    res.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    // A form posted by the browser itself (no JavaScript) gets a page it can read, with a way back.
    if (routed?.route.document && req.accepts(["json", "html"]) === "html") {
      return void res
        .status(status)
        .type("html")
        .send(tooLargePage(message, sameSitePath(req)));
    }
    res.status(status).json({ success: false, message });
  });
}

async function bodyLimitOf(req: ExpressRequest, policy: RoutePolicy | undefined): Promise<number> {
  const declared = policy?.maxBodyBytes;
  if (!declared || declared <= DEFAULT_MAX_BODY_BYTES) return DEFAULT_MAX_BODY_BYTES;
  if ((policy.writeAccess ?? policy.access) === "public") return declared;
  return (await sessionOf(req)) ? declared : DEFAULT_MAX_BODY_BYTES;
}

const MB = 1024 * 1024;

/** "O conteúdo enviado é grande demais." and, past the default, the route's limit in whole megabytes. */
function tooLargeMessage(limit: number): string {
  if (limit <= DEFAULT_MAX_BODY_BYTES) return "O conteúdo enviado é grande demais.";
  return `O conteúdo enviado é grande demais: o limite é de ${Math.floor(limit / MB)} MB.`;
}

/** The path of a Referer on this site (the page the form was on), or null. */
function sameSitePath(req: ExpressRequest): string | null {
  try {
    const url = new URL(req.get("referer") ?? "");
    const own = [new URL(env.SITE_URL).origin, `${req.protocol}://${req.host}`];
    return own.includes(url.origin) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function tooLargePage(message: string, back: string | null): string {
  return (
    '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Envio grande demais</title><body style="font-family:sans-serif;padding:2rem;max-width:40rem;line-height:1.5">' +
    `<h1>Envio grande demais</h1><p>${escapeHtml(message)}</p>` +
    "<p>Volte ao formulário, escolha um arquivo menor e envie de novo.</p>" +
    `<p>${back ? `<a href="${escapeHtml(back)}">Voltar ao formulário</a> · ` : ""}<a href="/">Ir para o início</a></p></body></html>`
  );
}

function rejectMalformedJson(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (!UNSAFE_METHODS.has(req.method) || !req.path.startsWith("/api/") || !Buffer.isBuffer(req.body)) return next();
  if (!/\bjson\b/i.test(req.get("content-type") ?? "") || req.body.length === 0) return next();
  try {
    JSON.parse(req.body.toString("utf8"));
    next();
  } catch {
    res.status(400).json({ success: false, message: "JSON malformado: verifique o corpo da requisição." });
  }
}

/**
 * CSRF defence next to SameSite cookies (DESIGN.md's security model; SECURITY.md). A browser's cross-site request carries a
 * foreign Origin: refused. A request that carries the admin's session cookie must also show that
 * it is ours: JSON (which a cross-site page cannot send without a preflight), or a same-origin
 * mark (`Sec-Fetch-Site: same-origin`, or an Origin or Referer whose whole origin is this site's).
 */
function checkOrigin(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (!UNSAFE_METHODS.has(req.method)) return next();
  // This site's address, and the one this request came to (behind a trusted proxy, its forwarded host).
  const own = new Set([new URL(env.SITE_URL).origin, `${req.protocol}://${req.host}`]);
  const origin = req.get("origin");
  const originOf = (value: string | undefined) => {
    try {
      return value ? new URL(value).origin : undefined;
    } catch {
      return "invalid";
    }
  };
  const refuse = () => void res.status(403).json({ success: false, message: "Origem da requisição não permitida." });
  if (origin && !own.has(originOf(origin)!)) return refuse();
  // A request without the admin's cookie can act only as any visitor could: nothing to forge.
  if (!hasSessionCookie(req.get("cookie"))) return next();
  const json = /^application\/json\b/i.test(req.get("content-type") ?? "");
  const sameOrigin = req.get("sec-fetch-site") === "same-origin" || own.has(originOf(origin)!) || own.has(originOf(req.get("referer"))!);
  return json || sameOrigin ? next() : refuse();
}

/**
 * A route whose policy is not public (the admin's, and any route that declares nothing) needs a
 * session: pages go to /login, endpoints answer 401. The loaders and actions check again: this is
 * the second lock, and the one a forgotten check cannot open.
 */
async function guardPrivateRoutes(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
  const routed = routedOf(req);
  if (!routed) return next(); // the host's own routes are answered before React Router's
  const { policy, document } = routed.route;
  const access = UNSAFE_METHODS.has(req.method) ? (policy.writeAccess ?? policy.access) : policy.access;
  if (access === "public") return next();
  res.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  // Client-side data requests (*.data) get their redirect from the loader in the framework's format.
  if (isDataRequest(req.path)) return next();
  try {
    if (await sessionOf(req)) return next();
  } catch (error) {
    return next(error);
  }
  if (document) return void res.redirect(UNSAFE_METHODS.has(req.method) ? 303 : 302, "/login");
  res.status(401).json({ success: false, message: "Não autorizado. Faça login na área administrativa." });
}

// For integration tests that inspect what the running app stored or did.
export const analytics = { dayOf, deleteOldSalts, flushAnalytics, rollUpDay, visitorHash };
export { sessionLookups } from "~/domain/auth/sessions.server";
export { db } from "~/db/client.server";
export * as schema from "~/db/schema";
export { runRetention } from "~/domain/retention.server";
/** The route tree the app serves (the same module instances), for tests that inspect routes. */
export const serverBuild = () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
