/**
 * The careers form's CV (docs/decisions/0093, 0094, 0108), through real HTTP on a real database: PDF,
 * DOC and DOCX are accepted by their content and download byte-identical for the admin only; anything
 * else (a polyglot, an installer, a macro), or anything too big, is refused in Portuguese and stores nothing; the no-JavaScript post
 * works and a refused one keeps the other fields; export, erasure and retention cover the CV; only
 * the careers addresses accept a body larger than 256 kB.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { adminSession, postJson, proofOfWork, startTestApp, withProof, type TestApp } from "../helpers/app";
import {
  docxWith,
  fakeMsi,
  minimalDocx,
  minimalPdf,
  oleDoc,
  pdfHtmlExePolyglot,
  pdfOfSize,
  realPdfOfSize,
  windowsExecutable,
} from "../support/documents";

let app: TestApp;
let cookie: string;
let ipCounter = 0;
const newIp = () => `10.33.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const MB = 1024 * 1024;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1" });
  cookie = await adminSession(app);
});
afterAll(async () => {
  await app?.close();
});

const application = (email = `cv-${randomUUID().slice(0, 8)}@example.com`) => ({
  name: "Carla Mendes",
  email,
  phone: "11987654321",
  position: "Senior AI Engineer",
  experience: "Oito anos desenvolvendo sistemas de aprendizado de máquina em produção.",
  motivation: "Quero construir agentes de IA que resolvem problemas reais de empresas brasileiras.",
});

type Fields = Record<string, string>;
interface Attachment {
  bytes: Uint8Array;
  name: string;
  type: string;
}

function multipart(fields: Fields, file?: Attachment): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("cv", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return form;
}

/** What the island sends: multipart to the JSON endpoint, with the proof of work it solved (docs/decisions/0090). */
async function apiPost(fields: Fields, file?: Attachment) {
  return fetch(`${app.url}/api/careers/application`, {
    method: "POST",
    headers: { accept: "application/json", "x-forwarded-for": newIp() },
    body: multipart({ ...fields, altcha: await proofOfWork(app.url) }, file),
  });
}

/** What the browser sends without JavaScript once the island solved the proof: multipart to the form's page, answers HTML. */
async function nativePost(fields: Fields, file?: Attachment) {
  return fetch(`${app.url}/enviar/candidatura`, {
    method: "POST",
    redirect: "manual",
    headers: { accept: "text/html", "x-forwarded-for": newIp(), referer: `${app.url}/carreiras` },
    body: multipart({ ...fields, altcha: await proofOfWork(app.url) }, file),
  });
}

const counts = async () => {
  const db = app.db();
  const s = app.schema;
  const [applications, cvs, outbox] = await Promise.all([
    db.select({ n: count() }).from(s.leads).where(eq(s.leads.kind, "candidaturas")).then(first),
    db.select({ n: count() }).from(s.leadFiles).then(first),
    db.select({ n: count() }).from(s.outbox).then(first),
  ]);
  return { applications: applications.n, cvs: cvs.n, outbox: outbox.n };
};

async function applicationByEmail(email: string) {
  const { leads } = app.schema;
  // `id`: the application's number (docs/decisions/0140); `leadId`: what its CV refers to.
  return app
    .db()
    .select({ id: leads.number, leadId: leads.id })
    .from(leads)
    .where(and(eq(leads.kind, "candidaturas"), eq(leads.email, email)))
    .then(first);
}

function download(id: number, headers: Record<string, string> = { cookie }) {
  return fetch(`${app.url}/admin/leads/candidaturas/${id}/curriculo`, { headers, redirect: "manual" });
}

