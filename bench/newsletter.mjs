#!/usr/bin/env node
// `npm run bench:newsletter`: the newsletter's throttle bar (docs/budgets.json "newsletter",
// docs/decisions/0128). On a fresh PostgreSQL database of its own (created here, dropped at the
// end), with a local SMTP sink (bench/lib/smtp-sink.mjs) and the production build: confirmed
// subscribers, a standalone edition sent to all of them at NEWSLETTER_RATE_PER_SECOND by every
// instance together (two by default, sharing the throttle as production would), and meanwhile
// the public page types of bench/run.mjs loaded by visitors at a visitor's pace (the speed
// section's load run, docs/decisions/0126). Each run of a page takes turns with the same run
// against nginx serving that page's very bytes (the limit, as in bench/lib/speed.mjs), since this
// host's speed drifts within minutes and other work shares it: a page keeps its figures when its
// share of nginx during the send is that of the runs without a send, before it and after it.
// Reports the send's total time, its rate per second and its busiest second, and each page's
// share kept and p99. Writes the table to stdout and to bench/results/newsletter-<time>.md
// (+ .json with every figure).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startSmtpSink } from "./lib/smtp-sink.mjs";
import {
  adminSession,
  BUDGETS,
  ensureTools,
  log,
  PORTS,
  PUBLIC_PAGES,
  request,
  ROOT,
  sleep,
  startApp,
  startStaticNginxPages,
  wrk,
} from "./lib/util.mjs";

const BAR = BUDGETS.newsletter;
const VISITORS = BUDGETS.speed.visitors;
const HELP = `npm run bench:newsletter -- [flags]
  --database-url=URL  PostgreSQL to create the bench's database on (default $TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --subscribers=N     confirmed subscribers (default ${BAR.subscribers})
  --rate=R            NEWSLETTER_RATE_PER_SECOND (default ${BAR.ratePerSecond})
  --instances=1|2     app instances on the database, all sending (default 2); the pages are loaded on the first
  --seconds=S         length of each load run, of the page and of nginx in turn (default 5)
  --no-build          reuse the existing build
  --build-dir=DIR     build directory (default $BUILD_DIR or build-bench)
  --keep-database     do not drop the bench's database at the end
Environment: BENCH_PORT_BASE (default 3370): the instances listen on its first two ports.`;

const { values: opts } = parseArgs({
  options: {
    help: { type: "boolean", short: "h" },
    "database-url": { type: "string" },
    subscribers: { type: "string" },
    rate: { type: "string" },
    instances: { type: "string" },
    seconds: { type: "string" },
    "no-build": { type: "boolean" },
    "build-dir": { type: "string" },
    "keep-database": { type: "boolean" },
  },
});
if (opts.help) {
  console.log(HELP);
  process.exit(0);
}
const adminUrl = opts["database-url"] ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const subscribers = Number(opts.subscribers ?? BAR.subscribers);
const rate = Number(opts.rate ?? BAR.ratePerSecond);
const instances = Number(opts.instances ?? 2);
const seconds = Number(opts.seconds ?? 5);
const buildDir = opts["build-dir"] ?? process.env.BUILD_DIR ?? "build-bench";
if (![1, 2].includes(instances) || !(subscribers > 0) || !(rate > 0) || !(seconds >= 1))
  throw new Error(`valores inválidos (veja --help): ${JSON.stringify(opts)}`);

const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const runDir = path.join(ROOT, ".tmp", `bench-newsletter-${stamp}`);
fs.mkdirSync(runDir, { recursive: true });
const logFile = path.join(runDir, "server.log");
const load = () => Array.from(os.loadavg(), (l) => l.toFixed(2)).join(" ");
const loadAverage = [load()];
const started = Date.now();

