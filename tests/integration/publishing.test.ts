/**
 * Publishing (docs/decisions/0060–0062) through real HTTP on the production build and a real
 * database: the API contract (`publishAt`, `status`, `previewLink`, revisions), preview links
 * (noindex, no-store, revoked → 404, published → the public address, unpublished changes; their
 * expiry and hashing are in secret-links.test.ts),
 * scheduled posts (kept from visitors until their time, published by the read of an overdue post,
 * once, with one audit row), revisions and their exact restore, SEO in the head and raster social
 * images, the privacy tools on posts and revisions, and the admin's native forms.
 *
 * The periodic job is slowed to a minute here (SCHEDULE_CHECK_MS), so what publishes an overdue
 * post in these tests is the read; the job itself, across instances and restarts, is in
 * scheduling.test.ts.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp({ SCHEDULE_CHECK_MS: "60000" });
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

/** An absolute address the app built (SITE_URL's host) → the same path on the test server. */
function local(url: string): string {
  const u = new URL(url, app.url);
  return `${app.url}${u.pathname}${u.search}`;
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(local(path), { headers, redirect: "manual" });
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, doc: parseDocument(html) };
}

async function postForm(pathname: string, fields: Record<string, string>) {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

type Doc = ReturnType<typeof parseDocument>;
const find = (doc: Doc, test: (el: any) => boolean) => DomUtils.findAll(test, doc.children);
const metaOf = (doc: Doc, attr: "name" | "property", key: string) =>
  find(doc, (el) => el.name === "meta" && el.attribs[attr] === key).map((el) => el.attribs.content as string);
const textOf = (node: Parameters<typeof DomUtils.textContent>[0] | undefined) =>
  node ? DomUtils.textContent(node).replace(/\s+/g, " ") : "";

let counter = 0;
function newPost(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Publicação ${counter}`,
    slug: `publicacao-${counter}-${Date.now().toString(36)}`,
    summary: "Um resumo com mais de dez caracteres.",
    content: `<p>${"Texto do post de publicação. ".repeat(4)}</p>`,
    ...overrides,
  };
}

async function createPost(overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/blog/posts", newPost(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json.data as {
    id: number;
    slug: string;
    title: string;
    status: string;
    publishAt: string | null;
    previewLink: { expiresAt: string; expired: boolean } | null;
    published: boolean;
  };
}

/** A new preview link for the post: its address is in this answer only (docs/decisions/0109). */
async function newPreviewLink(id: number): Promise<string> {
  const res = await api("POST", `/api/blog/posts/${id}/preview-link`);
  expect(res.status, res.text).toBe(201);
  return res.json.data.previewUrl as string;
}

const inAnHour = () => new Date(Date.now() + 3_600_000);

/** As if the instances had been down while the post's time passed. */
async function makeOverdue(id: number) {
  const { blogPosts } = app.schema;
  await app
    .db()
    .update(blogPosts)
    .set({ publishAt: sql`now() - interval '2 minutes'` })
    .where(eq(blogPosts.id, id));
}

async function auditRows(action: string, target?: string) {
  const { auditLog } = app.schema;
  return app
    .db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), target ? eq(auditLog.target, target) : undefined))
    .orderBy(desc(auditLog.id));
}

/** Every way a visitor could come across a post. */
async function visitorSees(slug: string) {
  const [list, bySlug, html, sitemap, rss, listPage] = await Promise.all([
    api("GET", "/api/blog/posts?limit=50", undefined, false),
    api("GET", `/api/blog/posts/slug/${slug}`, undefined, false),
    page(`/blog/${slug}`),
    page("/sitemap/posts-1.xml"), // the newest posts' file of the sitemap index
    page("/blog/rss.xml"),
    page("/blog"),
  ]);
  return {
    list: list.json.data.posts.some((p: any) => p.slug === slug),
    api: bySlug.status === 200,
    page: html.status === 200,
    sitemap: sitemap.html.includes(`/blog/${slug}<`),
    rss: rss.html.includes(`/blog/${slug}<`),
    blogPage: listPage.html.includes(`/blog/${slug}"`),
  };
}
const NOWHERE = { list: false, api: false, page: false, sitemap: false, rss: false, blogPage: false };
const EVERYWHERE = { list: true, api: true, page: true, sitemap: true, rss: true, blogPage: true };

