/**
 * The chat proxy (SPEC §7, §8) against the fake assistant service of tests/mocks/chat.ts: exact upstream bodies,
 * every reply shape, offline fallbacks, timeouts (scaled down by CHAT_TIMEOUT_SCALE), storage,
 * and the key never reaching the browser.
 */
import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { adminSession, postJson, startTestApp, withProof, type TestApp } from "../helpers/app";
import { type FakeChat, type SessionMode, startFakeChat } from "../mocks/chat";

const API_KEY = "chave-secreta-do-assistente-123";
const ASSISTANT_ID = "assistente-42";
const GREETING = "Obrigado! Agora podemos começar nossa consultoria. Como posso ajudar você hoje?";
const FIRST = "Olá! Para iniciar nossa consultoria gratuita, precisamos do seu email e telefone. Por favor, preencha o formulário abaixo.";

let chat: FakeChat;
let app: TestApp;
let upstreamUrl: string;

let visitor = 0;
/** Every answer the browser gets goes through here: it must never carry the key or the upstream. */
async function browserCall(path: string, body: unknown) {
  // One address per call (TRUST_PROXY is on), so only the rate-limit test meets the limits.
  visitor++;
  const ip = `10.0.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`;
  // The widget's contact step carries a solved proof of work (docs/decisions/0090).
  const sent = path === "/api/chat/contact" ? await withProof(app.url, body) : body;
  const result = await postJson(`${app.url}${path}`, sent, { "x-forwarded-for": ip });
  expect(result.text).not.toContain(API_KEY);
  expect(result.text).not.toContain(ASSISTANT_ID);
  expect(result.text).not.toContain(upstreamUrl);
  return result;
}

async function openSession(mode: SessionMode = "session_id") {
  chat.setSessionMode(mode);
  const res = await browserCall("/api/chat/session", {});
  expect(res.status).toBe(200);
  return res.json.data as { sessionId: string; token: string; offline: boolean; notice: string | null };
}

async function openChat(email = "cliente@empresa.com.br", phone = "11999998888") {
  const s = await openSession();
  const res = await browserCall("/api/chat/contact", { sessionId: s.sessionId, token: s.token, email, phone });
  expect(res.status).toBe(200);
  return s;
}

async function say(s: { sessionId: string; token: string }, content: string) {
  const res = await browserCall("/api/chat", { sessionId: s.sessionId, token: s.token, content });
  return res;
}

async function storedMessages(sessionId: string) {
  const { chatSessions, chatMessages } = app.schema;
  const row = await app.db().select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId)).then(first);
  const messages = await app
    .db()
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(eq(chatMessages.chatSessionId, row.id))
    .orderBy(asc(chatMessages.id));
  return { row, messages };
}

beforeAll(async () => {
  chat = await startFakeChat();
  upstreamUrl = chat.url;
  app = await startTestApp({
    CHAT_API_URL: upstreamUrl,
    CHAT_API_KEY: API_KEY,
    CHAT_ASSISTANT_ID: ASSISTANT_ID,
    // 10 s / 15 s become 1 s / 1.5 s: the hang tests stay quick.
    CHAT_TIMEOUT_SCALE: "0.1",
    TRUST_PROXY: "1",
  });
});

afterAll(async () => {
  await app?.close();
  await chat?.close();
});

beforeEach(() => {
  chat.received.length = 0;
  chat.setSessionMode("session_id");
});

describe("POST /api/chat/session", () => {
  it("calls the service with the key and assistant id, keeps session_id and stores the session", async () => {
    const s = await openSession("session_id");
    expect(chat.received).toHaveLength(1);
    expect(first(chat.received).path).toBe("/api/chat/session");
    expect(first(chat.received).contentType).toContain("application/json");
    expect(first(chat.received).body).toEqual({ api_key: API_KEY, assistant_id: ASSISTANT_ID });
    expect(s.sessionId).toMatch(/^sessao-\d+$/); // session_id wins over id
    expect(s).toMatchObject({ offline: false, notice: null });
    const { row, messages } = await storedMessages(s.sessionId);
    expect(row).toMatchObject({ offline: false, email: null });
    expect(messages).toEqual([{ role: "assistant", content: FIRST }]);
  });

  it("falls back to id, and parses a body that is a JSON string", async () => {
    expect((await openSession("id")).sessionId).toMatch(/^sessao-\d+$/);
    expect(await openSession("string")).toMatchObject({ sessionId: expect.stringMatching(/^sessao-\d+$/), offline: false });
  });

  it.each([
    ["no-id", "no-id"],
    ["500", "unavailable"],
    ["hang", "unavailable"],
  ] as const)("upstream %s → offline session 'offline-{timestamp}' with notice %s", async (mode, notice) => {
    const s = await openSession(mode);
    expect(s.sessionId).toMatch(/^offline-\d{13}$/);
    expect(s).toMatchObject({ offline: true, notice });
    expect((await storedMessages(s.sessionId)).row.offline).toBe(true);
  });

  it("GET is refused with 405 JSON", async () => {
    const res = await fetch(`${app.url}/api/chat/session`);
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ success: false });
  });
});

