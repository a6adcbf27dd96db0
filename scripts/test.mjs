// `npm test`: every suite, each started as soon as what it needs is there (decision 0123):
//   at once:                    build · typegen + tsc · ESLint · Prettier · Vitest unit
//   then, once build and unit:  Vitest integration, then Playwright (browser tests)
// The static checks go on beside the tests if they are not done; tests never run beside tests.
// The first failure stops every other job. Extra arguments choose suites: `npm test -- types lint unit integration e2e`.
// The unit suite alone needs no build: `npm test -- unit` starts Vitest at once.
import { spawn } from "node:child_process";
import fs from "node:fs";

const ALL = ["types", "lint", "unit", "integration", "e2e"];
const suites = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
const unknown = suites.filter((s) => !ALL.includes(s));
if (unknown.length) {
  console.error(`Suíte desconhecida: ${unknown.join(", ")} (use ${ALL.join(", ")})`);
  process.exit(2);
}
const bin = (name) => `node_modules/.bin/${name}`;
const wants = (suite) => suites.includes(suite);

/**
 * The jobs: `after` names the jobs that must end well first; `live` prints as it goes (the longest, so a run is never silent for minutes), the
 * others print whole when they end, so two outputs never mix line by line.
 */
const jobs = [];
const needsBuild = wants("integration") || wants("e2e");
if (needsBuild) jobs.push({ name: "build", commands: [[bin("react-router"), ["build"]]] });
if (wants("types"))
  jobs.push({
    name: "tipos",
    commands: [
      [bin("react-router"), ["typegen"]],
      // The caches (.tmp/, ignored by git) make a second run check only what changed: the inner
      // loop of `npm run test:quick`. A fresh clone (CI) has none and checks everything.
      [bin("tsc"), ["--noEmit", "--incremental", "--tsBuildInfoFile", ".tmp/cache/tsc.tsbuildinfo"]],
    ],
  });
if (wants("lint")) {
  jobs.push({ name: "eslint", commands: [[bin("eslint"), ["--cache", "--cache-location", ".tmp/cache/eslint", "."]]] });
  jobs.push({
    name: "prettier",
    commands: [[bin("prettier"), ["--check", "--log-level=warn", "--cache", "--cache-location", ".tmp/cache/prettier", "."]]],
  });
}
if (wants("unit")) jobs.push({ name: "vitest unit", commands: [[bin("vitest"), ["run", "--project", "unit"]]] });
if (wants("e2e"))
  jobs.push({
    name: "playwright",
    // After the integration suite, not beside it: together they failed on time limits (decision 0123).
    after: wants("integration") ? ["vitest integration"] : wants("unit") ? ["build", "vitest unit"] : ["build"],
    live: true,
    before: () => fs.rmSync(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`, { recursive: true, force: true }),
    commands: [[bin("playwright"), ["test"]]],
  });
if (wants("integration"))
  jobs.push({
    name: "vitest integration",
    // Tests never run beside tests: the unit and integration suites together missed time limits.
    after: wants("unit") ? ["build", "vitest unit"] : ["build"],
    commands: [[bin("vitest"), ["run", "--project", "integration"]]],
  });

const started = Date.now();
const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(0)} s`;
/** Jobs' processes still running, stopped together on a failure or an interrupt. */
const running = new Set();
let failed = false;

/**
 * Stops every job still running, as Ctrl-C would: Playwright then stops its browsers and the
 * servers it started, Vitest its workers. Whatever is still there 15 s later is killed.
 */
function stopAll() {
  const signal = (name) => {
    for (const child of running) child.kill(name);
  };
  signal("SIGINT");
  setTimeout(() => signal("SIGKILL"), 15_000).unref();
}
for (const name of ["SIGINT", "SIGTERM"])
  process.on(name, () => {
    failed = true;
    process.exitCode = 130;
    stopAll();
  });

const ended = new Map(
  jobs.map((job) => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return [job.name, { promise, resolve }];
  }),
);
const timings = [];

async function runJob(job) {
  for (const name of job.after ?? []) if (!(await ended.get(name).promise)) return false;
  if (failed) return false;
  job.before?.();
  const jobStarted = Date.now();
  let output = "";
  const write = (text) => (job.live ? process.stdout.write(text) : (output += text));
  let status = 0;
  for (const [cmd, args] of job.commands) {
    write(`\n$ ${cmd} ${args.join(" ")}\n`);
    const child = spawn(cmd, args, {
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(child);
    child.stdout.on("data", (chunk) => write(chunk.toString()));
    child.stderr.on("data", (chunk) => write(chunk.toString()));
    status = await new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
    running.delete(child);
    if (status !== 0 || failed) break;
  }
  timings.push(`${job.name} ${seconds(jobStarted)}`);
  if (!job.live) process.stdout.write(output);
  if (status !== 0 && !failed) {
    failed = true;
    console.log(`\n✗ ${job.name} falhou (código ${status}); os outros trabalhos foram interrompidos.`);
    stopAll();
  }
  return status === 0 && !failed;
}

const results = await Promise.all(
  jobs.map(async (job) => {
    const ok = await runJob(job);
    ended.get(job.name).resolve(ok);
    return ok;
  }),
);
console.log(`\n(tempos: ${timings.join(" · ")}; tudo: ${seconds(started)})`);
if (failed || results.some((ok) => !ok)) process.exit(process.exitCode || 1);
