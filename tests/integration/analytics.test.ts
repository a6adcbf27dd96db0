/**
 * Page analytics and attribution on the real production bundle: a counted page counts its own
 * view with a beacon (or, without JavaScript, an image), whoever served it, without any cookie;
 * bots, admins and pages that are not counted are left out,
 * beacons for funnel steps, daily rollups, retention of raw rows, and every lead type carrying the
 * landing page, referrer and UTM of the visit that produced it.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import {
  formStampFor,
  adminSession,
  postJson,
  startTestApp,
  TEST_SESSION_SECRET,
  withProof,
  type TestApp,
  testHooks,
} from "../helpers/app";
import { PUBLIC_POST_ENDPOINTS } from "../support/cases";
import { leadWhere } from "../support/leads";

type Bundle = Awaited<ReturnType<typeof testHooks>>;
let app: TestApp;
let bundle: Bundle;
let ipCounter = 0;
/** Each test is its own visitor: an address of its own (TRUST_PROXY=1). */
const newIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", RATE_LIMIT_FACTOR: "100", SESSION_SECRET: TEST_SESSION_SECRET });
  bundle = await testHooks();
}, 90_000);
afterAll(async () => {
  await app?.close();
});

/** What a page's view script sends (app/shell/early/page-view.ts): its address and the document's referrer. */
function viewBeacon(pathWithQuery: string, { ip, ua = CHROME, referer, headers = {} }: VisitOptions) {
  return fetch(`${app.url}/api/analytics`, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "x-forwarded-for": ip,
      origin: app.url,
      ...(ua ? { "user-agent": ua } : {}),
      ...headers,
    },
    body: JSON.stringify({ k: "view", p: pathWithQuery, r: referer ?? "" }),
  });
}

interface VisitOptions {
  ip: string;
  ua?: string | null;
  referer?: string;
  headers?: Record<string, string>;
}

/**
 * A browser's visit: the page, then, if the page asks to be counted (it carries the view script),
 * the beacon that script sends. The server counts nothing from the page request itself.
 */
async function visit(pathWithQuery: string, options: VisitOptions) {
  const { ip, ua = CHROME, referer, headers = {} } = options;
  const res = await fetch(`${app.url}${pathWithQuery}`, {
    headers: {
      "x-forwarded-for": ip,
      accept: "text/html",
      ...(ua ? { "user-agent": ua } : {}),
      ...(referer ? { referer } : {}),
      ...headers,
    },
    redirect: "manual",
  });
  const html = await res.text();
  if (res.status === 200 && html.includes("prerenderingchange")) expect((await viewBeacon(pathWithQuery, options)).status).toBe(204);
  return { status: res.status, headers: res.headers, html };
}

async function viewsOf(ip: string, ua = CHROME) {
  await bundle.analytics.flushAnalytics();
  const day = bundle.analytics.dayOf(Date.now());
  const { salt } = await app.db().select().from(app.schema.analyticsSalts).where(eq(app.schema.analyticsSalts.day, day)).then(first);
  const hash = bundle.analytics.visitorHash(salt, ip, ua);
  return app
    .db()
    .select()
    .from(app.schema.pageViews)
    .where(eq(app.schema.pageViews.visitorHash, hash))
    .orderBy(asc(app.schema.pageViews.id));
}

