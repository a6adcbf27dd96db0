#!/usr/bin/env node
// `npm run bench`: builds, starts the production server (embedded database, and PostgreSQL when
// DATABASE_URL is set), measures speed, load, bad input and security, and writes
// bench/results/report-<timestamp>.md and .json. See README "Benchmarks" for the flags.
import fs from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { runAnalytics } from "./lib/analytics.mjs";
import { countWith, createBenchDatabase } from "./lib/db.mjs";
import { runFirstTaps, runNoJsForms } from "./lib/first-tap.mjs";
import { FLOATING_PAGES, runFloatingVisibility } from "./lib/floating.mjs";
import { runFlood } from "./lib/flood.mjs";
import { runFuzz } from "./lib/fuzz.mjs";
import { firstLoadJs, runLighthouse } from "./lib/lighthouse.mjs";
import { cacheHeaders, ensureTools, runLoad, startNginx } from "./lib/load.mjs";
import { runOutage, runTwoInstances } from "./lib/multi.mjs";
import { runScheduledPublishing } from "./lib/publishing.mjs";
import { writeReport } from "./lib/report.mjs";
import { runSearch } from "./lib/search.mjs";
import { runHttpChecks, runXss } from "./lib/security.mjs";
import { runSubmissions } from "./lib/submissions.mjs";
import { build, findPostPath, log, machineInfo, parseArgs, PORTS, ROOT, SECRETS, startApp } from "./lib/util.mjs";

const HELP = `npm run bench -- [flags]
  --quick           1 Lighthouse run per page (not 5), 3 s load runs (not 10 s), smaller fuzz
  --no-lighthouse   skip Lighthouse
  --only=a,b        run only these sections: taps,floating,nojs,lighthouse,flood,load,submissions,fuzz,analytics,publishing,search,security,xss,multi,outage
  --outage          stop the machine's PostgreSQL itself (pg_ctlcluster) for the outage test;
                    without it the outage is a cut TCP proxy between the app and PostgreSQL
  --no-build        reuse the existing build
  --build-dir=DIR   build directory (default $BUILD_DIR or build-bench)
  --keep-db         keep the PostgreSQL database the bench creates
Environment: DATABASE_URL (adds the PostgreSQL runs: a fresh database is created next to it).`;

const flags = parseArgs(process.argv.slice(2));
if (flags.help) {
  console.log(HELP);
  process.exit(0);
}
const want = (section) => !flags.only || flags.only.has(section);
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const runDir = path.join(ROOT, ".tmp", `bench-${stamp}`);
fs.mkdirSync(runDir, { recursive: true });
const logFile = path.join(runDir, "server.log");

const cases = await tsImport("../tests/support/cases.ts", import.meta.url);
const checks = await tsImport("../tests/support/checks.ts", import.meta.url);
const adminRoutes = await tsImport("../tests/support/admin-routes.ts", import.meta.url);
const seedContent = await tsImport("../app/db/seed-content.ts", import.meta.url);

const quick = flags.quick;
const report = {
  startedAt: new Date().toISOString(),
  flags: { quick, outage: flags.outage, only: flags.only ? [...flags.only] : null, buildDir: flags.buildDir },
  machine: machineInfo(),
  notes: [],
  modes: {},
};
const started = Date.now();

/** A running app plus the ways to read its database (PGlite needs the app stopped). */
function makeTarget(app, { dataDir, dbUrl }) {
  let sid = null;
  const target = {
    url: app.url,
    app,
    async sid(force = false) {
      if (!sid || force) sid = await checks.loginSid(app.url, "admin", SECRETS.ADMIN_PASSWORD);
      return sid;
    },
    async withDatabase(fn) {
      if (dbUrl) {
        const pg = (await import("pg")).default;
        const client = new pg.Client({ connectionString: dbUrl });
        await client.connect();
        try {
          return await fn((q) => client.query(q));
        } finally {
          await client.end();
        }
      }
      await app.stop();
      try {
        const { PGlite } = await import("@electric-sql/pglite");
        const db = new PGlite(path.join(dataDir, "pgdata"));
        await db.waitReady;
        try {
          return await fn((q) => db.query(q));
        } finally {
          await db.close();
        }
      } finally {
        await app.start();
      }
    },
    snapshot(emailLike) {
      return target.withDatabase((q) => countWith(q, emailLike));
    },
  };
  return target;
}

