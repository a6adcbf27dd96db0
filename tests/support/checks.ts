/**
 * The security sweep's HTTP checks (no browser) of tests/integration/security.test.ts; the
 * bench's hostile section logs in with `loginSid`. Each returns findings instead of asserting, so
 * a caller can report them and the tests can assert on them.
 */
import { createHash } from "node:crypto";
import { first } from "~/lib/first";

export const PUBLIC_PAGES = ["/", "/sobre", "/carreiras", "/agentes", "/produtos", "/blog", "/formulario", "/login"];

export interface GuardResult {
  target: string;
  variant: string;
  status: number;
  location: string | null;
  ok: boolean;
}

/** Admin pages must redirect to /login and admin APIs must answer 401 JSON for every cookie given. */
export async function guardSweep(
  base: string,
  pages: string[],
  apis: Array<{ method: string; path: string; body?: unknown }>,
  variants: Record<string, string | undefined>,
): Promise<GuardResult[]> {
  const results: GuardResult[] = [];
  for (const [variant, cookie] of Object.entries(variants)) {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    for (const path of pages) {
      const res = await fetch(`${base}${path}`, { headers, redirect: "manual" });
      const body = await res.text();
      const location = res.headers.get("location");
      const redirected = [301, 302, 303, 307, 308].includes(res.status) && /^(https?:\/\/[^/]+)?\/login\b/.test(location ?? "");
      results.push({ target: `GET ${path}`, variant, status: res.status, location, ok: redirected && !/Sair|Logout/i.test(body) });
    }
    for (const api of apis) {
      const res = await fetch(`${base}${api.path}`, {
        method: api.method,
        headers: { ...headers, "content-type": "application/json" },
        body: api.method === "GET" || api.method === "HEAD" || api.method === "DELETE" ? undefined : JSON.stringify(api.body ?? {}),
        redirect: "manual",
      });
      let json: { success?: boolean } | undefined;
      try {
        json = (await res.json()) as { success?: boolean };
      } catch {
        json = undefined;
      }
      results.push({
        target: `${api.method} ${api.path}`,
        variant,
        status: res.status,
        location: res.headers.get("location"),
        ok: res.status === 401 && json?.success === false,
      });
    }
  }
  return results;
}

/** What the admin's catch-all route (app/routes/admin/$.tsx) says: the address is no route. */
export const ADMIN_ROUTE_MISSING_TEXT = "Este endereço não existe na área administrativa.";

/**
 * Probes every listed admin page and API and reports the ones no route serves: a page whose 404 is
 * the admin's catch-all (a record that does not exist is a 404 of a real route, and counts as
 * served), an API that reaches the catch-all "Endpoint não encontrado." (without a session a real
 * one answers 401). A listed route that is missing is a failure for the caller, never a skip: a
 * deleted or renamed route must not leave the guard tests green. Both probes are side-effect free.
 */
export async function adminTargets(
  base: string,
  pages: string[],
  apis: Array<{ method: string; path: string; body?: unknown }>,
  liveCookie: string,
) {
  const missing: string[] = [];
  const servedPages: string[] = [];
  for (const path of pages) {
    const res = await fetch(`${base}${path}`, { headers: { cookie: liveCookie }, redirect: "manual" });
    const text = await res.text();
    if (res.status === 404 && text.includes(ADMIN_ROUTE_MISSING_TEXT)) missing.push(`GET ${path}`);
    else servedPages.push(path);
  }
  const servedApis: typeof apis = [];
  for (const api of apis) {
    // Under /admin, the catch-all sends a request without a session to /login: probe those with the
    // session and a GET (a real route answers it or refuses the method; it changes nothing).
    const admin = api.path.startsWith("/admin/");
    const method = admin ? "GET" : api.method;
    const res = await fetch(`${base}${api.path}`, {
      method,
      headers: { "content-type": "application/json", ...(admin ? { cookie: liveCookie } : {}) },
      body: method === "GET" || method === "HEAD" || method === "DELETE" ? undefined : JSON.stringify(api.body ?? {}),
      redirect: "manual",
    });
    const text = await res.text();
    if (res.status === 404 && (text.includes("Endpoint não encontrado") || text.includes(ADMIN_ROUTE_MISSING_TEXT)))
      missing.push(`${api.method} ${api.path}`);
    else servedApis.push(api);
  }
  return { pages: servedPages, apis: servedApis, missing };
}

