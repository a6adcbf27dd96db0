/**
 * Site search on a real database (docs/decisions/0070), through HTTP on the production build: the
 * same file runs on PGlite (`npm test`) and on PostgreSQL (TEST_DATABASE_URL), whose Portuguese
 * stemmers and migration must agree. Accent-free, accented and inflected queries find the same
 * seeded posts; drafts never appear; a write is searchable at once; pages' copy is found; snippets
 * are escaped with <mark>; bad input is a Portuguese 400; /busca works as a page, /admin filters.
 */
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp();
  cookie = await adminSession(app);
});
afterAll(() => app?.close());

type Result = { url: string; title: string; snippet: string; type: "post" | "page" };

async function search(q: string) {
  const res = await fetch(`${app.url}/api/search?${new URLSearchParams({ q })}`);
  const json = (await res.json()) as { success: boolean; message?: string; data?: { results: Result[] } };
  return { status: res.status, headers: res.headers, json, results: json.data?.results ?? [] };
}
const urls = async (q: string) => (await search(q)).results.map((r) => r.url);
const postUrls = async (q: string) => (await urls(q)).filter((u) => u.startsWith("/blog/"));

async function adminApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { "content-type": "application/json", cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: { id: number; slug: string } } };
}

let counter = 0;
async function createPost(fields: { title: string; summary?: string; content: string; published: boolean }) {
  counter += 1;
  const res = await adminApi("POST", "/api/blog/posts", {
    summary: "Um resumo com mais de dez caracteres.",
    slug: `busca-teste-${counter}-${Date.now().toString(36)}`,
    categoryId: null,
    imageUrl: null,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.json.data;
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${path}`, { headers, redirect: "manual" });
  const html = await res.text();
  return { status: res.status, headers: res.headers, doc: parseDocument(html) };
}
type Doc = ReturnType<typeof parseDocument>;
const all = (doc: Doc, test: (el: any) => boolean) => DomUtils.findAll(test, doc.children);
const text = (el: any) => DomUtils.textContent(el).replace(/\s+/g, " ").trim();

describe("GET /api/search on the seeded blog", () => {
  it("accent-free, accented and inflected queries find the same posts", async () => {
    for (const forms of [
      ["automacao", "automação", "AUTOMAÇÃO", "automações", "automacoes"],
      ["automatizar", "automatizado", "automatização", "automatizacao"],
      ["inteligencia", "inteligência", "inteligências"],
      ["analise preditiva", "análise preditiva", "análises preditivas"],
      ["governanca", "governança"],
    ]) {
      const [first, ...others] = await Promise.all(forms.map(postUrls));
      expect(first!.length, forms[0]).toBeGreaterThan(0);
      for (const [i, found] of others.entries()) expect(found.sort(), forms[i + 1]).toEqual([...first!].sort());
    }
    expect(await postUrls("automacao")).toContain("/blog/rpa-e-llms-a-nova-geracao-da-automacao-de-processos");
  });

  it("'automatizar' finds 'automatização', 'automacao' finds 'automação'", async () => {
    const post = await createPost({
      title: "Um post sobre a automatização do estoque",
      content: `<p>${"O estoque passa por uma automatização completa com agentes. ".repeat(3)}</p>`,
      published: true,
    });
    for (const q of ["automatizar", "automatizacao", "automatização", "AUTOMATIZADAS"])
      expect(await postUrls(q), q).toContain(`/blog/${post.slug}`);
    const rpa = (await search("automacao")).results.find((r) => r.url.includes("/rpa-e-llms"));
    expect(rpa?.title).toBe("RPA e LLMs: a nova geração da automação de processos");
    await adminApi("DELETE", `/api/blog/posts/${post.id}`);
  });

  it("ranks: a title match comes before a body match", async () => {
    const results = (await search("governança")).results;
    expect(results[0]?.url).toBe("/blog/governanca-de-ia-e-lgpd-como-usar-inteligencia-artificial-com-seguranca-juridica");
  });

  it("finds the public pages' own copy", async () => {
    expect(await urls("Mariana Albuquerque")).toEqual(["/sobre"]);
    expect(await urls("vagas remotas")).toContain("/carreiras");
    expect(await urls("plano essencial")).toContain("/produtos");
    // A page's copy is many short segments: the one that matched is found, however far down.
    const produtos = (await search("escalar automacao")).results.find((r) => r.url === "/produtos");
    expect(produtos?.snippet).toContain("<mark>automação</mark>");
    for (const result of (await search("automacao")).results) expect(result.snippet, result.url).toContain("<mark>");
    const about = (await search("fundadores")).results.find((r) => r.url === "/sobre");
    expect(about).toMatchObject({ type: "page", title: "Sobre nós: a consultoria de IA que une estratégia e tecnologia" });
    // A result's title is the page's own, without the site's name repeated on each one (only the
    // home page's title starts with it).
    const titles = (await search("ia")).results.map((r) => r.title);
    expect(titles.length).toBeGreaterThan(5);
    expect(titles.filter((t) => t.includes("Agile IA |")).length).toBeLessThanOrEqual(1);
  });

  it("never shows a post that is not published, and sees a publication, an edit and a deletion at once", async () => {
    // The seeded draft mentions 'Capacitação' in its title; published posts do not.
    const draft = "/blog/capacitacao-em-ia-como-preparar-sua-equipe-para-trabalhar-com-agentes-inteligentes";
    expect(await urls("capacitação equipe")).not.toContain(draft);

    const post = await createPost({
      title: "Ornitorrinco digital",
      content: `<p>${"Texto sobre o ornitorrinco. ".repeat(5)}</p>`,
      published: false,
    });
    expect(await urls("ornitorrinco")).toEqual([]);
    await adminApi("PUT", `/api/blog/posts/${post.id}`, { published: true });
    expect(await urls("ornitorrinco")).toEqual([`/blog/${post.slug}`]);
    await adminApi("PUT", `/api/blog/posts/${post.id}`, {
      title: "Capivara digital",
      slug: post.slug,
      summary: "Um resumo com mais de dez caracteres.",
      content: `<p>${"Texto sobre a capivara. ".repeat(5)}</p>`,
      categoryId: null,
      imageUrl: null,
      published: true,
    });
    expect(await urls("ornitorrinco")).toEqual([]);
    expect(await urls("capivaras")).toEqual([`/blog/${post.slug}`]);
    await adminApi("PUT", `/api/blog/posts/${post.id}`, { published: false });
    expect(await urls("capivara")).toEqual([]);
    await adminApi("DELETE", `/api/blog/posts/${post.id}`);
    const { blogPostSearch } = app.schema;
    const { eq } = await import("drizzle-orm");
    expect(await app.db().select().from(blogPostSearch).where(eq(blogPostSearch.postId, post.id))).toEqual([]);
  });

  it("highlights the matched words in an escaped snippet", async () => {
    const post = await createPost({
      title: "Sobre o tamanduá",
      content: `<p>Um &lt;script&gt;alert("x")&lt;/script&gt; e o tamanduá-bandeira &amp; seus tamanduás &quot;amigos&quot;.</p>${"<p>Mais texto.</p>".repeat(5)}`,
      published: true,
    });
    const [result] = (await search("tamandua")).results;
    expect(result?.url).toBe(`/blog/${post.slug}`);
    const snippet = parseDocument(result!.snippet);
    const tags = DomUtils.findAll(() => true, snippet.children).map((el) => el.name);
    expect(new Set(tags)).toEqual(new Set(["mark"]));
    expect(DomUtils.findAll((el) => el.name === "mark", snippet.children).map(text)).toEqual(["tamanduá", "tamanduás"]);
    expect(DomUtils.textContent(snippet)).toContain(`Um <script>alert("x")</script> e o tamanduá-bandeira & seus tamanduás "amigos".`);
    await adminApi("DELETE", `/api/blog/posts/${post.id}`);
  });

  it("answers an empty query with no results, and bad input with a Portuguese 400", async () => {
    expect((await search("")).json).toEqual({ success: true, data: { results: [] } });
    expect((await search("de a o")).json).toEqual({ success: true, data: { results: [] } });
    const long = await search("a".repeat(101));
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ success: false, message: "A busca pode ter no máximo 100 caracteres." });
    const wordy = await search("um dois tres quatro cinco seis sete oito nove");
    expect(wordy.status).toBe(400);
    expect(wordy.json.message).toBe("Use no máximo 8 palavras na busca.");
    const repeated = await fetch(`${app.url}/api/search?q=a&q=b`);
    expect(repeated.status).toBe(400);
    const post = await fetch(`${app.url}/api/search?q=ia`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toMatch(/GET/);
    expect(await post.json()).toMatchObject({ success: false });
  });

  it("is not stored by any cache: the same answer for everyone, but q is free text", async () => {
    // The route policy of a route without a cache (docs/decisions/0055): kept by no one.
    expect((await search("agentes")).headers.get("cache-control")).toBe("private, no-store");
    expect((await page("/busca?q=agentes")).headers.get("cache-control")).toBe("private, no-store");
    expect((await page("/busca")).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("/busca, the page", () => {
  it("lists ranked results with links and marked snippets; one h1; noindex; canonical /busca", async () => {
    const { status, doc } = await page("/busca?q=automacao");
    expect(status).toBe(200);
    expect(all(doc, (el) => el.name === "h1").map(text)).toEqual(["Resultados para “automacao”"]);
    const input = all(doc, (el) => el.name === "input" && el.attribs.name === "q")[0];
    expect(input?.attribs.value).toBe("automacao");
    const form = all(doc, (el) => el.name === "form" && el.attribs.role === "search")[0];
    expect(form?.attribs).toMatchObject({ method: "get", action: "/busca" });
    const items = all(doc, (el) => el.name === "li" && all({ children: [el] } as any, (a) => a.name === "article").length > 0);
    const links = items.map((li) => all({ children: [li] } as any, (a) => a.name === "a")[0]?.attribs.href);
    expect(links).toEqual(await urls("automacao"));
    expect(all(doc, (el) => el.name === "mark").length).toBeGreaterThan(0);
    const meta = (name: string) => all(doc, (el) => el.name === "meta" && el.attribs.name === name)[0]?.attribs.content;
    expect(meta("robots")).toBe("noindex");
    expect(all(doc, (el) => el.name === "link" && el.attribs.rel === "canonical")[0]?.attribs.href).toMatch(/\/busca$/);
  });

  it("without a query, and without a result, suggests the blog's categories", async () => {
    for (const [path, heading] of [
      ["/busca", "O que você procura?"],
      ["/busca?q=xyzzy", "Nenhum resultado encontrado"],
    ] as const) {
      const { status, doc } = await page(path);
      expect(status).toBe(200);
      expect(all(doc, (el) => el.name === "h2").map(text)).toContain(heading);
      const hrefs = all(doc, (el) => el.name === "nav" && el.attribs["aria-label"] === "Temas do blog").flatMap((nav) =>
        all({ children: [nav] } as any, (a) => a.name === "a").map((a) => a.attribs.href),
      );
      expect(hrefs).toEqual(expect.arrayContaining(["/blog?categoria=agentes-de-ia", "/blog?categoria=automacao-de-processos", "/blog"]));
    }
    const empty = await page("/busca");
    expect(all(empty.doc, (el) => el.name === "meta" && el.attribs.name === "robots")).toEqual([]);
  });

  it("refuses a too long query with a 400 page that says why beside the field", async () => {
    const { status, doc } = await page(`/busca?q=${"a".repeat(120)}`);
    expect(status).toBe(400);
    const alert = all(doc, (el) => el.attribs?.role === "alert")[0];
    expect(text(alert)).toBe("A busca pode ter no máximo 100 caracteres.");
    const input = all(doc, (el) => el.name === "input" && el.attribs.name === "q")[0];
    expect(input?.attribs["aria-describedby"]).toBe(alert?.attribs.id);
  });

  it("is reached from the blog's hero: a GET form to /busca", async () => {
    const { doc } = await page("/blog");
    const form = all(doc, (el) => el.name === "form" && el.attribs.role === "search")[0];
    expect(form?.attribs).toMatchObject({ method: "get", action: "/busca" });
    expect(all({ children: [form] } as any, (el) => el.name === "input" && el.attribs.name === "q")).toHaveLength(1);
  });

  it("the home page declares the WebSite and its SearchAction", async () => {
    const { doc } = await page("/");
    const blocks = all(doc, (el) => el.name === "script" && el.attribs.type === "application/ld+json").map((el) => JSON.parse(text(el)));
    const website = blocks.find((b) => b["@type"] === "WebSite");
    expect(website.potentialAction).toMatchObject({
      "@type": "SearchAction",
      target: { urlTemplate: expect.stringMatching(/^https?:\/\/[^/]+\/busca\?q=\{search_term_string\}$/) },
      "query-input": "required name=search_term_string",
    });
  });
});

describe("/admin post search", () => {
  const rows = (doc: Doc) => all(doc, (el) => el.name === "tr" && el.attribs["data-row"]?.startsWith("post-"));

  it("filters by title, slug or text, drafts included, on the server (no JavaScript needed)", async () => {
    const total = rows((await page("/admin", { cookie })).doc).length;
    const byWord = await page("/admin?q=capacitacao", { cookie });
    expect(rows(byWord.doc).map(text).join(" ")).toContain("Capacitação em IA"); // the seeded draft
    expect(rows(byWord.doc).length).toBeLessThan(total);
    expect(text(all(byWord.doc, (el) => el.attribs?.role === "status")[0])).toMatch(/posts? encontrados? para “capacitacao”/);

    const bySlug = await page("/admin?q=nova-geracao", { cookie });
    expect(rows(bySlug.doc).map(text).join(" ")).toContain("RPA e LLMs");
    const none = await page("/admin?q=xyzzy", { cookie });
    expect(rows(none.doc)).toEqual([]);
    expect(all(none.doc, (el) => el.name === "p").map(text)).toContain("Nenhum post encontrado.");
  });

  it("needs a session", async () => {
    const res = await page("/admin?q=ia");
    expect(res.status).toBe(302);
  });
});