async function section(name, mode, fn) {
  if (!want(name)) return;
  const t = Date.now();
  log(`== ${name} (${mode})`);
  try {
    report.modes[mode][name] = await fn();
  } catch (error) {
    log(`!! ${name} falhou: ${error.stack ?? error}`);
    report.modes[mode][name] = { error: String(error?.message ?? error) };
  }
  report.modes[mode][name] ??= {};
  if (typeof report.modes[mode][name] === "object") report.modes[mode][name].seconds = Math.round((Date.now() - t) / 1000);
}

async function runMode(mode, { dbUrl }) {
  report.modes[mode] = {};
  const dataDir = path.join(runDir, `data-${mode}`);
  const port = dbUrl ? PORTS.pg : PORTS.app;
  const app = await startApp({
    name: `app (${mode})`,
    port,
    buildDir: flags.buildDir,
    env: dbUrl ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir },
    logFile,
  });
  const target = makeTarget(app, { dataDir, dbUrl });
  try {
    const post = await findPostPath(app.url);
    report.modes[mode].postPath = post;
    if (mode === "embedded") {
      report.firstLoadJs = await firstLoadJs(app.url, "/");
      report.cacheHeaders = await cacheHeaders(app.url, ["/", "/blog", post.path, "/api/blog/posts"]);
    }
    const publicPages = ["/", "/sobre", "/carreiras", "/agentes", "/produtos", "/formulario", "/blog", post.path];
    if (mode === "embedded") {
      // First taps and forms without JavaScript (docs/decisions/0001, 0002): a visitor on a throttled phone.
      await section("taps", mode, () => runFirstTaps(app.url, publicPages, { runs: quick ? 1 : 3 }));
      // The floating buttons at 390×844, 10 scroll positions per page (docs/decisions/0059).
      await section("floating", mode, () => runFloatingVisibility(app.url, FLOATING_PAGES(post.path)));
      await section("nojs", mode, () => runNoJsForms(target, { tag: Date.now().toString(36) }));
    }
    if (mode === "embedded" && flags.lighthouse) {
      // Cold: a fresh Chromium and profile per run; the median of 5 (1 with --quick).
      // The search page with results (noindex on purpose: SEO's crawlable audit fails by design) and empty.
      const lighthousePages = [...publicPages, "/busca", "/busca?q=automacao"];
      await section("lighthouse", mode, () => runLighthouse(app.url, lighthousePages, quick ? 1 : 5));
    }
    if (mode === "embedded") {
      // The slow path counts as much as the cached one: a flood of unique tracking parameters,
      // fresh renders with the cache off, nginx as the limit and the deploy recipe in front.
      ensureTools();
      await section("flood", mode, () =>
        runFlood(target, { runDir, buildDir: flags.buildDir, logFile, duration: quick ? 3 : 8, views: quick ? 500 : 2_000 }),
      );
    }
    await section("load", mode, async () => {
      const targets = [
        { name: "home", path: "/" },
        { name: "blog", path: "/blog" },
        { name: "post", path: post.path },
        { name: "api-blog-posts", path: "/api/blog/posts" },
      ];
      // The limit, nginx serving the same bytes, is measured once (it does not depend on the database).
      ensureTools();
      const staticServer =
        mode === "embedded" || !report.modes.embedded?.load ? await startNginx(targets, app.url, path.join(runDir, "nginx")) : null;
      try {
        const rows = await runLoad(app.url, targets, { levels: [10, 100], duration: quick ? 3 : 10, staticServer });
        if (!staticServer) {
          for (const r of rows) {
            const s = report.modes.embedded.load.rows?.find((x) => x.target === r.target && x.connections === r.connections);
            if (s?.static) {
              r.static = s.static;
              r.ratio = r.ours.reqPerSec / Math.max(1, s.static.reqPerSec);
              r.staticFrom = "embedded run";
            }
          }
        }
        return { rows, durationS: quick ? 3 : 10 };
      } finally {
        await staticServer?.stop();
      }
    });
    await section("submissions", mode, async () => ({
      rows: await runSubmissions(target, cases.PUBLIC_POST_ENDPOINTS, {
        concurrency: 200,
        runTag: mode.slice(0, 2) + Date.now().toString(36).slice(-4),
      }),
    }));
    await section("fuzz", mode, () => runFuzz(target, cases, { invalidRuns: quick ? 20 : 60, oddRuns: quick ? 12 : 40, seed: 20260 }));
    // Analytics: 10,000 views all counted with 0 5xx; Análises over 90 days of 50,000 views < 300 ms.
    await section("analytics", mode, () => runAnalytics(target, { dbUrl }));
    // A post scheduled 90 s ahead, with the default check interval: live within 60 s of its time.
    await section("publishing", mode, () => runScheduledPublishing(target));
    if (mode === "embedded") {
      await section("xss", mode, () => runXss(target, cases, adminRoutes));
      await section("security", mode, () =>
        runHttpChecks(target, checks, adminRoutes, { https: false, postPath: post.path, bruteForce: false, secrets: false }),
      );
    }
    // Last, as the 2,000 posts it writes stay: /api/search's median per query (the bar is PostgreSQL's).
    await section("search", mode, () => runSearch(target, { seedPosts: seedContent.seedPosts, posts: 2000, runs: quick ? 10 : 25 }));
  } finally {
    await app.stop();
  }

  if (mode === "embedded" && want("security")) {
    // A second server as if behind HTTPS, with real rate limits and fake secrets to look for.
    report.modes.https = {};
    const httpsDir = path.join(runDir, "data-https");
    const httpsApp = await startApp({
      name: "app (https)",
      port: PORTS.https,
      buildDir: flags.buildDir,
      logFile,
      env: {
        DATA_DIR: httpsDir,
        SITE_URL: "https://bench.example",
        RATE_LIMIT_FACTOR: "1",
        STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY,
        CHAT_API_KEY: SECRETS.CHAT_API_KEY,
        CHAT_API_URL: "http://127.0.0.1:9",
        CHAT_ASSISTANT_ID: "asst-bench",
      },
    });
    try {
      const target2 = makeTarget(httpsApp, { dataDir: httpsDir });
      const post = await findPostPath(httpsApp.url);
      await section("security", "https", () => runHttpChecks(target2, checks, adminRoutes, { https: true, postPath: post.path }));
    } finally {
      await httpsApp.stop();
    }
  }

  if (dbUrl) {
    await section("multi", mode, () => runTwoInstances({ dbUrl, buildDir: flags.buildDir, logFile, checks, adminRoutes, cases }));
    await section("outage", mode, () => runOutage({ dbUrl, buildDir: flags.buildDir, logFile, cases, checks, realStop: flags.outage }));
  }
}