/** A cookie with a valid-looking shape but a wrong signature, and a few other fakes. */
export function forgedCookies(realCookie?: string): Record<string, string> {
  const fakes: Record<string, string> = {
    "forjado: inventado": "sid=inventado",
    "forjado: assinatura falsa": "sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.assinatura-falsa",
    "forjado: vazio": "sid=",
    "forjado: isAuthenticated": "isAuthenticated=true; sid=.",
  };
  if (realCookie) {
    const value = realCookie.split("=").slice(1).join("=");
    const [token = "", signature] = value.split("."); // split always gives the first part
    fakes["forjado: token sem assinatura"] = `sid=${token}`;
    fakes["forjado: assinatura alterada"] = `sid=${token}.${signature?.slice(0, -2)}xx`;
    fakes["forjado: token alterado"] = `sid=${token.slice(0, -2)}xx.${signature}`;
  }
  return fakes;
}

export interface HeaderResult {
  path: string;
  status: number;
  problems: string[];
}

/** A page's <script> elements: attributes, and text as the browser hashes it (between the tags). */
export function pageScripts(html: string): Array<{ attrs: string; text: string }> {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({ attrs: m[1]!, text: m[2]! }));
}

/** The CSP source allowing an inline script with this text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * CSP without 'unsafe-inline'/'unsafe-eval', frame-ancestors, nosniff, Referrer-Policy, HSTS on
 * HTTPS. Every script is allowed by the response's own nonce (fresh per request) or, on pages
 * served from the cache as identical bytes, by its sha256 in script-src (and no nonce is left).
 */
export async function headerCheck(base: string, paths: string[], options: { https: boolean }): Promise<HeaderResult[]> {
  const out: HeaderResult[] = [];
  for (const path of paths) {
    const [a, b] = [await fetch(`${base}${path}`, { redirect: "manual" }), await fetch(`${base}${path}`, { redirect: "manual" })];
    const html = await a.text();
    await b.arrayBuffer();
    const problems: string[] = [];
    const csp = a.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src([^;]*)/.exec(csp)?.[1] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    const hashes: string[] = scriptSrc.match(/'sha256-[^']+'/g) ?? [];
    if (!csp) problems.push("sem Content-Security-Policy");
    else {
      if (!nonce && !hashes.length) problems.push("CSP sem nonce nem hashes em script-src");
      if (/'unsafe-inline'/.test(scriptSrc)) problems.push("CSP script-src com 'unsafe-inline'");
      if (/'unsafe-eval'/.test(scriptSrc)) problems.push("CSP script-src com 'unsafe-eval'");
      if (!/frame-ancestors 'none'|frame-ancestors 'self'/.test(csp)) problems.push("CSP sem frame-ancestors");
      if (nonce && csp === b.headers.get("content-security-policy")) problems.push("nonce repetido entre requisições");
    }
    if (a.headers.get("x-content-type-options") !== "nosniff") problems.push("sem X-Content-Type-Options: nosniff");
    if (!a.headers.get("referrer-policy")) problems.push("sem Referrer-Policy");
    const hsts = a.headers.get("strict-transport-security");
    if (options.https && !/max-age=\d{7,}/.test(hsts ?? "")) problems.push("HTTPS sem HSTS (max-age >= 1 ano)");
    if (!options.https && hsts) problems.push("HSTS enviado em HTTP simples");
    if ((a.headers.get("content-type") ?? "").includes("html") && (nonce || hashes.length)) {
      if (!nonce && /\snonce=/.test(html)) problems.push("nonce no HTML sem nonce na CSP");
      for (const { attrs, text } of pageScripts(html)) {
        if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
        if (nonce && !attrs.includes(`nonce="${nonce}"`)) problems.push(`<script${attrs.slice(0, 60)}> sem o nonce`);
        const sameOrigin = /\ssrc="\/(?!\/)/.test(attrs);
        if (!nonce && !sameOrigin && !hashes.includes(scriptHash(text))) problems.push(`<script${attrs.slice(0, 60)}> sem hash na CSP`);
      }
    }
    out.push({ path, status: a.status, problems });
  }
  return out;
}