describe("POST /api/chat/contact", () => {
  it("validates with the SPEC §5 messages", async () => {
    const s = await openSession();
    const empty = await browserCall("/api/chat/contact", { sessionId: s.sessionId, token: s.token, email: "", phone: "123" });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ email: "O email é obrigatório", phone: "Forneça um telefone válido com DDD" });
    const bad = await browserCall("/api/chat/contact", {
      sessionId: s.sessionId,
      token: s.token,
      email: "sem-arroba",
      phone: "11999998888",
    });
    expect(bad.json.errors).toEqual({ email: "Email inválido" });
    const long = await browserCall("/api/chat/contact", {
      sessionId: s.sessionId,
      token: s.token,
      email: "a@b.co",
      phone: "11999998888",
      message: "x".repeat(201),
    });
    expect(long.status).toBe(400);
  });

  it("stores the lead, the greeting and one team notification", async () => {
    const s = await openSession();
    const body = { sessionId: s.sessionId, token: s.token, email: "lead@empresa.com.br", phone: "(11) 98888-7777", message: "ACME Ltda" };
    expect((await browserCall("/api/chat/contact", body)).status).toBe(200);
    expect((await browserCall("/api/chat/contact", body)).status).toBe(200); // a retry notifies no one twice
    const { row, messages } = await storedMessages(s.sessionId);
    expect(row).toMatchObject({ email: "lead@empresa.com.br", phone: "(11) 98888-7777", company: "ACME Ltda", ip: expect.any(String) });
    expect(messages).toEqual([
      { role: "assistant", content: FIRST },
      { role: "assistant", content: GREETING },
    ]);
    const mails = (await app.db().select().from(app.schema.outbox)).filter((m) => m.body.includes("lead@empresa.com.br"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "lead.chat" });
    expect(first(mails).body).toContain("ACME Ltda");
    expect(first(mails).body).toContain(`/admin/conversas/${row.id}`);
  });

  it("refuses a session the browser does not own", async () => {
    const s = await openSession();
    const res = await browserCall("/api/chat/contact", { sessionId: s.sessionId, token: "forjado", email: "a@b.co", phone: "11999998888" });
    expect(res.status).toBe(403);
  });

  it("without a session of ours, opens an offline one so the lead is kept", async () => {
    const res = await browserCall("/api/chat/contact", { email: "semsessao@empresa.com.br", phone: "11999998888" });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ sessionId: expect.stringMatching(/^offline-\d+$/), offline: true, token: expect.any(String) });
    expect((await storedMessages(res.json.data.sessionId)).row.email).toBe("semsessao@empresa.com.br");
  });
});