const PDF: Attachment = { bytes: minimalPdf("Carla Mendes"), name: "Currículo Carla.pdf", type: "application/pdf" };
const DOCX: Attachment = {
  bytes: minimalDocx("Carla Mendes"),
  name: "cv.docx",
  type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

describe("accepted CVs", () => {
  it("a real PDF is stored with the application and downloads byte-identical for the admin, as an attachment", async () => {
    const fields = application();
    const res = await apiPost(fields, PDF);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { ok: boolean; data: { id: number } };
    expect(answer.ok).toBe(true);

    const row = await applicationByEmail(fields.email);
    expect(row.id).toBe(answer.data.id);
    const cv = await app.db().select().from(app.schema.leadFiles).where(eq(app.schema.leadFiles.leadId, row.leadId)).then(first);
    expect(cv).toMatchObject({ fileName: "Currículo Carla.pdf", format: "pdf", contentType: "application/pdf", size: PDF.bytes.length });
    expect(cv.sha256).toMatch(/^[0-9a-f]{64}$/);

    const file = await download(row.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Curriculo Carla.pdf"; filename*=UTF-8''Curr%C3%ADculo%20Carla.pdf`,
    );
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PDF.bytes))).toBe(true);

    // The application's page names it and links to it.
    const page = await fetch(`${app.url}/admin/leads/funil/candidaturas/${row.id}`, { headers: { cookie } });
    const html = await page.text();
    expect(html).toMatch(/Currículo<\/dt>/);
    // React puts `<!-- -->` between the parts of a text.
    expect(html.replaceAll("<!-- -->", "")).toContain(`Currículo Carla.pdf (${PDF.bytes.length} bytes)`);
    expect(html).toContain(`href="/admin/leads/candidaturas/${row.id}/curriculo"`);
    expect(html).toContain("Baixar currículo");

    // The notification says where the CV is and does not carry it.
    const mail = await app
      .db()
      .select()
      .from(app.schema.outbox)
      .where(eq(app.schema.outbox.kind, "lead.application"))
      .orderBy(desc(app.schema.outbox.id))
      .then(first);
    expect(mail.body).toContain("Currículo: Currículo Carla.pdf");
    expect(mail.body).toContain("anexado à candidatura no painel");
    expect(mail.body.length).toBeLessThan(4000);
  });

  it("a DOCX and a DOC are accepted by their content, under the type they really are", async () => {
    for (const [file, format, contentType] of [
      [DOCX, "docx", DOCX.type],
      // A .doc sent with a generic type: the content decides.
      [{ bytes: oleDoc(), name: "curriculo.doc", type: "application/octet-stream" }, "doc", "application/msword"],
    ] as const) {
      const fields = application();
      expect((await apiPost(fields, file)).status).toBe(201);
      const row = await applicationByEmail(fields.email);
      const res = await download(row.id);
      expect(res.headers.get("content-type")).toBe(contentType);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(file.bytes))).toBe(true);
      const cv = await app
        .db()
        .select({ format: app.schema.leadFiles.format })
        .from(app.schema.leadFiles)
        .where(eq(app.schema.leadFiles.leadId, row.leadId))
        .then(first);
      expect(cv.format).toBe(format);
    }
  });

  it("the JSON body of SPEC §7, without a file, works as before", async () => {
    const before = await counts();
    const res = await postJson(`${app.url}/api/careers/application`, await withProof(app.url, application()), {
      "x-forwarded-for": newIp(),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ok: true, success: true, data: { id: expect.any(Number) } });
    const after = await counts();
    expect(after.applications).toBe(before.applications + 1);
    expect(after.cvs).toBe(before.cvs);
  });

  it("no file chosen (the empty part a browser sends) is an application without a CV", async () => {
    const before = await counts();
    const res = await apiPost(application(), { bytes: new Uint8Array(0), name: "", type: "application/octet-stream" });
    expect(res.status).toBe(201);
    const after = await counts();
    expect(after).toMatchObject({ applications: before.applications + 1, cvs: before.cvs });
  });

  it("only an admin downloads a CV: anonymous visitors get a 401, a missing one is a 404", async () => {
    const fields = application();
    await apiPost(fields, PDF);
    const row = await applicationByEmail(fields.email);
    const anonymous = await download(row.id, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-disposition")).toBeNull();
    expect(anonymous.headers.get("content-type")).toMatch(/json/);

    const withoutCv = application();
    await postJson(`${app.url}/api/careers/application`, await withProof(app.url, withoutCv), { "x-forwarded-for": newIp() });
    const none = await download((await applicationByEmail(withoutCv.email)).id);
    expect(none.status).toBe(404);
    expect((await download(999_999)).status).toBe(404);
  });
});