describe("API contract", () => {
  it("GET /api/blog/posts/:id gives status, publishAt and the preview link's expiry; visitors' answers never carry them", async () => {
    const draft = await createPost();
    expect(draft).toMatchObject({ status: "draft", publishAt: null, published: false, previewLink: null });
    expect(await newPreviewLink(draft.id)).toMatch(/\/previa\/[A-Za-z0-9_-]{32}$/);

    const at = inAnHour();
    const scheduled = await createPost({ publishAt: at.toISOString().replace("Z", "+00:00") });
    expect(scheduled).toMatchObject({ status: "scheduled", published: false });
    expect(new Date(scheduled.publishAt!).getTime()).toBe(Math.floor(at.getTime()));

    const live = await createPost({ published: true });
    await newPreviewLink(live.id);
    const got = await api("GET", `/api/blog/posts/${live.id}`);
    expect(got.json.data).toMatchObject({ status: "published", publishAt: null, previewLink: { expired: false } });
    expect(Date.parse(got.json.data.previewLink.expiresAt)).toBeGreaterThan(Date.now());
    for (const key of ["previewToken", "previewTokenHash", "previewExpiresAt", "previewUrl"]) expect(got.json.data).not.toHaveProperty(key);

    const publicAnswer = await api("GET", `/api/blog/posts/slug/${live.slug}`, undefined, false);
    expect(publicAnswer.status).toBe(200);
    for (const key of [
      "previewToken",
      "previewTokenHash",
      "previewExpiresAt",
      "previewLink",
      "publishAt",
      "pendingRevisionId",
      "previewUrl",
    ])
      expect(publicAnswer.json.data).not.toHaveProperty(key);
    const list = await api("GET", "/api/blog/posts?limit=50", undefined, false);
    expect(JSON.stringify(list.json)).not.toMatch(/previewToken|previewLink|previewExpires|previa/);

    expect(await visitorSees(draft.slug)).toEqual(NOWHERE);
    expect(await visitorSees(scheduled.slug)).toEqual(NOWHERE);
    // Without a session, the admin's answers are not given.
    expect((await api("GET", `/api/blog/posts/${draft.id}`, undefined, false)).status).toBe(401);
    expect((await api("GET", `/api/blog/posts/${draft.id}/revisions`, undefined, false)).status).toBe(401);
  });

  it("refuses a bad publishAt with a clear 400 in Portuguese, and stores nothing", async () => {
    const { blogPosts } = app.schema;
    const before = (await app.db().select({ id: blogPosts.id }).from(blogPosts)).length;
    const cases: Array<[unknown, RegExp]> = [
      ["amanhã às 9h", /ISO 8601 com fuso horário/],
      ["2026-12-01T09:00:00", /ISO 8601 com fuso horário/], // no offset: which time zone?
      [12345, /ISO 8601 com fuso horário/],
      ["2020-01-01T09:00:00-03:00", /Escolha uma data e hora no futuro/],
    ];
    for (const [publishAt, message] of cases) {
      const res = await api("POST", "/api/blog/posts", newPost({ publishAt }));
      expect(res.status, String(publishAt)).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.errors.publishAt).toMatch(message);
    }
    const both = await api("POST", "/api/blog/posts", newPost({ published: true, publishAt: inAnHour().toISOString() }));
    expect(both.status).toBe(400);
    expect(both.json.errors.publishAt).toMatch(/Desmarque “Publicado”/);
    const seo = await api(
      "POST",
      "/api/blog/posts",
      newPost({ metaTitle: "x".repeat(121), canonicalUrl: "javascript:alert(1)", noindex: "sim" }),
    );
    expect(seo.status).toBe(400);
    expect(Object.keys(seo.json.errors).sort()).toEqual(["canonicalUrl", "metaTitle", "noindex"]);
    expect((await app.db().select({ id: blogPosts.id }).from(blogPosts)).length).toBe(before);

    const live = await createPost({ published: true });
    const onLive = await api("PUT", `/api/blog/posts/${live.id}`, { publishAt: inAnHour().toISOString() });
    expect(onLive.status).toBe(400);
    expect(onLive.json.errors.publishAt).toMatch(/Desmarque “Publicado”/);
    expect((await api("GET", `/api/blog/posts/${live.id}`)).json.data.status).toBe("published");
  });
});

