/**
 * Standards gate (docs/decisions/0020), on the production build and one server:
 * - a crawl from / (plus the sitemap and a sample of each dynamic route) reaches every public
 *   page; each page, and the admin's main screens, pass the W3C Nu HTML checker (vnu-jar, one
 *   Java run over the saved pages) with zero errors; its warnings are listed, not failed;
 * - every internal link, image, stylesheet (and the fonts it loads), script and srcset candidate
 *   answers 200, or one of the intended redirects below; `#fragment` links land on an element
 *   of their page; external links are only checked for syntax (no network here);
 * - one address per page: sitemap, canonical tags and internal links agree, without a trailing
 *   slash, and the trailing-slash form answers 308.
 * The pages do not depend on the database driver: the file runs on whichever one the suite uses.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_FORMS } from "~/forms";
import { first } from "~/lib/first";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";

/** Samples of the dynamic routes, beside what the crawl finds by itself. */
const SAMPLES = [
  "/",
  // Every lead form's page for posts without JavaScript (not linked: forms post to them).
  ...LEAD_FORMS.map((form) => form.action),
  "/login",
  "/pagina-que-nao-existe",
  "/checkout/product/chatbot",
  "/checkout/plan/plano-essencial",
  "/payment-success",
  "/descadastrar",
  // The site search's states: results (with <mark>), none, no query, a refused query.
  "/busca?q=automacao",
  "/busca?q=xyzzy",
  "/busca",
  `/busca?q=${"a".repeat(101)}`,
];
const ADMIN_PAGES = [
  "/admin",
  "/admin?q=automacao",
  "/admin/dashboard",
  "/admin/analises",
  "/admin/business-optimizations",
  "/admin/leads",
  "/admin/leads/contatos",
  "/admin/leads/spam",
  // The deals board (docs/decisions/0143).
  "/admin/leads/negocios",
  // The newsletter's subscribers and its editions, with the form of a standalone one (docs/decisions/0131).
  "/admin/leads/newsletter",
  "/admin/leads/newsletter/edicoes",
  "/admin/conversas",
  "/admin/pedidos",
  "/admin/privacidade",
  "/admin/auditoria",
  // A seeded post's publishing page and its first revision (docs/decisions/0060, 0061).
  "/admin/posts/1",
  "/admin/posts/1/revisoes/1",
];
/** Redirects a link may meet on purpose: address → where it goes. */
const INTENDED_REDIRECTS: Record<string, string> = {};
/** Pages that answer something else than 200 on purpose. */
const EXPECTED_STATUS: Record<string, number> = {
  "/pagina-que-nao-existe": 404,
  "/descadastrar": 404 /* no token */,
  [`/busca?q=${"a".repeat(101)}`]: 400,
};

const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

interface Page {
  url: string; // path + query, as requested
  status: number;
  html: string;
  admin: boolean;
}
interface Reference {
  from: string;
  kind: string; // a, img, srcset, stylesheet, script, font, …
  url: string; // as written
}

let app: TestApp;
let siteOrigin: string;
let adminCookie: string;
/** The path of a draft's preview link, made before the crawl. */
let previewPage: string;
const pages = new Map<string, Page>();
const references: Reference[] = [];
const statuses = new Map<string, { status: number; location: string | null }>();

/** The path + query of an address if it is this site's, otherwise undefined. */
function ownPath(raw: string, base: string): string | undefined {
  const url = new URL(raw, base);
  if (url.origin !== siteOrigin && url.origin !== app.url) return undefined;
  return url.pathname + url.search;
}

async function request(target: string, cookie?: string) {
  const res = await fetch(app.url + target, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get("location"), type: res.headers.get("content-type") ?? "", body: await res.text() };
}

/** What a reader sees of a page: its text without scripts, styles, templates and tags. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Links and resources of a page, with what kind each is. */
function referencesOf(page: Page): Reference[] {
  const found: Reference[] = [];
  const add = (kind: string, url: string | undefined) => url !== undefined && found.push({ from: page.url, kind, url });
  const walk = (node: import("domhandler").ChildNode) => {
    if (node.type === "tag" || node.type === "script" || node.type === "style") {
      const { name, attribs: a } = node;
      if ((name === "a" || name === "area") && a.href !== undefined) add("a", a.href);
      if (name === "link" && a.href !== undefined) add(a.rel === "stylesheet" ? "stylesheet" : `link rel=${a.rel}`, a.href);
      if ((name === "img" || name === "source" || name === "script" || name === "iframe") && a.src !== undefined) add(name, a.src);
      for (const candidate of (a.srcset ?? "")
        .split(",")
        .map((c) => c.trim().split(/\s+/)[0])
        .filter(Boolean))
        add("srcset", candidate);
      if (name === "video" && a.poster) add("video poster", a.poster);
      if (name === "meta" && /^(og:image|og:url|twitter:image)$/.test(a.property ?? a.name ?? ""))
        add(`meta ${a.property ?? a.name}`, a.content);
      if (name === "script" && !a.src) {
        // Module scripts a page imports from inline code (the boot script of its islands).
        const code = node.children.map((c) => ("data" in c ? c.data : "")).join("");
        for (const m of code.matchAll(/["'](\/assets\/[^"'\s]+\.js)["']/g)) add("script import", m[1]);
      }
      node.children.forEach(walk);
    } else if (node.type === "root") node.children.forEach(walk);
  };
  parseDocument(page.html).children.forEach(walk);
  return found;
}

