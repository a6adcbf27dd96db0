// Shared plumbing of the benchmark: flags, ports, starting/stopping app processes, small helpers.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The bench owns ports 3370-3379 (other work on this machine uses other ranges). */
export const PORTS = {
  app: 3370,
  static: 3371,
  https: 3372,
  pg: 3373,
  pgSecond: 3374,
  pgProxy: 3375,
  outage: 3376,
  fresh: 3377,
  recipe: 3378,
  chrome: 3379,
  bare: 3380,
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function log(...args) {
  const t = new Date().toISOString().slice(11, 19);
  console.log(`[bench ${t}]`, ...args);
}

export function parseArgs(argv) {
  const flags = {
    quick: false,
    outage: false,
    build: true,
    lighthouse: true,
    only: null,
    buildDir: process.env.BUILD_DIR ?? "build-bench",
    keepDb: false,
  };
  for (const a of argv) {
    if (a === "--quick") flags.quick = true;
    else if (a === "--outage") flags.outage = true;
    else if (a === "--no-build") flags.build = false;
    else if (a === "--no-lighthouse") flags.lighthouse = false;
    else if (a === "--keep-db") flags.keepDb = true;
    else if (a.startsWith("--only=")) flags.only = new Set(a.slice(7).split(","));
    else if (a.startsWith("--build-dir=")) flags.buildDir = a.slice(12);
    else if (a === "--help" || a === "-h") flags.help = true;
    else throw new Error(`flag desconhecida: ${a} (veja --help)`);
  }
  return flags;
}

export function median(values) {
  const v = values.filter((x) => typeof x === "number" && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
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

export function build(buildDir) {
  log(`build em ${buildDir}...`);
  const r = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: buildDir },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`build falhou:\n${(r.stderr || r.stdout).slice(-3000)}`);
}

export const SECRETS = {
  ADMIN_PASSWORD: "Bench-Senha-Secreta-7d1f3a",
  STRIPE_SECRET_KEY: "sk_test_benchFAKE51H7x9ZzNaoDeveVazar0123456789",
  CHAT_API_KEY: "chatkey-bench-nao-deve-vazar-9f8e7d6c",
  SESSION_SECRET: "bench-session-secret-com-mais-de-32-caracteres-0001",
};

/**
 * Starts `node server.js` (the production bundle) as one process and waits for /healthz.
 * Returns a handle with stop() and restart().
 */
export async function startApp({ name, port, buildDir, env = {}, logFile }) {
  const fullEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    RATE_LIMIT_FACTOR: "10000",
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: SECRETS.ADMIN_PASSWORD,
    SESSION_SECRET: SECRETS.SESSION_SECRET,
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: "",
    ...env,
  };
  // Variables the caller wants absent.
  for (const [k, v] of Object.entries(fullEnv)) if (v === undefined) delete fullEnv[k];
  const handle = { name, port, env: fullEnv, url: `http://127.0.0.1:${port}`, child: null, logFile, exits: [] };
  handle.start = async () => {
    const out = fs.openSync(logFile, "a");
    const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env: fullEnv, stdio: ["ignore", out, out] });
    fs.closeSync(out);
    handle.child = child;
    child.on("exit", (code, signal) => handle.exits.push({ code, signal, at: Date.now() }));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${name} saiu com código ${child.exitCode}; veja ${logFile}`);
      try {
        const r = await fetch(`${handle.url}/healthz`, { signal: AbortSignal.timeout(2000) });
        if (r.ok) return handle;
      } catch {
        /* not up yet */
      }
      await sleep(200);
    }
    throw new Error(`${name} não respondeu em 60 s; veja ${logFile}`);
  };
  handle.stop = async () => {
    const child = handle.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  };
  handle.restart = async () => {
    await handle.stop();
    await handle.start();
  };
  await handle.start();
  return handle;
}

/** GET/POST with a timeout; never throws (status 0 = network error/timeout). */
export async function request(url, { method = "GET", headers = {}, body, timeoutMs = 15_000, json } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method,
      headers: json !== undefined ? { "content-type": "application/json", ...headers } : headers,
      body: json !== undefined ? JSON.stringify(json) : body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, headers: new Headers(), text: String(error?.cause ?? error), ms: performance.now() - started };
  }
}

export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function machineInfo() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** First published post: the public API, else the first /blog/<slug> link of /blog. */
export async function findPostPath(base) {
  const r = await request(`${base}/api/blog/posts`);
  const data = parseJson(r.text)?.data;
  const posts = Array.isArray(data) ? data : (data?.posts ?? data?.items);
  if (r.status === 200 && Array.isArray(posts) && posts[0]?.slug) return { path: `/blog/${posts[0].slug}`, source: "GET /api/blog/posts" };
  const html = (await request(`${base}/blog`)).text;
  const m = /href="(\/blog\/(?!rss)[a-z0-9-]+)"/.exec(html);
  if (m) return { path: m[1], source: "link em /blog (a API ainda não responde)" };
  return { path: "/blog/agentes-de-ia-no-atendimento-do-chatbot-que-responde-ao-assistente-que-resolve", source: "slug do seed" };
}

/**
 * A lead's body with a solved proof of work (docs/decisions/0090), as the site's forms send it:
 * the challenge asked at GET /api/challenge and solved with the same library. Without a challenge
 * (the route is missing, or the server cannot answer) the body goes as it is: it is then judged
 * as a script's post.
 */
export async function withProof(baseUrl, body) {
  const answer = await request(`${baseUrl}/api/challenge`);
  const challenge = answer.status === 200 ? parseJson(answer.text)?.data : undefined;
  if (!challenge) return body;
  const { solveChallenge } = await import("altcha-lib");
  const { deriveKey } = await import("altcha-lib/algorithms/pbkdf2");
  const solution = await solveChallenge({ challenge, deriveKey });
  return solution ? { ...body, altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") } : body;
}
