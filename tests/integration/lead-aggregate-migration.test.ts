/**
 * The migration to one lead aggregate (app/db/migrations/0021_one_lead_aggregate.sql,
 * docs/decisions/0135, 0140) loses nothing: a database is migrated to the migration before it,
 * filled with leads of every kind and everything that hangs from them (pipeline stages and
 * follow-ups, notes, meetings continuing a lead or not, chat sessions with and without a contact
 * and their messages, orders, CVs, consent records, audit rows), then migrated; every lead is
 * compared field by field, by kind and number (its old id), with what the old tables said, and
 * the rows that only changed their reference to the lead, and the audit log, are the same rows.
 * On the embedded PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * LEAD_MIGRATION_COPY=postgres://…/db runs the same comparison on a database of one's own instead,
 * one left at the migration before (e.g. `npm run seed:scale -- --tier 1` of that commit): it is
 * migrated in place, nothing is seeded, and the time the migration took is printed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usingPostgres } from "../helpers/app";

const MIGRATIONS = path.resolve("app/db/migrations");
const TAG = "0021_one_lead_aggregate";

type Row = Record<string, unknown>;
interface Database {
  query: (text: string) => Promise<Row[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

/** A copy of someone's data (LEAD_MIGRATION_COPY), migrated in place and kept. */
const copy = process.env.LEAD_MIGRATION_COPY;

