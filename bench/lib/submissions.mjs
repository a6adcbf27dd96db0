// 200 concurrent form posts per endpoint: every 2xx must be a stored row, and no 5xx.
import { log, parseJson, request, withProof } from "./util.mjs";

const FORMS = [
  { path: "/api/contact", table: "contacts", adminApi: "/api/contacts" },
  { path: "/api/business-optimization", table: "business_optimizations", adminApi: "/api/business-optimizations" },
];

function listOf(json) {
  const d = json?.data;
  if (Array.isArray(d)) return d;
  for (const k of ["items", "rows", "contacts", "businessOptimizations", "list"]) if (Array.isArray(d?.[k])) return d[k];
  return null;
}

/** target: { url, snapshot(emailLike), sid() } ; endpoints from tests/support/cases.ts */
export async function runSubmissions(target, endpoints, { concurrency = 200, runTag }) {
  const rows = [];
  for (const form of FORMS) {
    const endpoint = endpoints.find((e) => e.path === form.path);
    const probe = await request(`${target.url}${form.path}`, { method: "POST", json: {} });
    if (probe.status === 404) {
      rows.push({ endpoint: form.path, skipped: "HTTP 404 (ainda não existe)" });
      continue;
    }
    const tag = `sub${runTag}${form.table.slice(0, 4)}`;
    const like = `bench-${tag}-%`;
    const before = await target.snapshot(like);
    // As the site's forms send them, with a solved proof of work (docs/decisions/0090), solved
    // before the clock starts: the submissions then arrive together.
    const bodies = await Promise.all(Array.from({ length: concurrency }, (_, i) => withProof(target.url, endpoint.valid(i + 1, tag))));
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: concurrency }, (_, i) =>
        request(`${target.url}${form.path}`, { method: "POST", json: bodies[i], timeoutMs: 60_000 }).then((r) => ({
          i,
          status: r.status,
          ms: r.ms,
          email: endpoint.valid(i + 1, tag).email,
          body: r.status >= 400 ? r.text.slice(0, 200) : undefined,
        })),
      ),
    );
    const wallMs = Date.now() - started;
    const after = await target.snapshot(like);
    const accepted = answers.filter((a) => a.status >= 200 && a.status < 300);
    const storedEmails = new Set(after.emails[form.table] ?? []);
    const lost = accepted.filter((a) => !storedEmails.has(a.email)).length;
    const storedDelta = (after.counts[form.table] ?? 0) - (before.counts[form.table] ?? 0);
    const byStatus = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;

    // What the admin sees through the admin API (when that API exists yet).
    let adminSees = null;
    try {
      const sid = await target.sid();
      const r = await request(`${target.url}${form.adminApi}?t=${Date.now()}`, { headers: { cookie: sid } });
      const list = r.status === 200 ? listOf(parseJson(r.text)) : null;
      adminSees = list ? list.filter((x) => String(x.email ?? "").startsWith(`bench-${tag}-`)).length : `HTTP ${r.status}`;
    } catch (error) {
      adminSees = `login falhou: ${error.message}`;
    }
    const row = {
      endpoint: form.path,
      sent: concurrency,
      accepted2xx: accepted.length,
      stored: storedDelta,
      storedMatching: storedEmails.size,
      lost,
      status5xx: answers.filter((a) => a.status >= 500).length,
      networkErrors: answers.filter((a) => a.status === 0).length,
      byStatus,
      adminSees,
      wallMs,
      p99Ms: Math.round(answers.map((a) => a.ms).sort((a, b) => a - b)[Math.floor(answers.length * 0.99) - 1]),
      sampleError: answers.find((a) => a.status >= 400 || a.status === 0)?.body,
    };
    row.pass = row.status5xx === 0 && row.networkErrors === 0 && row.lost === 0 && row.accepted2xx === row.storedMatching;
    log(
      `envios ${form.path}: ${row.accepted2xx}/${concurrency} 2xx, ${row.storedMatching} gravados, ${row.status5xx} 5xx, admin vê ${row.adminSees}`,
    );
    rows.push(row);
  }
  return rows;
}
