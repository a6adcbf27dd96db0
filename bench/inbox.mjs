#!/usr/bin/env node
// `npm run bench:inbox -- --tier 2 --database-url postgres://…/scale_t2`: times the admin's lead
// inbox (/admin/leads) view by view on a database filled by `npm run seed:scale` (docs/decisions/0112,
// 0132). Starts the production build (`npm run build` first; --build-dir picks another build of
// this checkout, --dir another checkout's) with PAGE_CACHE=off, logs in as the admin, asks each view
// once to warm it, then --runs times (default 20); prints each view's median and 95th percentile
// (nearest rank), the rows it showed and any 5xx, as a Markdown table, and writes JSON to
// .tmp/bench-inbox-tier<N>-<time>.json. The searches and the deep page ask a different person or
// page on every run, so no run reads what the one before it left in PostgreSQL's buffers; the
// other views are one query string each (the inbox is never cached: Cache-Control no-store).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { adminSession, median, processStats, ROOT, startApp } from "./lib/util.mjs";

const { values: opts } = parseArgs({
  options: ["tier", "database-url", "dir", "build-dir", "port", "runs", "only"].reduce(
    (o, name) => ({ ...o, [name]: { type: "string" } }),
    {},
  ),
});
const { tier = "?", "database-url": databaseUrl = process.env.DATABASE_URL, runs: runsText = "20", "build-dir": buildDir = "build" } = opts;
const dir = path.resolve(opts.dir ?? ROOT);
const port = Number(opts.port ?? process.env.E2E_PORT ?? "3611");
const runs = Number(runsText);
const only = opts.only?.split(",");
if (!databaseUrl || !(runs > 0)) {
  console.error(
    "Uso: npm run bench:inbox -- --tier 2 --database-url postgres://… [--runs 20] [--only nome,e-mail] [--build-dir build] [--dir checkout] [--port 3611]",
  );
  process.exit(2);
}
const base = `http://127.0.0.1:${port}`;
const TIMEOUT_MS = 60_000;

// People to search for: spread over every kind of lead that has a name (the chat's leads have none)
// and over each kind's leads, one per run (and one for the warm-up); all in `leads` (docs/decisions/0135).
const NAMED = ["contatos", "consultas", "questionarios", "candidaturas", "reunioes"];
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const people = [];
for (let i = 0; i <= runs; i++) {
  const kind = NAMED[i % NAMED.length];
  const { rows } = await client.query(
    `select name, email from leads
      where kind = $2 and name is not null and email is not null
      order by id offset (select count(*) from leads where kind = $2) * $1::float limit 1`,
    [((i * 7919) % 1000) / 1000, kind],
  );
  if (rows[0]) people.push(rows[0]);
}
const pages = Math.ceil(
  Number(
    (await client.query("select count(*) as n from leads where kind in ('contatos', 'consultas', 'questionarios', 'candidaturas')")).rows[0]
      .n,
  ) / 25,
);
await client.end();
if (people.length === 0) throw new Error("o banco não tem leads: rode npm run seed:scale antes");
const person = (i) => people[i % people.length];
// A deep page: page 500 and the ones after it (each a new offset), never past the end.
const deepPage = (i) => Math.max(1, Math.min(500 + i, pages - runs - 1));

/** Each view: a name and its URL for run i (i = 0 is the warm-up). */
const VIEWS = [
  ["padrão", () => "/admin/leads"],
  ["busca por nome", (i) => `/admin/leads?q=${encodeURIComponent(person(i).name)}`],
  ["busca por e-mail", (i) => `/admin/leads?q=${encodeURIComponent(person(i).email)}`],
  ["etapa", () => "/admin/leads?etapa=em-contato"],
  ["etapas abertas", () => "/admin/leads?etapa=abertos"],
  ["tipo", () => "/admin/leads?tipo=candidaturas"],
  ["origem", () => "/admin/leads?origem=google"],
  ["retorno vencido", () => "/admin/leads?retorno=vencido"],
  ["página funda", (i) => `/admin/leads?page=${deepPage(i)}`],
];

const revision = spawnSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim() || "?";
const logFile = path.join(ROOT, ".tmp", `bench-inbox-server-${port}.log`);
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const app = await startApp({ name: "app", port, cwd: dir, buildDir, logFile, env: { DATABASE_URL: databaseUrl, PAGE_CACHE: "off" } });
const child = app.child;
process.on("exit", () => child.exitCode === null && child.kill("SIGTERM"));

const sid = await adminSession(base);
const headers = { cookie: sid, "accept-encoding": "identity" };

async function once(url) {
  const t = performance.now();
  try {
    const res = await fetch(base + url, { headers, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    const html = await res.text();
    return { ms: performance.now() - t, status: res.status, rows: (html.match(/data-testid="inbox-row"/g) ?? []).length };
  } catch (error) {
    return { ms: performance.now() - t, status: 0, rows: 0, error: error.message };
  }
}

/** Nearest rank: with 20 runs, the 19th fastest. */
const p95 = (values) => values.toSorted((a, b) => a - b)[Math.ceil(0.95 * values.length) - 1];

const rows = [];
for (const [name, urlOf] of VIEWS) {
  if (only && !only.some((o) => name.includes(o))) continue;
  const first = await once(urlOf(0));
  const samples = [];
  for (let i = 1; i <= runs; i++) samples.push(await once(urlOf(i)));
  const all = [first, ...samples];
  const ms = samples.map((s) => s.ms);
  rows.push({
    name,
    url: urlOf(1),
    firstMs: Math.round(first.ms),
    medianMs: Math.round(median(ms)),
    p95Ms: Math.round(p95(ms)),
    maxMs: Math.round(Math.max(...ms)),
    // A search that found nobody would be fast for the wrong reason: the fewest rows any run showed.
    minRows: Math.min(...samples.map((s) => s.rows)),
    statuses: [...new Set(all.map((s) => s.status))].join("/"),
    errors5xx: all.filter((s) => s.status >= 500 || s.status === 0).length,
  });
  const r = rows.at(-1);
  console.error(`${name}: ${r.medianMs} ms (p95 ${r.p95Ms} ms), ${r.minRows}+ linhas, ${r.statuses}`);
}
const after = processStats(child.pid);
await app.stop();

const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(
  `\n### Caixa de leads, camada ${tier}: ${databaseUrl.replace(/\/\/[^@]*@/, "//")} (${dir === ROOT ? "este checkout" : dir}, ${buildDir}, ${revision}), ${runs} execuções, carga ${load}\n`,
);
console.log("| visão | exemplo | 1ª (ms) | mediana (ms) | p95 (ms) | linhas (mín.) | status | 5xx |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |");
for (const r of rows)
  console.log(`| ${r.name} | \`${r.url}\` | ${r.firstMs} | ${r.medianMs} | ${r.p95Ms} | ${r.minRows} | ${r.statuses} | ${r.errors5xx} |`);
console.log(`\nServidor depois de tudo: ${after.rssMb} MB, ${after.cpuS.toFixed(1)} s de CPU.`);
const json = path.join(ROOT, ".tmp", `bench-inbox-tier${tier}-${new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)}.json`);
fs.writeFileSync(json, JSON.stringify({ tier, databaseUrl, dir, buildDir, revision, runs, load, after, rows }, null, 2));
console.log(`JSON: ${path.relative(ROOT, json)}`);