async function openDatabase(): Promise<Database> {
  if (usingPostgres || copy) {
    const created = copy ? { url: copy, drop: async () => {} } : await createTestDatabase({ empty: true });
    const pg = (await import("pg")).default;
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: created.url, max: 1 });
    return {
      query: async (text) => (await pool.query(text)).rows as Row[],
      migrate: (folder) => migrate(drizzle(pool), { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await created.drop();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite();
  return {
    query: async (text) => (await client.query<Row>(text)).rows,
    migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** The migrations folder as it was before the one tested: its journal ends one entry earlier. */
function folderBefore(): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-before-"));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------- the rows before
const N = { contacts: 40, consultations: 30, chats: 24, questionnaires: 15, applications: 15, bookings: 20, orders: 8 };
/** Every status, and one the app stopped writing (migration 0011) that an older copy may still hold. */
const STATUSES = ["pending", "contacted", "proposal_sent", "won", "lost", "discarded", "scheduled"];
const q = (value: string | null) => (value === null ? "null" : `'${value.replace(/'/g, "''")}'`);
/** A lead's visit, or none (every third lead came without one). */
const visit = (i: number) =>
  i % 3 === 0
    ? "null, null, null, null, null, null"
    : `'/pagina-${i}', ${q(i % 2 ? "google.com" : null)}, ${q(i % 4 === 1 ? "newsletter" : null)}, 'email', ${q(`campanha ${i}`)}, ${i % 5 === 0}`;
const at = (i: number) => `timestamptz '2026-01-01T10:00:00Z' + interval '${i} hours 7 minutes ${i % 60} seconds'`;

/** Leads of every kind and what hangs from them, on the schema of migration 0020. */
function seedStatements(): string[] {
  const s: string[] = [];
  const V = "landing_path, referrer_host, utm_source, utm_medium, utm_campaign, visit_counted";
  for (let i = 1; i <= N.contacts; i++) {
    s.push(
      `insert into contacts (name, company, email, phone, message, ${V}, verified, created_at) values (${q(`Pessoa Ção ${i}`)}, ${q(`Empresa ${i} 'aspas'`)}, ${q(`contato${i}@example.com`)}, ${q(i % 4 ? `1198888${String(i).padStart(4, "0")}` : null)}, ${q(`Mensagem ${i}\nem duas linhas`)}, ${visit(i)}, ${i % 7 === 0 ? "null" : i % 2 === 0}, ${at(i)})`,
    );
    // The policy consent, recorded in the lead's own transaction (same instant).
    if (i % 5)
      s.push(
        `insert into consent_records (email, purpose, policy_version, source, ip, created_at) values (${q(`contato${i}@example.com`)}, 'contact-policy', '2026-01', 'contato:site', '10.0.0.${i}', ${at(i)})`,
      );
  }
  for (let i = 1; i <= N.consultations; i++)
    s.push(
      `insert into consultations (name, email, phone, company, industry_area, status, source, ${V}, verified, created_at) values (${q(`Cliente ${i}`)}, ${q(`consulta${i}@example.com`)}, '2199999${String(i).padStart(4, "0")}', ${q(`Firma ${i}`)}, ${q(`Área ${i}`)}, '${STATUSES[i % STATUSES.length]}', ${q(i % 2 ? "Solicitar Apresentação de Cases" : null)}, ${visit(i)}, ${i % 2 === 1}, ${at(i + 1)})`,
    );
  for (let i = 1; i <= N.chats; i++) {
    const contact = i % 3 !== 0; // a third never left a contact: no lead
    s.push(
      `insert into chat_sessions (session_id, email, phone, company, offline, ip, ${V}, verified, created_at, updated_at) values ('sessao-${i}', ${q(contact ? `chat${i}@example.com` : null)}, ${q(contact ? `1197777${i}` : null)}, ${q(contact && i % 2 ? `Loja ${i}` : null)}, ${i % 2 === 0}, '10.1.0.${i}', ${visit(i)}, ${contact ? String(i % 2 === 0) : "null"}, ${at(i + 2)}, ${at(i + 3)})`,
    );
    for (let m = 1; m <= 3; m++)
      s.push(
        `insert into chat_messages (chat_session_id, role, content, created_at) values (${i}, '${m % 2 ? "assistant" : "user"}', ${q(`Mensagem ${m} da conversa ${i}`)}, ${at(i + 2)} + interval '${m} minutes')`,
      );
  }
  const answers = [
    "position",
    "industry_area",
    "company_size",
    "key_processes",
    "process_structure",
    "current_challenges",
    "bottlenecks",
    "short_term_goals",
    "long_term_goals",
    "optimization_impact",
    "data_types",
    "data_organization",
    "data_quality",
    "current_technologies",
    "tech_restrictions",
    "team_familiarity",
    "team_openness",
    "success_indicators",
    "additional_info",
    "budget",
    "timeline",
  ];
  for (let i = 1; i <= N.questionnaires; i++)
    s.push(
      `insert into business_optimizations (company_name, contact_name, email, phone, ${answers.join(", ")}, ${V}, verified, created_at) values (${q(`Indústria ${i}`)}, ${q(`Ana ${i}`)}, ${q(`quest${i}@example.com`)}, ${q(i % 2 ? `1196666${i}` : null)}, ${answers.map((a, k) => ((i + k) % 4 ? q(`${a} ${i}`) : "null")).join(", ")}, ${visit(i)}, true, ${at(i + 4)})`,
    );
  for (let i = 1; i <= N.applications; i++) {
    s.push(
      `insert into career_applications (name, email, phone, position, experience, motivation, linkedin_url, portfolio_url, ${V}, verified, created_at) values (${q(`Candidata ${i}`)}, ${q(`cand${i}@example.com`)}, '1198765${String(i).padStart(4, "0")}', 'Senior AI Engineer', ${q(`Experiência ${i}`)}, ${q(`Motivação ${i}`)}, ${q(i % 2 ? `https://www.linkedin.com/in/c${i}` : null)}, ${q(i % 3 ? null : `https://c${i}.example.com`)}, ${visit(i)}, ${i % 2 === 0}, ${at(i + 5)})`,
    );
    if (i % 2)
      s.push(
        `insert into career_application_cvs (career_application_id, file_name, format, content_type, size, sha256, data, created_at) values (${i}, 'cv-${i}.pdf', 'pdf', 'application/pdf', 9, 'sha-${i}', convert_to('%PDF-${String(i).padStart(4, "0")}', 'UTF8'), ${at(i + 5)})`,
      );
  }
  for (let i = 1; i <= N.bookings; i++) {
    // A third continue a consultation, a sixth a chat contact (one of them a chat without a contact), the rest are new.
    const consultation = i % 3 === 0 ? String(i) : "null";
    const chat = i % 6 === 1 ? String(i) : "null";
    const starts = `timestamptz '2026-03-01T12:00:00Z' + interval '${i} days'`;
    s.push(
      `insert into bookings (uid, status, starts_at, ends_at, occupied, name, email, phone, company, message, place_kind, place_detail, consultation_id, chat_session_id, ${V}, created_at, updated_at) values ('uid-${i}@agendar', '${i % 4 ? "confirmed" : "cancelled"}', ${starts}, ${starts} + interval '30 minutes', tstzrange(${starts}, ${starts} + interval '30 minutes'), ${q(`Reunida ${i}`)}, ${q(`reuniao${i}@example.com`)}, '1195555${i}', ${q(`Casa ${i}`)}, ${q(i % 2 ? `Assunto ${i}` : null)}, 'link-later', null, ${consultation}, ${chat}, ${visit(i)}, ${at(i + 6)}, ${at(i + 7)})`,
    );
  }
  for (let i = 1; i <= N.orders; i++)
    s.push(
      `insert into orders (kind, item_id, item_name, amount_cents, status, provider, checkout_session_id, customer_email, customer_name, ${V}, created_at) values ('product', 'item-${i}', ${q(`Produto ${i}`)}, ${i * 1000}, '${i % 2 ? "paid" : "pending"}', 'demo', 'cs_${i}', ${q(`contato${i}@example.com`)}, ${q(`Pessoa Ção ${i}`)}, ${visit(i)}, ${at(i + 8)})`,
    );
  // Stages and follow-ups the admin set (consultations keep theirs in their status, some have a follow-up).
  const refs = [
    ["contact_id", N.contacts, ["em-contato", "proposta-enviada", "ganho", null]],
    ["consultation_id", N.consultations, [null]],
    ["chat_session_id", N.chats, ["em-contato", "perdido"]],
    ["business_optimization_id", N.questionnaires, ["descartado", null]],
    ["career_application_id", N.applications, ["em-analise", "entrevista", "contratada", "recusada"]],
    ["booking_id", N.bookings, ["em-contato"]],
  ] as const;
  for (const [ref, count, stages] of refs)
    for (let i = 1; i <= count; i += 2) {
      if (ref === "chat_session_id" && i % 3 === 0) continue; // no lead
      if (ref === "booking_id" && (i % 3 === 0 || i % 6 === 1)) continue; // part of another lead
      const stage = stages[i % stages.length] ?? null;
      const followUp = i % 4 === 1 ? `'2026-0${(i % 9) + 1}-1${i % 10}'` : "null";
      s.push(
        `insert into lead_pipeline (${ref}, stage, follow_up_on, created_at, updated_at) values (${i}, ${q(stage)}, ${followUp}, ${at(i + 9)}, ${at(i + 10)})`,
      );
      s.push(
        `insert into lead_notes (${ref}, author, body, created_at) values (${i}, 'admin', ${q(`Nota ${i} sobre ${ref}`)}, ${at(i + 11)}), (${i}, 'ana', ${q(`Outra nota ${i}`)}, ${at(i + 12)})`,
      );
      s.push(
        `insert into audit_log (actor, action, target, details, ip, created_at) values ('admin', 'lead.stage', 'x:${i}', '{"from":"novo","to":"em-contato"}', '10.9.0.1', ${at(i + 9)})`,
      );
    }
  s.push(`insert into audit_log (actor, action, target, created_at) values ('visitante', 'booking.create', 'booking:1', ${at(1)})`);
  return s;
}

// ---------------------------------------------------------------- every lead, read the old way and the new way
const COMMON = "landing_path, referrer_host, utm_source, utm_medium, utm_campaign, visit_counted, verified, created_at";
const LEAD = "l.landing_path, l.referrer_host, l.utm_source, l.utm_medium, l.utm_campaign, l.visit_counted, l.verified, l.created_at";
/**
 * A consultation's stage as the old inbox read it from its status (docs/decisions/0088): a status
 * the app no longer writes (the tier-1 generator's 'scheduled', 'completed') read as 'novo'.
 */
const STAGE_OF_STATUS = `case x.status when 'pending' then 'novo' when 'contacted' then 'em-contato' when 'proposal_sent' then 'proposta-enviada' when 'won' then 'ganho' when 'lost' then 'perdido' when 'discarded' then 'descartado' else 'novo' end`;

/** Per kind: its leads before (old tables, lead_pipeline) and after (leads and its answers), the same columns. */
const KINDS: Record<string, { before: string; after: string }> = {
  contatos: {
    before: `select x.id as number, x.name, x.company, x.email, x.phone, x.message, ${COMMON.replace(/(\w+)/g, "x.$1")}, coalesce(p.stage, 'novo') as stage, p.follow_up_on::text as follow_up_on,
             (select min(c.id) from consent_records c where c.email = x.email and c.purpose = 'contact-policy' and c.created_at = x.created_at) as consent
             from contacts x left join lead_pipeline p on p.contact_id = x.id`,
    after: `select l.number, l.name, l.company, l.email, l.phone, a.message, ${LEAD}, l.stage, l.follow_up_on::text as follow_up_on, l.consent_record_id as consent
            from leads l join contact_answers a on a.lead_id = l.id where l.kind = 'contatos'`,
  },
  consultas: {
    before: `select x.id as number, x.name, x.email, x.phone, x.company, x.industry_area, x.source, ${COMMON.replace(/(\w+)/g, "x.$1")}, ${STAGE_OF_STATUS} as stage, p.follow_up_on::text as follow_up_on
             from consultations x left join lead_pipeline p on p.consultation_id = x.id`,
    after: `select l.number, l.name, l.email, l.phone, l.company, a.industry_area, a.source, ${LEAD}, l.stage, l.follow_up_on::text as follow_up_on
            from leads l join consultation_answers a on a.lead_id = l.id where l.kind = 'consultas'`,
  },
  conversas: {
    before: `select x.id as number, x.email, x.phone, x.company, ${COMMON.replace(/(\w+)/g, "x.$1")}, coalesce(p.stage, 'novo') as stage, p.follow_up_on::text as follow_up_on
             from chat_sessions x left join lead_pipeline p on p.chat_session_id = x.id where x.email is not null`,
    after: `select l.number, l.email, l.phone, l.company, ${LEAD}, l.stage, l.follow_up_on::text as follow_up_on
            from leads l join chat_sessions s on s.lead_id = l.id and s.id = l.number where l.kind = 'conversas'`,
  },
  questionarios: {
    before: `select x.id as number, x.company_name, x.contact_name, x.email, x.phone, x.position, x.industry_area, x.company_size, x.key_processes, x.process_structure, x.current_challenges, x.bottlenecks, x.short_term_goals, x.long_term_goals, x.optimization_impact, x.data_types, x.data_organization, x.data_quality, x.current_technologies, x.tech_restrictions, x.team_familiarity, x.team_openness, x.success_indicators, x.additional_info, x.budget, x.timeline,
             ${COMMON.replace(/(\w+)/g, "x.$1")}, coalesce(p.stage, 'novo') as stage, p.follow_up_on::text as follow_up_on
             from business_optimizations x left join lead_pipeline p on p.business_optimization_id = x.id`,
    after: `select l.number, l.company as company_name, l.name as contact_name, l.email, l.phone, a.position, a.industry_area, a.company_size, a.key_processes, a.process_structure, a.current_challenges, a.bottlenecks, a.short_term_goals, a.long_term_goals, a.optimization_impact, a.data_types, a.data_organization, a.data_quality, a.current_technologies, a.tech_restrictions, a.team_familiarity, a.team_openness, a.success_indicators, a.additional_info, a.budget, a.timeline,
            ${LEAD}, l.stage, l.follow_up_on::text as follow_up_on
            from leads l join questionnaire_answers a on a.lead_id = l.id where l.kind = 'questionarios'`,
  },
  candidaturas: {
    before: `select x.id as number, x.name, x.email, x.phone, x.position, x.experience, x.motivation, x.linkedin_url, x.portfolio_url, ${COMMON.replace(/(\w+)/g, "x.$1")}, coalesce(p.stage, 'recebida') as stage, p.follow_up_on::text as follow_up_on,
             cv.file_name, cv.format, cv.content_type, cv.size, cv.sha256, encode(cv.data, 'hex') as data, cv.created_at as cv_at
             from career_applications x left join lead_pipeline p on p.career_application_id = x.id left join career_application_cvs cv on cv.career_application_id = x.id`,
    after: `select l.number, l.name, l.email, l.phone, a.position, a.experience, a.motivation, a.linkedin_url, a.portfolio_url, ${LEAD}, l.stage, l.follow_up_on::text as follow_up_on,
            f.file_name, f.format, f.content_type, f.size, f.sha256, encode(f.data, 'hex') as data, f.created_at as cv_at
            from leads l join application_answers a on a.lead_id = l.id left join lead_files f on f.lead_id = l.id and f.field = 'cv' where l.kind = 'candidaturas'`,
  },
  reunioes: {
    before: `select x.id as number, x.name, x.email, x.phone, x.company, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.created_at, coalesce(p.stage, 'novo') as stage, p.follow_up_on::text as follow_up_on
             from bookings x left join lead_pipeline p on p.booking_id = x.id
             where x.consultation_id is null and not exists (select 1 from chat_sessions s where s.id = x.chat_session_id and s.email is not null)`,
    after: `select l.number, l.name, l.email, l.phone, l.company, l.landing_path, l.referrer_host, l.utm_source, l.utm_medium, l.utm_campaign, l.visit_counted, l.created_at, l.stage, l.follow_up_on::text as follow_up_on
            from leads l join bookings b on b.lead_id = l.id and b.id = l.number where l.kind = 'reunioes'`,
  },
};

/** What hangs from a lead, named by the lead's kind and number (its old table and id). */
const OWNED: Record<string, { before: string; after: string }> = {
  notes: {
    before: `select n.id, n.author, n.body, n.created_at,
             case when n.contact_id is not null then 'contatos' when n.consultation_id is not null then 'consultas' when n.chat_session_id is not null then 'conversas'
                  when n.business_optimization_id is not null then 'questionarios' when n.career_application_id is not null then 'candidaturas' else 'reunioes' end as kind,
             coalesce(n.contact_id, n.consultation_id, n.chat_session_id, n.business_optimization_id, n.career_application_id, n.booking_id) as number
             from lead_notes n`,
    after: `select n.id, n.author, n.body, n.created_at, l.kind, l.number from lead_notes n join leads l on l.id = n.lead_id`,
  },
  bookings: {
    before: `select x.id, x.uid, x.sequence, x.status, x.starts_at, x.ends_at, x.occupied::text, x.name, x.email, x.phone, x.company, x.message, x.place_kind, x.place_detail,
             x.reminder_day_sent_at, x.reminder_hour_sent_at, x.cancelled_at, x.cancelled_by, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.created_at, x.updated_at,
             case when x.consultation_id is not null then 'consultas' when exists (select 1 from chat_sessions s where s.id = x.chat_session_id and s.email is not null) then 'conversas' else 'reunioes' end as kind,
             case when x.consultation_id is not null then x.consultation_id when exists (select 1 from chat_sessions s where s.id = x.chat_session_id and s.email is not null) then x.chat_session_id else x.id end as number
             from bookings x`,
    after: `select x.id, x.uid, x.sequence, x.status, x.starts_at, x.ends_at, x.occupied::text, x.name, x.email, x.phone, x.company, x.message, x.place_kind, x.place_detail,
            x.reminder_day_sent_at, x.reminder_hour_sent_at, x.cancelled_at, x.cancelled_by, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.created_at, x.updated_at,
            l.kind, l.number from bookings x join leads l on l.id = x.lead_id`,
  },
  chatSessions: {
    before: `select x.id, x.session_id, x.email, x.phone, x.company, x.offline, x.ip, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.verified, x.created_at, x.updated_at,
             case when x.email is null then null else x.id end as number from chat_sessions x`,
    after: `select x.id, x.session_id, x.email, x.phone, x.company, x.offline, x.ip, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, x.visit_counted, x.verified, x.created_at, x.updated_at,
            l.number from chat_sessions x left join leads l on l.id = x.lead_id`,
  },
  // Unchanged tables: the same rows, every column.
  chatMessages: { before: "select * from chat_messages", after: "select * from chat_messages" },
  consentRecords: { before: "select * from consent_records", after: "select * from consent_records" },
  auditLog: { before: "select * from audit_log", after: "select * from audit_log" },
  orders: {
    before: "select * from orders",
    after:
      "select id, kind, item_id, item_name, amount_cents, currency, status, provider, checkout_session_id, payment_intent_id, subscription_id, customer_email, customer_name, landing_path, referrer_host, utm_source, utm_medium, utm_campaign, visit_counted, created_at, updated_at, paid_at from orders",
  },
};

/** Rows as comparable JSON, in one order whatever the driver (dates as ISO text, numbers as numbers). */
function canonical(rows: Row[]): string[] {
  return rows
    .map((row) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(row)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : typeof v === "bigint" ? Number(v) : v]),
        ),
      ),
    )
    .sort();
}