describe("refused CVs store nothing and say why in Portuguese", () => {
  const refusals: Array<[string, Attachment, number, string]> = [
    [
      "a Windows executable renamed cv.pdf",
      { bytes: windowsExecutable(), name: "cv.pdf", type: "application/pdf" },
      400,
      "Envie um arquivo PDF, DOC ou DOCX.",
    ],
    [
      "a .txt",
      { bytes: Buffer.from("Meu currículo em texto puro.", "utf8"), name: "cv.txt", type: "text/plain" },
      400,
      "Envie um arquivo PDF, DOC ou DOCX.",
    ],
    ["an empty cv.pdf", { bytes: new Uint8Array(0), name: "cv.pdf", type: "application/pdf" }, 400, "Envie um arquivo PDF, DOC ou DOCX."],
    [
      "a PDF that is also a web page and a Windows program",
      { bytes: pdfHtmlExePolyglot(), name: "cv.pdf", type: "application/pdf" },
      400,
      "Envie um arquivo PDF, DOC ou DOCX.",
    ],
    [
      "an installer (an OLE2 compound file without a Word document) named cv.doc",
      { bytes: fakeMsi(), name: "cv.doc", type: "application/msword" },
      400,
      "Envie um arquivo PDF, DOC ou DOCX.",
    ],
    [
      "a DOCX carrying macros",
      { bytes: docxWith({ "word/vbaProject.bin": new Uint8Array(512) }), name: "cv.docx", type: DOCX.type },
      400,
      "Envie um arquivo PDF, DOC ou DOCX.",
    ],
    [
      "a PDF just over 5 MB (within the body limit)",
      { bytes: realPdfOfSize(5 * MB + 1), name: "cv.pdf", type: "application/pdf" },
      400,
      "O arquivo deve ter no máximo 5 MB.",
    ],
  ];
  for (const [what, file, status, message] of refusals) {
    it(`${what}: ${status}, '${message}' beside the file field`, async () => {
      const before = await counts();
      const res = await apiPost(application(), file);
      expect(res.status).toBe(status);
      const body = (await res.json()) as { ok: boolean; errors?: Record<string, string> };
      expect(body.ok).toBe(false);
      expect(body.errors).toEqual({ cv: message });
      expect(await counts()).toEqual(before);
    });
  }

  it("a 6 MB PDF is answered 413 with a clear message once it has been read, never a reset connection", async () => {
    const before = await counts();
    const res = await apiPost(application(), { bytes: pdfOfSize(6 * MB), name: "cv.pdf", type: "application/pdf" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: "O conteúdo enviado é grande demais: o limite é de 5 MB." });
    expect(await counts()).toEqual(before);
  });

  it("a CV sent in a JSON body is refused (a file is multipart)", async () => {
    const res = await postJson(
      `${app.url}/api/careers/application`,
      { ...application(), cv: "JVBERi0xLjQK" },
      { "x-forwarded-for": newIp() },
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ cv: "Envie um arquivo PDF, DOC ou DOCX." });
  });
});

describe("without JavaScript (multipart post to /enviar/candidatura)", () => {
  it("stores the application with its CV and redirects to the confirmation", async () => {
    const before = await counts();
    const fields = application();
    const res = await nativePost({ ...fields, returnTo: "/carreiras" }, DOCX);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/enviar/candidatura?enviado=1&voltar=%2Fcarreiras");
    const page = await fetch(new URL(res.headers.get("location")!, app.url));
    expect(await page.text()).toContain("Candidatura enviada!");
    const after = await counts();
    expect(after).toMatchObject({ applications: before.applications + 1, cvs: before.cvs + 1 });
    const row = await applicationByEmail(fields.email);
    expect(Buffer.from(await (await download(row.id)).arrayBuffer()).equals(Buffer.from(DOCX.bytes))).toBe(true);
  });

  it("a refused file comes back as the form: the other fields kept, the reason beside the file field", async () => {
    const before = await counts();
    const fields = application();
    const res = await nativePost(fields, { bytes: windowsExecutable(), name: "cv.pdf", type: "application/pdf" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`value="${fields.email}"`);
    expect(html).toContain(`value="${fields.phone}"`);
    expect(html).toContain(fields.experience);
    expect(html).toMatch(/<p id="careers-cv-error" role="alert"[^>]*>Envie um arquivo PDF, DOC ou DOCX\.<\/p>/);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*aria-invalid="true"/);
    expect(await counts()).toEqual(before);
  });

  it("a good file with another field refused: nothing stored, and the page asks for the file again", async () => {
    const before = await counts();
    const res = await nativePost({ ...application(), email: "nao-e-email" }, PDF);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Email inválido");
    expect(html).toContain("O arquivo “Currículo Carla.pdf” não foi guardado porque o envio foi recusado: selecione-o de novo.");
    expect(await counts()).toEqual(before);
  });

  it("a 6 MB file gets a page in Portuguese that leads back to the form, not JSON", async () => {
    const before = await counts();
    const res = await nativePost(application(), { bytes: pdfOfSize(6 * MB), name: "cv.pdf", type: "application/pdf" });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("O conteúdo enviado é grande demais: o limite é de 5 MB.");
    expect(html).toContain('<a href="/carreiras">Voltar ao formulário</a>');
    expect(await counts()).toEqual(before);
  });
});

