// The speed bars (docs/budgets.json "speed"), in one run beside nginx on this machine:
// - fresh renders: a second app with PAGE_CACHE=off, `/` at 10 connections;
// - cached `/` (no proxy), nginx serving its very gzip bytes (the limit) and deploy/nginx.conf in
//   front of the app, at 10 and 100 connections in short slices that take turns, since this
//   host's speed drifts within minutes (docs/decisions/0126);
// - visitors at a visitor's pace (each connection waits between pages, docs/decisions/0126),
//   alone, then beside a flood of `/` with a tracking parameter never seen before on each request;
// - browser visits through the recipe (the page, then its view beacon) that must all be counted.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startRecipe } from "../../scripts/lib/nginx-recipe.mjs";
import { BUDGETS, log, pool, PORTS, request, sleep, startApp, startStaticNginx, withDatabase, wrk } from "./util.mjs";

const BAR = BUDGETS.speed;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SLICES = 3;

/** wrk Lua: every request `/` with a parameter an ad click or an e-mail tool adds, never the same twice. */
const FLOOD_LUA = `
local names = {"gclid", "fbclid", "msclkid", "utm_source", "utm_campaign", "ttclid", "mc_eid"}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/?" .. names[(n % #names) + 1] .. "=c" .. n .. "x" .. math.random(1, 1000000000) .. "&utm_medium=cpc")
end
`;

/**
 * The floor of any Express host: Express, four middlewares that do nothing, and nginx's very gzip
 * bytes. The cached row reads against it as well as against nginx (docs/decisions/0111).
 */
const EXPRESS_FLOOR = `
import fs from "node:fs";
import express from "express";
const [file, port] = process.argv.slice(-2);
const body = fs.readFileSync(file);
const app = express();
for (let i = 0; i < 4; i++) app.use((req, res, next) => next());
app.get("/", (req, res) => res.set({ "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip", "Content-Length": body.length }).end(body));
app.listen(Number(port), "127.0.0.1");
`;