/** Ids of a page's elements (for #fragment links). */
function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
}

/** Every page the sitemap lists: it is an index of files (app/domain/blog/sitemap.server.ts). */
async function sitemapLocs(): Promise<string[]> {
  const index = await (await fetch(`${app.url}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const sitemap = (await Promise.all(files.map(async (f) => (await fetch(`${app.url}${f}`)).text()))).join("\n");
  return [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

async function crawl() {
  const locs = await sitemapLocs();
  siteOrigin = new URL(first(locs)).origin;
  // A draft's private preview link: not linked from anywhere, so given here (made on request, docs/decisions/0109).
  const { data: draft } = (await (
    await fetch(`${app.url}/api/blog/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie },
      body: JSON.stringify({
        title: "Rascunho do crawl",
        slug: "rascunho-do-crawl",
        summary: "Um rascunho só para o crawl.",
        content: "<p>" + "Texto do rascunho. ".repeat(5) + "</p>",
      }),
    })
  ).json()) as { data: { id: number } };
  const { data: link } = (await (
    await fetch(`${app.url}/api/blog/posts/${draft.id}/preview-link`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie },
    })
  ).json()) as { data: { previewUrl: string } };
  previewPage = new URL(link.previewUrl).pathname;
  const queue = [...SAMPLES, previewPage, ...locs.map((loc) => ownPath(loc, siteOrigin)!)];
  const visit = async (target: string, admin: boolean) => {
    const res = await request(target, admin ? adminCookie : undefined);
    if (!admin) statuses.set(target, { status: res.status, location: res.location });
    if (!res.type.startsWith("text/html")) return;
    const page = { url: target, status: res.status, html: res.body, admin };
    pages.set(target, page);
    for (const ref of referencesOf(page)) {
      references.push(ref);
      const own = ownPath(ref.url, app.url + target);
      // Pages reached by links are crawled too; admin screens are not followed (they are listed).
      if (ref.kind === "a" && own && !admin && !own.startsWith("/admin") && !path.extname(first(own.split("?"))))
        queue.push(first(own.split("#")));
    }
  };
  while (queue.length) {
    const next = queue.shift()!;
    if (!pages.has(next) && !statuses.has(next)) await visit(next, false);
  }
  for (const target of ADMIN_PAGES) await visit(target, true);
}

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_FACTOR: "1000" });
  adminCookie = await adminSession(app);
  await crawl();
}, 120_000);
afterAll(() => app?.close());

