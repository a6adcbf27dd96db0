// Throughput and tail latency with wrk, ours against the limit: nginx (one worker, gzip_static)
// serving the very bytes our server sent. Both answer the same gzip body to the same load.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { log, PORTS, request, sleep } from "./util.mjs";

/** nginx and wrk are Debian packages (nginx-light, wrk); install them when missing and allowed. */
export function ensureTools() {
  const missing = ["nginx", "wrk"].filter((bin) => spawnSync("sh", ["-c", `command -v ${bin} || test -x /usr/sbin/${bin}`]).status !== 0);
  if (!missing.length) return;
  log(`instalando ${missing.join(", ")} (apt-get: nginx-light, wrk)...`);
  const r = spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light wrk"], {
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error("nginx/wrk ausentes: instale com `apt-get install nginx-light wrk`");
}

/** The raw (still gzip-compressed) body our server sends a browser that accepts gzip. */
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

/** Starts nginx (one worker) on PORTS.static with each target's bytes as <name>.html(.gz). */
export async function startNginx(targets, base, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  const www = path.join(dir, "www");
  fs.mkdirSync(www, { recursive: true });
  for (const t of targets) {
    const ext = t.path.startsWith("/api/") ? "json" : "html";
    t.staticFile = `${t.name}.${ext}`;
    const { encoding, body } = await rawGzip(`${base}${t.path}`);
    if (encoding !== "gzip") throw new Error(`${t.path} não veio em gzip (${encoding})`);
    fs.writeFileSync(path.join(www, `${t.staticFile}.gz`), body);
    fs.writeFileSync(path.join(www, t.staticFile), (await request(`${base}${t.path}`)).text);
    t.gzipBytes = body.length;
  }
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  types { text/html html; application/json json; }
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${PORTS.static};
    root ${www};
    gzip_static on;
    location / { try_files $uri =404; }
  }
}
`,
  );
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  const child = spawn("nginx", ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const url = `http://127.0.0.1:${PORTS.static}`;
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) throw new Error(`nginx saiu: ${stderr}`);
    if ((await request(`${url}/${targets[0].staticFile}`, { timeoutMs: 500 })).status === 200) break;
    await sleep(100);
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];

/** One wrk run (one thread, like the one app process): req/s, p50, p99, errors. */
export function wrk(url, connections, seconds) {
  const r = spawnSync(
    "wrk",
    ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s", "-H", "Accept-Encoding: gzip", url],
    { encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(`wrk falhou: ${r.stderr || r.stdout}`);
  const out = r.stdout;
  const latency = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\b`, "m").exec(out);
    return m ? Math.round(toMs(m[1], m[2]) * 10) / 10 : null;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    reqPerSec: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    p50Ms: latency(50),
    p99Ms: latency(99),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/**
 * targets: [{ name, path }]; levels: connection counts. Each level: a short warm-up, then ours and
 * the limit (nginx) for `duration` seconds. Returns rows { target, connections, ours, static, ratio }.
 */
export async function runLoad(base, targets, { levels, duration, staticServer }) {
  const rows = [];
  for (const t of targets) {
    const probe = await request(`${base}${t.path}`);
    if (probe.status !== 200) {
      rows.push({ target: t.name, path: t.path, skipped: `HTTP ${probe.status}` });
      continue;
    }
    for (const connections of levels) {
      wrk(`${base}${t.path}`, connections, 2); // warm-up: caches filled, JIT compiled
      await sleep(300);
      const ours = wrk(`${base}${t.path}`, connections, duration);
      let stat = null;
      if (staticServer && t.staticFile) {
        await sleep(300);
        stat = wrk(`${staticServer.url}/${t.staticFile}`, connections, duration);
      }
      const ratio = stat ? ours.reqPerSec / Math.max(1, stat.reqPerSec) : null;
      log(
        `carga ${t.name} c=${connections}: ${ours.reqPerSec} req/s p50 ${ours.p50Ms} ms p99 ${ours.p99Ms} ms${stat ? ` | nginx ${stat.reqPerSec} req/s p99 ${stat.p99Ms} ms → ${(ratio * 100).toFixed(0)} %` : ""}`,
      );
      rows.push({ target: t.name, path: t.path, connections, ours, static: stat, ratio, gzipBytes: t.gzipBytes });
    }
  }
  return rows;
}

/** Headers that decide whether a CDN/browser may cache the page. */
export async function cacheHeaders(base, paths) {
  const out = {};
  for (const p of paths) {
    const r = await request(`${base}${p}`);
    out[p] = { cacheControl: r.headers.get("cache-control"), etag: r.headers.get("etag"), vary: r.headers.get("vary") };
  }
  return out;
}
