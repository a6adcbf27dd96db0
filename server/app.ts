/**
 * The Express host. This file is the entry of the server bundle (vite.config.ts), so production
 * runs `build/server/index.js`; `server.js` loads it (or, in development, loads it through Vite).
 */
import "./load-context";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { env } from "~/config.server";
import { closeDatabase, openDatabase, pingDatabase } from "~/db/client.server";
import { seed } from "~/db/seed.server";
import { getSessionUser } from "~/domain/auth.server";
import { startJobs } from "~/domain/jobs.server";
import { logger } from "~/domain/logger.server";
// Background jobs register themselves when their module loads; load them before startJobs().
import "~/domain/mail.server"; // outbox worker (lead notification e-mails)
import "~/domain/retention.server"; // daily LGPD retention run
import "~/domain/payments.server"; // Stripe reconciliation (only when a key is set)
import { createReactRouterHandler, sendCachedPageFast } from "./react-router-handler";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const DEFAULT_BODY_LIMIT = "256kb";
/** Paths that accept bigger bodies (image uploads). */
const LARGE_BODY_PREFIXES = ["/api/uploads"];
const LARGE_BODY_LIMIT = "6mb";

export interface StartOptions {
  port?: number;
  /** Development only: Vite's middlewares and a loader that always returns the fresh build. */
  dev?: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
}

export interface RunningServer {
  server: Server;
  port: number;
  close: () => Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, seed });
  const stopJobs = startJobs();
  const app = createApp(options);

  const server = await new Promise<Server>((resolve, reject) => {
    // Express 5 hands listen errors (EADDRINUSE) to the callback instead of emitting them.
    const s = app.listen(options.port ?? env.PORT, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? env.PORT);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      });
      await stopJobs();
      await closeDatabase();
    })());
  return { server, port, close };
}

export function createApp(options: StartOptions = {}): express.Express {
  const isDev = Boolean(options.dev);
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY);

  if (!isDev) app.use(sendCachedPageFast); // before everything else: see its comment

  app.use(
    pinoHttp({
      logger,
      customLogLevel: (req, res, error) =>
        error || res.statusCode >= 500 ? "error" : req.url?.startsWith("/assets/") || req.url === "/healthz" ? "debug" : "info",
      serializers: {
        req: (req) => ({ method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  const compress = compression();
  // The bundle lives in <build>/server, its browser assets in <build>/client.
  const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
  if (!options.dev) {
    // Hashed file names: safe to cache forever. Served before the page headers: a CSP or frame
    // policy means nothing on a script, style or font, and would add ~600 bytes to each of the
    // dozens of files a page loads.
    app.use(
      "/assets",
      compress,
      (_req, res, next) => {
        res.set({ "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "same-origin" });
        next();
      },
      // A hashed file never changes, so there is nothing to revalidate: no ETag or Last-Modified.
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false, etag: false, lastModified: false }),
    );
  }

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(isDev));
  app.use(compress);

  app.get("/healthz", async (_req, res) => {
    try {
      await pingDatabase();
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", message: "Banco de dados indisponível" });
    }
  });

  if (options.dev) {
    app.use(options.dev.middlewares);
  } else {
    // Only addresses with a file extension can be files here (favicon, robots…): pages skip the
    // file-system lookup, which is a measurable share of a cached page's cost under load.
    const publicFiles = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // A NUL byte in the address can only be an attack or a bug, and PostgreSQL refuses it in text.
  app.use((req, res, next) => {
    if (!/%00/.test(req.originalUrl)) return next();
    if (req.path.startsWith("/api/")) return void res.status(400).json({ success: false, message: "Endereço inválido." });
    res.status(400).type("text/plain; charset=utf-8").send("Endereço inválido.");
  });
  app.use(bufferBody);
  app.use(rejectMalformedJson);
  app.use(checkOrigin);
  app.use(guardAdminPages);

  const loadBuild =
    options.dev?.loadBuild ?? (() => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>);
  app.use(createReactRouterHandler({ loadBuild, mode: isDev ? "development" : "production" }));

  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
    logger.error({ err: error, url: req.originalUrl }, "erro não tratado");
    if (res.headersSent) return res.end();
    // The database being away is an outage, not a bug: 503 + Retry-After, so clients and load
    // balancers retry instead of treating it as a broken page.
    const unavailable = isDatabaseUnavailable(error);
    const status = unavailable ? 503 : 500;
    if (unavailable) res.set({ "Retry-After": "5", "Cache-Control": "no-store" });
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

/** Connection-level failures of PostgreSQL (refused, reset, shut down, pool timeout), through `cause` chains. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const codes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"]);
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && codes.has(e.code)) return true;
    if (typeof e.message === "string" && /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(e.message)) return true;
  }
  return false;
}

function securityHeaders(isDev: boolean): express.RequestHandler {
  const https = env.SITE_URL.startsWith("https:");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Inline scripts of the framework carry the per-request nonce; no 'unsafe-inline'.
        scriptSrc: isDev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
          : ["'self'", (_req, res) => `'nonce-${(res as ExpressResponse).locals.cspNonce}'`],
        // Radix positions popovers with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: isDev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over HTTPS; sending it on plain http would be noise.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
}

/** Reads unsafe-method bodies once, with a size limit, so the app can answer 413 instead of hanging. */
function bufferBody(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (!UNSAFE_METHODS.has(req.method)) return next();
  const limit = LARGE_BODY_PREFIXES.some((p) => req.path.startsWith(p)) ? LARGE_BODY_LIMIT : DEFAULT_BODY_LIMIT;
  express.raw({ type: () => true, limit })(req, res, (error?: unknown) => {
    if (!error) return next();
    const status = (error as { status?: number }).status ?? 400;
    const message =
      status === 413 ? "O conteúdo enviado é grande demais." : "Não foi possível ler o conteúdo enviado.";
    res.status(status === 413 ? 413 : 400).json({ success: false, message });
  });
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

/** CSRF defence next to SameSite cookies: a browser's cross-site POST carries a foreign Origin. */
function checkOrigin(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (!UNSAFE_METHODS.has(req.method)) return next();
  const origin = req.get("origin");
  if (!origin) return next();
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = undefined;
  }
  const ownHosts = new Set([req.get("host"), new URL(env.SITE_URL).host]);
  if (req.app.enabled("trust proxy") && req.get("x-forwarded-host")) ownHosts.add(req.get("x-forwarded-host"));
  if (originHost && ownHosts.has(originHost)) return next();
  res.status(403).json({ success: false, message: "Origem da requisição não permitida." });
}

/** Every /admin page needs a session; the loaders check again, this is the second lock. */
async function guardAdminPages(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
  const isAdminPath = req.path === "/admin" || req.path.startsWith("/admin/");
  // Admin and login answers are personal: no browser or shared cache may keep them.
  if (isAdminPath || req.path === "/login" || req.path.startsWith("/login.")) res.set("Cache-Control", "no-store");
  // Client-side data requests (*.data) get their redirect from the loader in the framework's format.
  if (!isAdminPath || req.path.endsWith(".data") || req.method !== "GET") return next();
  try {
    const user = await getSessionUser(new Request("http://localhost/", { headers: { cookie: req.get("cookie") ?? "" } }));
    if (user) return next();
    res.set("Cache-Control", "no-store").redirect(302, "/login");
  } catch (error) {
    next(error);
  }
}

// For integration tests that inspect what the running app stored.
export { db } from "~/db/client.server";
export * as schema from "~/db/schema";