describe("standards", () => {
  it("crawls every public page type and the admin's main screens", () => {
    const paths = [...pages.keys()];
    for (const sample of [...SAMPLES, previewPage, ...ADMIN_PAGES]) expect(paths).toContain(sample);
    expect(paths.some((p) => p.startsWith("/blog/"))).toBe(true);
    expect(paths.some((p) => p.startsWith("/blog?categoria="))).toBe(true);
    for (const legal of ["/privacidade", "/termos", "/cookies"]) expect(paths).toContain(legal);
    for (const page of pages.values()) expect([page.url, page.status]).toEqual([page.url, EXPECTED_STATUS[page.url] ?? 200]);
    console.log(`standards: ${pages.size} pages crawled (${ADMIN_PAGES.length} admin screens)`);
  });

  it("no page's visible text uses a form docs/glossary.md marks wrong (the SPEC's strings aside)", () => {
    const table = fs.readFileSync(path.join(import.meta.dirname, "../../docs/glossary.md"), "utf8");
    const wrong = [...table.matchAll(/^\| ([^|]+) \| ([^|]+) \| [^|]+ \|$/gm)]
      .slice(2) // the header and its rule
      .flatMap(([, use, not]) => not!.split(";").map((form) => ({ use: use!.trim(), form: form.trim() })));
    expect(wrong.length).toBeGreaterThanOrEqual(4);
    // The SPEC's strings that keep a form, listed in the glossary as `- \`…\``.
    const specStrings = [...table.matchAll(/^- `([^`]+)`$/gm)].map(([, spec]) => spec!);
    const found: string[] = [];
    for (const page of pages.values()) {
      let text = visibleText(page.html);
      for (const spec of specStrings) text = text.replaceAll(spec, " ");
      for (const { use, form } of wrong) {
        // Case as written: 'Email' is wrong, the word inside 'sendEmail' or a URL is not text here.
        if (new RegExp(`(^|[^\\p{L}-])${form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}-])`, "u").test(text))
          found.push(`${page.url}: "${form}" (use "${use}")`);
      }
    }
    expect(found).toEqual([]);
  });

  it("every page passes the W3C Nu HTML checker with no error (warnings listed)", () => {
    const java = spawnSync("java", ["-version"]);
    if (java.error) throw new Error("Java não encontrado: instale default-jre-headless (o .ci/run instala).");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
    const fileOf = new Map<string, string>();
    [...pages.values()].forEach((page, i) => {
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, page.html);
      fileOf.set(`file:${file}`, page.url);
    });
    const run = spawnSync("java", ["-Xss4m", "-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", dir], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    const messages = (
      JSON.parse(run.stdout) as {
        messages: { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string }[];
      }
    ).messages;
    const describe = (m: (typeof messages)[number]) =>
      `${fileOf.get(m.url ?? "") ?? m.url}: ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ""}`;
    const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning").map(describe);
    if (warnings.length) console.log(`Nu checker warnings (${warnings.length}):\n${[...new Set(warnings)].join("\n")}`);
    console.log(`standards: ${pages.size} pages validated`);
    expect(messages.filter((m) => m.type === "error" || m.type === "non-document-error").map(describe)).toEqual([]);
    // A limit, not a measurement: one JVM checks every page (~10 s alone, 35 s on a busy 2-core machine).
  }, 120_000);

  it("every internal link and resource answers 200 (or an intended redirect); external links are well formed", async () => {
    const broken: string[] = [];
    const checked = new Set<string>();
    const check = async (target: string, admin: boolean, ref: string) => {
      const key = `${admin ? "admin " : ""}${target}`;
      if (checked.has(key)) return;
      checked.add(key);
      const res = statuses.get(target) && !admin ? statuses.get(target)! : await request(target, admin ? adminCookie : undefined);
      const intended = INTENDED_REDIRECTS[target];
      const ok = res.status === 200 || (intended !== undefined && res.status >= 300 && res.status < 400 && res.location === intended);
      if (!ok) broken.push(`${ref} → ${res.status}${res.location ? ` ${res.location}` : ""}`);
      return res;
    };
    let external = 0;
    for (const ref of references) {
      const where = `${ref.from} ${ref.kind} ${ref.url}`;
      if (ref.url === "" || ref.url.startsWith("#")) continue; // same page (fragments checked below)
      let url: URL;
      try {
        url = new URL(ref.url, app.url + ref.from);
      } catch {
        broken.push(`${where} → not a valid address`);
        continue;
      }
      const own = ownPath(ref.url, app.url + ref.from);
      if (!own) {
        external++;
        const ok =
          (/^https?:$/.test(url.protocol) && /\.[a-z]{2,}$/i.test(url.hostname)) ||
          (url.protocol === "mailto:" && /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(decodeURIComponent(url.pathname))) ||
          (url.protocol === "tel:" && /^\+?\d{8,15}$/.test(url.pathname));
        if (!ok) broken.push(`${where} → malformed external address`);
        continue;
      }
      if (own === "/logout") continue; // a POST form's address; a GET only redirects to /login
      const admin = pages.get(ref.from)?.admin ?? false;
      const res = await check(own, admin, where);
      // The fonts a stylesheet loads are part of it.
      if (ref.kind === "stylesheet" && res?.status === 200 && !checked.has(`css ${own}`)) {
        checked.add(`css ${own}`);
        const css = (await request(own)).body;
        for (const [, src] of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
          if (!src || src.startsWith("data:")) continue;
          const font = ownPath(src, app.url + own);
          if (font) await check(font, false, `${own} url(${src})`);
        }
      }
      // #fragment: an element with that id on the target page (when it is one of the crawled pages).
      const hash = url.hash.slice(1);
      const target = pages.get(first(own.split("#")));
      if (hash && target && !idsOf(target.html).has(decodeURIComponent(hash))) broken.push(`${where} → no element #${hash}`);
    }
    console.log(
      `standards: ${references.length} links and resources on the pages, ${checked.size} distinct internal addresses checked, ${external} external addresses checked for syntax`,
    );
    expect(broken).toEqual([]);
  });

  it("one address per page: sitemap, canonical tags and internal links agree, without a trailing slash", async () => {
    const locs = await sitemapLocs();
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) {
      const page = pages.get(ownPath(loc, siteOrigin)!);
      expect(page?.status, loc).toBe(200);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page!.html)?.[1]?.replaceAll("&amp;", "&");
      expect(canonical, loc).toBe(loc);
    }
    const slashed = references
      .filter((r) => r.kind === "a" && ownPath(r.url, app.url + r.from))
      .map((r) => first(ownPath(r.url, app.url + r.from)!.split(/[?#]/)))
      .filter((p) => p.length > 1 && p.endsWith("/"));
    expect(slashed).toEqual([]);

    const res = await fetch(`${app.url}/termos/?origem=teste`, { redirect: "manual" });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/termos?origem=teste");
  });
});
