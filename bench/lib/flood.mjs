// The slow path and the flood (docs/decisions/0055, 0102, 0104, 0105), side by side in one run:
// - fresh renders: a second app with PAGE_CACHE=off, `/` at 10 connections (the seconds right
//   after its start, then the steady rate);
// - plain `/` from the built-in cache beside the limit (nginx, one worker, serving the very gzip
//   bytes of `/`), the floor (node:http alone serving them) and deploy/nginx.conf in front of the
//   app (one worker too), at 10 and 100 connections, in short slices that take turns;
// - a flood of `/` with a tracking parameter never seen before on every request (10 connections),
//   alone, and while ordinary visitors ask for plain `/` (two wrk runs at once); the same two
//   loads on nginx and on node:http alone;
// - the same flood beside visitors at a visitor's pace (100 connections that each wait 100 ms
//   between pages), on the app and on nginx (decision 0104), and those visitors beside a flood of
//   searches never asked before (decision 0105);
// - a burst of browser visits through the recipe (page, then the page's own view beacon) that
//   must all be counted.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startRecipe } from "../../scripts/lib/nginx-recipe.mjs";
import { startNginx } from "./load.mjs";
import { log, pool, PORTS, request, sleep, startApp } from "./util.mjs";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A wrk Lua script: every request `page` with parameters an ad click or an e-mail tool adds, never the same twice. */
const floodLua = (page) => `
local names = {"gclid", "fbclid", "msclkid", "utm_source", "utm_campaign", "ttclid", "mc_eid"}
local n = 0
request = function()
  n = n + 1
  local name = names[(n % #names) + 1]
  return wrk.format("GET", "${page}?" .. name .. "=c" .. n .. "x" .. math.random(1, 1000000000) .. "&utm_medium=cpc")
end
`;

/**
 * A wrk Lua script: a search never asked before on every request. Free text is the one query a
 * cache cannot canonicalise, so each is a fresh render with its database queries. It asks for no
 * compression, as a script may: then no compression step gives the event loop a turn either
 * (decision 0105).
 */
const searchFloodLua = `
wrk.headers["Accept-Encoding"] = nil
local words = {"agentes", "dados", "automacao", "governanca", "atendimento", "modelos", "processos"}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/busca?q=" .. words[(n % #words) + 1] .. "+x" .. n .. "y" .. math.random(1, 1000000000))
end
`;

/** How long each visitor's connection waits between pages (decision 0104): 100 connections ask for at most 1,000 pages a second. */
const THINK_MS = 100;
const VISITORS = 100;
/** A wrk Lua script: each connection waits THINK_MS before its next page, as a reader would. */
const visitorsLua = `delay = function() return ${THINK_MS} end\n`;

/** wrk in the background (so two can run at once); resolves with the parsed result. */
function wrkAsync(url, connections, seconds, script) {
  return new Promise((resolve, reject) => {
    const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s", "-H", "Accept-Encoding: gzip"];
    if (script) args.push("-s", script);
    const child = spawn("wrk", [...args, url], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(parseWrk(out)) : reject(new Error(`wrk falhou: ${out}`))));
  });
}

