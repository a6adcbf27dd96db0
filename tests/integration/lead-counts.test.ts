/**
 * The lead counts the admin shows: the dashboard's counters and each list's total, counted by the
 * form's answers table without a search and by the list's own query with one
 * (docs/decisions/0154). Every kind has leads here, so a count that read another kind's rows, or
 * all of `leads`, shows a wrong number.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";
import { insertLead, type LeadForm, meetingLead } from "../support/leads";

let app: TestApp;
let cookie: string;

const html = async (path: string) => {
  const res = await fetch(app.url + path, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
};
/** The text of the element with `data-testid`, tags stripped (React splits text with comments). */
const testId = (page: string, id: string) =>
  page
    .match(new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</p>`))?.[1]
    ?.replace(/<[^>]*>/g, "")
    .trim();

beforeAll(async () => {
  app = await startTestApp();
  cookie = await adminSession(app);
  const database = app.db();
  const add = (form: LeadForm, n: number, values: (i: number) => Record<string, unknown>) =>
    Promise.all(Array.from({ length: n }, (_, i) => insertLead(database, app.schema, form, values(i))));
  await add("contacts", 3, (i) => ({ name: `Contato ${i}`, email: `c${i}@x.com`, message: i === 0 ? "Quero um orçamento" : "Olá" }));
  await add("consultations", 2, (i) => ({ name: `Consulta ${i}`, email: `k${i}@x.com`, industryArea: "Varejo", status: "pending" }));
  await add("businessOptimizations", 4, (i) => ({ contactName: `Questionário ${i}`, companyName: "Empresa", email: `q${i}@x.com` }));
  await add("careerApplications", 5, (i) => ({
    name: `Candidata ${i}`,
    email: `a${i}@x.com`,
    position: "Dev",
    experience: "5 anos",
    motivation: "IA",
  }));
  for (const i of [1, 2, 3, 4, 5, 6])
    await meetingLead(database, app.schema, { name: `Reunião ${i}`, email: `r${i}@x.com`, phone: "11987654321", company: "E" });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("lead counts", () => {
  it("the dashboard counts each form's leads, and no other kind's", async () => {
    const page = await html("/admin/dashboard");
    expect(testId(page, "count-contacts")).toBe("3");
    expect(testId(page, "count-consultations")).toBe("2");
    expect(testId(page, "count-optimizations")).toBe("4");
  });

  it("each list's total is its rows, without a search and with one", async () => {
    expect(testId(await html("/admin/leads/contatos"), "lead-total")).toBe("3 registros");
    expect(testId(await html("/admin/leads/consultas"), "lead-total")).toBe("2 registros");
    expect(testId(await html("/admin/leads/candidaturas"), "lead-total")).toBe("5 registros");
    // A search counts through the list's own query: the message is in the answers table.
    expect(testId(await html("/admin/leads/contatos?q=or%C3%A7amento"), "lead-total")).toBe("1 registro para “orçamento”");
  });
});
