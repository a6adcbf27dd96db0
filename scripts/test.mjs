// `npm test`: type-check, lint and build once (at the same time), then unit + integration (Vitest)
// and browser tests (Playwright). Extra arguments choose suites: `npm test -- types lint unit integration e2e`.
// The unit suite alone needs no build: `npm test -- unit` starts Vitest at once.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

const ALL = ["types", "lint", "unit", "integration", "e2e"];
const DEFAULT = ALL;
const suites = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;
const unknown = suites.filter((s) => !ALL.includes(s));
if (unknown.length) {
  console.error(`Suíte desconhecida: ${unknown.join(", ")} (use ${ALL.join(", ")})`);
  process.exit(2);
}
const run = (cmd, args, env = {}) => {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const bin = (name) => `node_modules/.bin/${name}`;

/** Runs each sequence of commands beside the others; prints a sequence's output when it ends. */
async function runTogether(sequences) {
  const started = Date.now();
  const results = await Promise.all(
    sequences.map(async (commands) => {
      let output = "";
      for (const [cmd, args] of commands) {
        output += `\n$ ${cmd} ${args.join(" ")}\n`;
        const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" } });
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        const status = await new Promise((resolve) => child.on("close", resolve));
        if (status !== 0) {
          process.stdout.write(output);
          return status ?? 1;
        }
      }
      process.stdout.write(output);
      return 0;
    }),
  );
  console.log(`\n(verificações e build juntos: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  const failed = results.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}

// The static checks and the build run at once: each is mostly one thread, and together they take
// about half their sum on two cores. A failure stops everything before the slower suites.
const checks = [];
if (suites.includes("types"))
  checks.push([
    [bin("react-router"), ["typegen"]],
    [bin("tsc"), ["--noEmit"]],
  ]);
if (suites.includes("lint")) checks.push([[bin("eslint"), ["."]]], [[bin("prettier"), ["--check", "--log-level=warn", "."]]]);
// Integration tests boot the production bundle; browser tests serve it.
if (suites.includes("integration") || suites.includes("e2e")) checks.push([[bin("react-router"), ["build"]]]);
if (checks.length) await runTogether(checks);
const vitestProjects = suites.filter((s) => s === "unit" || s === "integration");
if (vitestProjects.length) run(bin("vitest"), ["run", ...vitestProjects.flatMap((p) => ["--project", p])]);
if (suites.includes("e2e")) {
  fs.rmSync(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`, { recursive: true, force: true });
  run(bin("playwright"), ["test"]);
}