describe("page views", () => {
  it("a page counts its own view (its beacon): path, referrer host, UTM and device, and no cookie", async () => {
    const ip = newIp();
    const res = await visit("/sobre?utm_source=newsletter&utm_medium=email&utm_campaign=lancamento", {
      ip,
      ua: IPHONE,
      referer: "https://www.google.com/search?q=agentes",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    const [view] = await viewsOf(ip, IPHONE);
    expect(view).toMatchObject({
      path: "/sobre",
      entry: true,
      referrerHost: "google.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "lancamento",
      device: "mobile",
    });
    // Nothing that identifies the visitor is kept: no address, no browser string.
    expect(JSON.stringify(view)).not.toContain(ip);
    expect(JSON.stringify(view)).not.toContain("iPhone");
  });

  it("counts cached answers too (the page counts itself), and an internal navigation is not a new visit", async () => {
    const ip = newIp();
    await visit("/agentes", { ip });
    await visit("/agentes", { ip, referer: `${app.url}/` }); // fresh in the page cache now
    const views = await viewsOf(ip);
    expect(views.map((v) => [v.path, v.entry, v.referrerHost])).toEqual([
      ["/agentes", true, null],
      ["/agentes", false, null],
    ]);
  });

  it("the same browser at the same address is one visitor; another browser is another", async () => {
    const ip = newIp();
    await visit("/blog", { ip });
    await visit("/produtos", { ip });
    await visit("/produtos", { ip, ua: IPHONE });
    const chrome = await viewsOf(ip);
    const iphone = await viewsOf(ip, IPHONE);
    expect(chrome).toHaveLength(2);
    expect(new Set(chrome.map((v) => v.visitorHash)).size).toBe(1);
    expect(iphone).toHaveLength(1);
    expect(first(iphone).visitorHash).not.toBe(first(chrome).visitorHash);
  });

  it("pages that are not counted do not ask to be; beacons from bots, without a browser string, for pages that are not counted, or from admin sessions count nothing", async () => {
    for (const path of ["/nao-existe", "/login", "/admin/dashboard", "/checkout/plan/plano-essencial"]) {
      const html = await (await fetch(`${app.url}${path}`, { headers: { "user-agent": CHROME } })).text();
      expect([path, html.includes("prerenderingchange")]).toEqual([path, path.startsWith("/checkout")]);
    }
    await bundle.analytics.flushAnalytics();
    const { value: before } = await app.db().select({ value: count() }).from(app.schema.pageViews).then(first);
    const ip = newIp();
    expect((await viewBeacon("/", { ip, ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).status).toBe(
      204,
    );
    expect((await viewBeacon("/", { ip, ua: null })).status).toBe(204);
    for (const path of ["/nao-existe", "/api/blog/posts", "/robots.txt", "/admin/dashboard", "/login"]) {
      expect((await viewBeacon(path, { ip })).status).toBe(204);
    }
    const sid = await adminSession(app);
    await visit("/", { ip, headers: { cookie: sid } });
    expect((await viewBeacon("/sobre", { ip, headers: { cookie: sid } })).status).toBe(204);
    await bundle.analytics.flushAnalytics();
    const { value: after } = await app.db().select({ value: count() }).from(app.schema.pageViews).then(first);
    expect(after).toBe(before);
    // While the same beacon from a person's browser counts: the filters above did the work.
    await viewBeacon("/sobre", { ip });
    await bundle.analytics.flushAnalytics();
    const { value: counted } = await app.db().select({ value: count() }).from(app.schema.pageViews).then(first);
    expect(counted).toBe(before + 1);
  });

  it("a counted page that answered 404 (an unknown post) asks to be counted neither by its script nor by its image", async () => {
    const get = (path: string) => fetch(`${app.url}${path}`, { headers: { "user-agent": CHROME, accept: "text/html" } });
    const blog = await get("/blog");
    expect(blog.status).toBe(200);
    const listed = await blog.text();
    expect(listed).toContain("prerenderingchange");
    expect(listed).toMatch(/<noscript><img src="\/api\/analytics\/pixel"/);
    // The same route (its policy counts it), but no post by that address: not a page anyone read.
    const missing = await get("/blog/post-que-nao-existe");
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain("Post não encontrado");
    expect(html).not.toContain("prerenderingchange");
    expect(html).not.toContain("/api/analytics/pixel");
  });

  it("without JavaScript, the page's image counts the view; the visitor's second page is not a new visit", async () => {
    const ip = newIp();
    const html = await (await fetch(`${app.url}/carreiras`, { headers: { "user-agent": CHROME } })).text();
    expect(html).toMatch(/<noscript><img src="\/api\/analytics\/pixel"/);
    const pixel = (page: string) =>
      fetch(`${app.url}/api/analytics/pixel`, { headers: { "user-agent": CHROME, "x-forwarded-for": ip, referer: `${app.url}${page}` } });
    const image = await pixel("/carreiras?utm_source=jornal&utm_campaign=vagas");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/gif");
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    await pixel("/sobre");
    // Another site's page embedding the image counts nothing.
    await fetch(`${app.url}/api/analytics/pixel`, {
      headers: { "user-agent": CHROME, "x-forwarded-for": ip, referer: "https://outro.example/sobre" },
    });
    const views = await viewsOf(ip);
    expect(views.map((v) => [v.path, v.entry, v.utmSource])).toEqual([
      ["/carreiras", true, "jornal"],
      ["/sobre", false, null],
    ]);
  });
});

describe("beacons", () => {
  const beacon = (body: string, ip: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/analytics`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME, "x-forwarded-for": ip, origin: app.url, ...headers },
      body,
    });

  it("records the funnel steps and client-side navigations, answering 204", async () => {
    const ip = newIp();
    expect((await beacon(JSON.stringify({ k: "widget", p: "/" }), ip)).status).toBe(204);
    expect((await beacon(JSON.stringify({ k: "form", p: "/", f: "contato" }), ip)).status).toBe(204);
    expect((await beacon(JSON.stringify({ k: "view", p: "/blog?utm_source=x" }), ip)).status).toBe(204);
    await bundle.analytics.flushAnalytics();
    const events = await app.db().select().from(app.schema.analyticsEvents).where(eq(app.schema.analyticsEvents.path, "/"));
    expect(events.map((e) => [e.kind, e.form])).toEqual(
      expect.arrayContaining([
        ["widget", null],
        ["form", "contato"],
      ]),
    );
    const views = await viewsOf(ip);
    expect(views).toMatchObject([{ path: "/blog", entry: false, utmSource: "x" }]);
  });

  it("refuses malformed beacons with 400 and stores nothing; ignores bots and admin pages with 204", async () => {
    const ip = newIp();
    for (const body of [
      "",
      "{",
      JSON.stringify({ k: "outro", p: "/" }),
      JSON.stringify({ k: "view", p: "http://x" }),
      JSON.stringify({ k: "form", p: "/", f: "<b>" }),
    ]) {
      const res = await beacon(body, ip);
      expect(res.status, body).toBe(400);
    }
    expect((await beacon(JSON.stringify({ k: "widget", p: "/" }), ip, { "user-agent": "curl/8.0" })).status).toBe(204);
    expect((await beacon(JSON.stringify({ k: "view", p: "/admin/dashboard" }), ip)).status).toBe(204);
    expect(await viewsOf(ip)).toHaveLength(0);
    expect((await fetch(`${app.url}/api/analytics`)).status).toBe(405);
  });
});

describe("rollups, salts and retention", () => {
  it("rolls a day up into totals, pages, referrers, campaigns, devices and events", async () => {
    const ip = newIp();
    await visit("/carreiras?utm_source=rollup&utm_campaign=vagas", { ip, referer: "https://linkedin.com/feed" });
    await visit("/carreiras", { ip, referer: `${app.url}/carreiras` });
    await bundle.analytics.flushAnalytics();
    const day = bundle.analytics.dayOf(Date.now());
    await bundle.analytics.rollUpDay(day);
    const daily = app.schema.analyticsDaily;
    const rows = await app.db().select().from(daily).where(eq(daily.day, day));
    const find = (dimension: string, key: string) => rows.find((r) => r.dimension === dimension && r.key === key);
    expect(find("page", "/carreiras")).toMatchObject({ views: expect.any(Number), visits: expect.any(Number) });
    expect(find("page", "/carreiras")!.views).toBeGreaterThanOrEqual(2);
    expect(find("referrer", "linkedin.com")).toMatchObject({ visits: 1, visitors: 1 });
    expect(find("campaign", "rollup\t\tvagas")).toMatchObject({ visits: 1, visitors: 1 });
    const { raw } = await app
      .db()
      .select({ raw: sql<number>`count(*)::int` })
      .from(app.schema.pageViews)
      .where(eq(app.schema.pageViews.day, day))
      .then(first);
    expect(find("total", "")!.views).toBe(raw);
    expect(find("device", "desktop")!.views).toBeGreaterThan(0);
  });

  it("keeps today's and yesterday's salt only, and retention deletes raw rows older than RETENTION.analyticsRaw once rolled up", async () => {
    const old = "2020-01-15";
    await app.db().insert(app.schema.analyticsSalts).values({ day: old, salt: "antigo" });
    await bundle.analytics.deleteOldSalts();
    expect(await app.db().select().from(app.schema.analyticsSalts).where(eq(app.schema.analyticsSalts.day, old))).toHaveLength(0);

    await app
      .db()
      .insert(app.schema.pageViews)
      .values({
        day: old,
        path: "/antiga",
        entry: true,
        device: "desktop",
        visitorHash: "x".repeat(22),
        createdAt: new Date(`${old}T12:00:00Z`),
      });
    const result = await bundle.runRetention({ trigger: "manual", actor: "teste" });
    expect(result.status).toBe("done");
    if (result.status === "done") expect(result.counts.pageViews).toBeGreaterThanOrEqual(1);
    expect(await app.db().select().from(app.schema.pageViews).where(eq(app.schema.pageViews.day, old))).toHaveLength(0);
    // The day's totals stay.
    const kept = await app
      .db()
      .select()
      .from(app.schema.analyticsDaily)
      .where(and(eq(app.schema.analyticsDaily.day, old), eq(app.schema.analyticsDaily.dimension, "page")));
    expect(kept).toMatchObject([{ key: "/antiga", views: 1, visits: 1, visitors: 1 }]);
  });
});

describe("rollups at scale (docs/decisions/0112)", () => {
  const daily = () => app.schema.analyticsDaily;
  const rowsOfDay = (day: string) => app.db().select().from(daily()).where(eq(daily().day, day));

  it("closes a finished day once: the top 200 pages plus one '(outras)' row, every visitor count exact", async () => {
    const day = "2020-03-10";
    // 250 pages: page i has i views; visitor v views pages v, v+1 and v+2 (so per-page visitors differ from views).
    const rows = [];
    for (let i = 1; i <= 250; i++)
      for (let n = 0; n < i; n++)
        rows.push({
          day,
          path: `/p/${i}`,
          entry: n === 0,
          device: "desktop",
          visitorHash: `v${(i + n) % 300}`,
          createdAt: new Date(`${day}T12:00:00Z`),
        });
    for (let start = 0; start < rows.length; start += 5_000)
      await app
        .db()
        .insert(app.schema.pageViews)
        .values(rows.slice(start, start + 5_000));
    await bundle.analytics.rollUpDay(day);
    const rolled = await rowsOfDay(day);
    const pages = rolled.filter((r) => r.dimension === "page");
    expect(pages).toHaveLength(201);
    const others = pages.find((r) => r.key === "(outras)")!;
    // Pages 1..50 are the long tail: 1 + 2 + … + 50 views.
    expect(others.views).toBe((50 * 51) / 2);
    expect(pages.find((r) => r.key === "/p/250")).toMatchObject({ views: 250, visits: 1 });
    const total = rolled.find((r) => r.dimension === "total")!;
    expect(total.views).toBe(rows.length);
    expect(total.visitors).toBe(new Set(rows.map((r) => r.visitorHash)).size);
    expect(pages.find((r) => r.key === "/p/250")!.visitors).toBe(
      new Set(rows.filter((r) => r.path === "/p/250").map((r) => r.visitorHash)).size,
    );
    expect(rolled.some((r) => r.dimension === "final")).toBe(true);
  });

  it("keeps today's totals running: a read adds only the new views, and a visitor seen twice counts once", async () => {
    const rollups = await import("~/domain/analytics/rollups.server");
    // The views are buffered by the bundle's instance of the recorder.
    const refreshAnalytics = async () => {
      await bundle.analytics.flushAnalytics();
      await rollups.refreshAnalytics();
    };
    const today = bundle.analytics.dayOf(Date.now());
    await refreshAnalytics();
    const totalOf = async () => (await rowsOfDay(today)).find((r) => r.dimension === "total") ?? { views: 0, visitors: 0 };
    const before = await totalOf();
    const ip = newIp();
    await visit("/sobre", { ip });
    await refreshAnalytics();
    const once = await totalOf();
    expect(once.views - before.views).toBe(1);
    expect(once.visitors - before.visitors).toBe(1);
    await visit("/produtos", { ip, referer: `${app.url}/sobre` });
    await visit("/sobre", { ip: newIp() });
    await refreshAnalytics();
    const after = await totalOf();
    expect(after.views - once.views).toBe(2);
    // The first visitor again, and one new visitor.
    expect(after.visitors - once.visitors).toBe(1);
    // Exactly what a rebuild from the raw rows gives.
    await bundle.analytics.rollUpDay(today);
    expect((await totalOf()).visitors).toBe(after.visitors);
    expect((await totalOf()).views).toBe(after.views);
  });

  it("the Análises page says which visitor figures are estimates", async () => {
    const sid = await adminSession(app);
    const html = await (await fetch(`${app.url}/admin/analises?periodo=7`, { headers: { cookie: sid } })).text();
    expect(html).toContain('data-testid="visitors-note"');
    expect(html).toContain("são uma estimativa até o fim do dia");
    const old = await (
      await fetch(`${app.url}/admin/analises?periodo=personalizado&de=2020-03-09&ate=2020-03-11`, { headers: { cookie: sid } })
    ).text();
    expect(old).toContain("Todos os números do período são exatos.");
    expect(old).not.toContain("(outras)");
  });
});

describe("attribution", () => {
  const endpoint = (p: string) => PUBLIC_POST_ENDPOINTS.find((e) => e.path === p)!;

  it("a lead carries the landing page, referrer and UTM of the visit, not the page the form was on", async () => {
    const ip = newIp();
    await visit("/sobre?utm_source=x&utm_medium=cpc&utm_campaign=outono", { ip, referer: "https://www.linkedin.com/" });
    await visit("/", { ip, referer: `${app.url}/sobre` });
    const res = await postJson(`${app.url}/api/contact`, await withProof(app.url, endpoint("/api/contact").valid(1, "attr")), {
      "x-forwarded-for": ip,
      "user-agent": CHROME,
      referer: `${app.url}/`,
    });
    expect(res.status).toBe(201);
    const [lead] = await app
      .db()
      .select()
      .from(app.schema.leads)
      .where(leadWhere(app.schema, "contatos", res.json.data.id));
    expect(lead).toMatchObject({
      landingPath: "/sobre",
      referrerHost: "linkedin.com",
      utmSource: "x",
      utmMedium: "cpc",
      utmCampaign: "outono",
    });
  });

  it("a later direct visit does not erase the campaign (last non-direct click)", async () => {
    const ip = newIp();
    await visit("/agentes?utm_source=google&utm_medium=cpc", { ip });
    await visit("/produtos", { ip }); // typed in: direct
    const res = await postJson(`${app.url}/api/consultations`, await withProof(app.url, endpoint("/api/consultations").valid(2, "attr")), {
      "x-forwarded-for": ip,
      "user-agent": CHROME,
    });
    expect(res.status).toBeLessThan(300);
    const [lead] = await app
      .db()
      .select()
      .from(app.schema.leads)
      .where(eq(app.schema.leads.kind, "consultas"))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(lead).toMatchObject({ landingPath: "/agentes", utmSource: "google", utmMedium: "cpc" });
  });

  it("without a recorded visit (no JavaScript, another day), the page the form was sent from and its UTM", async () => {
    const ip = newIp();
    const res = await fetch(`${app.url}/enviar/contato`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        "x-forwarded-for": ip,
        "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
        referer: `${app.url}/sobre?utm_source=semjs&utm_campaign=teste`,
      },
      body: new URLSearchParams({
        ...(endpoint("/api/contact").valid(3, "nojs") as Record<string, string>),
        consent: "on",
        formStamp: formStampFor(20), // filled in for a while (docs/decisions/0090)
      }),
    });
    expect(res.status).toBe(303);
    const [lead] = await app
      .db()
      .select()
      .from(app.schema.leads)
      .where(eq(app.schema.leads.email, String(endpoint("/api/contact").valid(3, "nojs").email)));
    expect(lead).toMatchObject({ landingPath: "/sobre", referrerHost: null, utmSource: "semjs", utmCampaign: "teste" });
  });

  it.each([
    ["/api/newsletter", "newsletterSubscribers"],
    ["/api/careers/application", "leads"],
    ["/api/business-optimization", "leads"],
    ["/api/chat/contact", "chatSessions"],
    ["/api/checkout-session", "orders"],
  ] as const)("%s stores the attribution on %s", async (endpointPath, table) => {
    const ip = newIp();
    const campaign = `c-${endpointPath}`;
    await visit(`/blog?utm_source=ads&utm_campaign=${campaign}`, { ip, referer: "https://duckduckgo.com/" });
    const res = await postJson(
      `${app.url}${endpointPath}`,
      await withProof(app.url, endpoint(endpointPath).valid(4, endpointPath.replace(/\W/g, "").slice(-12))),
      {
        "x-forwarded-for": ip,
        "user-agent": CHROME,
      },
    );
    expect(res.status, res.text).toBeLessThan(300);
    const t = app.schema[table];
    const [row] = await app.db().select().from(t).where(eq(t.utmCampaign, campaign));
    expect(row).toMatchObject({ landingPath: "/blog", referrerHost: "duckduckgo.com", utmSource: "ads", utmCampaign: campaign });
  });
});

describe("Análises page, dashboard and CSV", () => {
  let sid: string;
  beforeAll(async () => {
    sid = await adminSession(app);
  });
  const admin = (p: string) => fetch(`${app.url}${p}`, { headers: { cookie: sid }, redirect: "manual" });

  it("shows a campaign's visits and leads, the funnel and the landing pages for 7/30/90 days and a custom range", async () => {
    const ip = newIp();
    await visit("/produtos?utm_source=pagina-analises&utm_medium=social&utm_campaign=teste", { ip, referer: "https://t.co/abc" });
    const lead = await postJson(`${app.url}/api/contact`, await withProof(app.url, first(PUBLIC_POST_ENDPOINTS).valid(9, "analises")), {
      "x-forwarded-for": ip,
      "user-agent": CHROME,
    });
    expect(lead.status).toBe(201);
    const today = bundle.analytics.dayOf(Date.now());
    for (const query of ["periodo=7", "periodo=30", "periodo=90", `periodo=personalizado&de=${today}&ate=${today}`]) {
      const res = await admin(`/admin/analises?${query}`);
      expect(res.status, query).toBe(200);
      const html = await res.text();
      expect(html).toContain("pagina-analises");
      expect(html).toContain("t.co");
      expect(html).toContain('data-testid="funnel"');
      expect(html).toContain("/produtos");
      expect(res.headers.get("server-timing")).toMatch(/relatorio;dur=/);
    }
  });

  it("names each goal once, in the goal menu and the conversion table (the booked meetings that are leads apart from all of them)", async () => {
    const res = await admin("/admin/analises?periodo=7");
    expect(res.status).toBe(200);
    const doc = parseDocument(await res.text());
    const menu = DomUtils.findOne((el) => el.name === "select" && el.attribs.id === "meta", doc.children);
    const options = DomUtils.findAll((el) => el.name === "option", menu ? [menu] : []).map((o) => DomUtils.textContent(o).trim());
    expect(options.length).toBeGreaterThan(5);
    expect(options.filter((label, i) => options.indexOf(label) !== i)).toEqual([]);
    expect(options).toContain("Reuniões agendadas");
    expect(options).toContain("Todas as reuniões agendadas");
    // The lead type and every booking read apart: each under its group.
    const group = (label: string) =>
      DomUtils.findAll(
        (el) => el.name === "option",
        DomUtils.findAll((el) => el.name === "optgroup" && el.attribs.label === label, menu ? [menu] : []),
      ).map((o) => DomUtils.textContent(o).trim());
    expect(group("Leads por tipo")).toContain("Reuniões agendadas");
    expect(group("Leads por tipo")).not.toContain("Todas as reuniões agendadas");
    expect(group("Outras conversões")).toEqual(["Inscrições confirmadas na newsletter", "Pedidos pagos", "Todas as reuniões agendadas"]);
    const table = DomUtils.findOne((el) => el.name === "table" && el.attribs["data-testid"] === "goals", doc.children);
    // A row's name, without the line under it (conversions without a counted visit).
    const rows = DomUtils.findAll((el) => el.name === "th" && el.attribs.scope === "row", table ? [table] : []).map((th) =>
      th.children
        .filter((child) => !("name" in child && child.name === "span"))
        .map((child) => DomUtils.textContent(child))
        .join("")
        .trim(),
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((label, i) => rows.indexOf(label) !== i)).toEqual([]);
  });

  it("answers 400 with a Portuguese message for a bad range", async () => {
    for (const query of [
      "periodo=12",
      "periodo=personalizado&de=2026-02-30&ate=2026-03-01",
      "periodo=personalizado&de=2026-03-02&ate=2026-03-01",
      "periodo=personalizado&de=2020-01-01&ate=2026-01-01",
      "periodo=personalizado&de=2999-01-01&ate=2999-01-02",
    ]) {
      const res = await admin(`/admin/analises?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.text()).toMatch(/Período inválido|Informe as datas|anterior à data de fim|até 366 dias|não pode estar no futuro/);
    }
  });

  it("the dashboard shows published posts, visitors and leads of the last 7 days", async () => {
    const html = await (await admin("/admin/dashboard")).text();
    expect(html).not.toContain("Em Breve");
    const figure = (id: string) => Number(new RegExp(`data-testid="${id}"[^>]*>(\\d+)<`).exec(html)?.[1]);
    expect(figure("count-posts")).toBeGreaterThan(0); // the seeded blog
    expect(figure("visitors-7d")).toBeGreaterThan(0);
    expect(html).toMatch(/data-testid="visitors-7d-note"[^>]*>[^<]*\d+ leads? nos últimos 7 dias/);
  });

  it("counts a lead one way on the dashboard, Análises and the pipeline; orders and newsletter sign-ups apart", async () => {
    const ip = newIp();
    await visit("/sobre", { ip });
    const sent = await postJson(
      `${app.url}/api/contact`,
      await withProof(app.url, first(PUBLIC_POST_ENDPOINTS).valid(31, "uma-definicao")),
      {
        "x-forwarded-for": ip,
        "user-agent": CHROME,
      },
    );
    expect(sent.status).toBe(201);
    // Conversions that are not leads: a paid order and a confirmed sign-up.
    const { orders, newsletterSubscribers } = app.schema;
    await app
      .db()
      .insert(orders)
      .values({ kind: "product", itemId: "x", itemName: "Pedido pago", amountCents: 100, status: "paid", provider: "demo" });
    await app
      .db()
      .insert(newsletterSubscribers)
      .values({ email: "uma-definicao@example.com", status: "confirmed", unsubscribeToken: "t-uma-definicao" });

    const number = (html: string, pattern: RegExp) => Number(pattern.exec(html)?.[1]);
    const dashboard = number(
      await (await admin("/admin/dashboard")).text(),
      /data-testid="visitors-7d-note"[^>]*>[^<]*?(\d+) leads? nos últimos 7 dias/,
    );
    const analises = (await (await admin("/admin/analises?periodo=7")).text()).replaceAll("<!-- -->", "");
    const pipeline = number(await (await admin("/admin/leads")).text(), /data-testid="inbox-total"[^>]*>(\d+)/);
    expect(dashboard).toBeGreaterThan(0);
    expect(number(analises, /data-testid="total-leads"[^>]*>(\d+)</)).toBe(dashboard);
    expect(pipeline).toBe(dashboard); // every lead of this fresh database is from today
    expect(analises).toMatch(
      /data-testid="other-conversions"[^>]*>Outras conversões: 1 inscrição confirmada na newsletter · 1 pedido pago</,
    );
  });

  it("exports each table as CSV with the lead CSV's protections, and audits it", async () => {
    const ip = newIp();
    await visit("/?utm_source=%3DHYPERLINK(%22http%3A%2F%2Fevil%22)&utm_campaign=%2Bcmd", { ip });
    const res = await admin("/api/analytics/export?tabela=campanhas&periodo=7");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="analises-campanhas-/);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = await res.text();
    expect(csv).toContain("utm_source;utm_medium;utm_campaign;Visitas;Visitantes;Leads;Conversão (%)");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain("'+cmd");
    expect(csv).not.toMatch(/(^|;)=HYPERLINK/m);
    for (const table of ["diario", "paginas", "posts", "origens", "entradas", "funil", "aparelhos"]) {
      expect((await admin(`/api/analytics/export?tabela=${table}&periodo=30`)).status, table).toBe(200);
    }
    expect((await admin("/api/analytics/export?tabela=usuarios&periodo=7")).status).toBe(400);
    expect((await admin("/api/analytics/export?tabela=paginas&periodo=5")).status).toBe(400);
    const audit = await app.db().select().from(app.schema.auditLog).where(eq(app.schema.auditLog.action, "analytics.export"));
    expect(audit.length).toBeGreaterThanOrEqual(8);
    expect(audit[0]).toMatchObject({ actor: "admin", target: "campanhas" });
  });
});

describe("paid click ids (decision 0085)", () => {
  it.each([
    ["gclid", "google"],
    ["gbraid", "google"],
    ["wbraid", "google"],
    ["fbclid", "meta"],
    ["msclkid", "microsoft"],
  ])("a visit with only ?%s is paid traffic from %s", async (param, network) => {
    const ip = newIp();
    await visit(`/agentes?${param}=Cj0KCQ${param}`, { ip });
    expect(await viewsOf(ip)).toMatchObject([{ path: "/agentes", entry: true, utmSource: network, utmMedium: "cpc", utmCampaign: null }]);
  });

  it("utm_* win over a click id; a click id keeps utm_campaign", async () => {
    const ip = newIp();
    await visit("/blog?gclid=abc&utm_source=newsletter&utm_medium=email", { ip });
    await visit("/sobre?fbclid=IwAR0&utm_campaign=black-friday", { ip, referer: "https://l.facebook.com/" });
    expect((await viewsOf(ip)).map((v) => [v.utmSource, v.utmMedium, v.utmCampaign])).toEqual([
      ["newsletter", "email", null],
      ["meta", "cpc", "black-friday"],
    ]);
  });

  it("a visit with only ?gclid, answered from the page cache, shows as paid Google traffic in Análises", async () => {
    // The cache keys the page without tracking parameters (decision 0055): warm it, then land with a click id.
    const plain = await (await fetch(`${app.url}/produtos`, { headers: { "user-agent": CHROME } })).text();
    const ip = newIp();
    const landed = await fetch(`${app.url}/produtos?gclid=EAIaIQobChMI`, { headers: { "user-agent": CHROME, "x-forwarded-for": ip } });
    const html = await landed.text();
    expect(html).toBe(plain); // the same cached answer...
    // ...whose view script reads the address the visitor really has, query included.
    expect(html).toContain("location.search");
    expect((await viewBeacon("/produtos?gclid=EAIaIQobChMI", { ip, referer: "https://www.google.com/" })).status).toBe(204);
    // A lead from that visit is attributed to the paid click too.
    const lead = await postJson(`${app.url}/api/contact`, await withProof(app.url, first(PUBLIC_POST_ENDPOINTS).valid(41, "gclid")), {
      "x-forwarded-for": ip,
      "user-agent": CHROME,
      referer: `${app.url}/produtos`,
    });
    expect(lead.status).toBe(201);
    const [stored] = await app
      .db()
      .select()
      .from(app.schema.leads)
      .where(leadWhere(app.schema, "contatos", lead.json.data.id));
    expect(stored).toMatchObject({ utmSource: "google", utmMedium: "cpc", landingPath: "/produtos", visitCounted: true });

    const sid = await adminSession(app);
    const page = (await (await fetch(`${app.url}/admin/analises?periodo=7`, { headers: { cookie: sid } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    const campaigns = /data-testid="campaigns"[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    const rows = [...campaigns.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "")),
    );
    const google = rows.find((r) => r[0] === "google" && r[1] === "cpc" && r[2] === "—");
    expect(google, JSON.stringify(rows)).toBeDefined();
    expect(Number(google![3])).toBeGreaterThanOrEqual(1); // visits
    expect(Number(google![4])).toBeGreaterThanOrEqual(1); // leads
    const sources = /data-testid="sources"[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    expect(sources).toMatch(/>google</);
  });
});

describe("goals and conversion (decision 0085)", () => {
  let sid: string;
  beforeAll(async () => {
    sid = await adminSession(app);
  });
  const report = async (query: string) => {
    const { analyticsReport } = await import("~/domain/analytics/report.server");
    const { parseRange } = await import("~/domain/analytics/report.server");
    await bundle.analytics.flushAnalytics();
    await bundle.analytics.rollUpDay(bundle.analytics.dayOf(Date.now()));
    const parsed = parseRange(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.message);
    return analyticsReport(parsed.range, { refresh: false, goal: new URLSearchParams(query).get("meta") ?? undefined });
  };

  it("counts each goal, per source, campaign and landing page; conversions without a counted visit are their own line", async () => {
    const before = await report("periodo=7&meta=contatos");
    const goalOf = (r: typeof before, key: string) => r.goals.find((g) => g.key === key)!;

    // One visitor from a campaign who writes (a counted visit) ...
    const ip = newIp();
    await visit("/carreiras?utm_source=metas-fonte&utm_medium=social&utm_campaign=metas", { ip, referer: "https://www.linkedin.com/" });
    const counted = await postJson(`${app.url}/api/contact`, await withProof(app.url, first(PUBLIC_POST_ENDPOINTS).valid(51, "metas")), {
      "x-forwarded-for": ip,
      "user-agent": CHROME,
    });
    expect(counted.status).toBe(201);
    // ... and two contacts whose visit was never counted (beacons blocked): the form's page is all we know.
    for (const n of [52, 53]) {
      const res = await postJson(
        `${app.url}/api/contact`,
        await withProof(app.url, first(PUBLIC_POST_ENDPOINTS).valid(n, "metas-sem-visita")),
        {
          "x-forwarded-for": newIp(),
          "user-agent": CHROME,
          referer: `${app.url}/carreiras?utm_source=metas-fonte&utm_medium=social&utm_campaign=metas`,
        },
      );
      expect(res.status).toBe(201);
    }
    // A paid order from the same campaign: a goal, never a lead.
    await app.db().insert(app.schema.orders).values({
      kind: "product",
      itemId: "x",
      itemName: "Pedido de campanha",
      amountCents: 100,
      status: "paid",
      provider: "demo",
      utmSource: "metas-fonte",
      utmMedium: "social",
      utmCampaign: "metas",
      landingPath: "/carreiras",
      visitCounted: true,
    });

    const after = await report("periodo=7&meta=contatos");
    expect(goalOf(after, "contatos").conversions - goalOf(before, "contatos").conversions).toBe(3);
    expect(goalOf(after, "contatos").withoutVisit - goalOf(before, "contatos").withoutVisit).toBe(2);
    expect(goalOf(after, "pedido").conversions - goalOf(before, "pedido").conversions).toBe(1);
    expect(goalOf(after, "leads").conversions - goalOf(before, "leads").conversions).toBe(3); // the order is not a lead
    expect(after.totals.leads).toBe(goalOf(after, "leads").conversions);
    expect(after.totals.leadsWithoutVisit - before.totals.leadsWithoutVisit).toBe(2);
    // Rates count only conversions with a counted visit.
    const leadsRow = goalOf(after, "leads");
    expect(leadsRow.rate).toBeCloseTo((leadsRow.conversions - leadsRow.withoutVisit) / after.totals.visits, 6);

    // Per campaign and source: the counted contact only; the two others on the line of their own.
    expect(after.campaigns.find((c) => c.campaign === "metas")).toMatchObject({
      source: "metas-fonte",
      visits: 1,
      conversions: 1,
      rate: 1,
    });
    expect(after.sources.find((s) => s.source === "metas-fonte")).toMatchObject({ visits: 1, conversions: 1, rate: 1 });
    expect(after.goal.withoutVisit - before.goal.withoutVisit).toBe(2);
    // Another goal: the paid order, by the same campaign.
    const orders = await report("periodo=7&meta=pedido");
    expect(orders.goal.label).toBe("Pedidos pagos");
    expect(orders.campaigns.find((c) => c.campaign === "metas")).toMatchObject({ conversions: 1 });

    // The page: conversion per goal, the own line, and the CSV of a goal.
    const html = (await (await fetch(`${app.url}/admin/analises?periodo=7&meta=contatos`, { headers: { cookie: sid } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(html).toContain('data-testid="goals"');
    for (const label of [
      "Leads (todos os tipos)",
      "Contatos",
      "Solicitações de consultoria",
      "Conversas no chat",
      "Questionários",
      "Candidaturas",
      "Inscrições confirmadas na newsletter",
      "Pedidos pagos",
    ])
      expect(html).toContain(label);
    expect(html).toMatch(/<em>Sem visita contada<\/em>/);
    expect(html).toMatch(/data-testid="total-rate-note"[^>]*>\d+ leads sem visita contada ficam fora da taxa\./);
    const csv = await (
      await fetch(`${app.url}/api/analytics/export?tabela=fontes&periodo=7&meta=pedido`, { headers: { cookie: sid } })
    ).text();
    expect(csv).toContain("Fonte;Visitas;Conversões: Pedidos pagos;Conversão (%)");
    expect(csv).toMatch(/metas-fonte;1;1;100,00/);
    expect((await fetch(`${app.url}/api/analytics/export?tabela=metas&periodo=7`, { headers: { cookie: sid } })).status).toBe(200);
  });

  it("leads outnumbering the counted visits never draw a bar past its card, and the rates say why", async () => {
    // One counted visit that brings two leads: a rate of 200 % on its landing page.
    const ip = newIp();
    await visit("/termos", { ip, referer: "https://busca.example/" });
    for (const n of [58, 59]) {
      const res = await postJson(`${app.url}/api/contact`, await withProof(app.url, first(PUBLIC_POST_ENDPOINTS).valid(n, "duas-vezes")), {
        "x-forwarded-for": ip,
        "user-agent": CHROME,
      });
      expect(res.status).toBe(201);
    }
    for (let n = 0; n < 12; n++) {
      const res = await postJson(
        `${app.url}/api/contact`,
        await withProof(app.url, first(PUBLIC_POST_ENDPOINTS).valid(60 + n, "sem-contador")),
        {
          "x-forwarded-for": newIp(),
          "user-agent": CHROME,
        },
      );
      expect(res.status).toBe(201);
    }
    const html = await (await fetch(`${app.url}/admin/analises?periodo=7`, { headers: { cookie: sid } })).text();
    const widths = [...html.matchAll(/style="width:\s*([\d.]+)%/g)].map((m) => Number(m[1]));
    expect(widths.length).toBeGreaterThan(0);
    expect(Math.max(...widths)).toBeLessThanOrEqual(100);
    expect(html).toContain("ficam fora da taxa");
    const landings = /data-testid="landings"[\s\S]*?<\/table>/.exec(html.replaceAll("<!-- -->", ""))?.[0] ?? "";
    expect(landings).toMatch(/\/termos[\s\S]*?>1<[\s\S]*?>2<[\s\S]*?>200%</);
    expect(html).toContain('data-testid="rate-over"');
  });
});
