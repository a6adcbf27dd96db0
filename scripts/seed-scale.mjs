#!/usr/bin/env node
// `npm run seed:scale -- --tier 1|2 [--reset]`: fills the PostgreSQL database of DATABASE_URL with
// the data of a busy consultancy after three years (tier 1) or ten times that (tier 2), to measure
// the admin at scale (bench/scale.mjs, docs/decisions/0112). Creates the database if it is
// missing and applies the migrations. Every table is filled by one set-based statement
// (generate_series), never row by row: tier 1 takes about a minute, tier 2 a few.
// Only for a scratch database: --reset empties every table it fills first.
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const arg = (name) => {
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const tier = Number(arg("tier") ?? "1");
const reset = args.includes("--reset");
const rollupsOnly = args.includes("--rollups-only");
const databaseUrl = arg("database-url") ?? process.env.DATABASE_URL;
if (![1, 2].includes(tier) || !databaseUrl) {
  console.error("Uso: DATABASE_URL=postgres://… npm run seed:scale -- --tier 1|2 [--reset]");
  process.exit(2);
}

/** Tier 1 (a busy consultancy after three years); tier 2 multiplies every count by ten. */
const k = tier === 1 ? 1 : 10;
const N = {
  categories: 30 * k,
  posts: 2_000 * k,
  contacts: 8_000 * k,
  consultations: 6_000 * k,
  optimizations: 2_000 * k,
  careers: 2_000 * k,
  chats: 2_000 * k,
  chatMessages: 4,
  bookings: 5_000 * k,
  orders: 2_000 * k,
  spam: 2_000 * k,
  audit: 20_000 * k,
  newsletter: 5_000 * k,
  views: 1_000_000 * k,
  viewDays: 30,
  historyDays: 3 * 365,
  /** Distinct paths other than posts (pages, junk, query variants): the long tail. */
  extraPaths: 2_000 * k,
};

async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!rowCount) {
    await admin.query(`create database "${name.replace(/"/g, '""')}"`);
    console.log(`banco ${name} criado`);
  }
  await admin.end();
}

const started = Date.now();
const step = async (client, label, statement) => {
  const t = Date.now();
  const result = await client.query(statement);
  console.log(`${label.padEnd(28)} ${String(result.rowCount ?? "").padStart(9)} linhas  ${((Date.now() - t) / 1000).toFixed(1)} s`);
};

await ensureDatabase();
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
{
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  await migrate(drizzle(client), { migrationsFolder: path.join(ROOT, "app/db/migrations") });
}

/**
 * A site that ran for years has every finished day rolled up (app/domain/analytics/rollups.server.ts
 * closes each one as it ends): the same SQL functions, one day at a time, then today's running totals.
 */
async function rollUp() {
  const days = (
    await client.query(`select distinct day::text as day from page_views
      where day <= ((now() at time zone 'America/Sao_Paulo') - interval '10 minutes')::date - 1
        and not exists (select 1 from analytics_daily a where a.day = page_views.day and a.dimension = 'final') order by 1`)
  ).rows.map((r) => r.day);
  const t = Date.now();
  await client.query("set work_mem = '64MB'");
  // 200: TOP_KEYS_PER_DAY of app/domain/analytics/rollups.server.ts.
  for (const day of days) await client.query("select analytics_roll_up_day($1::date, 200, true)", [day]);
  console.log(`${"dias fechados".padEnd(28)} ${String(days.length).padStart(9)} dias    ${((Date.now() - t) / 1000).toFixed(1)} s`);
  // As migration 0016 does: every row written so far counts as read, and the days still open are
  // rebuilt exactly from them; the running totals go on from the last id. (The generator's ids do not
  // follow the days, so reading from id 0 would run through all the closed days' rows.)
  for (const [name, table] of [
    ["views", "page_views"],
    ["events", "analytics_events"],
  ])
    await client.query(`update analytics_progress set last_id = (select coalesce(max(id), 0) from ${table}) where name = $1`, [name]);
  const today = "((now() at time zone 'America/Sao_Paulo')::date)";
  await step(
    client,
    "hoje exato",
    `select analytics_roll_up_day(d::date, 200, false) from generate_series(${today} - 1, ${today}, interval '1 day') d
      where not exists (select 1 from analytics_daily a where a.day = d::date and a.dimension = 'final')`,
  );
}
if (rollupsOnly) {
  await rollUp();
  await client.end();
  process.exit(0);
}

