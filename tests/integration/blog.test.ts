/**
 * Blog end to end through real HTTP on a real database: public pages and API (published only),
 * admin CRUD with uniqueness answers, the sanitiser on an XSS corpus (stored and rendered), image
 * uploads checked by content, feeds, and HTTP caching.
 */
import { eq } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";
import { pageScripts, scriptHash } from "../support/checks";

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp();
  cookie = await adminSession(app);
});
afterAll(() => app?.close());

async function api(method: string, path: string, body?: unknown, withSession = true) {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(withSession ? { cookie } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${path}`, { headers, redirect: "manual" });
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, doc: parseDocument(html) };
}

const find = (doc: ReturnType<typeof parseDocument>, test: (el: any) => boolean) => DomUtils.findAll(test, doc.children);
const text = (el: any) => DomUtils.textContent(el).replace(/\s+/g, " ").trim();

let counter = 0;
function newPost(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Post de teste ${counter}`,
    slug: `post-de-teste-${counter}-${Date.now().toString(36)}`,
    summary: "Um resumo com mais de dez caracteres.",
    content: `<p>${"Conteúdo do post de teste. ".repeat(5)}</p>`,
    categoryId: null,
    imageUrl: null,
    published: false,
    ...overrides,
  };
}

async function createPost(overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/blog/posts", newPost(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json.data as { id: number; slug: string; title: string; content: string; publishedAt: string | null; published: boolean };
}

describe("public API (SPEC §7): only published posts", () => {
  it("lists the seeded categories and one by id", async () => {
    const list = await api("GET", "/api/blog/categories", undefined, false);
    expect(list.status).toBe(200);
    expect(list.json.success).toBe(true);
    expect(list.json.data.map((c: any) => c.slug)).toEqual(
      expect.arrayContaining(["agentes-de-ia", "automacao-de-processos", "dados-e-analytics", "estrategia-e-governanca"]),
    );
    const one = await api("GET", `/api/blog/categories/${list.json.data[0].id}`, undefined, false);
    expect(one.json).toMatchObject({ success: true, data: { id: list.json.data[0].id } });
    expect((await api("GET", "/api/blog/categories/999999", undefined, false)).status).toBe(404);
    expect((await api("GET", "/api/blog/categories/abc", undefined, false)).status).toBe(400);
  });

  it("answers { posts, total, limit } with published posts only, paginated and filtered", async () => {
    const all = await api("GET", "/api/blog/posts", undefined, false);
    expect(all.status).toBe(200);
    const { posts, total, limit } = all.json.data;
    expect(limit).toBe(10);
    expect(posts.every((p: any) => p.published === true)).toBe(true);
    expect(posts.some((p: any) => p.slug.startsWith("capacitacao-em-ia"))).toBe(false); // the seeded draft
    expect(total).toBe(posts.length);

    const firstPage = await api("GET", "/api/blog/posts?limit=4&page=1", undefined, false);
    const secondPage = await api("GET", "/api/blog/posts?limit=4&page=2", undefined, false);
    expect(firstPage.json.data.posts).toHaveLength(4);
    expect(secondPage.json.data.posts).toHaveLength(total - 4);
    expect(secondPage.json.data.total).toBe(total);
    const ids = [...firstPage.json.data.posts, ...secondPage.json.data.posts].map((p: any) => p.id);
    expect(new Set(ids).size).toBe(total);

    const categories = (await api("GET", "/api/blog/categories", undefined, false)).json.data;
    let sum = 0;
    for (const c of categories) {
      const filtered = await api("GET", `/api/blog/posts?categoryId=${c.id}`, undefined, false);
      expect(filtered.json.data.posts.every((p: any) => p.categoryId === c.id)).toBe(true);
      sum += filtered.json.data.total;
    }
    expect(sum).toBe(total);

    for (const bad of ["limit=0", "limit=500", "page=0", "categoryId=x"]) {
      const res = await api("GET", `/api/blog/posts?${bad}`, undefined, false);
      expect(res.status, bad).toBe(400);
      expect(res.json.success).toBe(false);
    }
  });

  it("reads a published post by slug; a draft or unknown slug is 404", async () => {
    const [published] = (await api("GET", "/api/blog/posts?limit=1", undefined, false)).json.data.posts;
    const ok = await api("GET", `/api/blog/posts/slug/${published.slug}`, undefined, false);
    expect(ok.json).toMatchObject({ success: true, data: { slug: published.slug } });
    const draft = await createPost();
    expect((await api("GET", `/api/blog/posts/slug/${draft.slug}`, undefined, false)).status).toBe(404);
    expect((await api("GET", "/api/blog/posts/slug/nao-existe", undefined, false)).status).toBe(404);
  });

  it("the admin-only post read needs a session", async () => {
    const draft = await createPost();
    const anonymous = await api("GET", `/api/blog/posts/${draft.id}`, undefined, false);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.success).toBe(false);
    const admin = await api("GET", `/api/blog/posts/${draft.id}`);
    expect(admin.json).toMatchObject({ success: true, data: { id: draft.id, published: false } });
  });
});

