/**
 * Spam stays out without third parties, and every genuine lead gets one automatic reply
 * (docs/decisions/0090, 0091), through real HTTP on the real database, with the e-mails counted
 * at a local SMTP server:
 * - 200 posts to /api/contact by a script that does not solve the proof of work: answered like
 *   leads, none in the leads, the pipeline, the notifications or the auto-replies, all 200 on
 *   the admin's 'Spam' page; 'Não é spam' moves one into the leads with the notification it missed;
 * - a solved proof is good once; a filled honeypot is spam even with one;
 * - posts without JavaScript: judged by the signed form stamp (missing, too fast, too old) and rate;
 * - one auto-reply per genuine lead, at most one per address per hour across forms;
 * - suspected spam is deleted after 30 days and is covered by the privacy search and erasure.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import {
  formStampFor as stamp,
  adminSession,
  postJson,
  proofOfWork,
  startTestApp,
  TEST_SESSION_SECRET,
  withProof,
  type TestApp,
} from "../helpers/app";
import { startFakeSmtp, type FakeSmtp } from "../mocks/smtp";
import { realPdfOfSize } from "../support/documents";
import { waitFor } from "../support/wait";

let app: TestApp;
let smtp: FakeSmtp;
let cookie: string;
let ipCounter = 0;
/** Each post speaks from its own address (TRUST_PROXY=1), as a botnet's would. */
const newIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: "1", SESSION_SECRET: TEST_SESSION_SECRET });
  cookie = await adminSession(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const post = (path: string, body: unknown, ip = newIp()) => postJson(`${app.url}${path}`, body, { "x-forwarded-for": ip });

async function nativePost(path: string, fields: Record<string, string>, ip = newIp()) {
  const res = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** `contacts`: the contact leads (docs/decisions/0135); the others, their tables' rows. */
const countOf = async (table: "contacts" | "spamSubmissions" | "leads" | "outbox" | "newsletterSubscribers") => {
  const { leads } = app.schema;
  const rows =
    table === "contacts"
      ? await app.db().select({ value: count() }).from(leads).where(eq(leads.kind, "contatos"))
      : await app.db().select({ value: count() }).from(app.schema[table]);
  return Number(first(rows).value);
};

const outboxOf = (kind: string) => app.db().select().from(app.schema.outbox).where(eq(app.schema.outbox.kind, kind));

const contact = (i: number, over: Record<string, unknown> = {}) => ({
  name: `Visitante ${i}`,
  company: `Empresa ${i} Ltda`,
  email: `visitante${i}@example.com`,
  phone: "11 98888-7777",
  message: `Olá, gostaria de saber mais sobre agentes de IA para o atendimento da nossa empresa (${i}).`,
  website: "",
  ...over,
});

/** A form the admin posts (the session, a same-origin browser post), answered without following redirects. */
const adminPost = (path: string, fields: Record<string, string>) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** 'Não é spam' on the suspected submission of this address. */
async function releaseSpamOf(email: string) {
  const [row] = await app.db().select().from(app.schema.spamSubmissions).where(eq(app.schema.spamSubmissions.email, email));
  return { row: row!, res: await adminPost("/admin/leads/spam", { intent: "release", id: String(row!.id) }) };
}

async function spamPage(query = "") {
  const res = await fetch(`${app.url}/admin/leads/spam${query}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("a script that does not solve the proof of work", () => {
  it("200 posts to /api/contact: all answered as leads, none in the leads, the pipeline or the e-mails, all 200 under 'Spam'", async () => {
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push(await post("/api/contact", contact(i)));
    // The same answer a person gets: nothing tells the script it was caught.
    expect(answers.every((a) => a.status === 201 && a.json?.success === true && typeof a.json.data?.id === "number")).toBe(true);

    expect(await countOf("contacts")).toBe(0);
    expect(await countOf("leads")).toBe(0);
    expect(await countOf("outbox")).toBe(0); // no notification, no auto-reply
    expect(await countOf("spamSubmissions")).toBe(200);
    const reasons = await app.db().select({ reasons: app.schema.spamSubmissions.reasons }).from(app.schema.spamSubmissions);
    expect(reasons.every((r) => r.reasons.join() === "pow-missing")).toBe(true);

    // The admin's lists and counts see none of them.
    const contacts = await fetch(`${app.url}/api/contacts`, { headers: { cookie } }).then((r) => r.json());
    expect(contacts.data).toEqual([]);
    const pipeline = await fetch(`${app.url}/admin/leads`, { headers: { cookie } }).then((r) => r.text());
    expect(pipeline).not.toContain("visitante17@example.com");

    // All 200 under 'Spam' (50 per page).
    const page = await spamPage();
    expect(page).toContain("200 envios suspeitos");
    expect(page.match(/data-testid="spam-row"/g)).toHaveLength(50);
    expect(page).toContain("Sem prova de trabalho");
    expect(page).toContain("visitante199@example.com");
    expect(await spamPage("?page=4")).toContain("visitante0@example.com");
  }, 120_000);

  it("'Não é spam' moves one into the leads, with the notification and the auto-reply it missed, audited", async () => {
    const { row, res } = await releaseSpamOf("visitante42@example.com");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/leads/spam?feito=liberado&form=contact");

    const [lead] = await app.db().select().from(app.schema.leads).where(eq(app.schema.leads.kind, "contatos"));
    expect(lead).toMatchObject({ email: "visitante42@example.com", company: "Empresa 42 Ltda" });
    expect(await countOf("spamSubmissions")).toBe(199);
    expect(await spamPage()).toContain("199 envios suspeitos");
    // The team's notification, sent through the SMTP server, and the visitor's reply.
    await smtp.message((raw) => raw.includes("Empresa 42 Ltda") && raw.includes("Novo contato pelo site"));
    await smtp.message((raw) => /^To: visitante42@example\.com/m.test(raw));
    const [audit] = await app.db().select().from(app.schema.auditLog).where(eq(app.schema.auditLog.action, "lead.spam.release"));
    expect(audit).toMatchObject({ actor: "admin", target: `spam:${row.id}` });
    expect(audit!.details).toMatchObject({ form: "contact", leadId: lead!.number });

    // The lead is in the pipeline's inbox now.
    const inbox = await fetch(`${app.url}/admin/leads`, { headers: { cookie } }).then((r) => r.text());
    expect(inbox).toContain("visitante42@example.com");
  });

  it("'Excluir' deletes one for good; an unknown id is a clear 404", async () => {
    const [row] = await app.db().select().from(app.schema.spamSubmissions).limit(1);
    const send = (id: string) => adminPost("/admin/leads/spam", { intent: "delete", id });
    expect((await send(String(row!.id))).status).toBe(303);
    expect(await countOf("spamSubmissions")).toBe(198);
    const again = await send(String(row!.id));
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Este envio não está mais na lista de spam.");
  });
});

describe("the proof of work", () => {
  it("a solved challenge makes a lead (notification and auto-reply), and is good for one submission only", async () => {
    const before = await countOf("contacts");
    // The visitor's whole path: asked at GET /api/challenge, solved at the full cost.
    const altcha = await proofOfWork(app.url, { fromRoute: true });
    const genuine = await post("/api/contact", { ...contact(1000, { email: "Pessoa.Real@Example.com" }), altcha });
    expect(genuine.status).toBe(201);
    expect(await countOf("contacts")).toBe(before + 1);
    const replies = await outboxOf("auto-reply.contact");
    const reply = replies.find((r) => r.recipient === "Pessoa.Real@Example.com");
    expect(reply?.html).toContain("O que acontece agora");
    expect(reply?.body).toContain("em até 24 horas");

    // The same solution again (another body, another address): spam.
    const replay = await post("/api/contact", { ...contact(1001), altcha });
    expect(replay.status).toBe(201);
    expect(await countOf("contacts")).toBe(before + 1);
    const [stored] = await app
      .db()
      .select()
      .from(app.schema.spamSubmissions)
      .where(eq(app.schema.spamSubmissions.email, "visitante1001@example.com"));
    expect(stored?.reasons).toEqual(["pow-replayed"]);
  });

  it("a forged or tampered solution is spam, and so is a filled honeypot even with a valid one", async () => {
    const altcha = await proofOfWork(app.url);
    const payload = JSON.parse(Buffer.from(altcha, "base64").toString()) as { challenge: { parameters: { cost: number } } };
    payload.challenge.parameters.cost = 1; // cheaper work: the signature no longer matches
    await post("/api/contact", { ...contact(1002), altcha: Buffer.from(JSON.stringify(payload)).toString("base64") });
    await post("/api/contact", { ...contact(1003), altcha: "bm90LWEtcGF5bG9hZA==" });
    await post("/api/contact", { ...contact(1004, { website: "http://spam.example" }), altcha: await proofOfWork(app.url) });
    const rows = await app
      .db()
      .select({ email: app.schema.spamSubmissions.email, reasons: app.schema.spamSubmissions.reasons })
      .from(app.schema.spamSubmissions)
      .where(
        sql`${app.schema.spamSubmissions.email} in ('visitante1002@example.com', 'visitante1003@example.com', 'visitante1004@example.com')`,
      );
    expect(Object.fromEntries(rows.map((r) => [r.email, r.reasons]))).toEqual({
      "visitante1002@example.com": ["pow-invalid"],
      "visitante1003@example.com": ["pow-invalid"],
      "visitante1004@example.com": ["honeypot"],
    });
    // The honeypot's value is not kept.
    expect(await countOf("contacts")).toBe(2);
  });

  it("the challenge is new at every request and kept by no cache", async () => {
    const a = await fetch(`${app.url}/api/challenge`);
    const b = await fetch(`${app.url}/api/challenge`);
    expect(a.headers.get("cache-control")).toContain("no-store");
    const [ja, jb] = [await a.json(), await b.json()];
    expect(ja.data.parameters.algorithm).toBe("PBKDF2/SHA-256");
    // A visitor's challenge costs the full work (the tests' own proofs are cheaper, docs/decisions/0137).
    expect(ja.data.parameters.cost).toBe(1_000);
    expect(ja.data.signature).not.toBe(jb.data.signature);
  });
});

describe("posts without JavaScript", () => {
  const newsletter = (email: string, formStamp?: string) => ({ email, source: "rodape", ...(formStamp ? { formStamp } : {}) });
  const spamReasonsOf = async (email: string) =>
    (await app.db().select().from(app.schema.spamSubmissions).where(eq(app.schema.spamSubmissions.email, email)))[0]?.reasons;

  it("a person's post (a stamp older than a few seconds) is a lead; a missing, forged, too fresh or too old stamp is spam", async () => {
    const ok = await nativePost("/enviar/newsletter", newsletter("leitora@example.com", stamp(20)));
    expect(ok.status).toBe(303);
    const [subscriber] = await app
      .db()
      .select()
      .from(app.schema.newsletterSubscribers)
      .where(eq(app.schema.newsletterSubscribers.email, "leitora@example.com"));
    expect(subscriber?.status).toBe("pending");
    // It proved nothing: no confirmation e-mail to the address it names (docs/decisions/0106).
    expect(subscriber?.verified).toBe(false);
    expect((await outboxOf("newsletter.confirmation")).filter((m) => m.recipient === "leitora@example.com")).toEqual([]);

    for (const [email, formStamp, reason] of [
      ["sem-carimbo@example.com", undefined, "stamp-missing"],
      ["forjado@example.com", `${Math.floor(Date.now() / 1000) - 60}.AAAAAAAAAAAAAAAAAAAAAA`, "stamp-missing"],
      ["rapido@example.com", stamp(0), "too-fast"],
      ["antigo@example.com", stamp(3 * 24 * 3600), "stamp-expired"],
    ] as const) {
      const res = await nativePost("/enviar/newsletter", newsletter(email, formStamp));
      // The same confirmation page as a person's.
      expect(res.status).toBe(303);
      expect(res.location).toContain("/enviar/newsletter?enviado=1");
      expect(await spamReasonsOf(email)).toEqual([reason]);
    }
    const subscribers = await app.db().select().from(app.schema.newsletterSubscribers);
    expect(subscribers.map((s) => s.email)).toEqual(["leitora@example.com"]);
  });

  it("more than 5 posts without a proof from one network in an hour: the rest are spam", async () => {
    const ip = newIp();
    for (let i = 0; i < 7; i++) {
      const res = await nativePost("/enviar/newsletter", newsletter(`rede${i}@example.com`, stamp(30)), ip);
      expect(res.status).toBe(303);
    }
    expect(await spamReasonsOf("rede4@example.com")).toBeUndefined();
    expect(await spamReasonsOf("rede5@example.com")).toEqual(["rate"]);
    expect(await spamReasonsOf("rede6@example.com")).toEqual(["rate"]);
  });

  it("a native post that carries the island's solution is a lead, however fast", async () => {
    const altcha = await proofOfWork(app.url);
    const res = await nativePost("/enviar/contato", {
      ...(contact(2000, { email: "com-prova@example.com" }) as Record<string, string>),
      consent: "on",
      formStamp: stamp(0),
      altcha,
    });
    expect(res.status).toBe(303);
    const [lead] = await app.db().select().from(app.schema.leads).where(eq(app.schema.leads.email, "com-prova@example.com"));
    expect(lead).toBeDefined();
  });
});

describe("automatic replies", () => {
  it("one per genuine lead of each form, in pt-BR, HTML and plain text, with what happens next and how to reach us", async () => {
    const forms: Array<[string, Record<string, unknown>, string, string]> = [
      [
        "/api/consultations",
        { name: "Rita", email: "rita@example.com", phone: "21999998888", company: "Rita SA", industryArea: "Varejo" },
        "auto-reply.consultation",
        "em até 24 horas",
      ],
      [
        "/api/careers/application",
        {
          name: "carlos lima",
          email: "carlos.cv@example.com",
          phone: "11987654321",
          position: "Senior AI Engineer",
          experience: "Oito anos desenvolvendo sistemas de aprendizado de máquina em produção.",
          motivation: "Quero construir agentes de IA que resolvem problemas reais de empresas brasileiras.",
        },
        "auto-reply.careers",
        "para a vaga de Senior AI Engineer",
      ],
      [
        "/api/business-optimization",
        { companyName: "Indústria Ação", contactName: "Ana Paula", email: "ana.q@example.com" },
        "auto-reply.questionnaire",
        "em até 48 horas",
      ],
    ];
    for (const [path, body, kind, promise] of forms) {
      const res = await post(path, await withProof(app.url, body));
      expect(res.status).toBe(201);
      const [reply] = await outboxOf(kind);
      expect(reply?.recipient).toBe(body.email);
      expect(reply?.body).toContain(promise);
      expect(reply?.body).toContain("30 minutos no WhatsApp, de segunda a sexta, das 9h às 18h");
      expect(reply?.body).toContain("contato@agileia.com.br");
      expect(reply?.html).toContain('lang="pt-BR"');
    }
    const [careers] = await outboxOf("auto-reply.careers");
    expect(careers?.body).toContain("Olá, Carlos!");
    // Sent by the worker through SMTP as multipart/alternative (text and HTML).
    const raw = await smtp.message((m) => /^To: rita@example\.com/m.test(m));
    expect(raw).toMatch(/multipart\/alternative/);
    expect(raw).toMatch(/text\/html/);
  });

  it("the chat's contact step replies too, but not to a post without proof of work (docs/decisions/0106)", async () => {
    const viaApi = await post("/api/chat/contact", await withProof(app.url, { email: "chat.json@example.com", phone: "11988887777" }));
    expect(viaApi.status).toBe(200);
    const viaPost = await nativePost("/enviar/chat", { email: "chat.native@example.com", phone: "11988887777", formStamp: stamp(15) });
    expect(viaPost.status).toBe(303);
    const replies = await outboxOf("auto-reply.chat");
    expect(replies.map((r) => r.recipient)).toEqual(["chat.json@example.com"]);
    // Both are leads; the one without proof is marked.
    const stored = await app
      .db()
      .select({ email: app.schema.chatSessions.email, verified: app.schema.chatSessions.verified })
      .from(app.schema.chatSessions)
      .where(sql`${app.schema.chatSessions.email} in ('chat.json@example.com', 'chat.native@example.com')`);
    expect(Object.fromEntries(stored.map((r) => [r.email, r.verified]))).toEqual({
      "chat.json@example.com": true,
      "chat.native@example.com": false,
    });

    // Without a proof, the chat's contact is spam: not on the conversation, no reply, same answer.
    const bot = await post("/api/chat/contact", { email: "chat.bot@example.com", phone: "11988887777" });
    expect(bot.status).toBe(200);
    expect(bot.json.data.sessionId).toBeTruthy();
    const sessions = await app.db().select().from(app.schema.chatSessions).where(eq(app.schema.chatSessions.email, "chat.bot@example.com"));
    expect(sessions).toEqual([]);
    expect(await spamReasonsFor("chat.bot@example.com")).toEqual(["pow-missing"]);
  });

  it("20 leads with one address within an hour, across forms and letter cases: one reply", async () => {
    const bodies = [];
    for (let i = 0; i < 20; i++) {
      const email = i % 2 ? "Alvo.Repetido@Example.COM" : "alvo.repetido@example.com";
      bodies.push(
        i % 3 === 0
          ? ["/api/consultations", { name: "Alvo", email, phone: "21999998888", company: `Alvo ${i}`, industryArea: "TI" }]
          : ["/api/contact", contact(3000 + i, { email })],
      );
    }
    for (const [path, body] of bodies) expect((await post(path as string, await withProof(app.url, body))).status).toBe(201);
    const contacts = await app
      .db()
      .select({ value: count() })
      .from(app.schema.leads)
      .where(sql`${app.schema.leads.kind} = 'contatos' and lower(${app.schema.leads.email}) = 'alvo.repetido@example.com'`)
      .then(first);
    expect(Number(contacts.value)).toBe(13); // every lead is stored and notified...
    const replies = await app
      .db()
      .select()
      .from(app.schema.outbox)
      .where(
        and(sql`${app.schema.outbox.kind} like 'auto-reply.%'`, sql`lower(${app.schema.outbox.recipient}) = 'alvo.repetido@example.com'`),
      );
    expect(replies).toHaveLength(1); // ...and replied to once
    // Counted at the SMTP server once the worker sent everything due.
    await waitFor(
      async () => (await app.db().select().from(app.schema.outbox).where(eq(app.schema.outbox.status, "pending"))).length === 0,
    );
    expect(smtp.received.filter((m) => /^To: alvo\.repetido@example\.com/im.test(m))).toHaveLength(1);

    // Another address is not held back by this one.
    await post("/api/contact", await withProof(app.url, contact(4000, { email: "outra.pessoa@example.com" })));
    expect((await outboxOf("auto-reply.contact")).filter((r) => r.recipient === "outra.pessoa@example.com")).toHaveLength(1);
  });

  it("a name that is not a plain name is never echoed", async () => {
    await post("/api/contact", await withProof(app.url, contact(5000, { name: "http://spam.example Ganhe já", email: "eco@example.com" })));
    const [reply] = (await outboxOf("auto-reply.contact")).filter((r) => r.recipient === "eco@example.com");
    expect(reply?.body.startsWith("Olá!\n")).toBe(true);
    expect(reply?.html).not.toContain("spam.example");
  });
});

async function spamReasonsFor(email: string) {
  return (await app.db().select().from(app.schema.spamSubmissions).where(eq(app.schema.spamSubmissions.email, email)))[0]?.reasons;
}

describe("retention and privacy", () => {
  it("suspected spam is found and erased by the privacy tools, and deleted after 30 days", async () => {
    const form = (fields: Record<string, string>) => adminPost("/admin/privacidade", fields);
    const exported = await adminPost("/admin/privacidade/exportar", { email: "visitante7@example.com", format: "json" });
    expect(exported.status).toBe(200);
    const data = JSON.parse(await exported.text());
    expect(JSON.stringify(data)).toContain("visitante7@example.com");
    expect(JSON.stringify(data)).toContain("spam_submissions");

    const before = await countOf("spamSubmissions");
    await app
      .db()
      .update(app.schema.spamSubmissions)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(sql`${app.schema.spamSubmissions.email} in ('visitante8@example.com', 'visitante9@example.com')`);
    expect((await form({ intent: "retention" })).status).toBeLessThan(400);
    expect(await countOf("spamSubmissions")).toBe(before - 2);
    const [run] = await app.db().select().from(app.schema.auditLog).where(eq(app.schema.auditLog.action, "retention.run"));
    expect((run!.details as { counts: Record<string, number> }).counts.spamSubmissions).toBe(2);
  });
});

describe("a form stamp is good for one post per form (docs/decisions/0106)", () => {
  it("one stamp replayed at once with four addresses: one contact, three in 'Spam', and no e-mail to any of them", async () => {
    const harvested = stamp(30);
    const before = await countOf("contacts");
    const posts = [0, 1, 2, 3].map((i) =>
      nativePost("/enviar/contato", {
        ...(contact(6000 + i, { email: `vitima${i}@example.org` }) as Record<string, string>),
        consent: "on",
        formStamp: harvested,
      }),
    );
    // Every answer is the same confirmation: nothing tells the script which one got through.
    for (const res of await Promise.all(posts)) {
      expect(res.status).toBe(303);
      expect(res.location).toContain("/enviar/contato?enviado=1");
    }
    expect(await countOf("contacts")).toBe(before + 1);
    const spam = await app
      .db()
      .select({ reasons: app.schema.spamSubmissions.reasons })
      .from(app.schema.spamSubmissions)
      .where(sql`${app.schema.spamSubmissions.email} like 'vitima%@example.org'`);
    expect(spam.map((r) => r.reasons)).toEqual([["stamp-replayed"], ["stamp-replayed"], ["stamp-replayed"]]);
    const mailed = await app
      .db()
      .select()
      .from(app.schema.outbox)
      .where(sql`${app.schema.outbox.recipient} like 'vitima%'`);
    expect(mailed).toEqual([]);

    // The same page's other form carries the same stamp: one post there is still a person's.
    const sameStamp = await nativePost("/enviar/newsletter", { email: "mesma.pagina@example.com", source: "rodape", formStamp: harvested });
    expect([sameStamp.status, await spamReasonsFor("mesma.pagina@example.com")]).toEqual([303, undefined]);
    const [subscriber] = await app
      .db()
      .select()
      .from(app.schema.newsletterSubscribers)
      .where(eq(app.schema.newsletterSubscribers.email, "mesma.pagina@example.com"));
    expect(subscriber?.status).toBe("pending");
  });

  it("a lead without proof of work is marked for the admin, mails no one, and its confirmation says so", async () => {
    const res = await nativePost("/enviar/contato", {
      ...(contact(6100, { email: "sem.javascript@example.com" }) as Record<string, string>),
      consent: "on",
      formStamp: stamp(40),
    });
    expect(res.location).toContain("verificado=0");
    const confirmation = await fetch(`${app.url}${res.location}`).then((r) => r.text());
    expect(confirmation).toContain("Consulta Enviada");
    expect(confirmation).toContain("não mandamos e-mail automático de confirmação");

    const [lead] = await app.db().select().from(app.schema.leads).where(eq(app.schema.leads.email, "sem.javascript@example.com"));
    expect(lead?.verified).toBe(false);
    const record = await fetch(`${app.url}/admin/leads/funil/contatos/${lead!.number}`, { headers: { cookie } }).then((r) => r.text());
    expect(record).toContain('data-testid="lead-unverified"');
    expect(record).toContain("Sem verificação");
    // The team is told; the address is not written to.
    const team = (await outboxOf("lead.contact")).find((m) => m.body.includes("sem.javascript@example.com"));
    expect(team?.body).toContain("Sem verificação: enviado sem JavaScript");
    expect(
      (await app.db().select().from(app.schema.outbox).where(eq(app.schema.outbox.recipient, "sem.javascript@example.com"))).length,
    ).toBe(0);

    // With the island's proof the same form is verified, and its confirmation says nothing of the kind.
    const proved = await nativePost("/enviar/contato", {
      ...(contact(6101, { email: "com.javascript@example.com" }) as Record<string, string>),
      consent: "on",
      formStamp: stamp(40),
      altcha: await proofOfWork(app.url),
    });
    expect(proved.location).not.toContain("verificado");
    const [verified] = await app.db().select().from(app.schema.leads).where(eq(app.schema.leads.email, "com.javascript@example.com"));
    expect(verified?.verified).toBe(true);
    expect(await fetch(`${app.url}${proved.location}`).then((r) => r.text())).not.toContain("não mandamos e-mail automático");
  });

  it("a suspected submission's answer carries the lead table's next id, as a lead's would", async () => {
    const a = await post("/api/contact", await withProof(app.url, contact(6200)));
    const suspected = await post("/api/contact", contact(6201));
    const b = await post("/api/contact", await withProof(app.url, contact(6202)));
    expect(suspected.status).toBe(201);
    expect(suspected.json.data.id).toBe(a.json.data.id + 1);
    expect(b.json.data.id).toBe(a.json.data.id + 2);
  });
});

describe("a CV posted without the proof of work (docs/decisions/0106)", () => {
  const MB = 1024 * 1024;
  const pdf = realPdfOfSize(5 * MB - 4096);
  const application = (i: number) => ({
    name: `Spam ${i}`,
    email: `cv.spam${i}@example.com`,
    phone: "11999990000",
    position: "Senior AI Engineer",
    experience: "experiencia ".repeat(6),
    motivation: "motivacao e mais motivacao ".repeat(3),
  });
  const postCv = async (i: number) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(application(i))) body.set(k, v);
    body.set("cv", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), `curriculo-${i}.pdf`);
    const res = await fetch(`${app.url}/api/careers/application`, { method: "POST", body, headers: { "x-forwarded-for": newIp() } });
    return { status: res.status, json: (await res.json()) as { ok?: boolean; data?: { id?: number } } };
  };

  it("three at once are quarantined by the file's name, size and hash only; the spam page and the privacy export stay small", async () => {
    const answers = await Promise.all([1, 2, 3].map(postCv));
    expect(answers.map((a) => [a.status, a.json.ok, typeof a.json.data?.id])).toEqual(Array(3).fill([201, true, "number"]));
    expect(await countOf("spamSubmissions")).toBeGreaterThanOrEqual(3);

    const rows = await app
      .db()
      .select()
      .from(app.schema.spamSubmissions)
      .where(sql`${app.schema.spamSubmissions.email} like 'cv.spam%'`);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.data).not.toHaveProperty("cv");
      expect(JSON.stringify(row.data).length).toBeLessThan(2_000);
    }
    const files = await app.db().select().from(app.schema.spamSubmissionFiles);
    expect(files.map((f) => [f.fileName, f.size, f.format]).sort()).toEqual([
      ["curriculo-1.pdf", pdf.length, "pdf"],
      ["curriculo-2.pdf", pdf.length, "pdf"],
      ["curriculo-3.pdf", pdf.length, "pdf"],
    ]);
    expect(await app.db().select().from(app.schema.leadFiles)).toEqual([]);

    const page = await fetch(`${app.url}/admin/leads/spam`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.length).toBeLessThan(500_000);
    expect(html).toContain("curriculo-2.pdf");
    expect(html).toContain("Arquivo não guardado");

    const exported = await adminPost("/admin/privacidade/exportar", { email: "cv.spam1@example.com", format: "json" });
    const text = await exported.text();
    expect(exported.status).toBe(200);
    expect(text.length).toBeLessThan(50_000);
    expect(text).toContain("curriculo-1.pdf");
  }, 120_000);

  it("'Não é spam' stores the application without the file, and the audit names the file that was not kept", async () => {
    const { row, res } = await releaseSpamOf("cv.spam3@example.com");
    expect(res.status).toBe(303);
    const [lead] = await app.db().select().from(app.schema.leads).where(eq(app.schema.leads.email, "cv.spam3@example.com"));
    expect(lead).toMatchObject({ name: "Spam 3", verified: true });
    expect(
      await app.db().select().from(app.schema.spamSubmissionFiles).where(eq(app.schema.spamSubmissionFiles.spamSubmissionId, row.id)),
    ).toEqual([]);
    const [audit] = await app
      .db()
      .select()
      .from(app.schema.auditLog)
      .where(and(eq(app.schema.auditLog.action, "lead.spam.release"), eq(app.schema.auditLog.target, `spam:${row.id}`)));
    expect(audit!.details).toMatchObject({
      form: "careers",
      leadId: lead!.number,
      fileNotKept: { name: "curriculo-3.pdf", size: pdf.length },
    });
  });
});
