// The analytics bars (docs/decisions/0040–0043): a burst of page views all counted with 0 5xx, and the Análises page
// rendering 90 days of rollups of 50,000 seeded views in under 300 ms of server time.
//
// A page counts its own view: a browser loads it and its script sends a beacon (decision 0056).
// This section does what the browser does, the page and then the beacon, with a desktop browser's
// string and a per-visitor suffix, so its views are counted as a person's. The other sections'
// traffic is not counted (wrk loads no beacon; Lighthouse and headless Chromium are bots to `isbot`).
import { log, median, pool, request } from "./util.mjs";

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PAGES = ["/", "/sobre", "/carreiras", "/agentes", "/produtos", "/formulario", "/blog", "/privacidade"];

/** Brasília's calendar day, as the app counts days. */
const brasiliaDay = (time = Date.now()) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(time);

async function viewCounts(target, day) {
  return target.withDatabase(async (q) => {
    const r = await q(`select count(*)::int as views, count(distinct visitor_hash)::int as visitors from page_views where day = '${day}'`);
    return r.rows[0];
  });
}

/**
 * target: makeTarget() of bench/run.mjs. With PGlite, reading the database stops the app, whose
 * shutdown writes what is still buffered; with PostgreSQL the count is polled for a few seconds.
 */
export async function runAnalytics(
  target,
  { views = 10_000, visitors = 500, concurrency = 200, seeded = 50_000, days = 90, renders = 7, dbUrl },
) {
  const day = brasiliaDay();
  const before = await viewCounts(target, day);

  // 1. The burst: page views of public pages (the page, then its view beacon) at 200 at a time.
  log(`análises: ${views} visualizações, ${concurrency} simultâneas`);
  const started = Date.now();
  const answers = await pool(
    Array.from({ length: views }, (_, i) => i),
    concurrency,
    async (i) => {
      const page = `${PAGES[i % PAGES.length]}?utm_source=bench&utm_campaign=rajada`;
      const headers = { "user-agent": `${BROWSER} Visitante/${i % visitors}` };
      const html = await request(`${target.url}${page}`, { headers: { ...headers, accept: "text/html" }, timeoutMs: 60_000 });
      const beacon = await request(`${target.url}/api/analytics`, {
        method: "POST",
        headers: { ...headers, "content-type": "text/plain;charset=UTF-8", origin: target.url },
        body: JSON.stringify({ k: "view", p: page, r: "https://www.google.com/" }),
        timeoutMs: 60_000,
      });
      // The worse of the two answers (0: no answer at all).
      const status = html.status === 0 || beacon.status === 0 ? 0 : Math.max(html.status, beacon.status);
      return { status, ms: html.ms };
    },
  );
  const wallMs = Date.now() - started;
  const byStatus = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const status5xx = answers.filter((a) => a.status >= 500 || a.status === 0).length;
  let after = await viewCounts(target, day);
  for (let tries = 0; dbUrl && after.views - before.views < views && tries < 20; tries++) {
    await new Promise((r) => setTimeout(r, 500));
    after = await viewCounts(target, day);
  }
  const counted = after.views - before.views;
  const burst = {
    sent: views,
    byStatus,
    status5xx,
    counted,
    visitorsToday: after.visitors,
    expectedVisitors: visitors,
    wallMs,
    reqPerSec: Math.round(views / (wallMs / 1000)),
    p99Ms: Math.round([...answers.map((a) => a.ms)].sort((a, b) => a - b)[Math.floor(answers.length * 0.99)]),
    pass: status5xx === 0 && counted === views,
  };

  // 2. 50,000 views over the last 90 days, written straight into the raw table; the page's first
  // load rolls the days up (once per process), the next loads read rollups only.
  log(`análises: ${seeded} visualizações em ${days} dias`);
  await target.withDatabase(async (q) => {
    await q(`
      insert into page_views (created_at, day, path, entry, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor_hash)
      select ('${day}'::date - (g % ${days}))::timestamp + interval '15 hours',
             '${day}'::date - (g % ${days}),
             case when g % 5 = 0 then '/blog/post-' || (g % 40) else (array['/', '/sobre', '/blog', '/carreiras', '/agentes', '/produtos', '/formulario'])[1 + g % 7] end,
             g % 3 = 0,
             case when g % 3 = 0 then (array[null, 'google.com', 'linkedin.com', 'bing.com', 'duckduckgo.com'])[1 + g % 5] end,
             case when g % 3 = 0 and g % 4 = 0 then (array['newsletter', 'google', 'linkedin'])[1 + g % 3] end,
             case when g % 3 = 0 and g % 4 = 0 then 'cpc' end,
             case when g % 3 = 0 and g % 4 = 0 then 'campanha-' || (g % 6) end,
             (array['mobile', 'desktop', 'tablet'])[1 + g % 3],
             md5((g / 4)::text)
        from generate_series(1, ${seeded}) g`);
    await q(`
      insert into analytics_events (created_at, day, kind, form, path, visitor_hash)
      select ('${day}'::date - (g % ${days}))::timestamp + interval '15 hours', '${day}'::date - (g % ${days}),
             case when g % 2 = 0 then 'widget' else 'form' end, case when g % 2 = 1 then 'contato' end, '/', md5((g * 8)::text)
        from generate_series(1, ${Math.round(seeded / 20)}) g`);
  });

  // 3. The page, 90 days: a first load (catch-up of every seeded day), then `renders` timed loads.
  const sid = await target.sid(true);
  const url = `${target.url}/admin/analises?periodo=90`;
  const first = await request(url, { headers: { cookie: sid }, timeoutMs: 120_000 });
  const timed = [];
  for (let i = 0; i < renders; i++) {
    const r = await request(url, { headers: { cookie: sid }, timeoutMs: 60_000 });
    const timing = /relatorio;dur=([\d.]+)/.exec(r.headers.get("server-timing") ?? "")?.[1];
    timed.push({ status: r.status, ms: r.ms, loaderMs: timing ? Number(timing) : null, bytes: r.text.length });
  }
  const page = {
    firstLoadMs: Math.round(first.ms),
    firstStatus: first.status,
    renders: timed.length,
    statuses: [...new Set(timed.map((t) => t.status))],
    medianMs: Math.round(median(timed.map((t) => t.ms))),
    maxMs: Math.round(Math.max(...timed.map((t) => t.ms))),
    medianLoaderMs: median(timed.map((t) => t.loaderMs)),
    htmlKb: Math.round(timed[0].bytes / 1024),
    pass: timed.every((t) => t.status === 200) && median(timed.map((t) => t.ms)) < 300,
  };
  return { burst, page, seeded, days };
}
