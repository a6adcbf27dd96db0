// Where a test suite's CPU goes, by kind of process (Linux only: reads /proc).
//
//   node bench/suite-cpu.mjs -- npx playwright test
//   node bench/suite-cpu.mjs -- npx vitest run --project integration
//
// Runs the command, samples every process it started (its whole tree) four times a second, and
// prints the wall time and the CPU seconds of each kind: Chromium's renderer, GPU, browser and
// utility processes, the app's servers (`server.js`), Java (the HTML checker) and other Node
// processes (test runners and workers). PostgreSQL's backends are the server's children, not the
// command's, and are not counted; a process that lives less than a quarter of a second may be
// missed. The suites are CPU-bound on a 2-core host: CPU seconds / 2 bounds their wall time.
import { spawn } from "node:child_process";
import fs from "node:fs";

const args = process.argv.slice(process.argv.indexOf("--") + 1);
if (!args.length || !process.argv.includes("--")) {
  console.error("uso: node bench/suite-cpu.mjs -- <comando> [argumentos]");
  process.exit(2);
}
/** /proc's CPU times are in clock ticks, 100 a second on Linux (USER_HZ). */
const TICK = 100;
if (process.platform !== "linux") {
  console.error("bench/suite-cpu.mjs lê /proc: só no Linux");
  process.exit(2);
}

const kindOf = (cmd) => {
  if (/chrom/.test(cmd)) return `chromium ${/--type=([a-z-]+)/.exec(cmd)?.[1] ?? "browser"}`;
  if (/server\.js/.test(cmd)) return "app server";
  if (/java/.test(cmd)) return "java";
  if (/node|npm|npx/.test(cmd)) return "node (runner, workers)";
  return cmd.split(" ")[0].split("/").pop() || "other";
};
const read = (file) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};
/** pid → { ppid, cpu seconds } of every process now. */
function snapshot() {
  const all = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    all.set(Number(name), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICK });
  }
  return all;
}

const started = Date.now();
const child = spawn(args[0], args.slice(1), { stdio: "inherit" });
const seen = new Map(); // pid → { kind, cpu }
const sample = () => {
  const all = snapshot();
  const tree = new Set([child.pid]);
  // Parents are older than their children: a few passes find the whole tree.
  for (let pass = 0; pass < 8; pass++) for (const [pid, p] of all) if (tree.has(p.ppid)) tree.add(pid);
  for (const pid of tree) {
    const p = all.get(pid);
    if (!p) continue;
    const known = seen.get(pid);
    if (known) known.cpu = p.cpu;
    else seen.set(pid, { kind: kindOf((read(`/proc/${pid}/cmdline`) ?? "").replaceAll("\0", " ")), cpu: p.cpu });
  }
};
const timer = setInterval(sample, 250);
child.on("exit", (code) => {
  clearInterval(timer);
  const byKind = new Map();
  for (const { kind, cpu } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + cpu);
  // The whole tree's CPU, exactly: the command's, with its waited-for descendants', as the kernel
  // hands it to its parent (this process's cutime and cstime). What the samples missed is the rest.
  const self = read("/proc/self/stat");
  const fields = self.slice(self.lastIndexOf(")") + 2).split(" ");
  const total = (Number(fields[13]) + Number(fields[14])) / TICK;
  const sampled = [...byKind.values()].reduce((a, b) => a + b, 0);
  if (total > sampled) byKind.set("not sampled (short-lived, or ended between samples)", total - sampled);
  const wall = (Date.now() - started) / 1000;
  console.log(`\nsuite-cpu: ${wall.toFixed(0)} s de relógio, ${total.toFixed(0)} s de CPU (${(total / wall).toFixed(2)} núcleos em média)`);
  for (const [kind, cpu] of [...byKind].sort((a, b) => b[1] - a[1])) console.log(`${cpu.toFixed(1).padStart(8)} s  ${kind}`);
  process.exit(code ?? 1);
});