const dbName = `bench_newsletter_${stamp.replace(/-/g, "").toLowerCase()}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
async function query(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

const line = (r) =>
  `${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors + r.non2xx ? `, ${r.errors} erros, ${r.non2xx} não-2xx` : ""}`;
const pct = (v) => `${Math.round(v * 100)} %`;

const sink = await startSmtpSink();
const apps = [];
let nginx;
let created = false;
const report = {
  startedAt: new Date().toISOString(),
  options: { subscribers, rate, instances, seconds, buildDir, database: dbName },
  loadAverage,
};
let exitCode = 0;
try {
  ensureTools();
  if (!opts["no-build"]) {
    log(`build em ${buildDir}...`);
    const r = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR: buildDir },
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`build falhou:\n${(r.stderr || r.stdout).slice(-3000)}`);
  }
  await query(adminUrl, `create database ${dbName}`);
  created = true;
  log(`banco ${dbName}; SMTP local em ${sink.url}`);

  // The first instance migrates and seeds the new database; the second starts on it after.
  const env = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    NEWSLETTER_RATE_PER_SECOND: String(rate),
    SITE_URL: `http://127.0.0.1:${PORTS.app}`,
  };
  for (const [i, port] of [PORTS.app, PORTS.fresh].slice(0, instances).entries())
    apps.push(await startApp({ name: `instância ${i + 1}`, port, buildDir, env, logFile }));
  const app = apps[0];

  await query(
    databaseUrl,
    `insert into newsletter_subscribers (email, status, unsubscribe_token, consented_at)
       select 'leitor-' || i || '@exemplo.com.br', 'active', md5('bench-' || i) || md5('token-' || i), now()
         from generate_series(1, $1::int) as i`,
    [subscribers],
  );

  // The admin's session and a standalone draft (a post would change the blog's pages under test).
  const cookie = await adminSession(app.url);
  const form = (url, fields) =>
    fetch(`${app.url}${url}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const paragraph = "Agentes de IA que respondem clientes, leem contratos e preparam relatórios, com governança. ";
  const draft = await form("/admin/leads/newsletter/edicoes", {
    intent: "criar",
    subject: "Bench: novidades de IA para empresas",
    content:
      `<h2>Novidades do mês</h2><p>${paragraph.repeat(6)}</p>` +
      `<ul><li><a href="${app.url}/agentes">Nossos agentes</a></li><li><a href="${app.url}/blog">O blog</a></li>` +
      `<li><a href="https://eventos.exemplo.com.br/webinar">O webinar</a></li></ul><p>${paragraph.repeat(4)}</p>`,
  });
  const editionId = Number(/\/edicoes\/(\d+)/.exec(draft.headers.get("location") ?? "")?.[1]);
  if (!editionId) throw new Error(`rascunho não criado: HTTP ${draft.status} ${await draft.text()}`);

  // The page types of bench/run.mjs; each warmed, then one load run each per round.
  const posts = JSON.parse((await request(`${app.url}/api/blog/posts`)).text).data;
  const pages = PUBLIC_PAGES(`/blog/${(Array.isArray(posts) ? posts : posts.posts)[0].slug}`);
  const visitors = path.join(runDir, "visitors.lua");
  fs.writeFileSync(visitors, `delay = function() return ${VISITORS.thinkMs} end\n`);
  for (const page of pages) await wrk(`${app.url}${page}`, 10, 2);
  nginx = await startStaticNginxPages(
    pages.map((page) => `${app.url}${page}`),
    path.join(runDir, "nginx-static"),
  );
  /** One turn of a page: the app's run, then nginx's with the same bytes. */
  async function run(page) {
    const ofApp = await wrk(`${app.url}${page}`, VISITORS.connections, seconds, visitors);
    await sleep(200);
    const ofNginx = await wrk(nginx.urls[pages.indexOf(page)], VISITORS.connections, seconds, visitors);
    await sleep(200);
    return { app: ofApp, nginx: ofNginx };
  }
  const show = (r) => `${line(r.app)} (nginx ${line(r.nginx)})`;
  const figures = Object.fromEntries(pages.map((page) => [page, { before: [], during: [], after: [] }]));
  async function round(phase) {
    log(`== páginas ${phase} do envio (carga da máquina ${load()})`);
    for (const page of pages) {
      figures[page][phase].push(await run(page));
      log(`${phase}: ${page}: ${show(figures[page][phase].at(-1))}`);
    }
  }
  await round("before");

  // The send: every confirmed subscriber, now; pages loaded in turn until the last message.
  const ofEdition = () => sink.accepted.length;
  const done = new Promise((resolve) => {
    const stop = sink.onMessage(() => {
      if (ofEdition() < subscribers) return;
      stop();
      resolve();
    });
  });
  log(`== envio a ${subscribers} assinantes a ${rate}/s por ${instances} instância(s) (carga ${load()})`);
  const sentAt = Date.now();
  const send = await form(`/admin/leads/newsletter/edicoes/${editionId}`, { intent: "newsletter-enviar", segment: "" });
  if (send.status !== 303) throw new Error(`envio não começou: HTTP ${send.status} ${await send.text()}`);
  let discarded = 0;
  sending: for (;;) {
    for (const page of pages) {
      if (ofEdition() >= subscribers) break sending;
      const result = await run(page);
      // A run the send outlasted is a figure of the send; one that saw its end is dropped.
      if (ofEdition() < subscribers) {
        figures[page].during.push(result);
        log(`durante (${ofEdition()} enviadas): ${page}: ${show(result)}`);
      } else discarded++;
    }
  }
  await Promise.race([done, sleep(((2 * subscribers) / rate) * 1000 + 120_000)]);
  // The edition's own record: the job marks it sent once no recipient is left.
  let edition;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(250)) {
    [edition] = await query(
      databaseUrl,
      `select status, extract(epoch from started_at) * 1000 as started_ms, extract(epoch from finished_at) * 1000 as finished_ms
         from newsletter_editions where id = $1`,
      [editionId],
    );
    if (edition.status !== "sending") break;
  }
  const statuses = await query(
    databaseUrl,
    `select status, count(*)::int as n from newsletter_edition_recipients where edition_id = $1 group by 1 order by 1`,
    [editionId],
  );
  await round("after");

  // The send's figures, from the sink's clock (this process's).
  const times = sink.accepted.map((m) => m.at).sort((a, b) => a - b);
  const perAddress = new Map();
  for (const m of sink.accepted) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);
  const duplicates = [...perAddress.values()].filter((n) => n > 1).length;
  const first = times[0];
  const last = times.at(-1);
  const fromClickS = (last - sentAt) / 1000;
  const spanS = (last - first) / 1000;
  // Messages per whole second from the first one (the last, partial second left out), and the
  // busiest window of one second anywhere (a burst shows there even across bucket edges).
  const buckets = Array(Math.floor((last - first) / 1000)).fill(0);
  for (const t of times) if (Math.floor((t - first) / 1000) < buckets.length) buckets[Math.floor((t - first) / 1000)]++;
  const busiestIn = (ms) => {
    let most = 0;
    for (let i = 0, j = 0; j < times.length; j++) {
      while (times[j] - times[i] >= ms) i++;
      most = Math.max(most, j - i + 1);
    }
    return most;
  };
  const busiest = busiestIn(1000);
  const busiestTen = busiestIn(10_000);
  const sorted = [...buckets].sort((a, b) => a - b);
  const send_ = {
    received: times.length,
    distinct: perAddress.size,
    duplicates,
    fromClickS,
    spanS,
    editionS: edition?.finished_ms ? (edition.finished_ms - edition.started_ms) / 1000 : null,
    meanPerSecond: (times.length - 1) / spanS,
    perSecond: { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), buckets },
    busiestSecond: busiest,
    busiestTenSeconds: busiestTen,
    /** Each message's arrival at the sink, in ms after 'Enviar'. */
    arrivalsMs: times.map((t) => t - sentAt),
    edition: edition?.status,
    statuses,
    discardedRuns: discarded,
  };
  log(
    `envio: ${send_.received} mensagens (${send_.distinct} endereços, ${duplicates} repetidos) em ${fromClickS.toFixed(1)} s do clique ` +
      `(${spanS.toFixed(1)} s da primeira à última); ${send_.meanPerSecond.toFixed(2)}/s em média, por segundo ${send_.perSecond.min}–${send_.perSecond.max}, ` +
      `1 s mais cheio ${busiest}, 10 s mais cheios ${busiestTen}; edição ${edition?.status} (${JSON.stringify(statuses)})`,
  );

  const minS = subscribers / rate;
  const maxTen = Math.floor(10 * rate * BAR.maxTenSecondFactor);
  const maxOne = Math.floor(rate * BAR.maxOneSecondFactor);
  const rows = [
    [
      `${subscribers} assinantes a ${rate}/s (${instances} instância(s)): tempo do clique à última mensagem`,
      `${fromClickS.toFixed(1)} s (${spanS.toFixed(1)} s da primeira à última; a edição: ${send_.editionS?.toFixed(1) ?? "?"} s)`,
      `≥ ${minS} s`,
      fromClickS >= minS,
    ],
    [
      "Cada assinante uma vez",
      `${send_.distinct} de ${subscribers} endereços, ${duplicates} repetidos; edição ${edition?.status}`,
      `${subscribers}, 0 repetidos, enviada`,
      send_.distinct === subscribers && duplicates === 0 && times.length === subscribers && edition?.status === "sent",
    ],
    [
      "Ritmo por segundo",
      `${send_.meanPerSecond.toFixed(2)}/s em média; por segundo inteiro: mín. ${send_.perSecond.min}, mediana ${send_.perSecond.median}, máx. ${send_.perSecond.max}; ` +
        `10 s mais cheios: ${busiestTen}; 1 s mais cheio: ${busiest}`,
      `média ≤ ${rate}/s, 10 s ≤ ${maxTen}, 1 s ≤ ${maxOne}`,
      send_.meanPerSecond <= rate * 1.001 && busiestTen <= maxTen && busiest <= maxOne,
    ],
  ];
  const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
  const share = (r) => r.app.reqPerSec / Math.max(1, r.nginx.reqPerSec);
  for (const page of pages) {
    const { before, during, after } = figures[page];
    const without = [...before, ...after];
    // The page's share of nginx without a send (runs before and after it) against during it.
    const kept = mean(during.map(share)) / mean(without.map(share));
    const p99 = Math.max(...during.map((r) => r.app.p99Ms));
    const faults = [...without, ...during].reduce((sum, r) => sum + r.app.errors + r.app.non2xx, 0);
    const reqs = (list, who) => Math.round(mean(list.map((r) => r[who].reqPerSec)));
    rows.push([
      `\`${page}\`, visitantes (${VISITORS.connections} conexões, ${VISITORS.thinkMs} ms entre páginas) durante o envio`,
      during.length
        ? `${pct(kept)} da sua parte do nginx sem envio (durante: ${pct(mean(during.map(share)))}, ${reqs(during, "app")} req/s, nginx ${reqs(during, "nginx")}; ` +
          `sem envio: ${pct(mean(without.map(share)))}, ${reqs(without, "app")} req/s, nginx ${reqs(without, "nginx")}; ${during.length} corrida(s)), ` +
          `p99 ${p99} ms (nginx ${Math.max(...during.map((r) => r.nginx.p99Ms))} ms; sem envio ${Math.max(...without.map((r) => r.app.p99Ms))} ms)` +
          (faults ? `, ${faults} erros/não-2xx` : "")
        : "nenhuma corrida inteira durante o envio",
      `≥ ${pct(VISITORS.minShareKept)}, p99 ≤ ${VISITORS.maxP99Ms} ms`,
      during.length > 0 && kept >= VISITORS.minShareKept && p99 <= VISITORS.maxP99Ms && faults === 0,
    ]);
  }
  Object.assign(report, { send: send_, pages: figures, rows });
} catch (error) {
  log(`!! ${error.stack ?? error}`);
  report.error = String(error?.stack ?? error);
  exitCode = 1;
} finally {
  await nginx?.stop();
  for (const app of apps) await app.stop();
  await sink.close();
  if (created && !opts["keep-database"]) await query(adminUrl, `drop database if exists ${dbName} with (force)`);
}

