/**
 * The server process: opens the database, starts the jobs, serves the site (server/express-app.ts)
 * and drains on shutdown. This file is the entry of the server bundle (vite.config.ts), so
 * production runs `build/server/index.js`; `server.js` loads it (or, in development, loads it
 * through Vite).
 */
import "~/load-context";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { env } from "~/config.server";
import { listenForBackupRequests } from "~/db/backup-listener.server";
import { closeDatabase, openDatabase } from "~/db/client.server";
import { seed } from "~/db/seed.server";
import { healthStatus } from "~/infra/health.server";
import { startJobs } from "~/infra/jobs.server";
import { logger } from "~/infra/logger.server";
import { backgroundJobs } from "~/jobs.server";
import { createSite } from "./express-app";
import type { RequestHandler } from "express";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";

export interface StartOptions {
  port?: number;
  /** Development only: Vite's middlewares and a loader that always returns the fresh build. */
  dev?: { middlewares: RequestHandler; loadBuild: () => Promise<ServerBuild> };
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

/** Set when the process is shutting down: /healthz answers 503 and answers close their connection. */
let draining = false;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  draining = false;
  // The build carries a copy of the migrations (vite.config.ts), so it runs from any working directory.
  const migrationsFolder = options.dev ? path.resolve(here, "../app/db/migrations") : path.join(here, "migrations");
  await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrationsFolder, seed });
  if (env.PUBLIC_DEPLOY && !env.STRIPE_SECRET_KEY) {
    logger.warn("DEMO_CHECKOUT=1: checkout de demonstração ativo num endereço público (nenhum pagamento real é cobrado)");
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    logger.warn("STRIPE_WEBHOOK_SECRET não definida: pagamentos só são confirmados pela reconciliação periódica, não pelo webhook");
  }
  const stopJobs = startJobs(backgroundJobs());
  const stopBackups = listenForBackupRequests();
  const site = createSite({
    // The build as built, loaded once (development: Vite's latest, per request).
    build: options.dev?.loadBuild ?? ((await import("virtual:react-router/server-build")) as unknown as ServerBuild),
    viteMiddlewares: options.dev?.middlewares,
    // The bundle lives in <build>/server, its browser assets in <build>/client.
    clientDir: path.resolve(here, "../client"),
    health: async (_req, res) => {
      const { status, body } = await healthStatus(draining);
      res.set("Cache-Control", "no-store").status(status).json(body);
    },
  });
  const server = createServer((req, res) => {
    if (draining) res.setHeader("Connection", "close");
    site(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? env.PORT, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  const port = (server.address() as AddressInfo).port;

  const database = env.DATABASE_URL ? "postgresql" : "embedded";
  const [startMs, rssMb] = [Math.round(performance.now() - started), Math.round(process.memoryUsage().rss / 2 ** 20)];
  logger.info({ port, url: env.SITE_URL, database, startMs, rssMb }, `servidor pronto em http://localhost:${port}`);

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

/** server.js logs a failed start or stop with the app's own error serializer (docs/decisions/0110). */
export { serializeError } from "~/infra/logger.server";
