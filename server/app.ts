/**
 * The Express host. This file is the entry of the server bundle (vite.config.ts), so production
 * runs `build/server/index.js`; `server.js` loads it (or, in development, loads it through Vite).
 */
import "./load-context";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import { env } from "~/config.server";
import { closeDatabase, openDatabase, pingDatabase } from "~/db/client.server";
import { seed } from "~/db/seed.server";
import { getSessionUser, SESSION_COOKIE } from "~/domain/auth.server";
import { startJobs } from "~/domain/jobs.server";
import { logger } from "~/domain/logger.server";
// Background jobs register themselves when their module loads; load them before startJobs().
import "~/domain/mail.server"; // outbox worker (lead notification e-mails)
import "~/domain/retention.server"; // daily LGPD retention run
import "~/domain/payments.server"; // Stripe reconciliation (only when a key is set)
import { accessLog } from "./access-log";
import { redirectTrailingSlash } from "./canonical-path";
import { createReactRouterHandler, sendCachedPage } from "./react-router-handler";

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
  if (env.PUBLIC_DEPLOY && !env.STRIPE_SECRET_KEY) {
    logger.warn("DEMO_CHECKOUT=1: checkout de demonstração ativo num endereço público (nenhum pagamento real é cobrado)");
  }
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

  app.use(accessLog);
  app.use((req, res, next) => redirectTrailingSlash(req, res) || next());

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
    // 122 random bits from the runtime's pooled UUID source: a fresh randomBytes() call per
    // request was the costliest single step of a cached page under load.
    res.locals.cspNonce = randomUUID().replaceAll("-", "");
    next();
  });
  app.use(securityHeaders(isDev));
  app.use(rejectNulBytes);
  app.use(bufferBody);
  app.use(rejectMalformedJson);
  app.use(checkOrigin);
  app.use(guardAdminPages);
  // Every request has passed each check above (logging, security headers, guards) by here. A
  // page in the cache goes out now, as the bytes compressed when it was stored.
  if (!isDev) app.use(sendCachedPage);
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
        // A checkout posted without JavaScript is redirected to Stripe's page (app/routes/checkout.tsx).
        formAction: ["'self'", "https://checkout.stripe.com"],
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

/** A NUL byte in the address can only be an attack or a bug, and PostgreSQL refuses it in text. */
function rejectNulBytes(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (!req.originalUrl.includes("%00")) return next();
  if (req.path.startsWith("/api/")) return void res.status(400).json({ success: false, message: "Endereço inválido." });
  res.status(400).type("text/plain; charset=utf-8").send("Endereço inválido.");
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

/**
 * CSRF defence next to SameSite cookies (issue 20). A browser's cross-site request carries a
 * foreign Origin: refused. A request that carries the admin's session cookie must also show that
 * it is ours: JSON (which a cross-site page cannot send without a preflight), or a same-origin
 * mark (`Sec-Fetch-Site: same-origin`, or an Origin or Referer whose whole origin is this site's).
 */
const HAS_SESSION_COOKIE = new RegExp(`(^|;\\s*)${SESSION_COOKIE}=`);
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
  if (!HAS_SESSION_COOKIE.test(req.get("cookie") ?? "")) return next();
  const json = /^application\/json\b/i.test(req.get("content-type") ?? "");
  const sameOrigin =
    req.get("sec-fetch-site") === "same-origin" || own.has(originOf(origin)!) || own.has(originOf(req.get("referer"))!);
  return json || sameOrigin ? next() : refuse();
}

/** Every /admin page needs a session; the loaders check again, this is the second lock. */
async function guardAdminPages(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
  // The router matches paths without regard to case (/ADMIN/dashboard is the dashboard): so does the guard.
  const lowerPath = req.path.toLowerCase();
  const isAdminPath = lowerPath === "/admin" || lowerPath.startsWith("/admin/") || lowerPath.startsWith("/admin.");
  // Admin and login answers are personal: no browser or shared cache may keep them.
  if (isAdminPath || lowerPath === "/login" || lowerPath.startsWith("/login.")) res.set("Cache-Control", "no-store");
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