loadAverage.push(load());
report.seconds = Math.round((Date.now() - started) / 1000);
const rows = report.rows ?? [];
const failing = rows.filter((r) => !r[3]).length;
const cell = (s) => String(s).replace(/\|/g, "\\|");
const md = [
  `# Bench da newsletter ${report.startedAt}`,
  `${os.cpus().length} CPUs, Node ${process.version}, carga ${loadAverage.join(" → ")}, ${report.seconds} s, ` +
    `flags: ${process.argv.slice(2).join(" ") || "nenhuma"}. Metas: docs/budgets.json. ${rows.length - failing} ok, ${failing} abaixo da meta.` +
    (report.error ? `\n\nErro: ${report.error.split("\n")[0]}` : ""),
  ["| barra | resultado | meta | ok |", "| --- | --- | --- | --- |"]
    .concat(rows.map(([check, figure, limit, pass]) => `| ${cell(check)} | ${cell(figure)} | ${cell(limit)} | ${pass ? "✅" : "❌"} |`))
    .join("\n"),
].join("\n\n");
const out = path.join(ROOT, "bench/results");
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, `newsletter-${stamp}.md`), md + "\n");
fs.writeFileSync(path.join(out, `newsletter-${stamp}.json`), JSON.stringify(report, null, 2));
console.log(`\n${md}\n\nRelatório: bench/results/newsletter-${stamp}.md; log dos servidores: ${path.relative(ROOT, logFile)}`);
process.exit(exitCode || (failing ? 1 : 0));