const TABLES = [
  "lead_notes",
  "lead_files",
  "contact_answers",
  "consultation_answers",
  "questionnaire_answers",
  "application_answers",
  "chat_messages",
  "booking_access_tokens",
  "bookings",
  "chat_sessions",
  "leads",
  "orders",
  "spam_submissions",
  "audit_log",
  "newsletter_subscribers",
  "page_views",
  "analytics_events",
  "analytics_daily",
  "analytics_seen",
  "blog_post_revisions",
  "blog_post_search",
  "blog_posts",
  "blog_categories",
];
const { rows: filled } = await client.query(
  "select (select count(*) from blog_posts)::int as posts, (select count(*) from leads)::int as leads",
);
if ((filled[0].posts > 0 || filled[0].leads > 0) && !reset) {
  console.error("O banco já tem dados: use --reset para esvaziar as tabelas que este gerador preenche.");
  process.exit(1);
}
if (reset) {
  await client.query(`truncate ${TABLES.join(", ")} restart identity cascade`);
  // The forms' numbers are sequences of their own (docs/decisions/0140), owned by no table.
  for (const sequence of ["contact_numbers", "consultation_numbers", "questionnaire_numbers", "application_numbers"])
    await client.query(`alter sequence ${sequence} restart`);
  // The running totals start again with the ids (app/domain/analytics/rollups.server.ts).
  await client.query("update analytics_progress set last_id = 0");
}
await client.query("set synchronous_commit = off");

// A fixed seed: two runs of a tier write the same data (random() after setseed is deterministic).
await client.query("select setseed(0.42)");

const days = (n) => `(now() - random() * interval '${n} days')`;
const ATTRIBUTION = `
  (array['/', '/produtos', '/agentes', '/blog', '/sobre', '/formulario'])[1 + floor(random() * 6)::int],
  (array[null, 'www.google.com', 'www.linkedin.com', 'www.bing.com', null])[1 + floor(random() * 5)::int],
  (array[null, null, null, 'google', 'linkedin', 'newsletter'])[1 + floor(random() * 6)::int],
  (array[null, null, 'cpc', 'email', 'social'])[1 + floor(random() * 5)::int],
  (array[null, null, null, 'black-friday', 'webinar-ia'])[1 + floor(random() * 5)::int],
  random() < 0.7`;
const ATTRIBUTION_COLUMNS = "landing_path, referrer_host, utm_source, utm_medium, utm_campaign, visit_counted";

// About 5 kB of HTML per post: a few paragraphs that differ per post, so search has real work.
await step(
  client,
  "categorias",
  `insert into blog_categories (name, slug, description, created_at)
   select 'Categoria ' || i, 'categoria-' || i, 'Artigos sobre o tema ' || i, now() - interval '3 years'
     from generate_series(1, ${N.categories}) i`,
);
await step(
  client,
  "posts",
  `insert into blog_posts (title, slug, category_id, summary, content, published, published_at, created_at, updated_at)
   select 'Como a IA muda o processo ' || i || ' das empresas',
          'ia-processo-' || i,
          1 + (i % ${N.categories}),
          'Resumo do artigo ' || i || ': automação, dados e agentes na prática.',
          repeat('<p>Artigo ' || i || ': agentes de IA, automação de processos e dados bem organizados reduzem custos. ' ||
                 md5(i::text) || ' Um texto de exemplo para encher a página com algo parecido com um artigo de verdade.</p>', 24),
          true, t, t, t
     from (select i, now() - (i::float / ${N.posts}) * interval '3 years' - interval '1 hour' as t
             from generate_series(1, ${N.posts}) i) s`,
);