describe("admin post CRUD", () => {
  it("validates with the spec's messages (400) and never answers 5xx for bad input", async () => {
    const res = await api("POST", "/api/blog/posts", { title: "ab", slug: "a", summary: "curto", content: "x" });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      title: "O título deve ter pelo menos 3 caracteres",
      slug: "O slug deve ter pelo menos 3 caracteres",
      summary: "O resumo deve ter pelo menos 10 caracteres",
      content: "O conteúdo deve ter pelo menos 50 caracteres",
    });
    for (const body of [
      "{",
      "[]",
      "null",
      JSON.stringify({ ...newPost(), published: "sim" }),
      JSON.stringify({ ...newPost(), categoryId: {} }),
    ]) {
      const r = await api("POST", "/api/blog/posts", body);
      expect(r.status, body).toBeGreaterThanOrEqual(400);
      expect(r.status, body).toBeLessThan(500);
    }
  });

  it("answers a duplicate slug with 409 and a field message; an unknown category with 400", async () => {
    const first = await createPost();
    const dup = await api("POST", "/api/blog/posts", newPost({ slug: first.slug }));
    expect(dup.status).toBe(409);
    expect(dup.json.errors.slug).toBe("Já existe um post com este slug.");
    const other = await createPost();
    const dupOnUpdate = await api("PUT", `/api/blog/posts/${other.id}`, { slug: first.slug });
    expect(dupOnUpdate.status).toBe(409);
    const badCategory = await api("POST", "/api/blog/posts", newPost({ categoryId: 999999 }));
    expect(badCategory.status).toBe(400);
    expect(badCategory.json.errors.categoryId).toBeTruthy();
  });

  it("publishes with only { published }, keeps the first publication date, unpublishes, deletes — with audit rows", async () => {
    const post = await createPost({ title: "Publicação controlada" });
    expect(post.published).toBe(false);
    expect(post.publishedAt).toBeNull();

    const published = await api("PUT", `/api/blog/posts/${post.id}`, { published: true });
    expect(published.status).toBe(200);
    const firstDate = published.json.data.publishedAt;
    expect(firstDate).toBeTruthy();
    expect((await api("GET", `/api/blog/posts/slug/${post.slug}`, undefined, false)).status).toBe(200);
    const list = (await api("GET", "/api/blog/posts?limit=50", undefined, false)).json.data.posts;
    expect(list.some((p: any) => p.id === post.id)).toBe(true);

    const edited = await api("PUT", `/api/blog/posts/${post.id}`, {
      ...newPost({ slug: post.slug, title: "Título editado" }),
      published: true,
    });
    expect(edited.json.data.title).toBe("Título editado");
    expect(edited.json.data.publishedAt).toBe(firstDate);

    const unpublished = await api("PUT", `/api/blog/posts/${post.id}`, { published: false });
    expect(unpublished.json.data.publishedAt).toBe(firstDate);
    expect((await api("GET", `/api/blog/posts/slug/${post.slug}`, undefined, false)).status).toBe(404);
    const republished = await api("PUT", `/api/blog/posts/${post.id}`, { published: true });
    expect(republished.json.data.publishedAt).toBe(firstDate);

    expect((await api("DELETE", `/api/blog/posts/${post.id}`)).status).toBe(200);
    expect((await api("GET", `/api/blog/posts/${post.id}`)).status).toBe(404);
    expect((await api("DELETE", `/api/blog/posts/${post.id}`)).status).toBe(404);

    const audit = await app
      .db()
      .select()
      .from(app.schema.auditLog)
      .where(eq(app.schema.auditLog.target, `post:${post.id}`));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["blog.post.create", "blog.post.publish", "blog.post.update", "blog.post.unpublish", "blog.post.delete"]),
    );
    expect(audit.every((a) => a.actor === "admin")).toBe(true);
  });
});