async function startExpressFloor(gzipFile) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", EXPRESS_FLOOR, "--", gzipFile, String(PORTS.floor)], {
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${PORTS.floor}/`;
  for (let i = 0; i < 100 && (await request(url, { timeoutMs: 500 })).status !== 200; i++) await sleep(100);
  return { url, stop: () => child.kill() };
}

const line = (r) =>
  `${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors + r.non2xx ? `, ${r.errors} erros, ${r.non2xx} não-2xx` : ""}`;
const pct = (v) => `${Math.round(v * 100)} %`;

/** Slices of one server's run as one row: the mean rate, the median p50, the worst slice's p99. */
function joined(slices) {
  const sum = (key) => slices.reduce((total, r) => total + r[key], 0);
  return {
    reqPerSec: Math.round(sum("reqPerSec") / slices.length),
    p50Ms: slices.map((r) => r.p50Ms).sort((a, b) => a - b)[Math.floor(slices.length / 2)],
    p99Ms: Math.max(...slices.map((r) => r.p99Ms)),
    errors: sum("errors"),
    non2xx: sum("non2xx"),
  };
}

/** app: the bench's app (page cache on) and its DATA_DIR. Returns the report's rows. */
export async function runSpeed({ app, dataDir, runDir, buildDir, logFile, quick }) {
  const seconds = quick ? 3 : 8;
  const rows = {};
  const flood = path.join(runDir, "flood.lua");
  const visitors = path.join(runDir, "visitors.lua");
  fs.writeFileSync(flood, FLOOD_LUA);
  fs.writeFileSync(visitors, `delay = function() return ${BAR.visitors.thinkMs} end\n`);

  // 1. Fresh renders: the same build with the page cache off. The first run after start is a
  //    warm-up (V8 still compiles the render path); the bar reads the steady rate after it.
  const fresh = await startApp({
    name: "app (PAGE_CACHE=off)",
    port: PORTS.fresh,
    buildDir,
    logFile,
    env: { DATA_DIR: path.join(runDir, "data-fresh"), PAGE_CACHE: "off" },
  });
  try {
    log(`velocidade: / renderizada a cada pedido, aquecimento: ${line(await wrk(`${fresh.url}/`, BAR.fresh.connections, seconds))}`);
    rows.fresh = await wrk(`${fresh.url}/`, BAR.fresh.connections, seconds);
    log(`velocidade: / renderizada a cada pedido (PAGE_CACHE=off): ${line(rows.fresh)}`);
  } finally {
    await fresh.stop();
  }

  // 2. Cached `/`, the limit and the recipe, taking turns.
  let nginx, recipe, floor;
  try {
    nginx = await startStaticNginx(`${app.url}/`, path.join(runDir, "nginx-static"));
    recipe = await startRecipe({ appPort: new URL(app.url).port, listenPort: PORTS.recipe, dir: path.join(runDir, "nginx-recipe") });
    floor = await startExpressFloor(path.join(runDir, "nginx-static", "www", "page.html.gz"));
    const servers = { cached: `${app.url}/`, nginx: nginx.url, recipe: `${recipe.url}/`, express: floor.url };
    for (const url of Object.values(servers)) await wrk(url, 10, 2);
    const sliceSeconds = Math.max(1, Math.round(seconds / 2));
    for (const connections of [BAR.flood.connections, BAR.cached.connections]) {
      const slices = Object.fromEntries(Object.keys(servers).map((key) => [key, []]));
      for (let turn = 0; turn < SLICES; turn++) {
        for (const [key, url] of Object.entries(servers)) {
          slices[key].push(await wrk(url, connections, sliceSeconds));
          await sleep(200);
        }
      }
      for (const key of Object.keys(servers)) {
        rows[`${key}${connections}`] = joined(slices[key]);
        log(
          `velocidade: ${key}, ${connections} conexões: ${line(rows[`${key}${connections}`])} (fatias: ${slices[key].map((s) => s.reqPerSec).join(" · ")})`,
        );
      }
    }

    // 3. Visitors at a visitor's pace, alone, then beside the flood.
    rows.visitorsAlone = await wrk(`${app.url}/`, BAR.visitors.connections, seconds, visitors);
    await sleep(300);
    [rows.visitorsDuringFlood, rows.flood] = await Promise.all([
      wrk(`${app.url}/`, BAR.visitors.connections, seconds, visitors),
      wrk(`${app.url}/`, BAR.flood.connections, seconds, flood),
    ]);
    log(
      `velocidade: visitantes sozinhos ${line(rows.visitorsAlone)}; durante o flood ${line(rows.visitorsDuringFlood)}; o flood ${line(rows.flood)}`,
    );

    // 4. Browser visits through the recipe, every one counted.
    rows.counted = await countedThrough(app, dataDir, recipe.url, quick ? 500 : 2_000);
    log(`velocidade: ${rows.counted.counted} de ${rows.counted.sent} visitas pelo nginx contadas (${rows.counted.hits} do cache do nginx)`);
  } finally {
    await Promise.all([nginx?.stop(), recipe?.stop(), floor?.stop()]);
  }

  const share = (a, b) => a.reqPerSec / Math.max(1, b.reqPerSec);
  const c = BAR.cached.connections;
  const cached = share(rows[`cached${c}`], rows[`nginx${c}`]);
  const viaRecipe = share(rows[`recipe${BAR.recipe.connections}`], rows[`nginx${BAR.recipe.connections}`]);
  const kept = share(rows.visitorsDuringFlood, rows.visitorsAlone);
  const served = share(rows.flood, rows[`cached${BAR.flood.connections}`]);
  const { counted, sent } = rows.counted;
  return {
    figures: rows,
    rows: [
      [
        `\`/\` renderizada a cada pedido, ${BAR.fresh.connections} conexões`,
        line(rows.fresh),
        `≥ ${BAR.fresh.minReqPerSec} req/s`,
        rows.fresh.reqPerSec >= BAR.fresh.minReqPerSec,
      ],
      [
        `\`/\` em cache sem proxy, ${c} conexões`,
        `${pct(cached)} do nginx (${rows[`cached${c}`].reqPerSec} de ${rows[`nginx${c}`].reqPerSec} req/s), p99 ${rows[`cached${c}`].p99Ms} ms; ` +
          `Express sem nada: ${pct(share(rows[`express${c}`], rows[`nginx${c}`]))} do nginx, p99 ${rows[`express${c}`].p99Ms} ms`,
        `≥ ${pct(BAR.cached.minShareOfNginx)} do nginx, p99 ≤ ${BAR.cached.maxP99Ms} ms`,
        cached >= BAR.cached.minShareOfNginx && rows[`cached${c}`].p99Ms <= BAR.cached.maxP99Ms,
      ],
      [
        `\`/\` pelo deploy/nginx.conf, ${BAR.recipe.connections} conexões`,
        `${pct(viaRecipe)} do nginx, p99 ${rows[`recipe${BAR.recipe.connections}`].p99Ms} ms; visitas contadas ${counted}/${sent}`,
        `≥ ${pct(BAR.recipe.minShareOfNginx)} do nginx, toda visita contada`,
        viaRecipe >= BAR.recipe.minShareOfNginx && counted === sent,
      ],
      [
        `Visitantes (${BAR.visitors.connections} conexões, ${BAR.visitors.thinkMs} ms entre páginas) durante o flood`,
        `${pct(kept)} do seu ritmo (${rows.visitorsDuringFlood.reqPerSec} de ${rows.visitorsAlone.reqPerSec} req/s), p99 ${rows.visitorsDuringFlood.p99Ms} ms`,
        `≥ ${pct(BAR.visitors.minShareKept)}, p99 ≤ ${BAR.visitors.maxP99Ms} ms`,
        kept >= BAR.visitors.minShareKept && rows.visitorsDuringFlood.p99Ms <= BAR.visitors.maxP99Ms,
      ],
      [
        `O flood (${BAR.flood.connections} conexões) ao lado deles`,
        `${pct(served)} do \`/\` em cache (${rows.flood.reqPerSec} de ${rows[`cached${BAR.flood.connections}`].reqPerSec} req/s)`,
        `≥ ${pct(BAR.flood.minShareOfCached)}`,
        served >= BAR.flood.minShareOfCached,
      ],
    ],
  };
}

/** `views` browser visits through nginx (the page, then the beacon its script sends), each counted once. */
async function countedThrough(app, dataDir, base, views) {
  const countViews = () => withDatabase(app, dataDir, async (q) => (await q("select count(*)::int as n from page_views")).rows[0].n);
  await request(`${base}/sobre`, { headers: { "accept-encoding": "gzip" } });
  const before = await countViews();
  let hits = 0;
  await pool([...Array(views).keys()], 50, async (i) => {
    const headers = { "user-agent": `${BROWSER} Visitante/${i}`, "accept-encoding": "gzip" };
    const page = await request(`${base}/sobre`, { headers });
    if (page.headers.get("x-cache-status") === "HIT") hits++;
    await request(`${base}/api/analytics`, {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ k: "view", p: "/sobre", r: "" }),
    });
  });
  // The app writes the views it buffered when it stops (reading the embedded database stops it).
  let counted = (await countViews()) - before;
  for (let tries = 0; counted < views && tries < 10; tries++) {
    await sleep(500);
    counted = (await countViews()) - before;
  }
  return { sent: views, counted, hits };
}