const LEAD_TIME = days(3 * 365);
// Each lead is a row of leads and its form's answers (docs/decisions/0135): one statement per form,
// the lead first, its answers from what it returned.
const LEAD_COLUMNS = `kind, number, name, company, email, phone, ${ATTRIBUTION_COLUMNS}, verified, stage, created_at`;
await step(
  client,
  "contatos",
  `with l as (
     insert into leads (${LEAD_COLUMNS})
     select 'contatos', i, 'Contato ' || i, 'Empresa ' || (i % 997), 'contato' || i || '@empresa' || (i % 997) || '.com.br',
            '(11) 9' || lpad((i % 100000000)::text, 8, '0'), ${ATTRIBUTION}, random() < 0.9, 'novo', ${LEAD_TIME}
       from generate_series(1, ${N.contacts}) i
     returning id, number)
   insert into contact_answers (lead_id, message)
   select id, 'Gostaria de saber mais sobre agentes de IA para o nosso time. Pedido ' || number from l`,
);
await step(
  client,
  "consultorias",
  `with l as (
     insert into leads (${LEAD_COLUMNS})
     select 'consultas', i, 'Pessoa ' || i, 'Cliente ' || (i % 991), 'consulta' || i || '@cliente' || (i % 991) || '.com.br',
            '(21) 9' || lpad((i % 100000000)::text, 8, '0'), ${ATTRIBUTION}, random() < 0.9,
            (array['novo', 'em-contato'])[1 + floor(random() * 2)::int], ${LEAD_TIME}
       from generate_series(1, ${N.consultations}) i
     returning id, number)
   insert into consultation_answers (lead_id, industry_area, source)
   select id, (array['Varejo', 'Saúde', 'Indústria', 'Finanças'])[1 + number % 4], 'hero' from l`,
);
await step(
  client,
  "questionários",
  `with l as (
     insert into leads (${LEAD_COLUMNS})
     select 'questionarios', i, 'Gestor ' || i, 'Empresa Q' || i, 'questionario' || i || '@empresa.com.br',
            '(31) 9' || lpad((i % 100000000)::text, 8, '0'), ${ATTRIBUTION}, random() < 0.9, 'novo', ${LEAD_TIME}
       from generate_series(1, ${N.optimizations}) i
     returning id)
   insert into questionnaire_answers (lead_id, position, industry_area, company_size, key_processes, current_challenges,
          short_term_goals, budget, timeline)
   select id, 'Diretor', 'Logística', '51-200', repeat('Processo de atendimento, faturamento e estoque. ', 6),
          repeat('Retrabalho manual e planilhas. ', 6), 'Automatizar o atendimento', 'R$ 50-100 mil', '3 meses' from l`,
);
await step(
  client,
  "candidaturas",
  `with l as (
     insert into leads (${LEAD_COLUMNS})
     select 'candidaturas', i, 'Candidata ' || i, null, 'candidata' || i || '@email.com', '(41) 9' || lpad((i % 100000000)::text, 8, '0'),
            ${ATTRIBUTION}, random() < 0.9, 'recebida', ${LEAD_TIME}
       from generate_series(1, ${N.careers}) i
     returning id)
   insert into application_answers (lead_id, position, experience, motivation)
   select id, 'Engenheira de IA', repeat('Cinco anos com dados e modelos. ', 5), repeat('Quero construir agentes úteis. ', 5) from l`,
);
for (const [sequence, n] of [
  ["contact_numbers", N.contacts],
  ["consultation_numbers", N.consultations],
  ["questionnaire_numbers", N.optimizations],
  ["application_numbers", N.careers],
])
  await client.query(`select setval('${sequence}', ${n})`);