try {
  if (flags.build) build(flags.buildDir);
  else if (!fs.existsSync(path.join(ROOT, flags.buildDir, "server/index.js")))
    throw new Error(`sem build em ${flags.buildDir}: rode sem --no-build`);
  await runMode("embedded", {});
  if (process.env.DATABASE_URL) {
    const db = await createBenchDatabase(process.env.DATABASE_URL);
    if (db.note) report.notes.push(db.note);
    report.postgres = { database: db.name ?? "(DATABASE_URL)", created: db.created };
    try {
      await runMode("postgres", { dbUrl: db.url });
    } finally {
      if (!flags.keepDb) await db.drop().catch((e) => report.notes.push(`não consegui apagar o banco: ${e.message}`));
    }
  } else {
    report.notes.push("DATABASE_URL não definida: execuções em PostgreSQL, duas instâncias e queda do banco foram puladas.");
  }
} catch (error) {
  report.fatal = String(error?.stack ?? error);
  log(`erro fatal: ${report.fatal}`);
}
report.finishedAt = new Date().toISOString();
report.seconds = Math.round((Date.now() - started) / 1000);
report.machine.loadAverageAtEnd = machineInfo().loadAverage;
report.serverLog = path.relative(ROOT, logFile);
const { md, json } = writeReport(report, path.join(ROOT, "bench/results"), stamp);
// Keep the server log, drop the databases and saved pages (hundreds of MB).
for (const entry of fs.readdirSync(runDir))
  if (entry !== "server.log") fs.rmSync(path.join(runDir, entry), { recursive: true, force: true });
log(`relatório: ${path.relative(ROOT, md)} e ${path.relative(ROOT, json)}`);
process.exit(report.fatal ? 1 : 0);
