// Security sweep: guards (no/expired/forged session), login throttling, headers, secrets in what we
// serve, and an XSS corpus through every displayed text field, loaded in Chromium with a trap.
import { chromium } from "playwright-core";
import chromiumConfig from "../../tests/support/chromium.json" with { type: "json" };
import { log, parseJson, request, SECRETS, withProof } from "./util.mjs";

/** Guards, throttling, headers and secrets against a server started with SITE_URL=https://… */
export async function runHttpChecks(target, checks, adminRoutes, { https, postPath, bruteForce = true, secrets = true }) {
  const { ADMIN_PAGES, ADMIN_APIS } = adminRoutes;
  const out = { https };
  // Expired: a real session whose expiry we move to the past in the database; then a fresh one.
  const expiredSid = await checks.loginSid(target.url, "admin", SECRETS.ADMIN_PASSWORD);
  await target.withDatabase((q) => q(`update sessions set expires_at = now() - interval '1 minute'`));
  const liveSid = await target.sid(true);

  const built = await checks.adminTargets(target.url, ADMIN_PAGES, ADMIN_APIS, liveSid);
  const variants = { "sem sessão": undefined, "sessão expirada": expiredSid, ...checks.forgedCookies(liveSid) };
  const guards = await checks.guardSweep(target.url, built.pages, built.apis, variants);
  out.guards = {
    pages: built.pages.length,
    apis: built.apis.length,
    missing: built.missing,
    variants: Object.keys(variants),
    checks: guards.length,
    failures: guards.filter((g) => !g.ok),
  };
  // The positive control: the live session opens every admin page (so the sweep is not vacuous).
  const control = [];
  for (const p of built.pages)
    control.push({ path: p, status: (await request(`${target.url}${p}`, { headers: { cookie: liveSid } })).status });
  out.guards.withSession = control;

  out.headers = await checks.headerCheck(target.url, [...checks.PUBLIC_PAGES, postPath, "/pagina-inexistente"], { https });
  out.headerProblems = out.headers.flatMap((h) => h.problems.map((p) => `${h.path}: ${p}`));

  const cookieFlags = await (async () => {
    const r = await fetch(`${target.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: SECRETS.ADMIN_PASSWORD }),
      redirect: "manual",
    });
    return r.headers.getSetCookie().find((c) => c.startsWith("sid=")) ?? "";
  })();
  out.sessionCookie = {
    httpOnly: /HttpOnly/i.test(cookieFlags),
    sameSite: /SameSite=(Lax|Strict)/i.exec(cookieFlags)?.[1] ?? null,
    secure: /;\s*Secure/i.test(cookieFlags),
  };

  out.secrets = !secrets
    ? null
    : await checks.secretScan(
        target.url,
        [...checks.PUBLIC_PAGES, postPath, ...ADMIN_PAGES],
        {
          ADMIN_PASSWORD: SECRETS.ADMIN_PASSWORD,
          STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY,
          CHAT_API_KEY: SECRETS.CHAT_API_KEY,
          SESSION_SECRET: SECRETS.SESSION_SECRET,
        },
        { cookie: liveSid },
      );

  // Brute force last: it spends this address's login budget.
  out.bruteForceUser = bruteForce ? await checks.bruteForce(target.url, "alvo-bench", 40, 12) : null;
  out.bruteForceIp = !bruteForce
    ? null
    : await (async () => {
        const statuses = [];
        for (let i = 0; i < 50 && !statuses.includes(429); i += 10) {
          const wave = await Promise.all(
            Array.from({ length: 10 }, (_, k) =>
              request(`${target.url}/login`, {
                method: "POST",
                headers: { "content-type": "application/x-www-form-urlencoded" },
                body: new URLSearchParams({ username: `usuario-${i + k}`, password: "x" }).toString(),
              }).then((r) => r.status),
            ),
          );
          statuses.push(...wave);
        }
        const idx = statuses.indexOf(429);
        return {
          attempts: statuses.length,
          firstThrottledAt: idx === -1 ? null : idx + 1,
          note: "nomes de usuário diferentes, mesmo endereço",
        };
      })();

  out.pass =
    out.guards.failures.length === 0 &&
    out.guards.missing.length === 0 &&
    out.headerProblems.length === 0 &&
    (!secrets || out.secrets.hits.length === 0) &&
    (!bruteForce || (out.bruteForceUser.firstThrottledAt !== null && out.bruteForceIp.firstThrottledAt !== null)) &&
    out.sessionCookie.httpOnly &&
    (!https || out.sessionCookie.secure);
  log(
    `segurança (${https ? "https" : "http"}): ${out.guards.failures.length} falhas de guarda em ${out.guards.checks}, ${out.headerProblems.length} problemas de cabeçalho, ${out.secrets ? `${out.secrets.hits.length} segredos em ${out.secrets.assets} assets` : "segredos não verificados aqui"}, 429 após ${out.bruteForceUser?.firstThrottledAt ?? "-"} tentativas`,
  );
  return out;
}

const FREE_TEXT_SKIP =
  /email|phone|url|companySize|dataQuality|teamFamiliarity|budget|timeline|productId|planId|sessionId|token|source|website/i;

/** Sends the XSS corpus through every displayed text field, then loads the pages with a trap. */
export async function runXss(target, cases, adminRoutes) {
  const { XSS_CORPUS, PUBLIC_POST_ENDPOINTS, xssBlogPost } = cases;
  const sid = await target.sid();
  const injected = [];
  const visit = new Set(["/", "/blog", ...adminRoutes.ADMIN_PAGES]);

  // Blog post through the admin API.
  const post = xssBlogPost(`${Date.now().toString(36)}`);
  let created = await request(`${target.url}/api/blog/posts`, { method: "POST", json: post, headers: { cookie: sid } });
  if (created.status === 400) {
    // A refused field (e.g. a javascript: image URL) is the validation working; send the rest.
    injected.push({ where: "POST /api/blog/posts (com imageUrl javascript:)", result: `HTTP 400 ${created.text.slice(0, 160)}` });
    created = await request(`${target.url}/api/blog/posts`, {
      method: "POST",
      json: { ...post, imageUrl: null },
      headers: { cookie: sid },
    });
  }
  // A 404 is a deleted or renamed route: the section fails (see `missing` below).
  if (created.status === 404)
    injected.push({ where: "POST /api/blog/posts", result: "HTTP 404: rota ausente, blog não testado", missing: true });
  else {
    const data = parseJson(created.text)?.data;
    const slug = data?.slug ?? post.slug;
    injected.push({
      where: "POST /api/blog/posts",
      result: `HTTP ${created.status}${created.status >= 300 ? ` ${created.text.slice(0, 200)}` : ""}`,
    });
    visit.add(`/blog/${slug}`);
    if (data?.id) visit.add(`/admin/posts/${data.id}`);
  }

  // Every free-text field of every lead form.
  let k = 0;
  for (const e of PUBLIC_POST_ENDPOINTS) {
    if (e.bodyIgnored || e.path === "/api/chat") continue;
    const base = e.valid(9000 + k, "xss");
    const fields = Object.keys(base).filter((f) => typeof base[f] === "string" && !FREE_TEXT_SKIP.test(f));
    if (!fields.length) continue;
    let status = 0;
    for (const xss of XSS_CORPUS.slice(0, 6)) {
      const body = { ...e.valid(9000 + k++, "xss") };
      for (const f of fields) body[f] = `${String(body[f]).slice(0, 20)} ${xss}`.slice(0, 110);
      const r = await request(`${target.url}${e.path}`, { method: "POST", json: await withProof(target.url, body) });
      status = r.status;
      if (r.status === 404) break;
    }
    injected.push({
      where: `POST ${e.path} (${fields.join(", ")})`,
      result: status === 404 ? "HTTP 404: rota ausente" : `última resposta HTTP ${status}`,
      ...(status === 404 ? { missing: true } : {}),
    });
  }

  // A chat conversation whose messages carry the corpus (shown in the admin conversations).
  const session = parseJson((await request(`${target.url}/api/chat/session`, { method: "POST", json: {} })).text)?.data;
  if (session?.sessionId) {
    await request(`${target.url}/api/chat/contact`, {
      method: "POST",
      json: await withProof(target.url, {
        email: "bench-xss-chat@example.com",
        phone: "11955554444",
        message: XSS_CORPUS[2].slice(0, 100),
        sessionId: session.sessionId,
        token: session.token,
      }),
    });
    let last = 0;
    for (const xss of XSS_CORPUS.slice(0, 5)) {
      last = (
        await request(`${target.url}/api/chat`, {
          method: "POST",
          json: { sessionId: session.sessionId, token: session.token, content: xss },
        })
      ).status;
    }
    injected.push({ where: "POST /api/chat (conversa)", result: `última resposta HTTP ${last}` });
  } else injected.push({ where: "POST /api/chat/session", result: "sem sessão de chat: conversa não testada" });

  const browser = await chromium.launch({ executablePath: chromiumConfig.path, args: chromiumConfig.args });
  const executed = [];
  const cspBlocked = [];
  const otherCsp = new Set();
  const visited = [];
  try {
    const context = await browser.newContext();
    const [name, value] = sid.split("=");
    await context.addCookies([{ name, value, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }]);
    await context.addInitScript(() => {
      const w = window;
      w.__xssHits = [];
      Object.defineProperty(w, "__xss", {
        configurable: false,
        get: () => undefined,
        set: (v) => {
          w.__xssHits.push(String(v));
        },
      });
      w.alert = w.confirm = w.prompt = (v) => w.__xssHits.push(`dialog:${v}`);
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__xssHits.push(`csp:${e.violatedDirective}:${e.blockedURI}:${(e.sample || "").slice(0, 60)}`),
      );
    });
    const page = await context.newPage();
    page.on("dialog", (d) => {
      executed.push({ url: page.url(), via: `dialog ${d.message()}` });
      d.dismiss().catch(() => {});
    });
    const queue = [...visit];
    const seen = new Set();
    while (queue.length && seen.size < 25) {
      const path = queue.shift();
      if (seen.has(path)) continue;
      seen.add(path);
      const res = await page
        .goto(`${target.url}${path}`, { waitUntil: "load", timeout: 20_000 })
        .catch((e) => ({ status: () => `erro ${e.message.slice(0, 60)}` }));
      await page.waitForTimeout(700);
      // Detail pages of the admin lists (conversations, leads) show the stored text too.
      if (path.startsWith("/admin")) {
        const links = await page.$$eval("a[href^='/admin/']", (as) => as.map((a) => a.getAttribute("href")));
        for (const l of links) if (l && /\/\d+$|\/[a-z0-9-]{8,}$/.test(l) && !seen.has(l)) queue.push(l);
      }
      const hits = await page.evaluate(() => window.__xssHits ?? []);
      for (const h of hits) {
        if (!h.startsWith("csp:")) executed.push({ url: path, via: h });
        // Only violations caused by our payloads count (e.g. an inline handler that reached the DOM).
        else if (/__xss|alert|javascript|inline|-attr|-elem/.test(h)) cspBlocked.push({ url: path, via: h });
        else otherCsp.add(h);
      }
      visited.push({ path, status: typeof res?.status === "function" ? res.status() : null });
    }
    await context.close();
  } finally {
    await browser.close();
  }
  const missing = injected.filter((i) => i.missing).map((i) => i.where);
  const result = {
    injected,
    visited,
    executed,
    cspBlocked,
    otherCspViolations: [...otherCsp],
    missing,
    pass: executed.length === 0 && missing.length === 0,
  };
  log(`xss: ${visited.length} páginas abertas, ${executed.length} execuções, ${cspBlocked.length} bloqueios de CSP`);
  return result;
}