let database: Database;
const before: Record<string, string[]> = {};
const countsBefore: Record<string, number> = {};
let nextNumbersBefore: Record<string, number> = {};

beforeAll(async () => {
  database = await openDatabase();
  if (!copy) {
    const old = folderBefore();
    try {
      await database.migrate(old.folder);
    } finally {
      old.remove();
    }
    for (const statement of seedStatements()) await database.query(statement);
  }
  for (const [kind, { before: query }] of Object.entries({ ...KINDS, ...OWNED })) {
    const rows = await database.query(query);
    before[kind] = canonical(rows);
    countsBefore[kind] = rows.length;
  }
  const next = async (table: string) => Number((await database.query(`select last_value + 1 as n from ${table}_id_seq`))[0]!.n);
  nextNumbersBefore = {
    contatos: await next("contacts"),
    consultas: await next("consultations"),
    questionarios: await next("business_optimizations"),
    candidaturas: await next("career_applications"),
  };
  const started = performance.now();
  await database.migrate(MIGRATIONS);
  if (copy) console.info(`${TAG}: ${Math.round(performance.now() - started)} ms`, countsBefore);
}, 1_200_000);
afterAll(() => database?.close());

describe(`migration ${TAG} (${copy ? "a copy" : usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("moves every lead of every kind, field by field", async () => {
    for (const [kind, { after }] of Object.entries(KINDS)) {
      const rows = canonical(await database.query(after));
      expect(rows.length, kind).toBe(countsBefore[kind]);
      expect(rows, kind).toEqual(before[kind]);
    }
    // Every kind is represented, and nothing else is in leads.
    expect(Object.values(KINDS).every((_, i) => countsBefore[Object.keys(KINDS)[i]!]! > 0)).toBe(true);
    const [{ total }] = (await database.query("select count(*)::int as total from leads")) as [{ total: number }];
    expect(total).toBe(Object.keys(KINDS).reduce((a, k) => a + countsBefore[k]!, 0));
  }, 300_000);

  it("keeps notes, meetings, chats, messages, orders, consents and the audit log, each on its lead", async () => {
    for (const [what, { after }] of Object.entries(OWNED)) {
      const rows = canonical(await database.query(after));
      expect(rows.length, what).toBe(countsBefore[what]);
      expect(rows, what).toEqual(before[what]);
    }
    if (!copy) expect(countsBefore.notes).toBeGreaterThan(0);
    expect(countsBefore.auditLog).toBeGreaterThan(0);
  }, 300_000);

  it("goes on numbering each form's leads where its table's ids were", async () => {
    for (const [kind, sequence] of [
      ["contatos", "contact_numbers"],
      ["consultas", "consultation_numbers"],
      ["questionarios", "questionnaire_numbers"],
      ["candidaturas", "application_numbers"],
    ] as const) {
      const [{ n }] = (await database.query(`select nextval('${sequence}')::int as n`)) as [{ n: number }];
      expect(n, kind).toBe(nextNumbersBefore[kind]);
    }
  });

  it("leaves none of the old lead tables", async () => {
    const rows = await database.query(
      "select table_name from information_schema.tables where table_schema = 'public' and table_name in ('contacts', 'consultations', 'business_optimizations', 'career_applications', 'career_application_cvs', 'lead_pipeline')",
    );
    expect(rows).toEqual([]);
  });
});
