// PostgreSQL only: two app instances on one database, and a database outage during load.
import { spawnSync } from "node:child_process";
import net from "node:net";
import pg from "pg";
import { log, parseJson, PORTS, request, SECRETS, sleep, startApp, withProof } from "./util.mjs";

function listOf(json) {
  const d = json?.data;
  if (Array.isArray(d)) return d;
  for (const k of ["items", "rows", "list"]) if (Array.isArray(d?.[k])) return d[k];
  return null;
}

async function adminCanSee(base, sid, email, adminRoutes) {
  for (const api of ["/api/contacts", "/api/business-optimizations"]) {
    const r = await request(`${base}${api}?t=${Date.now()}`, { headers: { cookie: sid } });
    const list = r.status === 200 ? listOf(parseJson(r.text)) : null;
    if (list?.some((x) => x.email === email)) return `sim (${api})`;
  }
  for (const page of adminRoutes.ADMIN_PAGES) {
    const r = await request(`${base}${page}`, { headers: { cookie: sid } });
    if (r.text.includes(email)) return `sim (${page})`;
  }
  return "não";
}

export async function runTwoInstances({ dbUrl, buildDir, logFile, checks, adminRoutes, cases }) {
  const env = { DATABASE_URL: dbUrl, RATE_LIMIT_FACTOR: "1" };
  // The earlier runs on this database spent this address's form budget (limits are shared).
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query("delete from rate_limits");
  await client.end();
  const a = await startApp({ name: "instância A", port: PORTS.pgSecond, buildDir, env, logFile });
  const b = await startApp({ name: "instância B", port: PORTS.outage, buildDir, env, logFile });
  const out = {};
  try {
    const sid = await checks.loginSid(a.url, "admin", SECRETS.ADMIN_PASSWORD);
    out.sessionOnOther = (await request(`${b.url}/admin`, { headers: { cookie: sid } })).status === 200;

    // 6 failures on A and 6 on B for one username: the 10-failure limit must trip if shared.
    const user = `compartilhado-${Date.now()}`;
    const fail = (base) =>
      request(`${base}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: user, password: "errada" }).toString(),
      }).then((r) => r.status);
    const statuses = [
      ...(await Promise.all(Array.from({ length: 6 }, () => fail(a.url)))),
      ...(await Promise.all(Array.from({ length: 6 }, () => fail(b.url)))),
    ];
    out.rateLimitShared = statuses.includes(429);
    out.rateLimitStatuses = statuses;

    const contact = cases.PUBLIC_POST_ENDPOINTS.find((e) => e.path === "/api/contact");
    const bo = cases.PUBLIC_POST_ENDPOINTS.find((e) => e.path === "/api/business-optimization");
    const leads = [];
    for (const e of [contact, bo]) {
      const body = e.valid(Date.now() % 1_000_000, "multi");
      const r = await request(`${a.url}${e.path}`, { method: "POST", json: await withProof(a.url, body) });
      if (r.status === 404) {
        leads.push({ endpoint: e.path, result: "HTTP 404 (ainda não existe)" });
        continue;
      }
      const sidB = await checks.loginSid(b.url, "admin", SECRETS.ADMIN_PASSWORD);
      leads.push({ endpoint: e.path, sentTo: "A", status: r.status, seenOnB: await adminCanSee(b.url, sidB, body.email, adminRoutes) });
    }
    out.leads = leads;
    out.pass =
      out.sessionOnOther && out.rateLimitShared && leads.every((l) => !l.status || (l.status < 300 && l.seenOnB.startsWith("sim")));
    log(`duas instâncias: sessão ${out.sessionOnOther}, limite compartilhado ${out.rateLimitShared}, leads ${JSON.stringify(leads)}`);
  } finally {
    await a.stop();
    await b.stop();
  }
  return out;
}

/** A TCP proxy in front of PostgreSQL that the bench can cut: an outage for our app only. */
function createProxy(listenPort, host, port) {
  const sockets = new Set();
  let server = null;
  const listen = () =>
    new Promise((resolve, reject) => {
      server = net.createServer((client) => {
        const up = net.connect(port, host);
        sockets.add(client);
        sockets.add(up);
        const close = () => {
          client.destroy();
          up.destroy();
          sockets.delete(client);
          sockets.delete(up);
        };
        client.on("error", close).on("close", close);
        up.on("error", close).on("close", close);
        client.pipe(up);
        up.pipe(client);
      });
      server.once("error", reject);
      server.listen(listenPort, "127.0.0.1", resolve);
    });
  const cut = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
      sockets.clear();
    });
  return { listen, cut };
}

function pgVersion() {
  const r = spawnSync("pg_lsclusters", ["-h"], { encoding: "utf8" });
  return r.stdout.trim().split("\n")[0]?.split(/\s+/)[0];
}

/**
 * Load during a database outage. Default: a proxy between the app and PostgreSQL is cut (other
 * users of the machine's PostgreSQL are not disturbed). With --outage: PostgreSQL itself is
 * stopped and started with pg_ctlcluster.
 */
export async function runOutage({ dbUrl, buildDir, logFile, cases, checks, realStop, outageMs = 6000 }) {
  const real = new URL(dbUrl);
  let proxy = null;
  let appUrl = dbUrl;
  const version = realStop ? pgVersion() : null;
  if (!realStop) {
    proxy = createProxy(PORTS.pgProxy, real.hostname, Number(real.port || 5432));
    await proxy.listen();
    const viaProxy = new URL(dbUrl);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(PORTS.pgProxy);
    appUrl = viaProxy.toString();
  }
  const app = await startApp({ name: "instância (queda do banco)", port: PORTS.outage, buildDir, env: { DATABASE_URL: appUrl }, logFile });
  const contact = cases.PUBLIC_POST_ENDPOINTS.find((e) => e.path === "/api/contact");
  const contactExists = (await request(`${app.url}/api/contact`, { method: "POST", json: {} })).status !== 404;
  const sid = await checks.loginSid(app.url, "admin", SECRETS.ADMIN_PASSWORD);
  const apiPath = (await request(`${app.url}/api/blog/posts`)).status === 200 ? "/api/blog/posts" : "/healthz";
  const records = [];
  let stop = false;
  let n = 0;
  const t0 = Date.now();
  const worker = async (w) => {
    while (!stop) {
      const kind = ["post", "api", "page", "home", "admin"][n++ % 5];
      let r;
      const started = Date.now();
      let email;
      if (kind === "post" && contactExists) {
        const body = contact.valid(n, `queda${t0.toString(36)}`);
        email = body.email;
        r = await request(`${app.url}/api/contact`, { method: "POST", json: await withProof(app.url, body), timeoutMs: 20_000 });
      } else if (kind === "api" || kind === "post") r = await request(`${app.url}${apiPath}`, { timeoutMs: 20_000 });
      else if (kind === "page") r = await request(`${app.url}/blog`, { timeoutMs: 20_000 });
      else if (kind === "admin") r = await request(`${app.url}/admin/dashboard`, { headers: { cookie: sid }, timeoutMs: 20_000 });
      else r = await request(`${app.url}/`, { timeoutMs: 20_000 });
      records.push({
        w,
        kind,
        start: started - t0,
        end: Date.now() - t0,
        status: r.status,
        email,
        body: r.status >= 500 ? r.text.slice(0, 160) : undefined,
        type: r.headers.get("content-type"),
      });
      await sleep(20);
    }
  };
  const workers = Array.from({ length: 12 }, (_, w) => worker(w));
  let downAt = 0;
  let upAt = 0;
  let recoveredAt = null;
  let crashes = [];
  try {
    await sleep(3000);
    downAt = Date.now() - t0;
    log(`queda do banco: cortando (${realStop ? `pg_ctlcluster ${version} main stop` : "proxy TCP"})`);
    if (realStop) spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "stop", "-m", "fast"], { stdio: "inherit" });
    else await proxy.cut();
    await sleep(outageMs);
    if (realStop) spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], { stdio: "inherit" });
    else await proxy.listen();
    upAt = Date.now() - t0;
    log("queda do banco: banco de volta");
    // Recovery: the first /healthz 200 after the database is back.
    while (Date.now() - t0 - upAt < 30_000) {
      const h = await request(`${app.url}/healthz`, { timeoutMs: 5000 });
      if (h.status === 200) {
        recoveredAt = Date.now() - t0;
        break;
      }
      await sleep(100);
    }
    await sleep(4000);
  } finally {
    stop = true;
    await Promise.all(workers);
    crashes = app.exits.map((e) => `saiu com ${e.code ?? e.signal} em ${Math.round((e.at - t0) / 100) / 10} s`);
    await app.stop();
    if (realStop && spawnSync("pg_isready", ["-h", real.hostname, "-p", real.port || "5432"]).status !== 0) {
      spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], { stdio: "inherit" });
    }
  }
  // Requests that started while the database was away (after a 300 ms grace for in-flight ones).
  const during = records.filter((r) => r.start >= downAt + 300 && r.start < upAt);
  const dbDuring = during.filter((r) => r.kind !== "home");
  const byStatus = (list) => list.reduce((a, r) => ((a[r.status] = (a[r.status] ?? 0) + 1), a), {});
  const accepted = records.filter((r) => r.kind === "post" && r.email && r.status >= 200 && r.status < 300);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const stored = new Set(
    (await client.query(`select email from contacts where email like $1`, [`bench-queda${t0.toString(36)}-%`])).rows.map((r) => r.email),
  );
  await client.end();
  const lost = accepted.filter((r) => !stored.has(r.email)).length;
  const maxMsDuring = Math.max(0, ...during.map((r) => r.end - r.start));
  const after = records.filter((r) => r.start >= (recoveredAt ?? upAt) + 500);
  const out = {
    apiPath,
    method: realStop ? `pg_ctlcluster ${version} main stop/start` : "proxy TCP cortado (PostgreSQL da máquina intocado)",
    outageMs: upAt - downAt,
    requests: records.length,
    duringStatus: byStatus(dbDuring),
    // post = POST /api/contact, api = GET ${apiPath}, page = GET /blog, admin = GET /admin/dashboard (session), home = GET /
    duringByKind: Object.fromEntries(
      ["post", "api", "page", "admin", "home"].map((k) => [k, byStatus(during.filter((r) => r.kind === k))]),
    ),
    duringMaxMs: maxMsDuring,
    non503During: dbDuring
      .filter((r) => r.status !== 503 && !(r.status >= 200 && r.status < 400))
      .map((r) => `${r.kind} ${r.status}${r.body ? `: ${r.body.slice(0, 80)}` : ""}`)
      .slice(0, 8),
    recoveryMs: recoveredAt === null ? null : recoveredAt - upAt,
    afterStatus: byStatus(after),
    accepted2xx: accepted.length,
    stored: stored.size,
    lost,
    contactTested: contactExists,
    // The app process dying is the worst outcome: say it plainly (details in the server log).
    appCrashed: crashes,
  };
  out.failFast = maxMsDuring <= 5000;
  // A request may also succeed (it needed no database, or waited for it to come back): fine.
  out.all503 = dbDuring.length > 0 && dbDuring.every((r) => r.status === 503 || (r.status >= 200 && r.status < 400));
  out.pass =
    crashes.length === 0 &&
    out.failFast &&
    out.all503 &&
    out.recoveryMs !== null &&
    out.recoveryMs <= 5000 &&
    lost === 0 &&
    after.every((r) => r.status < 500);
  log(
    `queda do banco: durante ${JSON.stringify(out.duringStatus)} (máx ${maxMsDuring} ms), recuperação ${out.recoveryMs} ms, perdidos ${lost}`,
  );
  return out;
}
