// Shared plumbing of the bench: ports, the app as a process over HTTP, wrk, nginx serving fixed bytes.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** docs/budgets.json, where a bar the file lacks throws instead of reading as `undefined`. */
const strict = (object, at) =>
  new Proxy(object, {
    get(target, key) {
      if (typeof key !== "symbol" && !Object.hasOwn(target, key)) throw new Error(`docs/budgets.json não tem ${at}.${key}`);
      const value = target[key];
      return value && typeof value === "object" && !Array.isArray(value) ? strict(value, `${at}.${key}`) : value;
    },
  });
export const BUDGETS = strict(JSON.parse(fs.readFileSync(path.join(ROOT, "docs/budgets.json"), "utf8")), "budgets");

/** Seven ports from BENCH_PORT_BASE (default 3370), so two benches on one machine can run at once. */
const BASE = Number(process.env.BENCH_PORT_BASE ?? 3370);
export const PORTS = Object.fromEntries(["app", "fresh", "static", "recipe", "chrome", "hostile", "floor"].map((n, i) => [n, BASE + i]));
export const SECRETS = {
  ADMIN_PASSWORD: "Bench-Senha-Secreta-7d1f3a",
  SESSION_SECRET: "bench-session-secret-com-mais-de-32-caracteres-0001",
};

/** The public page types every section loads, `post` standing for a blog post (bench/run.mjs takes the API's first). */
export const PUBLIC_PAGES = (post) => ["/", "/sobre", "/carreiras", "/agentes", "/produtos", "/formulario", "/blog", post];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

export function median(values) {
  const v = values.filter((x) => typeof x === "number" && !Number.isNaN(x)).sort((a, b) => a - b);
  return v.length ? (v[Math.floor((v.length - 1) / 2)] + v[Math.ceil((v.length - 1) / 2)]) / 2 : null;
}

/** Runs `fn` over items with at most `limit` in flight. */
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A process's resident memory (MB) and CPU time so far (s: user + system, ticks of 10 ms), from /proc. */
export function processStats(pid) {
  const rssKb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return { rssMb: Math.round(Number(rssKb ?? 0) / 1024), cpuS: (Number(fields[11]) + Number(fields[12])) / 100 };
}

/** GET/POST with a timeout; never throws (status 0 = network error or timeout). */
export async function request(url, { method = "GET", headers = {}, body, timeoutMs = 15_000 } = {}) {
  try {
    const res = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (error) {
    return { status: 0, headers: new Headers(), text: String(error?.cause ?? error) };
  }
}

/**
 * Starts `node server.js` (the production build; of another checkout with `cwd`) as one process
 * and waits for /healthz. The bench knows the app only this way: a process spoken to over HTTP.
 */
export async function startApp({ name, port, buildDir, env = {}, logFile, cwd = ROOT }) {
  const fullEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    RATE_LIMIT_FACTOR: "10000",
    ADMIN_USERNAME: "admin",
    ...SECRETS,
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: "",
    ...env,
  };
  const app = { name, url: `http://127.0.0.1:${port}`, child: null };
  app.start = async () => {
    const out = fs.openSync(logFile, "a");
    app.child = spawn(process.execPath, ["server.js"], { cwd, env: fullEnv, stdio: ["ignore", out, out] });
    fs.closeSync(out);
    // Two minutes: on a shared 2-core machine under a load of 20, a start has taken over one.
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(200)) {
      if (app.child.exitCode !== null) throw new Error(`${name} saiu com código ${app.child.exitCode}; veja ${logFile}`);
      // Its CPU time and memory when it first answers: the cost of a start (of a first one on a new DATA_DIR).
      if ((await request(`${app.url}/healthz`, { timeoutMs: 2000 })).status === 200)
        return Object.assign(app, { ready: processStats(app.child.pid) });
    }
    await app.stop();
    throw new Error(`${name} não respondeu em 120 s; veja ${logFile}`);
  };
  app.stop = async () => {
    const child = app.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await new Promise((r) => child.once("exit", r).kill("SIGTERM"));
    clearTimeout(timer);
  };
  return app.start();
}

