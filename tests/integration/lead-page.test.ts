/**
 * One page per lead (docs/decisions/0129-one-page-per-lead.md), through real HTTP on the
 * production bundle and the embedded database: the stage form, everything the visitor sent, the
 * call/e-mail/WhatsApp links, the person's meetings, orders and chat conversations found by the
 * whole address (never 'mariana@x.com' for 'ana@x.com'), one history in time order, and the older
 * record address answering 301 to the page.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/driver.server";
import { first } from "~/lib/first";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";
import { insertLead, meetingLead } from "../support/leads";

let app: TestApp;
let cookie: string;
const ids = {} as Record<
  "ana" | "mariana" | "anaBooking" | "marianaBooking" | "anaChat" | "marianaChat" | "anaOrder" | "marianaOrder" | "carlos",
  number
>;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  app = await startTestApp();
  cookie = await adminSession(app);
  const database = app.db();
  const { consentRecords, orders, chatSessions, chatMessages, outbox } = app.schema;
  ({ id: ids.ana } = await insertLead(database, app.schema, "contacts", {
    name: "Ana Souza",
    company: "Logística Horizonte",
    email: "ana@x.com",
    phone: "(11) 98765-4321",
    message: "Queremos um piloto de agente no atendimento.",
    utmCampaign: "chatbots-outono",
    utmSource: "google",
    createdAt: ago(60),
  }));
  ({ id: ids.mariana } = await insertLead(database, app.schema, "contacts", {
    name: "Mariana Costa",
    company: "Outra SA",
    email: "mariana@x.com",
    message: "Outra mensagem.",
    createdAt: ago(59),
  }));
  await database
    .insert(consentRecords)
    .values({ email: "ana@x.com", purpose: "contact-policy", policyVersion: "2026-11", source: "contato:home", createdAt: ago(60) });

  // The same person under another case, and a similar address that is someone else.
  const booking = async (email: string, days: number) => {
    const lead = await meetingLead(database, app.schema, { name: "Pessoa", email, phone: "11987654321", company: "Empresa" });
    const rows = await database.execute(
      sql`insert into bookings (id, lead_id, uid, starts_at, ends_at, occupied, name, email, phone, company, place_kind)
          values (${lead.id}, ${lead.leadId}, ${`lead-page-${days}@test`}, now() + make_interval(days => ${days}), now() + make_interval(days => ${days}, mins => 45),
                  tstzrange(now() + make_interval(days => ${days}), now() + make_interval(days => ${days}, mins => 45)),
                  'Pessoa', ${email}, '11987654321', 'Empresa', 'video')
          returning id`,
    );
    return Number(first(rowsOf<{ id: number }>(rows)).id);
  };
  ids.anaBooking = await booking("Ana@X.com", 3);
  ids.marianaBooking = await booking("mariana@x.com", 5);

  const order = (email: string, itemName: string) =>
    database
      .insert(orders)
      .values({
        kind: "product",
        itemId: "chatbot",
        itemName,
        amountCents: 249_000,
        status: "paid",
        provider: "demo",
        customerEmail: email,
      })
      .returning({ id: orders.id })
      .then(first);
  ({ id: ids.anaOrder } = await order("ANA@x.com", "Chatbot da Ana"));
  ({ id: ids.marianaOrder } = await order("mariana@x.com", "Chatbot da Mariana"));

  const chat = (sessionId: string, email: string) =>
    database.insert(chatSessions).values({ sessionId, email, offline: true }).returning({ id: chatSessions.id }).then(first);
  ({ id: ids.anaChat } = await chat("offline-lead-page-ana", "ana@x.com"));
  ({ id: ids.marianaChat } = await chat("offline-lead-page-mariana", "mariana@x.com"));
  await database.insert(chatMessages).values([
    { chatSessionId: ids.anaChat, role: "user", content: "Olá" },
    { chatSessionId: ids.anaChat, role: "assistant", content: "Olá! Como posso ajudar?" },
  ]);

  // E-mails: the automatic reply to Ana when she wrote, and one to Mariana (not Ana's history).
  await database.insert(outbox).values([
    {
      kind: "auto-reply.contact",
      recipient: "ana@x.com",
      subject: "Recebemos sua mensagem, Ana",
      body: "…",
      status: "sent",
      createdAt: ago(60),
    },
    {
      kind: "auto-reply.contact",
      recipient: "mariana@x.com",
      subject: "Recebemos sua mensagem, Mariana",
      body: "…",
      status: "sent",
      createdAt: ago(59),
    },
  ]);

  let carlos: number;
  ({ id: ids.carlos, leadId: carlos } = await insertLead(database, app.schema, "careerApplications", {
    name: "Carlos Lima",
    email: "carlos@x.com",
    phone: "+351 912 345 678",
    position: "Engenheiro de IA",
    experience: "Cinco anos com Python e modelos de linguagem.",
    motivation: "Quero construir agentes.",
    linkedinUrl: "https://www.linkedin.com/in/carlos-lima",
  }));
  await database.execute(
    sql`insert into lead_files (lead_id, field, file_name, format, content_type, size, sha256, data)
        values (${carlos}, 'cv', 'curriculo-carlos.pdf', 'pdf', 'application/pdf', 4, 'teste', decode('25504446', 'hex'))`,
  );
}, 90_000);

afterAll(async () => {
  await app?.close();
});

const get = (path: string) => fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" });
const html = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
};
const save = (path: string, fields: Record<string, string>) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
/** The part of the page inside the element with this test id (up to its closing tag of the same name). */
function section(page: string, testId: string, tag = "section"): string {
  const start = page.indexOf(`data-testid="${testId}"`);
  expect(start, testId).toBeGreaterThan(-1);
  const open = page.lastIndexOf(`<${tag}`, start);
  const end = page.indexOf(`</${tag}>`, start);
  return page.slice(open, end);
}
/** Where the links (not the icons' `<use href>`) of a fragment go. */
const hrefs = (fragment: string) => [...fragment.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("one page per lead", () => {
  const anaPage = () => `/admin/leads/funil/contatos/${ids.ana}`;

  it("shows the stage with its one form: stage, follow-up day, a note, one save button", async () => {
    const page = await html(anaPage());
    expect(page).toContain('data-testid="stage"');
    // Three forms post to the page (the header's other form is the logout): the stage form, the
    // deal's value and close day (docs/decisions/0142) and the tasks' add form (0146); one stage field.
    const forms = [...page.matchAll(/<form[^>]*>/gi)].map((m) => m[0]);
    expect(forms.filter((f) => /method="post"/i.test(f) && f.includes(`action="${anaPage()}"`))).toHaveLength(3);
    expect(page.match(/name="intent" value="deal"/g)).toHaveLength(1);
    expect(page.match(/name="stage"/g)).toHaveLength(1);
    expect(page).toMatch(/<select[^>]*name="stage"/);
    expect(page).toMatch(/<input[^>]*name="followUpOn"/);
    expect(page).toMatch(/<textarea[^>]*name="note"/);
    expect(page).toMatch(/<button[^>]*type="submit"[^>]*>Salvar<\/button>/);
  });

  it("shows everything the visitor sent, the visit's origin and the consent", async () => {
    const page = await html(anaPage());
    const sent = section(page, "lead-detail", "dl");
    for (const text of [
      "Ana Souza",
      "Logística Horizonte",
      "ana@x.com",
      "(11) 98765-4321",
      "Queremos um piloto de agente no atendimento.",
    ]) {
      expect(sent).toContain(text);
    }
    expect(page).toContain('data-testid="attribution-campaign">chatbots-outono<');
    expect(page).toContain('data-testid="attribution-source">google<');
    expect(section(page, "consents", "ul")).toContain("Consentimento concedido");
  });

  it("offers call, e-mail and WhatsApp with a greeting in Portuguese", async () => {
    const links = hrefs(section(await html(anaPage()), "contact-buttons", "ul"));
    expect(links).toEqual([
      "tel:11987654321",
      "mailto:ana@x.com",
      `https://wa.me/5511987654321?text=${encodeURIComponent("Olá, Ana! Aqui é da Agile IA, sobre o seu contato pelo nosso site.")}`,
    ]);
    // A number typed with its country code keeps it; a lead without a phone gets only the e-mail.
    const carlos = hrefs(section(await html(`/admin/leads/funil/candidaturas/${ids.carlos}`), "contact-buttons", "ul"));
    expect(carlos[0]).toBe("tel:+351912345678");
    expect(carlos[2]).toMatch(/^https:\/\/wa\.me\/351912345678\?text=/);
    expect(hrefs(section(await html(`/admin/leads/funil/contatos/${ids.mariana}`), "contact-buttons", "ul"))).toEqual([
      "mailto:mariana@x.com",
    ]);
  });

  it("lists the meetings, orders and chats of the same whole address, case ignored, never a similar one", async () => {
    const page = await html(anaPage());
    const meetings = section(page, "reunioes");
    expect(hrefs(meetings)).toEqual([`/admin/agenda/${ids.anaBooking}`]);
    const bought = section(page, "pedidos");
    expect(bought).toContain("Chatbot da Ana");
    expect(bought).toContain(`nº ${ids.anaOrder}`);
    expect(bought).not.toContain("Chatbot da Mariana");
    const chats = section(page, "conversas");
    expect(hrefs(chats)).toEqual([`/admin/conversas/${ids.anaChat}`, `/admin/leads/funil/conversas/${ids.anaChat}`]);
    expect(chats).toContain("2 mensagens");
    // Mariana's page: her own, not Ana's (her address contains "ana@x.com").
    const mariana = await html(`/admin/leads/funil/contatos/${ids.mariana}`);
    expect(hrefs(section(mariana, "reunioes"))).toEqual([`/admin/agenda/${ids.marianaBooking}`]);
    expect(section(mariana, "pedidos")).toContain("Chatbot da Mariana");
    expect(section(mariana, "pedidos")).not.toContain("Chatbot da Ana");
    // A person with none of them: the empty states.
    const carlos = await html(`/admin/leads/funil/candidaturas/${ids.carlos}`);
    expect(section(carlos, "reunioes")).toContain("Nenhuma reunião.");
    expect(section(carlos, "pedidos")).toContain("Nenhum pedido.");
    expect(section(carlos, "conversas")).toContain("Nenhuma conversa.");
  });

  it("an application shows every field and its CV download", async () => {
    const page = await html(`/admin/leads/funil/candidaturas/${ids.carlos}`);
    const sent = section(page, "lead-detail", "dl");
    for (const text of [
      "Engenheiro de IA",
      "Cinco anos com Python",
      "Quero construir agentes.",
      "https://www.linkedin.com/in/carlos-lima",
    ]) {
      expect(sent).toContain(text);
    }
    expect(sent).toContain("curriculo-carlos.pdf");
    expect(hrefs(sent)).toContain(`/admin/leads/candidaturas/${ids.carlos}/curriculo`);
  });

  it("a questionnaire shows every answer, choices in words; a meeting booked alone shows the booking", async () => {
    const { id } = await insertLead(app.db(), app.schema, "businessOptimizations", {
      companyName: "Indústria Ação",
      contactName: "João Pereira",
      email: "joao@acao.com.br",
      companySize: "media",
      budget: "a-definir",
      keyProcesses: "Compras e estoque.",
    });
    const sent = section(await html(`/admin/leads/funil/questionarios/${id}`), "lead-detail", "dl");
    for (const text of [
      "Indústria Ação",
      "João Pereira",
      "Média empresa (50 a 249 funcionários)",
      "A definir",
      "Compras e estoque.",
      "Orçamento estimado",
    ]) {
      expect(sent).toContain(text);
    }
    expect(sent).not.toContain(">media<");
    const meeting = section(await html(`/admin/leads/funil/reunioes/${ids.marianaBooking}`), "lead-detail", "dl");
    for (const text of ["Pessoa", "Empresa", "mariana@x.com", "Videochamada", "Confirmada"]) expect(meeting).toContain(text);
  });

  it("keeps one history in time order: the e-mail sent, then each stage move and note", async () => {
    const first = await save(anaPage(), { stage: "em-contato", followUpOn: "", note: "Primeira ligação: quer um piloto." });
    expect(first.status).toBe(303);
    const second = await save(anaPage(), { stage: "proposta-enviada", followUpOn: "", note: "Proposta enviada por e-mail." });
    expect(second.status).toBe(303);
    const history = section(await html(anaPage()), "history", "ol");
    const entries = [...history.matchAll(/<li[^>]*data-kind="([a-z-]+)"[\s\S]*?<\/li>/g)].map((m) => ({
      kind: m[1],
      text: m[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " "),
    }));
    expect(entries.map((e) => e.kind)).toEqual(["email", "stage", "note", "stage", "note"]);
    expect(entries[0]!.text).toContain("Recebemos sua mensagem, Ana");
    expect(entries[1]!.text).toContain("Etapa alterada: Novo → Em contato.");
    expect(entries[2]!.text).toContain("Primeira ligação: quer um piloto.");
    expect(entries[3]!.text).toContain("Etapa alterada: Em contato → Proposta enviada.");
    expect(entries[4]!.text).toContain("Proposta enviada por e-mail.");
    expect(history).not.toContain("Mariana");
    // Each line says when: the times never go back.
    const times = [...history.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => Date.parse(m[1]!));
    expect(times).toHaveLength(5);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("the history also holds the deal's value and close day, the tasks added and done, and won and lost with the reason", async () => {
    const { id } = await insertLead(app.db(), app.schema, "contacts", {
      name: "Bruno Tavares",
      company: "Tavares Engenharia",
      email: "bruno@tavares.com.br",
      message: "Orçamento de automação.",
      createdAt: ago(30),
    });
    const page = `/admin/leads/funil/contatos/${id}`;
    const close = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
    expect((await save(page, { intent: "deal", valueCents: "12.500,00", expectedCloseOn: close })).status).toBe(303);
    expect(
      (await save(page, { intent: "tarefa-adicionar", taskKind: "proposta", taskTitle: "Proposta de automação", taskDueAt: due })).status,
    ).toBe(303);
    const { leadTasks } = app.schema;
    const [task] = await app
      .db()
      .select({ id: leadTasks.id })
      .from(leadTasks)
      .where(sql`${leadTasks.title} = 'Proposta de automação'`);
    expect((await save(page, { intent: "tarefa-concluir", taskId: String(task!.id) })).status).toBe(303);
    expect((await save(page, { intent: "deal", valueCents: "15.000", expectedCloseOn: "" })).status).toBe(303);
    expect((await save(page, { stage: "perdido", lostReason: "Preço acima do orçamento.", followUpOn: "" })).status).toBe(303);
    expect((await save(page, { stage: "ganho", followUpOn: "", note: "Voltou e fechou." })).status).toBe(303);

    const history = section(await html(page), "history", "ol");
    const entries = [...history.matchAll(/<li[^>]*data-kind="([a-z-]+)"[\s\S]*?<\/li>/g)].map((m) => ({
      kind: m[1],
      text: m[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " "),
    }));
    expect(entries.map((e) => e.kind)).toEqual(["deal", "task", "task", "deal", "lost", "won", "note"]);
    const close2 = close.split("-").reverse().join("/");
    expect(entries[0]!.text).toContain(`Valor: sem valor → R$ 12.500,00. Previsão de fechamento: sem data → ${close2}.`);
    expect(entries[1]!.text).toMatch(/Tarefa adicionada: Proposta de automação \(prazo: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\)\./);
    expect(entries[2]!.text).toContain("Tarefa concluída: Proposta de automação.");
    expect(entries[3]!.text).toContain(`Valor: R$ 12.500,00 → R$ 15.000,00. Previsão de fechamento: ${close2} → sem data.`);
    // The loss's reason is on the loss, not a second line.
    expect(entries[4]!.text).toContain("Negócio perdido");
    expect(entries[4]!.text).toContain("Etapa alterada: Novo → Perdido. Motivo da perda: Preço acima do orçamento.");
    expect(entries[5]!.text).toContain("Negócio ganho");
    expect(entries[5]!.text).toContain("Etapa alterada: Perdido → Ganho.");
    expect(entries[6]!.text).toContain("Voltou e fechou.");
    expect(history.match(/Motivo da perda/g)).toHaveLength(1);
    const times = [...history.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => Date.parse(m[1]!));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("the older record address answers 301 to the page; a newsletter record keeps its own page", async () => {
    for (const [type, id] of [
      ["contatos", ids.ana],
      ["candidaturas", ids.carlos],
    ] as const) {
      const res = await get(`/admin/leads/${type}/${id}`);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(`/admin/leads/funil/${type}/${id}`);
    }
    const { newsletterSubscribers } = app.schema;
    const { id } = await app
      .db()
      .insert(newsletterSubscribers)
      .values({ email: "leitor@x.com", status: "active", unsubscribeToken: "token-lead-page" })
      .returning({ id: newsletterSubscribers.id })
      .then(first);
    const newsletter = await html(`/admin/leads/newsletter/${id}`);
    expect(newsletter).toContain("leitor@x.com");
  });

  it("the lists link each lead to its one page", async () => {
    expect(hrefs(await html(`/admin/leads/contatos?q=${encodeURIComponent("Ana Souza")}`))).toContain(anaPage());
    expect(hrefs(await html("/admin/dashboard"))).toContain(anaPage());
  });
});