await step(
  client,
  "conversas",
  `insert into chat_sessions (session_id, email, phone, company, offline, ${ATTRIBUTION_COLUMNS}, verified, created_at, updated_at)
   select 'sessao-' || i, case when i % 3 = 0 then 'chat' || i || '@empresa.com.br' end, null, case when i % 3 = 0 then 'Empresa C' || i end,
          i % 5 = 0, ${ATTRIBUTION}, random() < 0.9, t, t
     from (select i, ${LEAD_TIME} as t from generate_series(1, ${N.chats}) i) s`,
);
// A conversation with a contact is a lead, numbered by its session (docs/decisions/0140).
await step(
  client,
  "conversas com contato",
  `with l as (
     insert into leads (${LEAD_COLUMNS})
     select 'conversas', s.id, null, s.company, s.email, s.phone, s.landing_path, s.referrer_host, s.utm_source, s.utm_medium, s.utm_campaign,
            s.visit_counted, s.verified, 'novo', s.created_at
       from chat_sessions s where s.email is not null
     returning id, number)
   update chat_sessions s set lead_id = l.id from l where s.id = l.number`,
);
await step(
  client,
  "mensagens",
  `insert into chat_messages (chat_session_id, role, content, created_at)
   select s.id, case when m % 2 = 1 then 'user' else 'assistant' end,
          case when m % 2 = 1 then 'Vocês fazem agentes para atendimento? Pergunta ' || m else 'Sim! Podemos conversar sobre o seu caso. Resposta ' || m end,
          s.created_at + m * interval '20 seconds'
     from chat_sessions s, generate_series(1, ${N.chatMessages}) m`,
);
// Meetings 45 minutes apart (30 minutes each): no two overlap, as the exclusion constraint demands.
await step(
  client,
  "reuniões",
  `with l as (
     insert into leads (kind, number, name, company, email, phone, landing_path, stage, created_at)
     select 'reunioes', i, 'Reunião ' || i, 'Empresa R' || (i % 500), 'reuniao' || i || '@empresa.com.br', '(51) 9' || lpad(i::text, 8, '0'),
            (array['/', '/agendar'])[1 + i % 2], 'novo', date_trunc('hour', now()) - interval '${Math.round(N.bookings * 0.9 * 0.75)} hours' + i * interval '45 minutes' - interval '3 days'
       from generate_series(1, ${N.bookings}) i
     returning id, number)
   insert into bookings (id, lead_id, uid, status, starts_at, ends_at, occupied, name, email, phone, company, message, place_kind,
          ${ATTRIBUTION_COLUMNS.replace(", visit_counted", "")}, cancelled_at, cancelled_by, created_at, updated_at)
   select i, l.id, 'escala-' || i || '@agile', case when i % 10 = 0 then 'cancelled' else 'confirmed' end, s, s + interval '30 minutes',
          tstzrange(s, s + interval '30 minutes', '[)'), 'Reunião ' || i, 'reuniao' || i || '@empresa.com.br', '(51) 9' || lpad(i::text, 8, '0'),
          'Empresa R' || (i % 500), 'Quero falar sobre automação.', 'link-later',
          (array['/', '/agendar'])[1 + i % 2], null, null, null, null,
          case when i % 10 = 0 then s - interval '1 day' end, case when i % 10 = 0 then 'visitor' end,
          s - interval '3 days', s - interval '3 days'
     from (select i, date_trunc('hour', now()) - interval '${Math.round(N.bookings * 0.9 * 0.75)} hours' + i * interval '45 minutes' as s
             from generate_series(1, ${N.bookings}) i) b join l on l.number = b.i`,
);
// A meeting of someone new is a lead of its own, numbered by the booking's id (docs/decisions/0140).
await client.query(`select setval(pg_get_serial_sequence('bookings', 'id'), ${N.bookings})`);
await step(
  client,
  "pedidos",
  `insert into orders (kind, item_id, item_name, amount_cents, status, provider, checkout_session_id, customer_email, customer_name,
          ${ATTRIBUTION_COLUMNS.replace(", visit_counted", "")}, created_at, updated_at, paid_at)
   select case when i % 3 = 0 then 'plan' else 'product' end,
          (array['chatbot', 'consultoria-8-horas', 'treinamento-equipe', 'plano-essencial'])[1 + i % 4],
          (array['Chatbot', 'Consultoria de 8 horas', 'Treinamento de equipe', 'Plano Essencial'])[1 + i % 4],
          (array[490000, 320000, 780000, 99000])[1 + i % 4],
          case when i % 7 = 0 then 'pending' when i % 11 = 0 then 'failed' else 'paid' end, 'demo', 'demo_escala_' || i,
          'cliente' || i || '@empresa.com.br', 'Cliente ' || i, '/produtos', null, null, null, null, t, t,
          case when i % 7 <> 0 and i % 11 <> 0 then t end
     from (select i, ${LEAD_TIME} as t from generate_series(1, ${N.orders}) i) s`,
);
await step(
  client,
  "spam",
  `insert into spam_submissions (form, email, data, reasons, ip, user_agent, created_at)
   select (array['contato', 'consultoria', 'questionario'])[1 + i % 3], 'spam' || i || '@spam.example',
          jsonb_build_object('name', 'Spam ' || i, 'email', 'spam' || i || '@spam.example', 'message', repeat('compre agora ', 10)),
          '["honeypot"]'::jsonb, '203.0.113.' || (i % 250), 'curl/8', now() - random() * interval '30 days'
     from generate_series(1, ${N.spam}) i`,
);
await step(
  client,
  "auditoria",
  `insert into audit_log (actor, action, target, details, ip, created_at)
   select 'admin', (array['blog.post.update', 'lead.stage', 'login', 'lead.note'])[1 + i % 4], 'post:' || (i % 1000),
          jsonb_build_object('campo', 'titulo'), '198.51.100.7', now() - (i::float / ${N.audit}) * interval '3 years'
     from generate_series(1, ${N.audit}) i`,
);
await step(
  client,
  "newsletter",
  `insert into newsletter_subscribers (email, status, source, consented_at, unsubscribe_token, created_at, updated_at)
   select 'leitor' || i || '@empresa.com.br', 'active', 'rodape', t, md5('escala' || i), t, t
     from (select i, ${LEAD_TIME} as t from generate_series(1, ${N.newsletter}) i) s`,
);

