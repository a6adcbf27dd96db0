// `npm test`: type-check, then build once for unit + integration (Vitest) and browser tests
// (Playwright). Extra arguments choose suites: `npm test -- types lint unit integration e2e`.
// The unit suite alone needs no build: `npm test -- unit` starts Vitest at once.
import { spawnSync } from "node:child_process";
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

// Types first: a type error fails fast, before the slower suites.
if (suites.includes("types")) {
  run(bin("react-router"), ["typegen"]);
  run(bin("tsc"), ["--noEmit"]);
}
if (suites.includes("lint")) {
  run(bin("eslint"), ["."]);
  run(bin("prettier"), ["--check", "--log-level=warn", "."]);
}
// Integration tests boot the production bundle; browser tests serve it.
if (suites.includes("integration") || suites.includes("e2e")) run(bin("react-router"), ["build"]);
const vitestProjects = suites.filter((s) => s === "unit" || s === "integration");
if (vitestProjects.length) run(bin("vitest"), ["run", ...vitestProjects.flatMap((p) => ["--project", p])]);
if (suites.includes("e2e")) {
  fs.rmSync(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`, { recursive: true, force: true });
  run(bin("playwright"), ["test"]);
}
