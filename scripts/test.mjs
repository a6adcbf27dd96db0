// `npm test`: build once, type-check, then unit + integration (Vitest) and browser tests (Playwright).
// Extra arguments choose suites: `npm test -- unit integration e2e`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const suites = process.argv.slice(2).length ? process.argv.slice(2) : ["unit", "integration", "e2e"];
const run = (cmd, args, env = {}) => {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const bin = (name) => `node_modules/.bin/${name}`;

run(bin("react-router"), ["build"]);
// Types first: a type error fails fast, before the slower suites.
run(bin("react-router"), ["typegen"]);
run(bin("tsc"), ["--noEmit"]);
const vitestProjects = suites.filter((s) => s === "unit" || s === "integration");
if (vitestProjects.length) run(bin("vitest"), ["run", ...vitestProjects.flatMap((p) => ["--project", p])]);
if (suites.includes("e2e")) {
  fs.rmSync(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`, { recursive: true, force: true });
  run(bin("playwright"), ["test"]);
}