const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
function parseWrk(out) {
  const latency = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\b`, "m").exec(out);
    return m ? Math.round(toMs(m[1], m[2]) * 100) / 100 : null;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    reqPerSec: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    p50Ms: latency(50),
    p99Ms: latency(99),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, v) => sum + Number(v), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/**
 * Ordinary visitors of `url` (10 connections as fast as they are answered, unless `visitors` says
 * otherwise) and the flood script at once, two wrk runs side by side: stored as rows[keys.plain]
 * and rows[keys.flood], and logged under `label`.
 */
async function plainWithFlood(rows, keys, label, url, script, seconds, visitors = { connections: 10 }) {
  const [plain, flood] = await Promise.all([
    wrkAsync(url, visitors.connections, seconds, visitors.script),
    wrkAsync(url, 10, seconds, script),
  ]);
  rows[keys.plain] = plain;
  rows[keys.flood] = flood;
  log(line(`flood: ${label}, pedidos comuns durante o flood`, plain));
  log(line(`flood: ${label}, o flood ao mesmo tempo`, flood));
}

/** How many slices of each server's run take turns with the others' (see runFlood). */
const SLICES = 3;

/** Slices of one server's run as one row: the mean rate, the median p50, the worst p99, every error. */
function joined(slices) {
  const sum = (key) => slices.reduce((total, r) => total + r[key], 0);
  const p50s = slices.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    reqPerSec: Math.round(sum("reqPerSec") / slices.length),
    p50Ms: p50s[Math.floor(p50s.length / 2)],
    p99Ms: Math.max(...slices.map((r) => r.p99Ms)),
    requests: sum("requests"),
    errors: sum("errors"),
    non2xx: sum("non2xx"),
  };
}

const line = (label, r) => `${label}: ${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.non2xx ? `, ${r.non2xx} não-2xx` : ""}`;

/**
 * target: the bench's app (makeTarget of bench/run.mjs, page cache on). Returns the rows of the
 * flood table and each bar's figure and verdict.
 */
export async function runFlood(target, { runDir, buildDir, logFile, duration = 8, views = 2_000 }) {
  const app = target;
  const script = path.join(runDir, "flood.lua");
  fs.writeFileSync(script, floodLua("/"));
  const rows = {};
  const warm = async (url) => {
    await request(url);
    await wrkAsync(url, 10, 2);
    await sleep(300);
  };

  // 1. Fresh renders: the same build with the page cache off.
  const fresh = await startApp({
    name: "app (PAGE_CACHE=off)",
    port: PORTS.fresh,
    buildDir,
    logFile,
    env: { DATA_DIR: path.join(runDir, "data-fresh"), PAGE_CACHE: "off" },
  });
  try {
    // First the seconds right after start, while V8 still compiles the render path (a cold
    // start, its own row), then the steady rate the bar is about.
    await request(`${fresh.url}/`);
    rows.freshCold10 = await wrkAsync(`${fresh.url}/`, 10, duration);
    log(line("flood: / renderizada a cada pedido, logo após o início, 10 conexões", rows.freshCold10));
    await sleep(300);
    rows.fresh10 = await wrkAsync(`${fresh.url}/`, 10, duration);
    log(line("flood: / renderizada a cada pedido (PAGE_CACHE=off), 10 conexões", rows.fresh10));
  } finally {
    await fresh.stop();
  }
  await sleep(300);

  // 2. Cached `/` beside the limit (nginx serving its very bytes), the floor (node:http alone
  //    serving them) and the deploy recipe in front of the app, all running at once.
  const home = [{ name: "home", path: "/" }];
  const sliceSeconds = Math.max(1, Math.round(duration / 2));
  let staticServer, bare, recipe, counting;
  try {
    // Started inside the try: a start that fails still stops the ones before it.
    staticServer = await startNginx(home, app.url, path.join(runDir, "nginx-flood"));
    bare = await startBareNode(path.join(runDir, "nginx-flood", "www", `${home[0].staticFile}.gz`));
    recipe = await startRecipe({ appPort: new URL(app.url).port, listenPort: PORTS.recipe, dir: path.join(runDir, "nginx-recipe") });
    const servers = {
      cached: ["/ em cache", `${app.url}/`],
      nginxStatic: ["nginx estático (limite)", `${staticServer.url}/${home[0].staticFile}`],
      bareNode: ["node:http sozinho, mesmos bytes", bare.url],
      recipe: ["/ pelo deploy/nginx.conf", `${recipe.url}/`],
    };
    for (const [, url] of Object.values(servers)) await warm(url);
    // This host's speed drifts by a third within minutes, so a ratio of two runs taken a minute
    // apart measured the drift as much as the servers: each level is taken in short slices that
    // take turns (the app, nginx, node:http, the recipe; again), each row joined from its slices.
    for (const connections of [10, 100]) {
      const slices = Object.fromEntries(Object.keys(servers).map((key) => [key, []]));
      for (let turn = 0; turn < SLICES; turn++) {
        for (const [key, [, url]] of Object.entries(servers)) {
          slices[key].push(await wrkAsync(url, connections, sliceSeconds));
          await sleep(200);
        }
      }
      for (const [key, [label]] of Object.entries(servers)) {
        rows[`${key}${connections}`] = joined(slices[key]);
        const each = slices[key].map((r) => r.reqPerSec).join(" · ");
        log(
          `${line(`flood: ${label}, ${connections} conexões`, rows[`${key}${connections}`])} (fatias de ${sliceSeconds} s alternadas: ${each})`,
        );
      }
    }

    // 3. The flood alone, then with ordinary visitors at the same time; then the limit and the
    //    floor under the same two loads: what share of its own rate each keeps for one of two
    //    equal loads on this machine (two wrk processes and the server share its cores).
    rows.floodAlone = await wrkAsync(`${app.url}/`, 10, duration, script);
    log(line("flood: / com parâmetro único, sozinho", rows.floodAlone));
    await sleep(300);
    const staticScript = path.join(runDir, "flood-static.lua");
    fs.writeFileSync(staticScript, floodLua(`/${home[0].staticFile}`));
    const pairs = [
      [{ plain: "plainDuringFlood", flood: "floodWithPlain" }, "/ em cache", servers.cached[1], script],
      [{ plain: "nginxPlainDuringFlood", flood: "nginxFloodWithPlain" }, "nginx estático", servers.nginxStatic[1], staticScript],
      [{ plain: "bareNodePlainDuringFlood", flood: "bareNodeFloodWithPlain" }, "node:http sozinho", bare.url, script],
    ];
    for (const [keys, label, url, floodScript] of pairs) {
      await plainWithFlood(rows, keys, label, url, floodScript, duration);
      await sleep(300);
    }

    // 3b. Visitors at a visitor's pace (decision 0104): alone, then beside the same flood; on the
    //     app and on the limit.
    const visitorsScript = path.join(runDir, "visitors.lua");
    fs.writeFileSync(visitorsScript, visitorsLua);
    const visitors = { connections: VISITORS, script: visitorsScript };
    for (const [keys, label, url, floodScript] of [
      [{ alone: "visitorsAlone", plain: "visitorsDuringFlood", flood: "floodWithVisitors" }, "/ em cache", servers.cached[1], script],
      [
        { alone: "nginxVisitorsAlone", plain: "nginxVisitorsDuringFlood", flood: "nginxFloodWithVisitors" },
        "nginx estático",
        servers.nginxStatic[1],
        staticScript,
      ],
    ]) {
      rows[keys.alone] = await wrkAsync(url, VISITORS, duration, visitorsScript);
      log(
        line(
          `flood: ${label}, visitantes no ritmo de leitura (${VISITORS} conexões, ${THINK_MS} ms entre páginas), sozinhos`,
          rows[keys.alone],
        ),
      );
      await sleep(300);
      await plainWithFlood(rows, keys, `${label}, visitantes no ritmo de leitura`, url, floodScript, duration, visitors);
      await sleep(300);
    }

    // 3c. The same visitors beside a flood of searches never asked before (fresh renders that
    //     query the database): measured, with no bar of its own (decision 0105).
    const searchScript = path.join(runDir, "flood-search.lua");
    fs.writeFileSync(searchScript, searchFloodLua);
    rows.searchFloodAlone = await wrkAsync(servers.cached[1], 10, duration, searchScript);
    log(line("flood: buscas nunca feitas, sozinhas, 10 conexões", rows.searchFloodAlone));
    await sleep(300);
    await plainWithFlood(
      rows,
      { plain: "visitorsDuringSearchFlood", flood: "searchFloodWithVisitors" },
      "buscas nunca feitas, visitantes no ritmo de leitura",
      servers.cached[1],
      searchScript,
      duration,
      visitors,
    );
    await sleep(300);

    // 4. Browser visits through the recipe: every one counted.
    counting = await countedThrough(app, recipe.url, views);
    log(`flood: ${counting.counted} de ${counting.sent} visitas pelo nginx contadas (${counting.hits} respostas do cache do nginx)`);
  } finally {
    bare?.stop();
    await Promise.all([staticServer?.stop(), recipe?.stop()]);
  }

  const ratio = (a, b) => (b?.reqPerSec ? a.reqPerSec / b.reqPerSec : null);
  const bars = {
    // `limit`: the same shares for nginx and for node:http alone under the same two loads.
    plainKeeps: {
      value: ratio(rows.plainDuringFlood, rows.cached10),
      p99Ms: rows.plainDuringFlood.p99Ms,
      min: 0.8,
      maxP99Ms: 20,
      limit: { nginx: ratio(rows.nginxPlainDuringFlood, rows.nginxStatic10), node: ratio(rows.bareNodePlainDuringFlood, rows.bareNode10) },
    },
    floodServed: {
      value: ratio(rows.floodWithPlain, rows.cached10),
      min: 0.5,
      limit: { nginx: ratio(rows.nginxFloodWithPlain, rows.nginxStatic10), node: ratio(rows.bareNodeFloodWithPlain, rows.bareNode10) },
    },
    // The same two bars with the visitors at a visitor's pace (decision 0104).
    visitorsKeep: {
      value: ratio(rows.visitorsDuringFlood, rows.visitorsAlone),
      p99Ms: rows.visitorsDuringFlood.p99Ms,
      min: 0.8,
      maxP99Ms: 20,
      limit: { nginx: ratio(rows.nginxVisitorsDuringFlood, rows.nginxVisitorsAlone) },
    },
    floodBesideVisitors: {
      value: ratio(rows.floodWithVisitors, rows.cached10),
      min: 0.5,
      limit: { nginx: ratio(rows.nginxFloodWithVisitors, rows.nginxStatic10) },
    },
    // Measured beside the bars, with none of its own (decision 0105).
    searchFlood: { value: ratio(rows.visitorsDuringSearchFlood, rows.visitorsAlone), p99Ms: rows.visitorsDuringSearchFlood.p99Ms },
    fresh: { value: rows.fresh10.reqPerSec, min: 200 },
    cached100: { value: ratio(rows.cached100, rows.nginxStatic100), p99Ms: rows.cached100.p99Ms, min: 0.3, maxP99Ms: 20 },
    recipe: { value: ratio(rows.recipe100, rows.nginxStatic100), counted: counting, min: 0.8 },
  };
  // Each bar passes by its own declared limits (min, and maxP99Ms where it has one).
  for (const bar of Object.values(bars)) {
    if (bar.min !== undefined) bar.pass = bar.value >= bar.min && (bar.maxP99Ms === undefined || bar.p99Ms <= bar.maxP99Ms);
  }
  bars.recipe.pass &&= counting.counted === counting.sent;
  return {
    rows,
    bars,
    durationS: duration,
    slices: { count: SLICES, seconds: sliceSeconds },
    visitors: { connections: VISITORS, thinkMs: THINK_MS },
  };
}

/** A node:http server in its own process that answers every request with one gzip body. */
async function startBareNode(file) {
  const source = `const body = require("node:fs").readFileSync(${JSON.stringify(file)});
require("node:http").createServer((req, res) => {
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}).listen(${PORTS.bare}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`node:http saiu (${code})`)));
  });
  return { url: `http://127.0.0.1:${PORTS.bare}/`, stop: () => child.kill() };
}