export interface SecretScan {
  pages: number;
  assets: number;
  bytes: number;
  hits: Array<{ secret: string; url: string }>;
}

/** Fetches the pages and every /assets/ file they reach (following imports inside JS/CSS). */
export async function secretScan(
  base: string,
  pages: string[],
  secrets: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<SecretScan> {
  const hits: SecretScan["hits"] = [];
  const seen = new Set<string>();
  const queue: string[] = [];
  let bytes = 0;
  const check = (url: string, text: string) => {
    bytes += text.length;
    for (const [name, value] of Object.entries(secrets)) if (value && text.includes(value)) hits.push({ secret: name, url });
    for (const m of text.matchAll(/\/assets\/[A-Za-z0-9._\-/]+\.(?:js|css|mjs|json|svg|txt|map)/g)) {
      if (!seen.has(m[0])) {
        seen.add(m[0]);
        queue.push(m[0]);
      }
    }
    // Relative imports between chunks ("./chunk-abc.js").
    if (url.startsWith("/assets/")) {
      for (const m of text.matchAll(/["'`]\.\/([A-Za-z0-9._-]+\.(?:js|css))["'`]/g)) {
        const p = `/assets/${m[1]}`;
        if (!seen.has(p)) {
          seen.add(p);
          queue.push(p);
        }
      }
    }
  };
  for (const page of pages) {
    const res = await fetch(`${base}${page}`, { headers, redirect: "manual" });
    check(page, await res.text());
  }
  for (const extra of ["/robots.txt", "/sitemap.xml", "/manifest.webmanifest", "/site.webmanifest"]) {
    const res = await fetch(`${base}${extra}`);
    if (res.ok) check(extra, await res.text());
    else await res.arrayBuffer();
  }
  let assets = 0;
  while (queue.length) {
    const path = queue.shift()!;
    const res = await fetch(`${base}${path}`);
    if (!res.ok) {
      await res.arrayBuffer();
      continue;
    }
    assets++;
    check(path, await res.text());
  }
  return { pages: pages.length, assets, bytes, hits };
}

export interface BruteForceResult {
  attempts: number;
  statuses: number[];
  /** 1-based index of the first 429, or null when never throttled. */
  firstThrottledAt: number | null;
  /** Wrong passwords answered 401 (checked) before the throttle: the effective limit. */
  failuresBeforeThrottle: number;
}

/** Wrong passwords for one username until a 429 (or `max` attempts); sent in waves of `wave`. */
export async function bruteForce(base: string, username: string, max = 40, wave = 12): Promise<BruteForceResult> {
  const statuses: number[] = [];
  while (statuses.length < max && !statuses.includes(429)) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(wave, max - statuses.length) }, () =>
        fetch(`${base}/login`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ username, password: `errada-${Math.random()}` }),
          redirect: "manual",
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    statuses.push(...batch);
  }
  const index = statuses.indexOf(429);
  return {
    attempts: statuses.length,
    statuses,
    firstThrottledAt: index === -1 ? null : index + 1,
    failuresBeforeThrottle: statuses.filter((s) => s === 401).length,
  };
}

/** Logs in through the real /login form and returns `sid=...` (or throws). */
export async function loginSid(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (!cookie) throw new Error(`login falhou: HTTP ${res.status}`);
  return first(cookie.split(";"));
}
