#!/usr/bin/env node
// `npm run bench:scale -- --tier 1 --database-url postgres://…/scale_t1`: times every admin page
// and the public pages on a database filled by `npm run seed:scale` (docs/decisions/0112). Starts
// the production build (`npm run build` first) with PAGE_CACHE=off, logs in, asks each page once
// to warm it, then --runs times (default 5); reports each page's median, largest body, statuses,
// any 5xx, and the server's memory (RSS) at ready and after the whole run; each page's 95th
// percentile and fastest run go to the progress lines and the JSON. Writes a Markdown
// table to stdout and JSON to .tmp/bench-scale-tier<N>-<time>.json.
// --dir runs another checkout's build (for a before/after comparison); --port (default 3610).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { adminSession, median, processStats, ROOT, startApp } from "./lib/util.mjs";
const { values: opts } = parseArgs({
  options: ["tier", "database-url", "dir", "port", "runs", "only"].reduce((o, name) => ({ ...o, [name]: { type: "string" } }), {}),
});
const { tier = "?", "database-url": databaseUrl = process.env.DATABASE_URL, runs: runsText = "5" } = opts;
const dir = path.resolve(opts.dir ?? ROOT);
const port = Number(opts.port ?? process.env.E2E_PORT ?? "3610");
const runs = Number(runsText);
const only = opts.only?.split(",");
if (!databaseUrl) {
  console.error("Uso: npm run bench:scale -- --tier 1|2 --database-url postgres://… [--dir checkout] [--port 3610] [--runs 5]");
  process.exit(2);
}
const base = `http://127.0.0.1:${port}`;
const TIMEOUT_MS = 60_000;

// Brasília's day, as the app counts them; a 365-day custom range ends today.
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const yearAgo = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() - 364 * 86_400_000));

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const firstId = async (table, column = "id", where = "true") =>
  (await client.query(`select max(${column}) as id from ${table} where ${where}`)).rows[0]?.id ?? 1;
const ids = {
  post: await firstId("blog_posts"),
  // A contact's number among the contacts (docs/decisions/0140), what its addresses name.
  // A database from before the lead table (a --dir checkout older than 0021) has its contacts' own.
  contact: (await client.query("select to_regclass('leads') as t")).rows[0].t
    ? await firstId("leads", "number", "kind = 'contatos'")
    : await firstId("contacts"),
  booking: await firstId("bookings"),
  chat: await firstId("chat_sessions"),
};
await client.end();

const ADMIN = [
  ["dashboard", "/admin/dashboard"],
  ["análises 30 dias", "/admin/analises?periodo=30"],
  ["análises 90 dias", "/admin/analises?periodo=90"],
  ["análises 365 dias", `/admin/analises?periodo=personalizado&de=${yearAgo}&ate=${today}`],
  ["leads (caixa)", "/admin/leads"],
  ["leads contatos", "/admin/leads/contatos"],
  ["leads consultas", "/admin/leads/consultas"],
  ["leads candidaturas", "/admin/leads/candidaturas"],
  ["leads newsletter", "/admin/leads/newsletter"],
  ["lead (um contato)", `/admin/leads/contatos/${ids.contact}`],
  ["spam", "/admin/leads/spam"],
  ["blog (lista)", "/admin"],
  ["post (edição)", `/admin/posts/${ids.post}`],
  ["agenda", "/admin/agenda"],
  ["reunião", `/admin/agenda/${ids.booking}`],
  ["pedidos", "/admin/pedidos"],
  ["questionários", "/admin/business-optimizations"],
  ["questionários (poll)", "/api/business-optimizations"],
  ["conversas", "/admin/conversas"],
  ["conversa", `/admin/conversas/${ids.chat}`],
  ["auditoria", "/admin/auditoria"],
  ["privacidade", "/admin/privacidade"],
  ["segurança", "/admin/seguranca"],
];
const PUBLIC = [
  ["início", "/"],
  ["blog", "/blog"],
  ["blog página 50", "/blog?page=50"],
  ["post", "/blog/ia-processo-1"],
  ["busca", "/busca?q=agentes"],
  ["sitemap.xml", "/sitemap.xml"],
  ["rss", "/blog/rss.xml"],
  ["produtos", "/produtos"],
];

