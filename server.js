// Process entry. Production: runs the bundled server (build/server/index.js), from any working
// directory. Development (`npm run dev`): loads server/app.ts through Vite with hot reload.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const dev = process.argv.includes("--dev");
const here = fileURLToPath(new URL(".", import.meta.url));

/** Lines this file writes itself are JSON too, like the app's pino logs (level numbers are pino's). */
function log(level, msg, extra = {}) {
  const line = JSON.stringify({ level: { info: 30, warn: 40, error: 50, fatal: 60 }[level], time: Date.now(), msg, ...extra });
  process.stdout.write(`${line}\n`); // one stream, like pino
}

// A .env file (in the working directory, else next to this file) fills what the environment lacks;
// variables already set win.
for (const file of [".env", `${here}.env`]) {
  if (fs.existsSync(file)) {
    process.loadEnvFile(file);
    break;
  }
}

/**
 * An error as this file logs it. Once the bundle is loaded, the app's own serializer
 * (app/infra/logger.server.ts): a failed query's parameters never reach the log (docs/decisions/0110).
 * Before (the configuration refused at import), its type, its message cut to `max` and the
 * stack's frames without the message lines above them.
 */
let mod;
function errorFields(error, max = 4000) {
  if (mod?.serializeError) return mod.serializeError(error);
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, max) };
  const stack = String(error.stack ?? "");
  const at = error.message ? stack.indexOf(error.message) : -1;
  const frames = (at === -1 ? stack : stack.slice(at + error.message.length))
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12);
  return { type: error.name, message: error.message.slice(0, max), stack: [error.name, ...frames].join("\n") };
}

async function main() {
  const startOptions = {};
  if (dev) {
    process.env.NODE_ENV ??= "development";
    const vite = await import("vite");
    const viteServer = await vite.createServer({ root: here, server: { middlewareMode: true }, appType: "custom" });
    mod = await viteServer.ssrLoadModule("./server/app.ts");
    startOptions.dev = {
      middlewares: viteServer.middlewares,
      loadBuild: () => viteServer.ssrLoadModule("virtual:react-router/server-build"),
    };
  } else {
    process.env.NODE_ENV ??= "production";
    const buildDir = process.env.BUILD_DIR ?? "build";
    const bundle = new URL(`./${buildDir}/server/index.js`, import.meta.url);
    if (!fs.existsSync(bundle)) {
      log(
        "fatal",
        `Build não encontrado em ${fileURLToPath(bundle)}: rode \`npm run build\` antes / no build found: run \`npm run build\` first`,
      );
      process.exit(1);
    }
    mod = await import(bundle.href);
  }
  const running = await mod.startServer(startOptions);

  // SIGTERM (a container, systemd, a rolling deploy): drain, then stop. SIGINT (Ctrl-C): the same
  // without the grace period. A second signal stops at once.
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) {
      log("warn", `${signal} recebido de novo: saindo agora`, { signal });
      process.exit(1);
    }
    stopping = true;
    try {
      await running.shutdown({ signal, grace: signal === "SIGTERM" });
      process.exit(0);
    } catch (error) {
      log("error", "erro ao encerrar", { err: errorFields(error) });
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  const err = errorFields(error);
  log("fatal", err.message, { err });
  process.exit(1);
});