describe("preview links", () => {
  it("a draft's link answers 200 with noindex, no-store and the banner; never in the sitemap, RSS or /blog; revoked → 404; a new link works", async () => {
    const draft = await createPost({ title: "Rascunho para o cliente revisar" });
    const previewUrl = await newPreviewLink(draft.id);
    const preview = await page(previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(preview.headers.get("referrer-policy")).toBe("no-referrer");
    expect(metaOf(preview.doc, "name", "robots")).toEqual(["noindex"]);
    const banner = find(preview.doc, (el) => el.attribs?.["data-testid"] === "preview-banner");
    expect(banner).toHaveLength(1);
    expect(textOf(banner[0])).toContain("Pré-visualização");
    expect(textOf(banner[0])).toContain("Este post é um rascunho e não está visível para os visitantes.");
    expect(textOf(preview.doc)).toContain("Rascunho para o cliente revisar");
    // Twice: the second answer is rendered again, never taken from a cache.
    expect((await page(previewUrl)).headers.get("cache-control")).toBe("private, no-store");
    expect(await visitorSees(draft.slug)).toEqual(NOWHERE);

    const revoked = await api("DELETE", `/api/blog/posts/${draft.id}/preview-link`);
    expect(revoked.json).toEqual({ success: true, data: { previewUrl: null } });
    expect((await page(previewUrl)).status).toBe(404);
    expect((await api("GET", `/api/blog/posts/${draft.id}`)).json.data.previewLink).toBeNull();

    const renewed = await api("POST", `/api/blog/posts/${draft.id}/preview-link`);
    expect(renewed.status).toBe(201);
    expect(renewed.json.data.previewUrl).not.toBe(previewUrl);
    expect((await page(renewed.json.data.previewUrl)).status).toBe(200);
    expect((await page(previewUrl)).status).toBe(404);
    expect((await page("/previa/nao-existe-este-token-de-forma-alguma-0123")).status).toBe(404);
    expect(await auditRows("blog.post.preview.revoke", `post:${draft.id}`)).toHaveLength(1);
  });

  it("once the post is published the link leads to the public address; unpublished changes to it are previewable and stay out of the live post", async () => {
    const post = await createPost({ title: "Antes da revisão" });
    const previewUrl = await newPreviewLink(post.id);
    await api("PUT", `/api/blog/posts/${post.id}`, { published: true });
    const redirected = await page(previewUrl);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe(`/blog/${post.slug}`);
    expect(redirected.headers.get("cache-control")).toBe("private, no-store");

    const saved = await api("PUT", `/api/blog/posts/${post.id}`, {
      title: "Depois da revisão",
      summary: "Um resumo novo, ainda não publicado.",
      draft: true,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toMatchObject({ title: "Antes da revisão", status: "published" });
    expect(saved.json.data.pendingChanges.values).toMatchObject({ title: "Depois da revisão", slug: post.slug });

    const pending = await page(previewUrl);
    expect(pending.status).toBe(200);
    expect(textOf(pending.doc)).toContain("Depois da revisão");
    expect(textOf(pending.doc)).toContain("Estas são alterações ainda não publicadas.");
    const live = await page(`/blog/${post.slug}`);
    expect(textOf(live.doc)).toContain("Antes da revisão");
    expect(textOf(live.doc)).not.toContain("Depois da revisão");
    expect((await api("GET", `/api/blog/posts/slug/${post.slug}`, undefined, false)).json.data.title).toBe("Antes da revisão");

    // The list switch alone keeps the pending draft; publishing it takes it live.
    await api("PUT", `/api/blog/posts/${post.id}`, { published: true });
    expect((await api("GET", `/api/blog/posts/${post.id}`)).json.data.pendingChanges).not.toBeNull();
    const res = await postForm(`/admin/posts/${post.id}`, { intent: "publicar-alteracoes" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/posts/${post.id}?feito=alteracoes-publicadas`);
    expect(textOf((await page(`/blog/${post.slug}`)).doc)).toContain("Depois da revisão");
    expect((await page(previewUrl)).status).toBe(302);
  });
});

describe("scheduled publishing", () => {
  it("a scheduled post stays hidden until its time; the first read of it when overdue publishes it once, at its time, with one audit row", async () => {
    const hidden = await createPost({ publishAt: inAnHour().toISOString() });
    expect(await visitorSees(hidden.slug)).toEqual(NOWHERE);
    const admin = await page("/admin", { cookie });
    expect(textOf(admin.doc)).toMatch(/Agendado para \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);

    // Another one, as if the instances had been down at its time. Nobody asked for its address
    // before (a cached "not found" would answer until the job's publication purges it).
    const post = await createPost({ publishAt: inAnHour().toISOString() });
    await makeOverdue(post.id);
    const { blogPosts } = app.schema;
    const due = await app.db().select({ publishAt: blogPosts.publishAt }).from(blogPosts).where(eq(blogPosts.id, post.id)).then(first);
    // Five visitors at once: the post goes live once.
    const reads = await Promise.all(Array.from({ length: 5 }, () => page(`/blog/${post.slug}`)));
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // The lists read before (and kept by the page cache) learn it at once: the publication purged them.
    expect(await visitorSees(post.slug)).toEqual(EVERYWHERE);

    const row = await app.db().select().from(blogPosts).where(eq(blogPosts.id, post.id)).then(first);
    expect(row).toMatchObject({ published: true, publishAt: null });
    expect(row.publishedAt?.getTime()).toBe(due.publishAt?.getTime()); // the scheduled time, not the read's
    const audit = await auditRows("blog.post.publish.scheduled", `post:${post.id}`);
    expect(audit).toHaveLength(1);
    expect(first(audit)).toMatchObject({ actor: "agendamento" });
    expect((await api("GET", `/api/blog/posts/${post.id}`)).json.data).toMatchObject({ status: "published", publishAt: null });
  });

  it("the admin cancels a schedule (the post stays a draft) and schedules again with the native form, in Brasília time", async () => {
    const post = await createPost({ publishAt: inAnHour().toISOString() });
    const canceled = await api("PUT", `/api/blog/posts/${post.id}`, { publishAt: null });
    expect(canceled.json.data).toMatchObject({ status: "draft", publishAt: null });
    expect(await auditRows("blog.post.unschedule", `post:${post.id}`)).toHaveLength(1);

    const bad = await postForm(`/admin/posts/${post.id}`, { intent: "agendar", publishAt: "2026-13-45T99:00" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Informe data e hora completas");
    const past = await postForm(`/admin/posts/${post.id}`, { intent: "agendar", publishAt: "2020-01-01T09:00" });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Escolha uma data e hora no futuro.");

    const res = await postForm(`/admin/posts/${post.id}`, { intent: "agendar", publishAt: "2099-12-01T09:30" });
    expect(res.status).toBe(303);
    const got = (await api("GET", `/api/blog/posts/${post.id}`)).json.data;
    expect(got).toMatchObject({ status: "scheduled", publishAt: "2099-12-01T12:30:00.000Z" }); // 09:30 in Brasília = 12:30 UTC
    const shown = await page(`/admin/posts/${post.id}?feito=agendado`, { cookie });
    // The date is said once, by the post's status; the message and the card say what to do.
    const text = textOf(find(shown.doc, (el) => el.attribs?.id === "admin-main")[0] ?? shown.doc);
    expect(text).toContain("Agendado para 01/12/2099, 09:30");
    expect(text.split("01/12/2099").length - 1).toBe(1);
    expect(text).toContain("Publicação agendada. O post entra no ar sozinho no horário marcado.");
    expect(text).not.toMatch(/desmarque/i);
    expect(await visitorSees(post.slug)).toEqual(NOWHERE);
  });

  it("'Publicar agora' on the post's page puts a draft or a scheduled post live at once (the list switch's save); a live post's page names only its own controls", async () => {
    const draft = await createPost({ title: "Rascunho publicado pela página do post" });
    const scheduled = await createPost({ title: "Agendado publicado pela página do post", publishAt: inAnHour().toISOString() });
    for (const post of [draft, scheduled]) {
      const before = await page(`/admin/posts/${post.id}`, { cookie });
      expect(find(before.doc, (el) => el.name === "button" && el.attribs.value === "publicar-agora")).toHaveLength(1);
      const res = await postForm(`/admin/posts/${post.id}`, { intent: "publicar-agora" });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/admin/posts/${post.id}?feito=publicado`);
      expect((await api("GET", `/api/blog/posts/${post.id}`)).json.data).toMatchObject({ status: "published", publishAt: null });
      expect(await auditRows("blog.post.publish", `post:${post.id}`)).toHaveLength(1);
      const after = await page(`/admin/posts/${post.id}?feito=publicado`, { cookie });
      const text = textOf(after.doc);
      expect(text).toContain("Post publicado. Ele já aparece no blog.");
      // Live: nothing to publish or schedule; the hint names the page's 'Editar', not a switch it lacks.
      expect(find(after.doc, (el) => el.name === "button" && el.attribs.value === "publicar-agora")).toHaveLength(0);
      expect(text).toContain("clique em “Editar” e desligue “Publicado”");
      expect(text).not.toMatch(/desmarque/i);
      expect(textOf((await page(`/blog/${post.slug}`)).doc)).toContain(post.title);
    }
  });

  it("the admin lists say 'Rascunho', 'Agendado para …' and 'Publicado'", async () => {
    const draft = await createPost({ title: "Lista: rascunho" });
    const scheduled = await createPost({ title: "Lista: agendado", publishAt: "2099-06-01T10:00:00-03:00" });
    const live = await createPost({ title: "Lista: publicado", published: true });
    const admin = await page("/admin", { cookie });
    const status = (id: number) =>
      textOf(find(admin.doc, (el) => el.attribs?.["data-row"] === `post-${id}`)[0]).match(
        /Rascunho|Agendado para [\d/]+, [\d:]+|Publicado(?!:)/g,
      );
    expect(status(draft.id)).toContain("Rascunho");
    expect(status(scheduled.id)).toContain("Agendado para 01/06/2099, 10:00");
    expect(status(live.id)).toContain("Publicado");
  });
});

describe("revisions", () => {
  it("every save keeps one with author and time; a restore brings back title, body and SEO fields exactly, as a new revision", async () => {
    const original = {
      title: "Versão original do texto",
      summary: "O resumo da versão original.",
      content: "<h2>Original</h2><p>Parágrafo <strong>original</strong> com texto suficiente para valer.</p>",
      metaTitle: "Título de busca original",
      metaDescription: "Descrição de busca da versão original, com o tamanho certo.",
      socialImageUrl: "/images/og-default.jpg",
      canonicalUrl: "https://exemplo.com.br/artigo-original",
      noindex: true,
    };
    const post = await createPost(original);
    const edited = await api("PUT", `/api/blog/posts/${post.id}`, {
      title: "Versão editada",
      summary: "O resumo da versão editada.",
      content: "<p>Um texto todo diferente, editado depois, com tamanho suficiente.</p>",
      metaTitle: null,
      metaDescription: "Outra descrição.",
      socialImageUrl: null,
      canonicalUrl: null,
      noindex: false,
    });
    expect(edited.status).toBe(200);
    await api("PUT", `/api/blog/posts/${post.id}`, { published: true }); // the switch alone: no revision

    const list = await api("GET", `/api/blog/posts/${post.id}/revisions`);
    expect(list.status).toBe(200);
    const revisions = list.json.data.revisions as Array<{ id: number; kind: string; author: string; createdAt: string; title: string }>;
    expect(revisions.map((r) => r.kind)).toEqual(["update", "create"]);
    // Numbered in this post's own history, whatever other posts saved before.
    expect(revisions.map((r) => (r as { number?: number }).number)).toEqual([2, 1]);
    expect(revisions.every((r) => r.author === "admin" && !Number.isNaN(Date.parse(r.createdAt)))).toBe(true);
    const firstRevision = revisions[1]!;
    const one = await api("GET", `/api/blog/posts/${post.id}/revisions/${firstRevision.id}`);
    expect(one.json.data).toMatchObject({ ...original, postId: post.id });

    // The admin's side-by-side view marks what changed.
    const view = await page(`/admin/posts/${post.id}/revisoes/${firstRevision.id}`, { cookie });
    expect(view.status).toBe(200);
    const changed = find(view.doc, (el) => el.attribs?.["data-changed"] === "true").map((el) => el.attribs["data-field"]);
    expect(changed.sort()).toEqual([
      "canonicalUrl",
      "content",
      "metaDescription",
      "metaTitle",
      "noindex",
      "socialImageUrl",
      "summary",
      "title",
    ]);

    const restored = await postForm(`/admin/posts/${post.id}/revisoes/${firstRevision.id}`, {});
    expect(restored.status).toBe(303);
    const now = (await api("GET", `/api/blog/posts/${post.id}`)).json.data;
    expect(now).toMatchObject({ ...original, slug: post.slug, published: true });
    const after = (await api("GET", `/api/blog/posts/${post.id}/revisions`)).json.data.revisions;
    expect(after[0]).toMatchObject({ kind: "restore", restoredFrom: firstRevision.id, number: 3, restoredFromNumber: 1 });
    expect(after).toHaveLength(3);
    // The post's page reads "nº 3 … da revisão nº 1", "nº 2", "nº 1", never the ids all posts share.
    const history = await page(`/admin/posts/${post.id}`, { cookie });
    const lines = find(history.doc, (el) => el.attribs?.["data-revision"] !== undefined).map((el) => textOf(el));
    expect(lines.map((line) => line.match(/nº \d+/g))).toEqual([["nº 3", "nº 1"], ["nº 2"], ["nº 1"]]);
    expect(lines[0]).toContain("Restauração da revisão nº 1");
    const one1 = await page(`/admin/posts/${post.id}/revisoes/${firstRevision.id}`, { cookie });
    expect(textOf(find(one1.doc, (el) => el.name === "h1")[0])).toMatch(/^Revisão nº 1 · /);
    expect(first(await auditRows("blog.post.restore", `post:${post.id}`)).details).toMatchObject({ revision: firstRevision.id });
    // The restored SEO fields reach the page.
    const live = await page(`/blog/${post.slug}`);
    expect(metaOf(live.doc, "name", "robots")).toEqual(["noindex"]);
    expect(first(find(live.doc, (el) => el.name === "link" && el.attribs.rel === "canonical")).attribs.href).toBe(original.canonicalUrl);
  });

  it("keeps the newest 20 per post", async () => {
    const post = await createPost();
    for (let i = 1; i <= 22; i++) {
      const res = await api("PUT", `/api/blog/posts/${post.id}`, { summary: `Resumo da edição número ${i}.` });
      expect(res.status).toBe(200);
    }
    const revisions = (await api("GET", `/api/blog/posts/${post.id}/revisions`)).json.data.revisions;
    expect(revisions).toHaveLength(20);
    const { blogPostRevisions } = app.schema;
    const texts = await app
      .db()
      .select({ summary: blogPostRevisions.summary })
      .from(blogPostRevisions)
      .where(eq(blogPostRevisions.postId, post.id));
    expect(texts.map((t) => t.summary)).toContain("Resumo da edição número 22.");
    expect(texts.map((t) => t.summary)).not.toContain("Resumo da edição número 2.");
    expect((await api("POST", `/api/blog/posts/${post.id}/revisions/999999/restore`)).status).toBe(404);
  });
});

describe("SEO per post", () => {
  it("meta title, description, canonical and social image reach <head>, Open Graph, Twitter and JSON-LD; noindex posts leave the sitemap", async () => {
    const post = await createPost({
      published: true,
      metaTitle: "Um título pensado para o Google",
      metaDescription: "Uma descrição pensada para quem busca no Google, com tamanho adequado.",
      canonicalUrl: "/blog/outro-endereco",
    });
    const { doc } = await page(`/blog/${post.slug}`);
    const title = textOf(find(doc, (el) => el.name === "title")[0]);
    expect(title).toBe("Um título pensado para o Google | Agile IA");
    expect(metaOf(doc, "name", "description")).toEqual(["Uma descrição pensada para quem busca no Google, com tamanho adequado."]);
    expect(metaOf(doc, "property", "og:title")).toEqual([title]);
    expect(metaOf(doc, "name", "twitter:description")).toEqual(metaOf(doc, "name", "description"));
    expect(first(find(doc, (el) => el.name === "link" && el.attribs.rel === "canonical")).attribs.href).toMatch(/\/blog\/outro-endereco$/);
    expect(metaOf(doc, "name", "robots")).toEqual([]);
    const jsonLd = JSON.parse(textOf(find(doc, (el) => el.name === "script" && el.attribs.type === "application/ld+json")[0]));
    expect(jsonLd).toMatchObject({ "@type": "Article", headline: "Um título pensado para o Google" });
    expect(jsonLd.mainEntityOfPage["@id"]).toMatch(/\/blog\/outro-endereco$/);

    // No SVG anywhere: a generated 1200×630 JPEG, the same for Open Graph, Twitter and JSON-LD.
    const [ogImage] = metaOf(doc, "property", "og:image");
    expect(ogImage).toMatch(/\/media\/social\/\d+-[A-Za-z0-9]{12}\.jpg$/);
    expect(metaOf(doc, "name", "twitter:image")).toEqual([ogImage]);
    expect(jsonLd.image).toEqual([ogImage]);
    const image = await fetch(local(ogImage!));
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toContain("immutable");
    const info = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(info).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(await visitorSees(post.slug)).toMatchObject({ sitemap: true });

    // A new title is a new picture (and the old address leads to it).
    await api("PUT", `/api/blog/posts/${post.id}`, { title: "Um título novo para a imagem", noindex: true });
    const after = await page(`/blog/${post.slug}`);
    const [newImage] = metaOf(after.doc, "property", "og:image");
    expect(newImage).not.toBe(ogImage);
    // The old address is the old picture: kept where it was cached (immutable), else it leads to the new one.
    const old = await fetch(local(ogImage!), { redirect: "manual" });
    if (old.status === 303) expect(old.headers.get("location")).toBe(new URL(newImage!).pathname);
    else expect(old.status).toBe(200);
    expect(metaOf(after.doc, "name", "robots")).toEqual(["noindex"]);
    expect(await visitorSees(post.slug)).toMatchObject({ page: true, list: true, sitemap: false });
  });

  it("every page's og:image is raster: seeded posts' SVG covers become JPEGs, other pages use the JPEG default; drafts have no public picture", async () => {
    const seeded = await page("/blog/rpa-e-llms-a-nova-geracao-da-automacao-de-processos");
    const [image] = metaOf(seeded.doc, "property", "og:image");
    const res = await fetch(local(image!));
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    for (const path of ["/", "/sobre", "/blog"]) {
      const { doc } = await page(path);
      expect(metaOf(doc, "property", "og:image")[0], path).toMatch(/\/images\/og-default\.jpg$/);
    }
    const draft = await createPost({ imageUrl: "/images/og-default.jpg" });
    const id = draft.id;
    const { blogPosts } = app.schema;
    const row = await app.db().select().from(blogPosts).where(eq(blogPosts.id, id)).then(first);
    expect(row.published).toBe(false);
    expect((await fetch(`${app.url}/media/social/${id}-aaaaaaaaaaaa.jpg`)).status).toBe(404);
  });
});

describe("privacy tools cover posts and their revisions", () => {
  it("finds an address quoted in a post's old text, exports it, and erasure removes it from the post and its history", async () => {
    const email = "leitora.revisoes@exemplo.com.br";
    const post = await createPost({ content: `<p>Escreva para ${email} e receba o material completo desta série.</p>`, published: true });
    await api("PUT", `/api/blog/posts/${post.id}`, {
      content: "<p>O material completo desta série está disponível na página de downloads.</p>",
    });

    const res = await postForm("/admin/privacidade/exportar", { email, format: "json" });
    const doc = (await res.json()) as { tabelas: Record<string, Array<Record<string, unknown>>> };
    expect(doc.tabelas.blog_post_revisions?.map((r) => r.postId)).toEqual([post.id]);
    expect(doc.tabelas.blog_posts).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/previewToken|previewExpires/);

    await api("PUT", `/api/blog/posts/${post.id}`, { summary: `Dúvidas: ${email}.` });
    const erase = await postForm("/admin/privacidade", { intent: "erase", subject: email, confirm: email });
    expect(erase.status).toBe(200);
    const { blogPostRevisions, blogPosts } = app.schema;
    const left = await app
      .db()
      .select()
      .from(blogPostRevisions)
      .where(sql`${blogPostRevisions.content} ilike ${`%${email}%`} or ${blogPostRevisions.summary} ilike ${`%${email}%`}`);
    expect(left).toEqual([]);
    const row = await app.db().select().from(blogPosts).where(eq(blogPosts.id, post.id)).then(first);
    expect(row.summary).toBe("Dúvidas: [anonimizado].");
    const audit = first(await auditRows("privacy.erase"));
    expect(audit.details).toMatchObject({ anonymised: { blogPosts: 1 }, deleted: { blogPostRevisions: 2 } });
  });
});