describe("body limits: only the careers addresses take a file", () => {
  const big = () => "a".repeat(300 * 1024);

  it("another public form still refuses a body over 256 kB, as JSON and as a native multipart post", async () => {
    const json = await postJson(`${app.url}/api/contact`, { name: "Maria", message: big() }, { "x-forwarded-for": newIp() });
    expect(json.status).toBe(413);
    expect(json.json).toEqual({ success: false, message: "O conteúdo enviado é grande demais." });

    const form = new FormData();
    form.append("name", "Maria");
    form.append("cv", new File([new Uint8Array(pdfOfSize(300 * 1024))], "cv.pdf", { type: "application/pdf" }));
    for (const path of ["/enviar/contato", "/enviar/questionario", "/api/business-optimization", "/api/newsletter"]) {
      const res = await fetch(`${app.url}${path}`, { method: "POST", headers: { "x-forwarded-for": newIp() }, body: form });
      expect(res.status, path).toBe(413);
    }
  });

  it("the careers endpoints take a body of nearly 5 MB", async () => {
    const fields = application();
    // A real PDF whose content stream's bytes vary: every one of them must come back.
    const big = realPdfOfSize(5 * MB);
    const res = await apiPost(fields, { bytes: big, name: "cv.pdf", type: "application/pdf" });
    expect(res.status).toBe(201);
    const row = await applicationByEmail(fields.email);
    expect(Buffer.from(await (await download(row.id)).arrayBuffer()).equals(big)).toBe(true);
  });
});

describe("privacy: the CV is personal data of its application", () => {
  async function exportJson(email: string) {
    const res = await fetch(`${app.url}/admin/privacidade/exportar`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ email, format: "json" }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { tabelas: Record<string, Array<Record<string, unknown>>> };
  }

  it("the JSON export lists the CV with its content, the CSV its name, type and size", async () => {
    const fields = application();
    await apiPost(fields, PDF);
    const { tabelas } = await exportJson(fields.email);
    const [cv] = tabelas.lead_files ?? [];
    expect(cv).toMatchObject({ fileName: "Currículo Carla.pdf", format: "pdf", contentType: "application/pdf", size: PDF.bytes.length });
    expect(Buffer.from(String(cv!.conteudoBase64), "base64").equals(Buffer.from(PDF.bytes))).toBe(true);

    const csv = await fetch(`${app.url}/admin/privacidade/exportar`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ email: fields.email, format: "csv" }),
    }).then((r) => r.text());
    expect(csv).toContain("lead_files");
    expect(csv).toContain("Currículo Carla.pdf");
  });

  it("erasure deletes the CV with the application and counts it", async () => {
    const fields = application();
    await apiPost(fields, DOCX);
    const row = await applicationByEmail(fields.email);
    const res = await fetch(`${app.url}/admin/privacidade`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "erase", subject: fields.email, confirm: fields.email }),
    });
    expect(res.status).toBe(200);
    const left = await app
      .db()
      .select({ n: count() })
      .from(app.schema.leadFiles)
      .where(eq(app.schema.leadFiles.leadId, row.leadId))
      .then(first);
    expect(left.n).toBe(0);
    const audit = await app
      .db()
      .select()
      .from(app.schema.auditLog)
      .where(eq(app.schema.auditLog.action, "privacy.erase"))
      .orderBy(desc(app.schema.auditLog.id))
      .then(first);
    expect(audit.details).toMatchObject({ deleted: { leads: 1, applicationAnswers: 1, leadFiles: 1 } });
    expect((await download(row.id)).status).toBe(404);
  });

  it("retention deletes the CVs of expired applications, and keeps the others", async () => {
    const old = application();
    const recent = application();
    await apiPost(old, PDF);
    await apiPost(recent, PDF);
    const oldRow = await applicationByEmail(old.email);
    const recentRow = await applicationByEmail(recent.email);
    const thirteenMonthsAgo = new Date();
    thirteenMonthsAgo.setUTCMonth(thirteenMonthsAgo.getUTCMonth() - 13);
    await app.db().update(app.schema.leads).set({ createdAt: thirteenMonthsAgo }).where(eq(app.schema.leads.id, oldRow.leadId));

    const res = await fetch(`${app.url}/admin/privacidade`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "retention" }),
    });
    expect(res.status).toBe(200);
    const cvsOf = async (id: number) =>
      (await app.db().select({ n: count() }).from(app.schema.leadFiles).where(eq(app.schema.leadFiles.leadId, id)).then(first)).n;
    expect(await cvsOf(oldRow.leadId)).toBe(0);
    expect(await cvsOf(recentRow.leadId)).toBe(1);
    const run = await app
      .db()
      .select()
      .from(app.schema.auditLog)
      .where(eq(app.schema.auditLog.action, "retention.run"))
      .orderBy(desc(app.schema.auditLog.id))
      .then(first);
    expect(run.details).toMatchObject({ counts: { leads: 1, applicationAnswers: 1, leadFiles: 1 } });
  });

  it("the privacy policy says CVs are kept with their applications, for the applications' period", async () => {
    const html = await fetch(`${app.url}/privacidade`).then((r) => r.text());
    expect(html).toContain("Candidaturas, com o currículo enviado: <strong>12 meses</strong>");
    expect(html).toContain("é apagado junto com ela");
  });
});
