import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const SHELL_PAGES_DIR = "app/shell/pages";
const SHELL_MANIFEST = "shell-pages.json";
const VIRTUAL_ID = "virtual:shell-pages";

/**
 * The browser entries of public pages, documents with islands (app/shell; docs/decisions/0058):
 * each file of app/shell/pages becomes an extra entry of the client build, so it shares React's
 * chunks with the admin's. The client build writes name → URL next to its assets; the server
 * build reads it as `virtual:shell-pages`. In development the module names the source files,
 * which Vite serves, and the preamble the router's own scripts would load first (Vite's client,
 * React Router's refresh runtime): development runs public pages the same way as production.
 */
function shellEntries(): string[] {
  return fs.readdirSync(SHELL_PAGES_DIR).filter((file) => file.endsWith(".tsx"));
}

function shellPages(): Plugin {
  let outDir = "";
  let base = "/";
  let building = false;
  let ssrBuild = false;
  const refs = new Map<string, string>();
  // React Router runs one Vite build per side; with the environment API the hook's own
  // environment says which side this is.
  const isClientBuild = (environment: { config: { consumer?: string } } | undefined) =>
    building && (environment ? environment.config.consumer === "client" : !ssrBuild);
  return {
    name: "agile:shell-pages",
    configResolved(config) {
      outDir = config.build.outDir;
      base = config.base;
      building = config.command === "build";
      ssrBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!isClientBuild(this.environment)) return;
      for (const file of shellEntries()) {
        const name = path.basename(file, ".tsx");
        refs.set(name, this.emitFile({ type: "chunk", id: path.resolve(SHELL_PAGES_DIR, file), name: `shell-${name}` }));
      }
    },
    generateBundle() {
      if (!isClientBuild(this.environment)) return;
      const scripts = Object.fromEntries([...refs].map(([name, ref]) => [name, `${base}${this.getFileName(ref)}`]));
      this.emitFile({ type: "asset", fileName: SHELL_MANIFEST, source: JSON.stringify(scripts) });
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${VIRTUAL_ID}`) return undefined;
      if (!building) {
        const scripts = Object.fromEntries(
          shellEntries().map((file) => [path.basename(file, ".tsx"), `${base}${SHELL_PAGES_DIR}/${file}`]),
        );
        const preamble = [`${base}@vite/client`, `${base}@id/__x00__virtual:react-router/inject-hmr-runtime`];
        return `export default ${JSON.stringify({ scripts, preamble })};`;
      }
      // The server build runs after the client build, whose output sits beside this one.
      const manifest = path.resolve(outDir, "..", "client", SHELL_MANIFEST);
      const scripts = fs.existsSync(manifest) ? fs.readFileSync(manifest, "utf8") : "{}";
      return `export default { scripts: ${scripts}, preamble: [] };`;
    },
  };
}

/**
 * The server bundle carries its database migrations (build/server/migrations), so a production
 * install needs only the build folder and runs from any working directory.
 */
function bundledMigrations(): Plugin {
  const dir = "app/db/migrations";
  return {
    name: "agile:bundled-migrations",
    apply: "build",
    generateBundle() {
      if (this.environment?.config.consumer !== "server") return;
      for (const file of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
        const full = path.join(dir, file);
        if (fs.statSync(full).isFile()) this.emitFile({ type: "asset", fileName: `migrations/${file}`, source: fs.readFileSync(full) });
      }
    },
  };
}

/**
 * The embedded database's starting point (docs/decisions/0124): an empty cluster with every
 * migration and index applied, made once per build beside the bundled migrations. A first start
 * loads it into the new data folder instead of running PostgreSQL's initdb and replaying every
 * migration (app/db/client.server.ts).
 */
function embeddedDatabaseImage(): Plugin {
  return {
    name: "agile:embedded-database-image",
    apply: "build",
    async generateBundle() {
      if (this.environment?.config.consumer !== "server") return;
      const { PGlite } = await import("@electric-sql/pglite");
      const { drizzle } = await import("drizzle-orm/pglite");
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      const { buildOnlineIndexes, EMBEDDED_DATABASE_IMAGE } = await import("./app/db/online-indexes");
      const db = new PGlite();
      try {
        await migrate(drizzle(db), { migrationsFolder: "app/db/migrations" });
        await buildOnlineIndexes((text) => db.query(text), { concurrently: false });
        const image = await db.dumpDataDir("gzip");
        this.emitFile({ type: "asset", fileName: EMBEDDED_DATABASE_IMAGE, source: new Uint8Array(await image.arrayBuffer()) });
      } finally {
        await db.close();
      }
    },
  };
}

/**
 * The integration tests' hooks (tests/support/app-hooks.ts) are a second entry of the server
 * bundle, beside React Router's `index.js`: named `test-hooks.js` (React Router names every entry
 * `index`, so it would be an `index2.js`).
 */
function testHooksEntry(): Plugin {
  return {
    name: "agile:test-hooks-entry",
    apply: "build",
    outputOptions(options) {
      if (options.entryFileNames !== "index.js") return undefined;
      return { ...options, entryFileNames: (chunk) => (chunk.name === "test-hooks" ? "test-hooks.js" : "index.js") };
    },
  };
}

/**
 * The invoker commands polyfill as its package builds it for a plain <script>: invoker.min.js, an
 * IIFE that applies itself, which the package's `exports` hands out only under `require`. The
 * early script loads it by URL (a `?url` import, app/lib/early-script.ts; decision 0117).
 * vitest.config.ts has the same alias.
 */
export const INVOKERS_POLYFILL = {
  find: /^invokers-polyfill\/invoker\.min\.js/,
  replacement: createRequire(import.meta.url).resolve("invokers-polyfill"),
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app (server/app.ts), so production runs plain JS; the
  // integration tests' hooks are a second entry beside it, sharing its modules (tests/support/app-hooks.ts).
  build: isSsrBuild ? { rollupOptions: { input: { index: "./server/app.ts", "test-hooks": "./tests/support/app-hooks.ts" } } } : undefined,
  plugins: [tailwindcss(), reactRouter(), shellPages(), bundledMigrations(), embeddedDatabaseImage(), testHooksEntry()],
  resolve: { tsconfigPaths: true, alias: [INVOKERS_POLYFILL] },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**", "**/bench/**"] } },
}));
