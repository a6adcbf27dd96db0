// Hostile visitors, black box, on the embedded database with the rate limits at their real values
// (RATE_LIMIT_FACTOR=1; docs/decisions/0106, 0107, 0108): three 5 MB CVs at once without the
// proof of work while /healthz is probed, the admin's spam page after them, the process's memory,
// one harvested form stamp replayed with four addresses, and 400 searches and 400 challenges from
// one address. Each row is [check, figure, limit, pass]; the limits are docs/budgets.json "hostile".
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { BUDGETS, log, pool, PORTS, processStats, request, SECRETS, sleep, startApp } from "./util.mjs";

const BAR = BUDGETS.hostile;
const MB = 1024 * 1024;

/** Sends `count` GETs, `width` at a time; the count of each status. */
async function flood(url, count, width, pathOf) {
  const statuses = {};
  await pool(
    Array.from({ length: count }, (_, i) => pathOf(i)),
    width,
    async (p) => {
      const { status } = await request(url + p);
      statuses[status] = (statuses[status] ?? 0) + 1;
    },
  );
  return statuses;
}
const fivexx = (statuses) => Object.entries(statuses).reduce((n, [s, c]) => n + (Number(s) >= 500 || s === "0" ? c : 0), 0);

export async function runHostile({ buildDir, logFile, runDir }) {
  const documents = await tsImport("../../tests/support/documents.ts", import.meta.url);
  const checks = await tsImport("../../tests/support/checks.ts", import.meta.url);
  const dataDir = path.join(runDir, "data-hostile");
  const app = await startApp({
    name: "app (hostile)",
    port: PORTS.hostile,
    buildDir,
    logFile,
    env: { DATA_DIR: dataDir, RATE_LIMIT_FACTOR: "1" },
  });
  const rows = [];
  let replayed = null;
  try {
    // 1. Three 5 MB CVs at once, no proof of work, /healthz probed every 100 ms meanwhile.
    const pdf = documents.realPdfOfSize(5 * MB - 4096);
    const rssBefore = processStats(app.child.pid).rssMb;
    let probing = true;
    const probes = [];
    const prober = (async () => {
      while (probing) {
        const t = performance.now();
        const status = await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
          (r) => r.status,
          () => 0,
        );
        probes.push({ status, ms: performance.now() - t });
        await sleep(100);
      }
    })();
    const posts = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const body = new FormData();
        const fields = { name: `Spam ${i}`, email: `s${i}@example.com`, phone: "11999990000", position: "Senior AI Engineer" };
        for (const [k, v] of Object.entries(fields)) body.set(k, v);
        body.set("experience", "experiencia ".repeat(6));
        body.set("motivation", "experiencia ".repeat(6));
        body.set("cv", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), `cv-${i}.pdf`);
        const t = performance.now();
        const res = await fetch(`${app.url}/api/careers/application`, { method: "POST", body });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - t };
      }),
    );
    await sleep(500);
    probing = false;
    await prober;
    const worstProbe = Math.max(...probes.map((p) => p.ms));
    const probesOk = probes.every((p) => p.status === 200 && p.ms <= BAR.maxHealthProbeMs);
    rows.push([
      "Três CVs de 5 MB ao mesmo tempo, sem prova de trabalho (embutido)",
      `${posts.map((p) => `${p.status} em ${(p.ms / 1000).toFixed(1)} s`).join(", ")}; ${probes.length} sondas, pior ${Math.round(worstProbe)} ms`,
      `nenhum 5xx; /healthz ≤ ${BAR.maxHealthProbeMs} ms em toda sonda`,
      posts.every((p) => p.status < 500) && probesOk,
    ]);
    const sid = await checks.loginSid(app.url, "admin", SECRETS.ADMIN_PASSWORD);
    const t = performance.now();
    const spam = await fetch(`${app.url}/admin/leads/spam`, { headers: { cookie: sid } });
    const spamBytes = (await spam.arrayBuffer()).byteLength;
    const spamMs = performance.now() - t;
    rows.push([
      "Página Spam do admin depois deles",
      `${spam.status} em ${Math.round(spamMs)} ms, ${(spamBytes / 1024).toFixed(0)} kB`,
      `200 em ≤ ${BAR.maxSpamPageMs} ms, < ${BAR.maxSpamPageMb} MB`,
      spam.status === 200 && spamMs <= BAR.maxSpamPageMs && spamBytes < BAR.maxSpamPageMb * MB,
    ]);
    const rssAfter = processStats(app.child.pid).rssMb;
    rows.push([
      "Memória do processo depois dos três envios",
      `${Math.round(rssBefore)} MB antes → ${Math.round(rssAfter)} MB`,
      `< ${BAR.maxMemoryMb} MB`,
      rssAfter < BAR.maxMemoryMb,
    ]);

    // 2. One harvested stamp, four native posts with four addresses (one network).
    const page = await fetch(`${app.url}/carreiras`).then((r) => r.text());
    const stamp = page.match(/name="formStamp" value="([^"]+)"/)?.[1];
    await sleep(4000);
    const replays = [];
    for (let i = 1; i <= 4; i++) {
      const res = await fetch(`${app.url}/enviar/contato`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({
          name: `Robô ${i}`,
          company: "X",
          email: `vitima${i}@example.org`,
          phone: "11999990000",
          message: "Mensagem de teste sem prova de trabalho.",
          consent: "on",
          formStamp: stamp ?? "",
          website: "",
        }),
      });
      replays.push(res.status);
    }
    replayed = { stamp: Boolean(stamp), statuses: replays };
    // 3. 400 searches never asked before and 400 challenges, 20 at a time, one address.
    const searches = await flood(app.url, 400, 20, (i) => `/api/search?q=${encodeURIComponent(`consulta inédita ${i}`)}`);
    const challenges = await flood(app.url, 400, 20, () => "/api/challenge");
    for (const [what, statuses] of [
      ["400 buscas inéditas de um endereço", searches],
      ["400 desafios de prova de trabalho de um endereço", challenges],
    ]) {
      rows.push([what, JSON.stringify(statuses), "alguns 429, nenhum 5xx", (statuses[429] ?? 0) > 0 && fivexx(statuses) === 0]);
    }
  } finally {
    await app.stop();
  }
  if (replayed) {
    // Read what was stored once the app is stopped (the embedded database has one owner).
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(path.join(dataDir, "pgdata"));
    const count = async (q) => Number((await db.query(q)).rows[0].n);
    const contacts = await count("select count(*) as n from leads where kind = 'contatos' and email like 'vitima%@example.org'");
    const mailed = await count("select count(*) as n from outbox where recipient like 'vitima%@example.org'");
    await db.close();
    rows.push([
      "Um carimbo colhido, reenviado 4× com 4 endereços",
      `respostas ${replayed.statuses.join(", ")}; contatos ${contacts}; e-mails a esses endereços ${mailed}`,
      `no máximo ${BAR.maxContactsFromOneStamp} contato, nenhum e-mail a eles`,
      replayed.stamp && contacts <= BAR.maxContactsFromOneStamp && mailed === 0,
    ]);
  }
  log(`hostil: ${rows.map((r) => `${r[0]}: ${r[3] ? "ok" : "FALHOU"}`).join("; ")}`);
  return rows;
}
