#!/usr/bin/env node
// `npm run bench`: builds, starts the production server (`node server.js`, a fresh embedded
// database) and checks every bar of docs/budgets.json; prints one table of bars and writes it to
// bench/results/report-<timestamp>.md (+ .json with every figure). docs/decisions/0118.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runFirstTaps } from "./lib/first-tap.mjs";
import { runHostile } from "./lib/hostile.mjs";
import { firstLoadJs, runLighthouse } from "./lib/lighthouse.mjs";
import { runSpeed } from "./lib/speed.mjs";
import { BUDGETS, ensureTools, log, PORTS, PUBLIC_PAGES, request, ROOT, startApp } from "./lib/util.mjs";

const SECTIONS = ["speed", "lighthouse", "taps", "hostile"];
const HELP = `npm run bench -- [flags]
  --only=a,b        only these sections: ${SECTIONS.join(",")}
  --quick           1 Lighthouse run per page (not 5), 1 first visit per control (not 3), 3-s load runs (not 8)
  --no-build        reuse the existing build
  --build-dir=DIR   build directory (default $BUILD_DIR or build-bench)
Environment: BENCH_PORT_BASE (default 3370): the seven ports the bench uses start there.`;

const flags = { only: new Set(SECTIONS), quick: false, build: true, buildDir: process.env.BUILD_DIR ?? "build-bench" };
for (const arg of process.argv.slice(2)) {
  if (arg === "--help" || arg === "-h") {
    console.log(HELP);
    process.exit(0);
  } else if (arg === "--quick") flags.quick = true;
  else if (arg === "--no-build") flags.build = false;
  else if (arg.startsWith("--build-dir=")) flags.buildDir = arg.slice(12);
  else if (arg.startsWith("--only=")) flags.only = new Set(arg.slice(7).split(","));
  else throw new Error(`flag desconhecida: ${arg} (veja --help)`);
}
const unknown = [...flags.only].filter((s) => !SECTIONS.includes(s));
if (unknown.length) throw new Error(`seção desconhecida: ${unknown.join(", ")} (seções: ${SECTIONS.join(", ")})`);

const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const runDir = path.join(ROOT, ".tmp", `bench-${stamp}`);
fs.mkdirSync(runDir, { recursive: true });
const logFile = path.join(runDir, "server.log");
const load = () => Array.from(os.loadavg(), (l) => l.toFixed(2)).join(" ");
const report = {
  startedAt: new Date().toISOString(),
  flags: { ...flags, only: [...flags.only] },
  loadAverage: [load()],
  rows: [],
  figures: {},
};
const started = Date.now();

function fail(name, error) {
  log(`!! ${name} falhou: ${error.stack ?? error}`);
  report.rows.push([name, `erro: ${String(error?.message ?? error).split("\n")[0]}`, "–", false]);
}

/** Runs one section; its rows go to the table, a failure becomes a failing row. */
async function section(name, fn) {
  if (!flags.only.has(name)) return;
  log(`== ${name} (carga da máquina ${load()})`);
  await fn().then(
    (rows) => report.rows.push(...rows),
    (error) => fail(name, error),
  );
}

/** The sections that share one app (page cache on, a fresh embedded database). */
async function withApp() {
  const dataDir = path.join(runDir, "data");
  const app = await startApp({ name: "app", port: PORTS.app, buildDir: flags.buildDir, env: { DATA_DIR: dataDir }, logFile });
  // A new DATA_DIR: the embedded database's first start (docs/decisions/0124).
  const { cpuS, rssMb } = app.ready;
  const maxCpuS = BUDGETS.embeddedFirstStart.maxCpuS;
  report.rows.push([
    "Primeira partida, banco embutido novo",
    `${cpuS.toFixed(1)} s de CPU, ${rssMb} MB`,
    `≤ ${maxCpuS} s de CPU`,
    cpuS <= maxCpuS,
  ]);
  try {
    // The first post of the public API stands for the post page type.
    const posts = JSON.parse((await request(`${app.url}/api/blog/posts`)).text).data;
    const post = `/blog/${(Array.isArray(posts) ? posts : posts.posts)[0].slug}`;
    const pages = PUBLIC_PAGES(post);
    await section("taps", () => runFirstTaps(app.url, pages, { runs: flags.quick ? 1 : 3 }));
    await section("lighthouse", async () => [
      await firstLoadJs(app.url, "/"),
      ...(await runLighthouse(app.url, [...pages, "/busca", "/busca?q=automacao"], flags.quick ? 1 : 5)),
    ]);
    await section("speed", async () => {
      ensureTools();
      const speed = await runSpeed({ app, dataDir, runDir, buildDir: flags.buildDir, logFile, quick: flags.quick });
      report.figures.speed = speed.figures;
      return speed.rows;
    });
  } finally {
    await app.stop();
  }
}

try {
  if (flags.build) {
    log(`build em ${flags.buildDir}...`);
    const bin = path.join(ROOT, "node_modules/.bin/react-router");
    const r = spawnSync(bin, ["build"], { cwd: ROOT, env: { ...process.env, BUILD_DIR: flags.buildDir }, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`build falhou:\n${(r.stderr || r.stdout).slice(-3000)}`);
  }
  if (["taps", "lighthouse", "speed"].some((name) => flags.only.has(name))) await withApp().catch((error) => fail("app", error));
  await section("hostile", () => runHostile({ buildDir: flags.buildDir, logFile, runDir }));
} catch (error) {
  fail("bench", error);
}

report.loadAverage.push(load());
report.seconds = Math.round((Date.now() - started) / 1000);
const cell = (s) => String(s).replace(/\|/g, "\\|");
const failing = report.rows.filter((r) => !r[3]).length;
const md = [
  `# Bench ${report.startedAt}`,
  `${os.cpus().length} CPUs, Node ${process.version}, carga ${report.loadAverage.join(" → ")}, ${report.seconds} s, flags: ${process.argv.slice(2).join(" ") || "nenhuma"}. ` +
    `Metas: docs/budgets.json. ${report.rows.length - failing} ok, ${failing} abaixo da meta.`,
  ["| barra | resultado | meta | ok |", "| --- | --- | --- | --- |"]
    .concat(
      report.rows.map(([check, figure, limit, pass]) => `| ${cell(check)} | ${cell(figure)} | ${cell(limit)} | ${pass ? "✅" : "❌"} |`),
    )
    .join("\n"),
].join("\n\n");
const out = path.join(ROOT, "bench/results");
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, `report-${stamp}.md`), md + "\n");
fs.writeFileSync(path.join(out, `report-${stamp}.json`), JSON.stringify(report, null, 2));
// Keep the server log; drop the databases (hundreds of MB).
for (const entry of fs.readdirSync(runDir))
  if (entry !== "server.log") fs.rmSync(path.join(runDir, entry), { recursive: true, force: true });
console.log(`\n${md}\n\nRelatório: bench/results/report-${stamp}.md; log dos servidores: ${path.relative(ROOT, logFile)}`);
process.exit(failing ? 1 : 0);
