#!/usr/bin/env node
// `node bench/floating.mjs`: only the floating-buttons measurement of the bench (docs/decisions/0059),
// printed as a table. With --base=URL it looks at a server already running (another checkout's
// build, say); otherwise it builds into build-bench (or --build-dir) unless --no-build, and starts
// the production server on the bench's port (or --port=N, when another bench holds it) with a
// fresh embedded database.
import fs from "node:fs";
import path from "node:path";
import { FLOATING_PAGES, runFloatingVisibility } from "./lib/floating.mjs";
import { build, findPostPath, PORTS, ROOT, startApp } from "./lib/util.mjs";

const args = process.argv.slice(2);
const value = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const buildDir = value("build-dir") ?? process.env.BUILD_DIR ?? "build-bench";
let base = value("base");
let app = null;
if (!base) {
  if (!args.includes("--no-build")) build(buildDir);
  const runDir = path.join(ROOT, ".tmp", `bench-floating-${Date.now()}`);
  fs.mkdirSync(runDir, { recursive: true });
  app = await startApp({
    name: "app (floating)",
    port: Number(value("port") ?? PORTS.app),
    buildDir,
    env: { DATA_DIR: path.join(runDir, "data") },
    logFile: path.join(runDir, "server.log"),
  });
  base = app.url;
}
try {
  const { path: post } = await findPostPath(base);
  const result = await runFloatingVisibility(base, FLOATING_PAGES(post));
  console.log(`\n${result.viewport.width}×${result.viewport.height}, ${result.positionsPerPage} posições por página`);
  console.log("página | chat visível | chat com rótulo | WhatsApp visível | ambos (chat com rótulo)");
  for (const r of result.rows)
    console.log(
      `${r.page} | ${r.chat}/${r.positions} | ${r.labelled}/${r.positions} | ${r.whatsapp}/${r.positions} | ${r.both}/${r.positions}`,
    );
  const p = result.percent;
  console.log(`total | ${p.chat} % | ${p.labelled} % | ${p.whatsapp} % | ${p.both} %`);
  if (args.includes("--json")) console.log(JSON.stringify(result));
} finally {
  await app?.stop();
}