/** `views` browser visits through nginx (page, then the beacon its script sends), each counted once. */
async function countedThrough(target, base, views) {
  // (With the embedded database, reading it restarts the app, which writes what it buffered.)
  const countViews = () => target.withDatabase(async (q) => (await q("select count(*)::int as n from page_views")).rows[0].n);
  await request(`${base}/sobre`, { headers: { "accept-encoding": "gzip" } });
  const before = await countViews();
  let hits = 0;
  const answers = await pool(
    Array.from({ length: views }, (_, i) => i),
    50,
    async (i) => {
      const headers = { "user-agent": `${BROWSER} Visitante/${i}`, "accept-encoding": "gzip" };
      const page = await request(`${base}/sobre`, { headers });
      if (page.headers.get("x-cache-status") === "HIT") hits++;
      const beacon = await request(`${base}/api/analytics`, {
        method: "POST",
        headers: { ...headers, "content-type": "text/plain;charset=UTF-8" },
        body: JSON.stringify({ k: "view", p: "/sobre", r: "" }),
      });
      return page.status === 200 && beacon.status === 204;
    },
  );
  let counted = (await countViews()) - before;
  for (let tries = 0; counted < views && tries < 20; tries++) {
    await sleep(500);
    counted = (await countViews()) - before;
  }
  return { sent: views, answered: answers.filter(Boolean).length, counted, hits };
}
