// Throughput and latency with autocannon against our server and against a static-file server
// holding the same responses, so the report can show ours as a share of the static limit.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { log, PORTS, request, ROOT, sleep } from "./util.mjs";

function cannon(url, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1, timeout: 10 }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

function figures(r) {
  return {
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    status5xx: r["5xx"],
  };
}

export async function startStaticServer(targets, base, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const t of targets) {
    const r = await request(`${base}${t.path}`);
    t.staticFile = `${t.name}.${t.path.startsWith("/api/") ? "json" : "html"}`;
    fs.writeFileSync(path.join(dir, t.staticFile), r.text);
    t.bytes = Buffer.byteLength(r.text);
  }
  const child = spawn(process.execPath, [path.join(ROOT, "bench/lib/static-server.mjs"), dir, String(PORTS.static)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("static pronto") && resolve());
    child.on("exit", (code) => reject(new Error(`servidor estático saiu (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${PORTS.static}`,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * targets: [{ name, path }]; levels: connection counts. Measures ours, then (optionally) static.
 * Returns rows { target, connections, ours, static, ratio }.
 */
export async function runLoad(base, targets, { levels, duration, staticServer }) {
  const rows = [];
  for (const t of targets) {
    const probe = await request(`${base}${t.path}`);
    if (probe.status === 404) {
      rows.push({ target: t.name, path: t.path, skipped: `HTTP 404 (ainda não existe)` });
      continue;
    }
    for (const connections of levels) {
      await sleep(300);
      const ours = figures(await cannon(`${base}${t.path}`, connections, duration));
      let stat = null;
      if (staticServer && t.staticFile) {
        await sleep(300);
        stat = figures(await cannon(`${staticServer.url}/${t.staticFile}`, connections, duration));
      }
      const ratio = stat ? ours.reqPerSec / Math.max(1, stat.reqPerSec) : null;
      log(`carga ${t.name} c=${connections}: ${ours.reqPerSec} req/s p99 ${ours.p99Ms} ms${stat ? ` | estático ${stat.reqPerSec} req/s → ${(ratio * 100).toFixed(0)} %` : ""}`);
      rows.push({ target: t.name, path: t.path, connections, ours, static: stat, ratio, bytes: t.bytes });
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