const logFile = path.join(ROOT, ".tmp", `bench-scale-server-${port}.log`);
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const startedAt = Date.now();
const app = await startApp({
  name: "app",
  port,
  cwd: dir,
  buildDir: "build",
  logFile,
  env: { DATABASE_URL: databaseUrl, PAGE_CACHE: "off" },
});
const child = app.child;
process.on("exit", () => child.exitCode === null && child.kill("SIGTERM"));
const stop = () => app.stop();
const start = { wallS: (Date.now() - startedAt) / 1000, ...processStats(child.pid) };

const sid = await adminSession(base);

async function once(url, headers) {
  const t = performance.now();
  try {
    const res = await fetch(base + url, { headers, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - t, status: res.status, bytes };
  } catch (error) {
    return { ms: performance.now() - t, status: 0, bytes: 0, error: error.message };
  }
}

async function measure(section, pages, headers) {
  const rows = [];
  for (const [name, url] of pages) {
    if (only && !only.some((o) => name.includes(o))) continue;
    const first = await once(url, headers);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await once(url, headers));
    const all = [first, ...samples];
    rows.push({
      section,
      name,
      url,
      firstMs: Math.round(first.ms),
      medianMs: Math.round(median(samples.map((s) => s.ms))),
      // Nearest rank: with the default 5 runs it is the slowest; ask for --runs 20 or more to read it.
      p95Ms: Math.round(samples.map((s) => s.ms).sort((a, b) => a - b)[Math.ceil(0.95 * samples.length) - 1] ?? NaN),
      // The fastest run: on a shared, loaded machine the closest to the page's own cost (docs/decisions/0154).
      minMs: Math.round(Math.min(...samples.map((s) => s.ms))),
      maxBytes: Math.max(...all.map((s) => s.bytes)),
      statuses: [...new Set(all.map((s) => s.status))].join("/"),
      errors5xx: all.filter((s) => s.status >= 500 || s.status === 0).length,
    });
    const r = rows.at(-1);
    console.error(
      `${section} ${name}: ${r.medianMs} ms (p95 ${r.p95Ms} ms, min ${r.minMs} ms), ${(r.maxBytes / 1024).toFixed(0)} kB, ${r.statuses}`,
    );
  }
  return rows;
}

const rows = [
  ...(await measure("admin", ADMIN, { cookie: sid, "accept-encoding": "identity" })),
  ...(await measure("público", PUBLIC, { "accept-encoding": "identity" })),
];
const after = processStats(child.pid);

// The sitemap's files (an index lists them): the largest URL count of any one file.
let sitemapMaxUrls = 0;
try {
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const file of files.length ? files : ["/sitemap.xml"]) {
    const text = await (await fetch(base + file)).text();
    sitemapMaxUrls = Math.max(sitemapMaxUrls, (text.match(/<url>/g) ?? []).length);
  }
} catch {
  /* reported as 0 */
}
await stop();

const kb = (n) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(0)} kB`);
console.log(
  `\n### Camada ${tier}: ${databaseUrl.replace(/\/\/[^@]*@/, "//")} (${dir === ROOT ? "este checkout" : dir}), mediana de ${runs}\n`,
);
console.log("| seção | página | 1ª (ms) | mediana (ms) | maior corpo | status | 5xx |");
console.log("| --- | --- | ---: | ---: | ---: | --- | ---: |");
for (const r of rows)
  console.log(`| ${r.section} | ${r.name} | ${r.firstMs} | ${r.medianMs} | ${kb(r.maxBytes)} | ${r.statuses} | ${r.errors5xx} |`);
console.log(
  `\nPartida: ${start.wallS.toFixed(1)} s, ${start.cpuS.toFixed(1)} s de CPU, ${start.rssMb} MB. Depois de tudo: ${after.rssMb} MB, ${after.cpuS.toFixed(1)} s de CPU. Maior arquivo do sitemap: ${sitemapMaxUrls} URLs.`,
);
const json = path.join(ROOT, ".tmp", `bench-scale-tier${tier}-${new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)}.json`);
fs.writeFileSync(json, JSON.stringify({ tier, databaseUrl, dir, runs, start, after, sitemapMaxUrls, rows }, null, 2));
console.log(`JSON: ${path.relative(ROOT, json)}`);
