// Where a fresh render's CPU goes: starts the production server with V8's sampling profiler ready
// (a preloaded module that starts and stops it on SIGWINCH, so start-up is not counted), asks for a
// page that no cache answers for `--seconds` with wrk, and sums the self time of the samples by area. Without
// PAGE_CACHE (a build from before it existed) every request carries a tracking parameter never
// seen before, which that build's cache keyed on; with it, PAGE_CACHE=off.
//
//   node bench/profile-miss.mjs [--build-dir=build] [--server-dir=.] [--path=/] [--seconds=10] [--port=3377]
//     [--data-dir=memory://] [--top=12] [--keep=FILE.cpuprofile (for Chromium DevTools)]
//
// The shares are what the miss path spends its CPU on; req/s is this machine's, at 10 connections.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "1"];
  }),
);
const serverDir = path.resolve(args["server-dir"] ?? ".");
const buildDir = args["build-dir"] ?? "build"; // relative to the server's folder
const port = Number(args.port ?? 3377);
const seconds = Number(args.seconds ?? 10);
const page = args.path ?? "/";
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "miss-profile-"));

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  BUILD_DIR: buildDir,
  DATA_DIR: args["data-dir"] ?? "memory://",
  LOG_LEVEL: "warn",
  RATE_LIMIT_FACTOR: "10000",
  SITE_URL: `http://127.0.0.1:${port}`,
  PAGE_CACHE: "off",
  DATABASE_URL: "",
};
const logFile = path.join(profDir, "server.log");
const out = fs.openSync(logFile, "a");
const profileFile = path.join(profDir, "miss.cpuprofile");
// In the server: SIGWINCH starts the profiler, the next one stops it and writes the profile.
const preload = path.join(profDir, "profiler.mjs");
fs.writeFileSync(
  preload,
  `import inspector from "node:inspector";
import fs from "node:fs";
const session = new inspector.Session();
session.connect();
let running = false;
process.on("SIGWINCH", () => {
  if (!running) {
    running = true;
    session.post("Profiler.enable", () => session.post("Profiler.start"));
  } else {
    session.post("Profiler.stop", (error, result) => fs.writeFileSync(${JSON.stringify(profileFile)}, JSON.stringify(result.profile)));
  }
});
`,
);
const server = spawn(process.execPath, ["--import", preload, "server.js"], { cwd: serverDir, env, stdio: ["ignore", out, out] });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (i > 900 || server.exitCode !== null) throw new Error(`o servidor não respondeu: ${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
  if (
    await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false)
  )
    break;
  await new Promise((r) => setTimeout(r, 200));
}
// Warm up: the first renders compile code and fill the database's caches.
for (let i = 0; i < 30; i++)
  await fetch(`${base}${page}?gclid=warm${i}`, { headers: { "accept-encoding": "gzip" } }).then((r) => r.arrayBuffer());

const lua = path.join(profDir, "unique.lua");
fs.writeFileSync(
  lua,
  `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", "${page}?gclid=p" .. n .. "x" .. math.random(1, 1000000000))\nend\n`,
);
/**
 * The server's CPU time so far, all threads, in ms, and its minor page faults (Linux /proc). On
 * machines where fresh memory is dear, faults say how much of the system time is new memory
 * (docs/decisions/0096).
 */
const usage = () => {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  // minflt, utime, stime (ticks of 1/100 s): fields 10, 14 and 15 of stat, counted from 1.
  return { faults: Number(fields[7]), userMs: Number(fields[11]) * 10, systemMs: Number(fields[12]) * 10 };
};
server.kill("SIGWINCH");
await new Promise((r) => setTimeout(r, 200));
const usageBefore = usage();
const wrk = spawnSync("wrk", ["-t1", "-c10", `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: gzip", "-s", lua, base], {
  encoding: "utf8",
});
const usageAfter = usage();
const cpuDuring = usageAfter.userMs + usageAfter.systemMs - (usageBefore.userMs + usageBefore.systemMs);
const reqPerSec = Number(/Requests\/sec:\s+([\d.]+)/.exec(wrk.stdout)?.[1] ?? 0);
const p99 = /^\s*99%\s+(\S+)/m.exec(wrk.stdout)?.[1];
const html = await fetch(`${base}${page}?gclid=size`).then((r) => r.text());

server.kill("SIGWINCH");
for (let i = 0; i < 100 && !fs.existsSync(profileFile); i++) await new Promise((r) => setTimeout(r, 100));
const exited = new Promise((r) => server.once("exit", r));
server.kill("SIGINT");
await exited;
if (!fs.existsSync(profileFile)) throw new Error("nenhum perfil escrito");
const profile = JSON.parse(fs.readFileSync(profileFile, "utf8"));

// Self time per node: samples × interval.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (deltas[i] ?? 0));

/** An area per sample, from the function's script and name. */
function areaOf(node) {
  const { url, functionName } = node.callFrame;
  if (functionName === "(garbage collector)") return "coleta de lixo";
  if (functionName === "(idle)" || functionName === "(program)") return functionName;
  if (/zlib|brotli|deflate|gzip/i.test(functionName) || url.includes("node:zlib")) return "compressão";
  if (url.includes("react-dom")) return "React (render no servidor)";
  if (url.includes("react-router")) return "React Router";
  if (url.includes("pglite") || url.includes("drizzle") || url.includes("/pg/")) return "banco de dados";
  if (url.includes("express") || url.includes("node:_http") || url.includes("node:net") || url.includes("helmet"))
    return "HTTP (Node, Express)";
  if (url.includes("build/server")) return "código do app (bundle do servidor)";
  if (url.startsWith("node:")) return "Node (outros)";
  if (!url) return "nativo (V8, sem script)";
  return "outros módulos";
}

const areas = new Map();
let total = 0;
for (const [id, us] of self) {
  const node = byId.get(id);
  const area = areaOf(node);
  if (area === "(idle)") continue;
  areas.set(area, (areas.get(area) ?? 0) + us);
  total += us;
}
const requests = Number(/(\d+) requests in/.exec(wrk.stdout)?.[1] ?? 0);
console.log(`Caminho lento de ${page}: ${reqPerSec} req/s a 10 conexões, p99 ${p99}; HTML ${Buffer.byteLength(html)} bytes`);
console.log(
  `CPU do processo (todas as threads, /proc): ${(cpuDuring / requests).toFixed(1)} ms por resposta; ` +
    `thread principal amostrada: ${(total / 1000 / requests).toFixed(1)} ms por resposta (${requests} respostas)`,
);
console.log(
  `  das quais sistema: ${((usageAfter.systemMs - usageBefore.systemMs) / requests).toFixed(2)} ms por resposta; ` +
    `faltas de página: ${Math.round((usageAfter.faults - usageBefore.faults) / requests)} por resposta`,
);
for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${area.padEnd(38)} ${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000 / requests).toFixed(2)} ms/resposta`);
}
const byFunction = new Map();
for (const [id, us] of self) {
  const { functionName, url } = byId.get(id).callFrame;
  if (functionName === "(idle)") continue;
  const key = `${functionName || "(anônima)"} ${url ? url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/") : ""}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
console.log("Funções com mais tempo próprio:");
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top ?? 12))) {
  console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key.slice(0, 110)}`);
}
if (args.keep) fs.copyFileSync(profileFile, args.keep);
fs.rmSync(profDir, { recursive: true, force: true });