describe("POST /api/chat", () => {
  it("sends the exact SPEC §7 body and returns the reply", async () => {
    const s = await openChat("bia@empresa.com.br", "11912345678");
    chat.received.length = 0;
    const res = await say(s, "  Quero automatizar notas fiscais  ");
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ status: "ok", reply: "Eco: Quero automatizar notas fiscais", offline: false });
    expect(chat.received).toHaveLength(1);
    expect(first(chat.received).path).toBe("/api/chat");
    expect(first(chat.received).body).toEqual({
      api_key: API_KEY,
      session_id: s.sessionId,
      type: "custom_code",
      assistant_id: ASSISTANT_ID,
      messages: [{ role: "user", content: "Quero automatizar notas fiscais" }],
      user_info: "bia@empresa.com.br,11912345678",
    });
  });

  it.each([
    ["shape:message.content", "Resposta via message.content"],
    ["shape:string", "Resposta como corpo string"],
    ["shape:string-json", "Resposta em JSON dentro de string"],
    ["shape:text-plain", "Resposta em texto puro"],
    ["shape:content", "Resposta via content"],
    ["shape:text", "Resposta via text"],
    ["shape:assistant.response", "Resposta via assistant.response"],
    ["shape:other", '{"resultado":7}'],
  ])("reads the reply of %s", async (shape, reply) => {
    const s = await openChat();
    const res = await say(s, shape);
    expect(res.json.data).toEqual({ status: "ok", reply, offline: false });
    expect((await storedMessages(s.sessionId)).messages.slice(-2)).toEqual([
      { role: "user", content: shape },
      { role: "assistant", content: reply },
    ]);
  });

  it("an empty reply is a parse error: fallback message, still online", async () => {
    const s = await openChat();
    const res = await say(s, "shape:empty");
    expect(res.json.data).toMatchObject({ status: "parse-error", offline: false });
    expect(res.json.data.reply).toContain("especialistas entrará em contato");
    expect((await storedMessages(s.sessionId)).row.offline).toBe(false);
  });

  it.each(["shape:500", "shape:hang"])("%s → failure: fallback message, then offline replies without the service", async (shape) => {
    const s = await openChat("falha@empresa.com.br");
    const res = await say(s, shape);
    expect(res.json.data).toMatchObject({ status: "failed", offline: true });
    expect(res.json.data.reply).toContain("dificuldades técnicas");
    expect(res.json.data.reply).toContain("falha@empresa.com.br");
    chat.received.length = 0;
    const next = await say(s, "Ainda estão aí?");
    expect(next.json.data).toMatchObject({ status: "offline", offline: true });
    expect(next.json.data.reply).toContain("falha@empresa.com.br");
    expect(chat.received).toHaveLength(0);
    const { row, messages } = await storedMessages(s.sessionId);
    expect(row.offline).toBe(true);
    expect(messages.map((m) => m.role)).toEqual(["assistant", "assistant", "user", "assistant", "user", "assistant"]);
  });

  it("an offline session stores both messages and never calls the service", async () => {
    const s = await openSession("no-id");
    await browserCall("/api/chat/contact", { sessionId: s.sessionId, token: s.token, email: "off@empresa.com.br", phone: "11999998888" });
    chat.received.length = 0;
    const res = await say(s, "Olá, equipe");
    expect(res.json.data).toMatchObject({ status: "offline", offline: true });
    expect(res.json.data.reply).toContain("off@empresa.com.br");
    expect(chat.received).toHaveLength(0);
    expect((await storedMessages(s.sessionId)).messages.slice(-2)).toEqual([
      { role: "user", content: "Olá, equipe" },
      { role: "assistant", content: res.json.data.reply },
    ]);
    // The whole promise once; a later message gets a receipt, not the same canned reply again.
    expect(res.json.data.reply).toContain("em até 24 horas");
    const again = await say(s, "Mais um detalhe");
    expect(again.json.data.reply).toBe(
      "Mensagem recebida! O especialista que vai falar com você pelo email off@empresa.com.br lerá toda a conversa.",
    );
  });

  it("blocks sending before the contact, with a wrong token, and past the input caps", async () => {
    const s = await openSession();
    expect((await say(s, "oi")).status).toBe(409);
    const c = await openChat();
    expect((await say({ ...c, token: "x".repeat(43) }, "oi")).status).toBe(403);
    const long = await say(c, "a".repeat(2001));
    expect(long.status).toBe(400);
    expect(long.json.errors.content).toContain("2000");
    expect((await say(c, "   ")).status).toBe(400);
    expect((await postJson(`${app.url}/api/chat`, "{not json", { "x-forwarded-for": "10.9.9.9" })).status).toBe(400);
  });
});

describe("limits and secrets", () => {
  it("rate-limits sessions per address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push((await postJson(`${app.url}/api/chat/session`, {}, { "x-forwarded-for": "1.2.3.4" })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
  });

  it("the browser bundle holds neither the key nor the upstream call", () => {
    const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client/assets");
    const files = fs.readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(files.length).toBeGreaterThan(0);
    const bundle = files.map((f) => fs.readFileSync(path.join(assets, f), "utf8")).join("\n");
    expect(bundle).toContain("/api/chat/session"); // the widget is in there...
    for (const secret of ["api_key", "assistant_id", "custom_code", "CHAT_API_KEY", "CHAT_API_URL", API_KEY]) {
      expect(bundle).not.toContain(secret); // ...but not the proxy's side of it
    }
  });

  it("pages never carry the key or the upstream address, nor the widget's code", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    for (const secret of [API_KEY, upstreamUrl, ASSISTANT_ID]) expect(html).not.toContain(secret);
    expect(html).not.toMatch(/chat-widget-[\w-]+\.js/); // the widget loads on first open only
  });
});

describe("admin", () => {
  it("lists conversations and shows a transcript", async () => {
    const s = await openChat("transcricao@empresa.com.br", "21977776666");
    await say(s, "Preciso de um agente de atendimento");
    const cookie = await adminSession(app);
    const list = await (await fetch(`${app.url}/admin/conversas`, { headers: { cookie } })).text();
    expect(list).toContain("transcricao@empresa.com.br");
    expect(list).toContain("21977776666");
    const { row } = await storedMessages(s.sessionId);
    const page = await fetch(`${app.url}/admin/conversas/${row.id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Preciso de um agente de atendimento");
    expect(html).toContain("Eco: Preciso de um agente de atendimento");
    expect((await fetch(`${app.url}/admin/conversas/999999`, { headers: { cookie } })).status).toBe(404);
  });
});