// Page views of the last 30 days, today included (up to now): posts and a long tail of other
// paths, a few hundred thousand visitors a month, about a third of views starting a visit.
const visitorsPerDay = Math.round(N.views / N.viewDays / 3);
await step(
  client,
  "visualizações",
  `insert into page_views (created_at, day, path, entry, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor_hash)
   select t, (t at time zone 'America/Sao_Paulo')::date,
          case when r < 0.45 then (array['/', '/produtos', '/agentes', '/blog', '/sobre', '/formulario', '/agendar', '/carreiras'])[1 + floor(random() * 8)::int]
               when r < 0.85 then '/blog/ia-processo-' || (1 + floor(power(random(), 3) * ${N.posts})::int)
               else '/pagina-' || (1 + floor(random() * ${N.extraPaths})::int) end,
          e, case when e and random() < 0.5 then (array['www.google.com', 'www.linkedin.com', 'www.bing.com', 't.co'])[1 + floor(random() * 4)::int] end,
          case when e and random() < 0.1 then 'google' end, case when e and random() < 0.1 then 'cpc' end,
          case when e and random() < 0.05 then 'webinar-ia' end,
          (array['mobile', 'desktop', 'desktop', 'tablet'])[1 + floor(random() * 4)::int],
          md5(((t at time zone 'America/Sao_Paulo')::date)::text || ':' || floor(random() * ${visitorsPerDay}))
     from (select now() - (i::float / ${N.views}) * interval '${N.viewDays} days' as t, random() as r, random() < 0.35 as e
             from generate_series(1, ${N.views}) i) v`,
);
await step(
  client,
  "eventos",
  `insert into analytics_events (created_at, day, kind, form, path, visitor_hash)
   select t, (t at time zone 'America/Sao_Paulo')::date, case when i % 3 = 0 then 'form' else 'widget' end,
          case when i % 3 = 0 then 'contato' end, '/', md5(i::text)
     from (select i, now() - (i::float / ${N.views / 20}) * interval '${N.viewDays} days' as t from generate_series(1, ${N.views / 20}) i) s`,
);
// Three years of daily rollups before the raw rows (those were deleted by retention long ago):
// the totals and the dimensions Análises reads, with a bounded number of pages per day.
const history = `from generate_series(${N.viewDays + 1}, ${N.historyDays}) d,
     lateral (select ((now() at time zone 'America/Sao_Paulo')::date - d) as day, ${Math.round(N.views / N.viewDays)} * (0.5 + random()) as v) x`;
await step(
  client,
  "resumos diários (3 anos)",
  `insert into analytics_daily (day, dimension, key, views, visits, visitors)
   select day, 'total', '', v::int, (v * 0.35)::int, (v / 3)::int ${history}
   union all
   select day, 'source', s, (v * 0.1)::int, (v * 0.1)::int, (v * 0.08)::int ${history},
          unnest(array['', 'www.google.com', 'www.linkedin.com']) s
   union all
   select day, 'referrer', s, (v * 0.1)::int, (v * 0.1)::int, (v * 0.08)::int ${history},
          unnest(array['www.google.com', 'www.linkedin.com']) s
   union all
   select day, 'device', s, (v * 0.3)::int, (v * 0.1)::int, (v * 0.1)::int ${history},
          unnest(array['mobile', 'desktop', 'tablet']) s
   union all
   select day, 'event', s, (v * 0.02)::int, 0, (v * 0.02)::int ${history}, unnest(array['widget', 'form']) s
   union all
   select day, 'page', '/blog/ia-processo-' || p, (v / (p + 5))::int, (v / (p + 5) / 3)::int, (v / (p + 5) / 3)::int ${history},
          generate_series(1, ${100 * k}) p`,
);
await rollUp();
await step(client, "analyze", "analyze");
await client.end();
console.log(`camada ${tier} pronta em ${((Date.now() - started) / 1000).toFixed(0)} s`);
