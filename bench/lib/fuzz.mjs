// Property-based bad input (fast-check, seeded): no 5xx ever, and no row stored by an invalid payload.
import fc from "fast-check";
import { diffCounts } from "./db.mjs";
import { log, pool, request } from "./util.mjs";

export async function runFuzz(target, cases, { invalidRuns, oddRuns, seed }) {
  const { PUBLIC_POST_ENDPOINTS, invalidRequests, oddRequests, oddBlogGets, sendFuzz, endpointExists, LEAD_TABLES } = cases;
  // An endpoint answering 404 is a deleted or renamed route: reported, and the section fails.
  const present = [];
  const missing = [];
  for (const e of PUBLIC_POST_ENDPOINTS) {
    if (await endpointExists(target.url, "POST", e.path)) present.push(e);
    else missing.push(e.path);
  }
  const perEndpoint = {};
  const failures = [];
  const record = (r, answer) => {
    const row = (perEndpoint[r.endpoint] ??= { sent: 0, s2xx: 0, s4xx: 0, s5xx: 0, network: 0, invalidAccepted: 0, maxMs: 0 });
    row.sent++;
    row.maxMs = Math.max(row.maxMs, answer.ms);
    if (answer.status === 0) row.network++;
    else if (answer.status >= 500) row.s5xx++;
    else if (answer.status >= 400) row.s4xx++;
    else row.s2xx++;
    const badInvalid = r.kind === "invalid" && answer.status > 0 && answer.status < 400;
    if (badInvalid) row.invalidAccepted++;
    if (answer.status >= 500 || answer.status === 0 || badInvalid) {
      if (failures.length < 25)
        failures.push({
          endpoint: r.endpoint,
          kind: r.kind,
          strategy: r.strategy,
          status: answer.status,
          body: r.body.slice(0, 160),
          answer: answer.text.slice(0, 200),
        });
    }
  };

  // 1) invalid payloads, then the row counts must not have moved.
  const before = await target.snapshot();
  for (const [i, e] of present.entries()) {
    const reqs = fc.sample(invalidRequests(e), { seed: seed + i, numRuns: invalidRuns });
    await pool(reqs, 8, async (r) => record(r, await sendFuzz(target.url, r)));
  }
  const afterInvalid = await target.snapshot();
  const storedByInvalid = diffCounts(before, afterInvalid, LEAD_TABLES);

  // 2) odd but legal-looking payloads (unicode edges, extra/prototype keys, XSS text): never 5xx.
  for (const [i, e] of present.entries()) {
    const reqs = fc.sample(oddRequests(e), { seed: seed + 100 + i, numRuns: oddRuns });
    await pool(reqs, 8, async (r) => record(r, await sendFuzz(target.url, r)));
  }

  // 3) blog API GETs with odd parameters.
  const gets = { sent: 0, s5xx: 0, network: 0, byStatus: {} };
  const blogExists = (await request(`${target.url}/api/blog/posts`)).status !== 404;
  if (blogExists) {
    await pool(oddBlogGets(), 8, async (p) => {
      const r = await request(`${target.url}${p}`);
      gets.sent++;
      gets.byStatus[r.status] = (gets.byStatus[r.status] ?? 0) + 1;
      if (r.status >= 500) gets.s5xx++;
      if (r.status === 0) gets.network++;
      if ((r.status >= 500 || r.status === 0) && failures.length < 25)
        failures.push({
          endpoint: `GET ${p.slice(0, 80)}`,
          kind: "odd",
          strategy: "query",
          status: r.status,
          answer: r.text.slice(0, 200),
        });
    });
  }
  const health = await request(`${target.url}/healthz`);
  const totals = Object.values(perEndpoint).reduce(
    (a, r) => ({
      sent: a.sent + r.sent,
      s5xx: a.s5xx + r.s5xx,
      network: a.network + r.network,
      invalidAccepted: a.invalidAccepted + r.invalidAccepted,
    }),
    { sent: 0, s5xx: 0, network: 0, invalidAccepted: 0 },
  );
  const result = {
    seed,
    endpoints: present.map((e) => e.path),
    missing: [...missing, ...(blogExists ? [] : ["GET /api/blog/posts"])].map((p) => `${p}: HTTP 404`),
    blogGets: blogExists ? gets : "GET /api/blog/posts responde 404",
    perEndpoint,
    totals: { ...totals, s5xx: totals.s5xx + (blogExists ? gets.s5xx : 0), requests: totals.sent + (blogExists ? gets.sent : 0) },
    storedByInvalid,
    rowsStoredByInvalid: Object.values(storedByInvalid).reduce((a, b) => a + b, 0),
    healthyAfter: health.status === 200,
    failures,
  };
  result.pass =
    result.missing.length === 0 &&
    result.totals.s5xx === 0 &&
    result.totals.network === 0 &&
    result.rowsStoredByInvalid === 0 &&
    totals.invalidAccepted === 0 &&
    result.healthyAfter;
  log(
    `fuzz: ${result.totals.requests} pedidos, ${result.totals.s5xx} 5xx, ${result.rowsStoredByInvalid} linhas por payload inválido, ${totals.invalidAccepted} inválidos aceitos`,
  );
  return result;
}