describe("admin category CRUD", () => {
  it("creates, refuses duplicate name/slug with 409 field messages, updates and deletes", async () => {
    const created = await api("POST", "/api/blog/categories", {
      name: "Visão Computacional",
      slug: "Visão Computacional",
      description: "",
    });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ slug: "visao-computacional", description: null });
    const id = created.json.data.id;

    const dupName = await api("POST", "/api/blog/categories", { name: "Visão Computacional", slug: "outra" });
    expect(dupName.status).toBe(409);
    expect(dupName.json.errors.name).toBe("Já existe uma categoria com este nome.");
    const dupSlug = await api("POST", "/api/blog/categories", { name: "Outra", slug: "visao-computacional" });
    expect(dupSlug.status).toBe(409);
    expect(dupSlug.json.errors.slug).toBe("Já existe uma categoria com este slug.");
    const invalid = await api("POST", "/api/blog/categories", { name: "A", slug: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toMatchObject({
      name: "O nome deve ter pelo menos 2 caracteres",
      slug: "O slug deve ter pelo menos 2 caracteres",
    });

    const updated = await api("PUT", `/api/blog/categories/${id}`, { name: "Visão", slug: "visao", description: "Imagens e vídeo" });
    expect(updated.json.data).toMatchObject({ name: "Visão", slug: "visao", description: "Imagens e vídeo" });
    expect((await api("DELETE", `/api/blog/categories/${id}`)).status).toBe(200);
    expect((await api("GET", `/api/blog/categories/${id}`, undefined, false)).status).toBe(404);
  });

  it("a category in use is not deleted (409), unless its posts move to no category", async () => {
    const category = (await api("POST", "/api/blog/categories", { name: "Em Uso", slug: "em-uso" })).json.data;
    const post = await createPost({ categoryId: category.id });
    const refused = await api("DELETE", `/api/blog/categories/${category.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain("em uso por 1 post");
    const moved = await api("DELETE", `/api/blog/categories/${category.id}?moverPosts=true`);
    expect(moved.status).toBe(200);
    expect(moved.json.data.movedPosts).toBe(1);
    expect((await api("GET", `/api/blog/posts/${post.id}`)).json.data.categoryId).toBeNull();
  });
});

// Payloads from the usual XSS cheat sheets: tags, handlers, URL schemes, SVG/MathML, CSS.
const XSS_CORPUS = [
  '<script>alert("xss-1")</script>',
  '<img src="x" onerror="alert(\'xss-2\')">',
  "<img src=\"javascript:alert('xss-3')\">",
  "<a href=\"javascript:alert('xss-4')\">clique</a>",
  "<a href=\"JaVaScRiPt:alert('xss-5')\">clique</a>",
  "<a href=\"&#106;avascript:alert('xss-6')\">clique</a>",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzLTcnKTwvc2NyaXB0Pg==">dados</a>',
  '<svg onload="alert(\'xss-8\')"><circle r="1"/></svg>',
  '<svg><script>alert("xss-9")</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert("xss-10")></style></mglyph></table></mtext></math>',
  "<iframe src=\"javascript:alert('xss-11')\"></iframe>",
  "<iframe srcdoc=\"<script>alert('xss-12')</script>\"></iframe>",
  "<p style=\"background:url(javascript:alert('xss-13'))\" onclick=\"alert('xss-14')\">texto</p>",
  "<style>body{background:red}</style>",
  "<object data=\"javascript:alert('xss-15')\"></object>",
  "<embed src=\"javascript:alert('xss-16')\">",
  "<form action=\"javascript:alert('xss-17')\"><button>enviar</button></form>",
  "<details open ontoggle=\"alert('xss-18')\">x</details>",
  "<body onload=\"alert('xss-19')\">",
  '<img src="//evil.example/x.png" alt="protocolo relativo">',
  '<a href="https://exemplo.com" target="_top" onmouseover="alert(\'xss-20\')">externo</a>',
  '<<script>alert("xss-21");//<</script>',
  "<noscript><p title=\"</noscript><img src=x onerror=alert('xss-22')>\"></noscript>",
  '<h1>Título interno</h1><p><strong>negrito</strong> e <em>itálico</em></p><img src="/media/aaaaaaaaaaaaaaaaaaaa.webp" alt="ok"><a href="/blog">interno</a>',
];

function assertClean(root: any[]) {
  const elements = DomUtils.findAll(() => true, root);
  for (const el of elements) {
    expect(["script", "style", "iframe", "svg", "math", "object", "embed", "form", "body", "details", "noscript"]).not.toContain(el.name);
    for (const [name, value] of Object.entries(el.attribs as Record<string, string>)) {
      expect(name.startsWith("on"), `${el.name}[${name}]`).toBe(false);
      expect(name).not.toBe("style");
      expect(name).not.toBe("srcdoc");
      if (name === "href" || name === "src") {
        expect(value.trim().toLowerCase(), `${el.name}[${name}]`).not.toMatch(/^(javascript|data|vbscript):|^\/\//);
      }
    }
  }
}

describe("sanitiser (allow-list) on save and on render", () => {
  it("stores none of the XSS corpus and keeps ordinary formatting", async () => {
    const content = XSS_CORPUS.join("\n");
    const post = await createPost({ content, published: true });
    const stored = await api("GET", `/api/blog/posts/${post.id}`);
    const doc = parseDocument(stored.json.data.content);
    assertClean(doc.children);
    const html = stored.json.data.content as string;
    expect(html).not.toMatch(/alert\(/);
    expect(html).toContain("<strong>negrito</strong>");
    expect(html).toContain("<h2>Título interno</h2>"); // one h1 per page: the title
    expect(html).toContain('src="/media/aaaaaaaaaaaaaaaaaaaa.webp"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("sanitises again when rendering content that reached the database another way", async () => {
    const post = await createPost({ published: true });
    await app
      .db()
      .update(app.schema.blogPosts)
      .set({ content: `<p>antes</p>${XSS_CORPUS.join("")}<p>depois</p>` })
      .where(eq(app.schema.blogPosts.id, post.id));
    const { status, doc, html, headers } = await page(`/blog/${post.slug}`);
    expect(status).toBe(200);
    const [prose] = find(doc, (el) => el.attribs?.class?.split(" ").includes("prose-content"));
    expect(text(prose)).toContain("antes");
    expect(text(prose)).toContain("depois");
    assertClean([prose]);
    // Every script on the page is inert JSON data (JSON-LD, the islands' page data) or our own
    // (early script, view beacon, islands' boot), allowed by its hash in the CSP (the page is served from the cache).
    const scriptSrc = /script-src[^;]*/.exec(headers.get("content-security-policy") ?? "")?.[0] ?? "";
    const scripts = pageScripts(html);
    expect(scripts).toHaveLength(find(doc, (el) => el.name === "script").length);
    for (const { attrs, text: code } of scripts) {
      expect(/type="application\/(ld\+)?json"/.test(attrs) || scriptSrc.includes(scriptHash(code))).toBe(true);
    }
    expect(html).not.toMatch(/<script>alert/);
  });
});

describe("public pages", () => {
  it("/blog: title, chips, cards with 'Publicado em' and 'Ler mais', RSS link, cache validators", async () => {
    const { status, doc, headers } = await page("/blog");
    expect(status).toBe(200);
    expect(text(find(doc, (el) => el.name === "h1")[0])).toBe("Blog Agile");
    const chips = find(doc, (el) => el.name === "nav" && el.attribs["aria-label"] === "Categorias do blog");
    expect(text(chips[0])).toContain("Todos");
    expect(text(chips[0])).toContain("Agentes de IA");
    const cards = find(doc, (el) => el.name === "article");
    expect(cards.length).toBeGreaterThanOrEqual(6);
    expect(text(cards[0])).toContain("Publicado em");
    expect(text(cards[0])).toContain("Ler mais");
    expect(find(doc, (el) => el.name === "a" && el.attribs.href === "/login" && text(el) === "Login Admin")).toHaveLength(1);
    expect(
      find(doc, (el) => el.name === "link" && el.attribs.rel === "alternate" && el.attribs.type === "application/rss+xml"),
    ).toHaveLength(1);
    expect(headers.get("cache-control")).toMatch(/public/);
    expect(headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    const etag = headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect(headers.get("last-modified")).toBeTruthy();
    // A page is never 304: the cached HTML would meet the new response's CSP nonce and break.
    const again = await fetch(`${app.url}/blog`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).toBe(etag);
    // The data API is (no CSP in play there).
    const apiFirst = await fetch(`${app.url}/api/blog/posts`);
    const apiAgain = await fetch(`${app.url}/api/blog/posts`, { headers: { "if-none-match": apiFirst.headers.get("etag")! } });
    expect(apiAgain.status).toBe(304);
  });

  it("/blog?categoria=… lists only that category; an unknown one is redirected to the whole list, never rendered", async () => {
    const { doc } = await page("/blog?categoria=dados-e-analytics");
    const current = find(doc, (el) => el.name === "a" && el.attribs["aria-current"] === "page" && el.attribs.href?.includes("categoria="));
    expect(text(current[0])).toBe("Dados e Analytics");
    const expected = (await api("GET", "/api/blog/posts", undefined, false)).json.data.posts.filter(
      (p: any) => p.category?.slug === "dados-e-analytics",
    );
    const titles = find(doc, (el) => el.name === "article").map((a) => text(find({ children: [a] } as any, (el) => el.name === "h3")[0]));
    expect(titles.sort()).toEqual(expected.map((p: any) => p.title).sort());
    for (const query of ["?categoria=nao-existe", "?categoria=nao-existe&utm_source=x", "?categoryId=999999"]) {
      const unknown = await fetch(`${app.url}/blog${query}`, { redirect: "manual" });
      expect(unknown.status).toBe(302);
      // A campaign's parameters travel on with the visitor.
      expect(unknown.headers.get("location")).toBe(query.includes("utm_source") ? "/blog?utm_source=x" : "/blog");
      expect(await unknown.text()).toBe("");
    }
    const spelled = await fetch(`${app.url}/blog?pagina=1&categoria=dados-e-analytics`, { redirect: "manual" });
    expect([spelled.status, spelled.headers.get("location")]).toEqual([301, "/blog?categoria=dados-e-analytics"]);
    const legacy = await fetch(`${app.url}/blog?categoryId=${expected[0].categoryId}`, { redirect: "manual" });
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get("location")).toBe("/blog?categoria=dados-e-analytics");
  });

  it("an empty category shows the empty state with the category text", async () => {
    const category = (await api("POST", "/api/blog/categories", { name: "Vazia", slug: "vazia" })).json.data;
    const { doc, status } = await page("/blog?categoria=vazia");
    expect(status).toBe(200);
    const body = text(find(doc, (el) => el.name === "main")[0]);
    expect(body).toContain("Nenhum post encontrado");
    expect(body).toContain("Vazia");
    await api("DELETE", `/api/blog/categories/${category.id}`);
  });

  it("beyond 10 posts: 'Mostrando 10 de N posts' and real pagination links", async () => {
    const total = (await api("GET", "/api/blog/posts", undefined, false)).json.data.total as number;
    for (let i = total; i <= 11; i++) await createPost({ published: true });
    const newTotal = (await api("GET", "/api/blog/posts", undefined, false)).json.data.total as number;
    expect(newTotal).toBeGreaterThan(10);
    const first = await page("/blog");
    expect(text(find(first.doc, (el) => el.name === "main")[0])).toContain(`Mostrando 10 de ${newTotal} posts`);
    expect(find(first.doc, (el) => el.name === "a" && el.attribs.href === "/blog?pagina=2").length).toBeGreaterThan(0);
    const second = await page("/blog?pagina=2");
    expect(second.status).toBe(200);
    expect(find(second.doc, (el) => el.name === "article")).toHaveLength(newTotal - 10);
    const past = await fetch(`${app.url}/blog?pagina=99`, { redirect: "manual" });
    expect([past.status, past.headers.get("location")]).toEqual([302, "/blog?pagina=2"]);
  });

  it("a post page: article metadata, JSON-LD, content, category link; not found is a real 404", async () => {
    const category = (await api("GET", "/api/blog/categories", undefined, false)).json.data[0];
    const post = await createPost({
      published: true,
      categoryId: category.id,
      imageUrl: "/images/og-default.svg",
      title: "Post com metadados",
    });
    const { status, doc } = await page(`/blog/${post.slug}`);
    expect(status).toBe(200);
    const meta = (attr: string, value: string) => find(doc, (el) => el.name === "meta" && el.attribs[attr] === value)[0]?.attribs.content;
    expect(meta("property", "og:type")).toBe("article");
    // The SVG cover is shared as a generated 1200×630 JPEG: social networks show no SVG (docs/decisions/0062).
    expect(meta("property", "og:image")).toMatch(/\/media\/social\/\d+-[A-Za-z0-9]{12}\.jpg$/);
    expect(meta("property", "article:published_time")).toBe(post.publishedAt);
    expect(first(find(doc, (el) => el.name === "link" && el.attribs.rel === "canonical")).attribs.href).toMatch(
      new RegExp(`/blog/${post.slug}$`),
    );
    const ld = JSON.parse(text(find(doc, (el) => el.name === "script" && el.attribs.type === "application/ld+json")[0]));
    expect(ld).toMatchObject({ "@type": "Article", headline: "Post com metadados", datePublished: post.publishedAt });
    expect(text(find(doc, (el) => el.name === "h1")[0])).toBe("Post com metadados");
    expect(find(doc, (el) => el.name === "a" && el.attribs.href === `/blog?categoria=${category.slug}`).length).toBeGreaterThan(0);
    expect(find(doc, (el) => el.name === "a" && el.attribs.href === "/blog").length).toBeGreaterThan(0);

    const missing = await page("/blog/este-post-nao-existe");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Post não encontrado");
    expect(missing.html).toContain("O post que você está procurando não existe ou foi removido.");
  });

  it("a draft is a 404 for visitors and a preview (not cached, noindex) for the admin", async () => {
    const draft = await createPost({ title: "Rascunho secreto" });
    const visitor = await page(`/blog/${draft.slug}`);
    expect(visitor.status).toBe(404);
    expect(visitor.html).not.toContain("Rascunho secreto");
    const admin = await page(`/blog/${draft.slug}`, { cookie });
    expect(admin.status).toBe(200);
    expect(admin.html).toContain("Rascunho secreto");
    expect(admin.html).toContain("Pré-visualização");
    expect(admin.headers.get("cache-control")).toMatch(/no-store/);
    expect(first(find(admin.doc, (el) => el.name === "meta" && el.attribs.name === "robots")).attribs.content).toContain("noindex");
  });
});

describe("feeds", () => {
  it("sitemap.xml and blog/rss.xml list published posts (with lastmod) and never drafts", async () => {
    const published = await createPost({ published: true, title: "No feed & no mapa" });
    const draft = await createPost();
    // An index of files (app/domain/blog/sitemap.server.ts): the pages, then the posts, newest first.
    const index = await fetch(`${app.url}/sitemap.xml`);
    expect(index.headers.get("content-type")).toMatch(/application\/xml/);
    const files = [...(await index.text()).matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files.slice(0, 2)).toEqual(["/sitemap/paginas.xml", "/sitemap/posts-1.xml"]);
    expect((await fetch(`${app.url}/sitemap/posts-0.xml`)).status).toBe(404);
    expect((await fetch(`${app.url}/sitemap/outro.xml`)).status).toBe(404);
    const xml = (await Promise.all(files.map(async (f) => (await fetch(`${app.url}${f}`)).text()))).join("\n");
    for (const path of [
      "/",
      "/sobre",
      "/carreiras",
      "/formulario",
      "/agentes",
      "/produtos",
      "/blog",
      "/privacidade",
      "/termos",
      "/cookies",
    ]) {
      expect(xml).toContain(`${path}</loc>`);
    }
    expect(xml).toMatch(new RegExp(`/blog/${published.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`));
    expect(xml).not.toContain(draft.slug);

    const rss = await fetch(`${app.url}/blog/rss.xml`);
    expect(rss.headers.get("content-type")).toMatch(/application\/rss\+xml/);
    const feed = await rss.text();
    expect(feed).toContain("<title>No feed &amp; no mapa</title>");
    expect(feed).toContain(`/blog/${published.slug}</link>`);
    expect(feed).not.toContain(draft.slug);
    const etag = rss.headers.get("etag")!;
    expect((await fetch(`${app.url}/blog/rss.xml`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });
});

describe("image uploads", () => {
  async function upload(body: Blob | null, name = "foto.png", withSession = true) {
    const form = new FormData();
    if (body) form.append("file", body, name);
    const res = await fetch(`${app.url}/api/uploads`, {
      method: "POST",
      body: form,
      headers: withSession ? { cookie, origin: app.url } : {},
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  it("accepts a real PNG, stores WebP variants in the database and serves them with immutable caching", async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    const res = await upload(new Blob([new Uint8Array(png)], { type: "image/png" }), "capa.png");
    expect(res.status).toBe(201);
    expect(res.json.data.url).toMatch(/^\/media\/[a-f0-9]{20}\.webp$/);
    expect(res.json.data.width).toBe(1280);
    const media = await fetch(`${app.url}${res.json.data.url}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/webp");
    expect(media.headers.get("cache-control")).toMatch(/immutable/);
    const meta = await sharp(Buffer.from(await media.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1280 });
    const small = await fetch(`${app.url}${res.json.data.variants[0].url}`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(640);
    expect((await fetch(`${app.url}/media/00000000000000000000.webp`)).status).toBe(404);
    expect((await fetch(`${app.url}/media/../../etc/passwd`)).status).toBe(404);
  });

  it("checks the type by content, not by name, and the 5 MB limit", async () => {
    const fakePng = await upload(new Blob(["isto não é uma imagem"], { type: "image/png" }), "falsa.png");
    expect(fakePng.status).toBe(415);
    expect(fakePng.json.success).toBe(false);
    const svg = await upload(new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], { type: "image/png" }), "x.png");
    expect(svg.status).toBe(415);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect((await upload(new Blob([new Uint8Array(gif)], { type: "image/jpeg" }), "x.jpg")).status).toBe(415);
    // A JPEG named .txt is still a JPEG.
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    expect((await upload(new Blob([new Uint8Array(jpeg)], { type: "text/plain" }), "nota.txt")).status).toBe(201);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    const tooBig = await upload(new Blob([big], { type: "image/png" }), "grande.png");
    expect(tooBig.status).toBe(413);
    expect((await upload(null)).status).toBe(400);
    expect((await upload(new Blob([new Uint8Array(jpeg)]), "x.jpg", false)).status).toBe(401);
  });
});