/** The admin's session cookie (`sid=…`) on a started app, logged in with the bench's password. */
export async function adminSession(base) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username: "admin", password: SECRETS.ADMIN_PASSWORD }),
    redirect: "manual",
  });
  await res.arrayBuffer();
  const sid = /^sid=[^;]*/.exec(res.headers.getSetCookie().find((c) => c.startsWith("sid=")) ?? "")?.[0];
  if (!sid) throw new Error(`login falhou: HTTP ${res.status}`);
  return sid;
}

/** Runs `fn(query)` on the app's embedded database: the app holds its lock, so it stops meanwhile. */
export async function withDatabase(app, dataDir, fn) {
  await app.stop();
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(path.join(dataDir, "pgdata"));
  try {
    await db.waitReady;
    return await fn((sql) => db.query(sql));
  } finally {
    await db.close();
    await app.start();
  }
}

/** nginx and wrk are Debian packages (nginx-light, wrk); install them when missing. */
export function ensureTools() {
  if (spawnSync("sh", ["-c", "command -v nginx && command -v wrk"]).status === 0) return;
  const install = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light wrk";
  if (spawnSync("sh", ["-c", install], { stdio: "inherit" }).status !== 0) throw new Error(`nginx/wrk ausentes: ${install}`);
}

const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];

/** One wrk run (one thread, like the one app process) in the background, so two can run at once. */
export function wrk(url, connections, seconds, script) {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s", "-H", "Accept-Encoding: gzip"];
  if (script) args.push("-s", script);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", [...args, url], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`wrk falhou: ${out}`));
      const latency = (p) => {
        const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\b`, "m").exec(out);
        return m ? Math.round(toMs(m[1], m[2]) * 100) / 100 : null;
      };
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolve({
        reqPerSec: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
        p50Ms: latency(50),
        p99Ms: latency(99),
        errors: socket ? socket.slice(1).reduce((sum, v) => sum + Number(v), 0) : 0,
        non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
      });
    });
  });
}

/** The raw (still gzip-compressed) body the app sends a browser that accepts gzip. */
function rawGzip(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The limit: nginx (one worker, gzip_static) serving the very gzip bytes the app sent for `url`. */
export async function startStaticNginx(url, dir) {
  const nginx = await startStaticNginxPages([url], dir);
  return { url: nginx.urls[0], bytes: nginx.bytes[0], stop: nginx.stop };
}

/** The same for several pages: `urls[i]` is the i-th of `urls` as nginx serves it. */
export async function startStaticNginxPages(pages, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  const www = path.join(dir, "www");
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  fs.mkdirSync(www);
  const bytes = [];
  for (const [i, url] of pages.entries()) {
    const name = i === 0 ? "page" : `page-${i}`;
    const { encoding, body } = await rawGzip(url);
    if (encoding !== "gzip") throw new Error(`${url} não veio em gzip (${encoding})`);
    fs.writeFileSync(path.join(www, `${name}.html.gz`), body);
    fs.writeFileSync(path.join(www, `${name}.html`), (await request(url)).text);
    bytes.push(body.length);
  }
  const conf = path.join(dir, "nginx.conf");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/tmp;`).join(" ");
  fs.writeFileSync(
    conf,
    `worker_processes 1; daemon off; user root; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off; ${temp}
  types { text/html html; }
  keepalive_requests 1000000;
  server { listen 127.0.0.1:${PORTS.static}; root ${www}; gzip_static on; location / { try_files $uri =404; } }
}
`,
  );
  const child = spawn("nginx", ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const urls = pages.map((_, i) => `http://127.0.0.1:${PORTS.static}/${i === 0 ? "page" : `page-${i}`}.html`);
  for (let i = 0; i < 50 && (await request(urls[0], { timeoutMs: 500 })).status !== 200; i++) {
    if (child.exitCode !== null) throw new Error(`nginx saiu: ${stderr}`);
    await sleep(100);
  }
  const exited = new Promise((r) => child.once("exit", r));
  return { urls, bytes, stop: () => (child.kill("SIGQUIT"), exited) };
}
