#!/usr/bin/env node
// `npm run bench:lead-shape -- --tier 2 --database-url postgres://…/scale_t2`: measures the two
// shapes issue 49 weighs for one lead aggregate (docs/decisions/0135), on the leads of a database
// filled by `npm run seed:scale`. It copies that database (CREATE DATABASE … TEMPLATE: nothing
// may be connected to it meanwhile) into a scratch one (`--scratch`, default `<name>_shape`,
// replaced if it exists, dropped at the end unless `--keep`) and builds there, with plain SQL from
// the existing rows:
//   typed  shape_typed.leads (the columns every lead has) + one answers_<kind> table per form,
//          joined 1:1 by lead_id;
//   jsonb  shape_jsonb.leads (the same columns) + `answers jsonb`, checked per kind;
// each with the indexes the inbox's views need, then VACUUM (ANALYZE). It then times the views of
// bench/inbox.mjs as the inbox runs them (the counting pass by stage, then the page of 25) as
// single-table queries on each shape, plus the count alone and one lead's detail read, and, as
// the baseline on the same data, the app's own listInbox on the current tables (the union, through
// app/domain/pipeline.server.ts; `--no-current` skips it). One warm-up, then `--runs` (default 20)
// rounds, the shapes taking turns; median and 95th percentile (nearest rank) in ms, the fewest rows
// a run returned, build times and sizes (pg_total_relation_size). `--explain` writes each query's
// EXPLAIN (ANALYZE, BUFFERS) to .tmp/. Prints a Markdown table; JSON to .tmp/bench-lead-shape-*.json.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { tsImport } from "tsx/esm/api";
import { median, ROOT } from "./lib/util.mjs";

const { values: opts } = parseArgs({
  options: {
    ...["tier", "database-url", "scratch", "runs", "only"].reduce((o, name) => ({ ...o, [name]: { type: "string" } }), {}),
    keep: { type: "boolean" },
    explain: { type: "boolean" },
    "no-current": { type: "boolean" },
  },
});
const { tier = "?", "database-url": databaseUrl = process.env.DATABASE_URL, runs: runsText = "20" } = opts;
const runs = Number(runsText);
const only = opts.only?.split(",");
if (!databaseUrl || !(runs > 0)) {
  console.error(
    "Uso: npm run bench:lead-shape -- --tier 2 --database-url postgres://…/scale_t2 [--runs 20] [--only nome,detalhe] [--scratch nome] [--keep] [--explain] [--no-current]",
  );
  process.exit(2);
}

// The app's own vocabulary, so the shapes hold what the inbox shows: the name words (decision
// 0132), the stages and a consultation's status as its stage (decision 0088).
const { nameWords, nameWordsSql } = await tsImport("../app/lib/name-words.ts", import.meta.url);
const { OPEN_STAGES, STAGE_OF_CONSULTATION_STATUS, brasiliaDay, firstStage } = await tsImport("../app/lib/pipeline.ts", import.meta.url);

const sourceUrl = new URL(databaseUrl);
const sourceName = decodeURIComponent(sourceUrl.pathname.slice(1));
const scratchName = opts.scratch ?? `${sourceName}_shape`;
const scratchUrl = new URL(databaseUrl);
scratchUrl.pathname = `/${encodeURIComponent(scratchName)}`;
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = "/postgres";
const ident = (name) => `"${name.replace(/"/g, '""')}"`;
const seconds = (t) => Math.round((performance.now() - t) / 100) / 10;

// ---------------------------------------------------------------- the copy
{
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${ident(scratchName)}`);
  const t = performance.now();
  await admin.query(`create database ${ident(scratchName)} template ${ident(sourceName)}`);
  console.error(`cópia ${scratchName} de ${sourceName}: ${seconds(t)} s`);
  await admin.end();
}
const client = new pg.Client({ connectionString: scratchUrl.toString() });
await client.connect();
const dropScratch = async () => {
  await client.end().catch(() => {});
  if (opts.keep) return;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${ident(scratchName)} with (force)`);
  await admin.end();
};

// ---------------------------------------------------------------- where each lead comes from
const consultationStage = `case x.status ${Object.entries(STAGE_OF_CONSULTATION_STATUS)
  .map(([status, stage]) => `when '${status}' then '${stage}'`)
  .join(" ")} else 'novo' end`;
/**
 * Each kind of the inbox (app/domain/pipeline.server.ts, LEADS): its table, which rows are leads,
 * its pipeline reference, the common columns, and the form's own answers (column: [type, source]).
 * A conversation's messages and a meeting's time and place stay in chat_sessions and bookings,
 * which would refer to their lead: those two kinds have no answers of their own.
 */
const KINDS = [
  {
    kind: "contatos",
    table: "contacts",
    ref: "contact_id",
    common: { name: "x.name", company: "x.company", stage: "coalesce(p.stage, 'novo')" },
    answers: { message: ["text not null", "x.message"] },
  },
  {
    kind: "consultas",
    table: "consultations",
    ref: "consultation_id",
    common: { name: "x.name", company: "x.company", stage: consultationStage },
    answers: { industry_area: ["text not null", "x.industry_area"], button: ["text", "x.source"] },
  },
  {
    kind: "conversas",
    table: "chat_sessions",
    where: "x.email is not null",
    ref: "chat_session_id",
    common: { name: "null", company: "x.company", stage: "coalesce(p.stage, 'novo')", updated_at: "x.updated_at" },
    answers: null,
  },
  {
    kind: "questionarios",
    table: "business_optimizations",
    ref: "business_optimization_id",
    common: { name: "x.contact_name", company: "x.company_name", stage: "coalesce(p.stage, 'novo')" },
    answers: Object.fromEntries(
      [
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
      ].map((c) => [c, ["text", `x.${c}`]]),
    ),
  },
  {
    kind: "candidaturas",
    table: "career_applications",
    ref: "career_application_id",
    common: { name: "x.name", company: "null", stage: `coalesce(p.stage, '${firstStage("candidaturas")}')` },
    answers: {
      position: ["text not null", "x.position"],
      experience: ["text not null", "x.experience"],
      motivation: ["text not null", "x.motivation"],
      linkedin_url: ["text", "x.linkedin_url"],
      portfolio_url: ["text", "x.portfolio_url"],
    },
  },
  {
    kind: "reunioes",
    table: "bookings",
    where: "x.consultation_id is null and x.chat_session_id is null",
    ref: "booking_id",
    common: {
      name: "x.name",
      company: "x.company",
      stage: "coalesce(p.stage, 'novo')",
      visit_counted: "null",
      verified: "null",
      updated_at: "x.updated_at",
    },
    answers: null,
  },
];
const FORMS = KINDS.filter((k) => k.answers);
const answersOf = (k) => Object.entries(k.answers ?? {});
const required = (k) => answersOf(k).filter(([, [type]]) => type.includes("not null"));

const COMMON = [
  "kind text not null",
  "name text",
  "email text",
  "phone text",
  "company text",
  "stage text not null",
  "follow_up_on date",
  "landing_path text",
  "referrer_host text",
  "utm_source text",
  "utm_medium text",
  "utm_campaign text",
  "visit_counted boolean",
  "verified boolean",
  "created_at timestamptz not null default now()",
  "updated_at timestamptz not null default now()",
];
const COMMON_NAMES = ["id", ...COMMON.map((c) => c.split(" ")[0])];
/** One branch per kind, for building only: the inbox itself never reads a union. */
const branch = (k, withAnswers) => {
  const c = { visit_counted: "x.visit_counted", verified: "x.verified", updated_at: "x.created_at", ...k.common };
  const answers = withAnswers
    ? `, jsonb_strip_nulls(jsonb_build_object(${answersOf(k)
        .map(([name, [, source]]) => `'${name}', ${source}`)
        .join(", ")})) as answers`
    : "";
  return `select '${k.kind}' as kind, x.id as old_id, ${c.name} as name, x.email, x.phone, ${c.company} as company, ${c.stage} as stage,
            p.follow_up_on, x.landing_path, x.referrer_host, x.utm_source, x.utm_medium, x.utm_campaign, ${c.visit_counted} as visit_counted,
            ${c.verified} as verified, x.created_at, ${c.updated_at} as updated_at${answers}
       from ${k.table} x left join lead_pipeline p on p.${k.ref} = x.id${k.where ? ` where ${k.where}` : ""}`;
};
const ORIGIN = "coalesce(utm_source, referrer_host, '')";
/** The indexes of the inbox's views, the same on both shapes. */
const INDEXES = [
  "leads_created_idx on %s (created_at desc, id desc)",
  "leads_email_idx on %s (lower(email))",
  `leads_name_words_idx on %s using gin (${nameWordsSql("name")})`,
  "leads_stage_idx on %s (stage, created_at desc, id desc)",
  "leads_kind_idx on %s (kind, created_at desc, id desc)",
  `leads_origin_idx on %s ((${ORIGIN}), created_at desc, id desc)`,
  "leads_follow_up_idx on %s (follow_up_on, created_at, id) where follow_up_on is not null",
];

// ---------------------------------------------------------------- building the two shapes
const build = {};
{
  const t = performance.now();
  await client.query("set maintenance_work_mem = '256MB'");
  // Lead ids in the order the leads arrived, the same in both shapes.
  await client.query(`create table shape_map as
    select (row_number() over (order by created_at, kind, old_id))::int as lead_id, kind, old_id
      from (${KINDS.map((k) => `select '${k.kind}' as kind, x.id as old_id, x.created_at from ${k.table} x${k.where ? ` where ${k.where}` : ""}`).join(" union all ")}) s`);
  await client.query("create unique index on shape_map (kind, old_id); create unique index on shape_map (lead_id)");
  await client.query("analyze shape_map");
  build.mapS = seconds(t);
}
const kindCheck = `check (kind in (${KINDS.map((k) => `'${k.kind}'`).join(", ")}))`;
const answersCheck = `check (jsonb_typeof(answers) = 'object' and case kind ${FORMS.map(
  (k) =>
    `when '${k.kind}' then ${required(k).length ? `answers ?& array[${required(k).map(([n]) => `'${n}'`)}]` : "true"} and ${answersOf(k)
      .map(([n]) => `coalesce(jsonb_typeof(answers -> '${n}') = 'string', true)`)
      .join(" and ")}`,
).join(" ")} else answers = '{}' end)`;

for (const shape of ["typed", "jsonb"]) {
  const s = `shape_${shape}`;
  const t = performance.now();
  const jsonb = shape === "jsonb";
  await client.query(`create schema ${s}`);
  await client.query(`create table ${s}.leads (
      id integer primary key generated by default as identity, ${COMMON.join(", ")}${jsonb ? `, answers jsonb not null default '{}' ${answersCheck}` : ""},
      ${kindCheck})`);
  await client.query(`insert into ${s}.leads (${COMMON_NAMES.join(", ")}${jsonb ? ", answers" : ""})
    select m.lead_id, ${COMMON_NAMES.slice(1)
      .map((n) => `u.${n}`)
      .join(", ")}${jsonb ? ", u.answers" : ""}
      from (${KINDS.map((k) => branch(k, jsonb)).join(" union all ")}) u
      join shape_map m on m.kind = u.kind and m.old_id = u.old_id
     order by m.lead_id`);
  if (!jsonb)
    for (const k of FORMS) {
      await client.query(`create table ${s}.answers_${k.kind} (
          lead_id integer primary key references ${s}.leads (id) on delete cascade,
          ${answersOf(k)
            .map(([name, [type]]) => `${name} ${type}`)
            .join(", ")})`);
      await client.query(`insert into ${s}.answers_${k.kind}
        select m.lead_id, ${answersOf(k)
          .map(([, [, source]]) => source)
          .join(", ")}
          from ${k.table} x join shape_map m on m.kind = '${k.kind}' and m.old_id = x.id
         order by m.lead_id`);
    }
  await client.query(`select setval(pg_get_serial_sequence('${s}.leads', 'id'), (select max(id) from ${s}.leads))`);
  const loaded = performance.now();
  for (const index of INDEXES) await client.query(`create index ${index.replace("%s", `${s}.leads`)}`);
  const indexed = performance.now();
  await client.query(`vacuum (analyze) ${s}.leads`);
  if (!jsonb) for (const k of FORMS) await client.query(`vacuum (analyze) ${s}.answers_${k.kind}`);
  build[shape] = {
    loadS: Math.round((loaded - t) / 100) / 10,
    indexS: Math.round((indexed - loaded) / 100) / 10,
    vacuumS: seconds(indexed),
  };
  console.error(`${shape}: ${JSON.stringify(build[shape])}`);
}
const { rows: counted } = await client.query("select kind, count(*)::int as n from shape_typed.leads group by kind order by kind");
const leadCount = counted.reduce((a, r) => a + r.n, 0);
console.error(`leads: ${counted.map((r) => `${r.kind} ${r.n}`).join(", ")}`);

// ---------------------------------------------------------------- the views, as single-table queries
const PAGE_SIZE = 25;
const today = brasiliaDay();
/** The inbox's filters (app/domain/pipeline.server.ts, whereOf) on one table; `skipStage` for the counting pass. */
function where(filters, values, skipStage = false) {
  const p = (v) => `$${values.push(v)}`;
  const c = ["true"];
  if (filters.tipo) c.push(`kind = ${p(filters.tipo)}`);
  if (!skipStage && filters.etapa === "abertos") c.push(`stage = any(${p(OPEN_STAGES)}::text[])`);
  else if (!skipStage && filters.etapa) c.push(`stage = ${p(filters.etapa)}`);
  if (filters.retorno) c.push(`follow_up_on <= ${p(today)}::date and stage = any(${p(OPEN_STAGES)}::text[])`);
  if (filters.origem) c.push(`${ORIGIN} = ${p(filters.origem)}`);
  if (filters.q?.includes("@")) c.push(`lower(email) = ${p(filters.q.toLowerCase())}`);
  else if (filters.q) c.push(`${nameWordsSql("name")} @> ${p(nameWords(filters.q).slice(0, 10))}::text[]`);
  if (filters.after) c.push(`(created_at, id) < (${p(filters.after.createdAt)}::timestamptz, ${p(filters.after.id)}::int)`);
  return c.join(" and ");
}
const LIST =
  "id, kind, name, email, company, created_at, stage, follow_up_on, landing_path, referrer_host, utm_source, utm_medium, utm_campaign";
/** The counting pass and the page of one inbox view on a shape, as the inbox sends them. */
function inboxQueries(shape, filters) {
  const s = `shape_${shape}`;
  const countValues = [];
  const count = {
    text: `select stage, count(*)::int as total from ${s}.leads where ${where(filters, countValues, true)} group by stage`,
    values: countValues,
  };
  const values = [];
  const order = filters.retorno ? "follow_up_on, created_at, id" : "created_at desc, id desc";
  const cond = where(filters, values);
  // A search reads its matches first, as the app does (decision 0132).
  const from = filters.q ? `(select * from ${s}.leads where ${cond} offset 0) l` : `${s}.leads l where ${cond}`;
  const offset = `offset $${values.push(filters.offset ?? 0)}`;
  // The list's detail column (a consultation's industry and button, an application's position).
  const text =
    shape === "jsonb"
      ? `select ${LIST}, case kind when 'consultas' then answers ->> 'industry_area' when 'candidaturas' then answers ->> 'position' end as detail,
                answers ->> 'button' as button
           from ${from} order by ${order} limit ${PAGE_SIZE} ${offset}`
      : `select l.*, coalesce(c.industry_area, a.position) as detail, c.button
           from (select ${LIST} from ${from} order by ${order} limit ${PAGE_SIZE} ${offset}) l
           left join ${s}.answers_consultas c on c.lead_id = l.id
           left join ${s}.answers_candidaturas a on a.lead_id = l.id
          order by ${order}`;
  return [count, { text, values }];
}
/** A questionnaire (the widest form) stored as a new lead, in one statement: the form's write. */
const QUESTIONNAIRE = FORMS.find((k) => k.kind === "questionarios");
function writeQuery(shape, row) {
  const common = ["kind", "name", "email", "phone", "company", "stage", "landing_path", "referrer_host", "utm_source", "verified"];
  const values = [
    "questionarios",
    row.contact_name,
    row.email,
    row.phone,
    row.company_name,
    "novo",
    row.landing_path,
    row.referrer_host,
    row.utm_source,
    true,
  ];
  const names = answersOf(QUESTIONNAIRE).map(([name]) => name);
  const answers = Object.fromEntries(names.filter((n) => row[n] !== null).map((n) => [n, row[n]]));
  const params = (from, n) => Array.from({ length: n }, (_, j) => `$${from + j}`).join(", ");
  if (shape === "jsonb")
    return [
      {
        text: `insert into shape_jsonb.leads (${common.join(", ")}, answers) values (${params(1, common.length + 1)}::jsonb) returning id`,
        values: [...values, JSON.stringify(answers)],
      },
    ];
  return [
    {
      text: `with l as (insert into shape_typed.leads (${common.join(", ")}) values (${params(1, common.length)}) returning id)
        insert into shape_typed.answers_questionarios (lead_id, ${names.join(", ")}) select id, ${params(common.length + 1, names.length)} from l`,
      values: [...values, ...names.map((n) => row[n])],
    },
  ];
}

/** One lead and all its answers; the page's address names its kind. */
function detailQuery(shape, lead) {
  if (shape === "jsonb") return [{ text: "select * from shape_jsonb.leads where id = $1", values: [lead.id] }];
  const answers = FORMS.some((k) => k.kind === lead.kind) ? `shape_typed.answers_${lead.kind}` : null;
  return [
    {
      text: answers
        ? `select l.*, to_jsonb(a) - 'lead_id' as answers from shape_typed.leads l left join ${answers} a on a.lead_id = l.id where l.id = $1`
        : "select l.*, '{}'::jsonb as answers from shape_typed.leads l where l.id = $1",
      values: [lead.id],
    },
  ];
}

// Inputs: people spread over every named kind and over their ids, one per run (and the warm-up),
// as bench/inbox.mjs picks them; a deep page per run from page 500; a lead of each form per run.
const NAMED = ["contatos", "consultas", "questionarios", "candidaturas", "reunioes"];
const pick = async (kind, i, extra = "") =>
  (
    await client.query(
      `select l.id, l.kind, l.name, l.email, l.created_at, m.old_id from shape_typed.leads l join shape_map m on m.lead_id = l.id
        where l.kind = $1 ${extra} order by l.id offset (select count(*) from shape_typed.leads where kind = $1) * $2::float limit 1`,
      [kind, ((i * 7919) % 1000) / 1000],
    )
  ).rows[0];
const people = [];
const leadsToRead = [];
for (let i = 0; i <= runs; i++) {
  people.push(await pick(NAMED[i % NAMED.length], i, "and l.name is not null and l.email is not null"));
  leadsToRead.push(await pick(FORMS[i % FORMS.length].kind, i));
}
const questionnaires = (
  await client.query(
    `select * from business_optimizations order by id limit ${runs + 1} offset (select count(*) / 2 from business_optimizations)`,
  )
).rows;
const pages = Math.ceil((await client.query("select count(*)::int as n from shape_typed.leads")).rows[0].n / PAGE_SIZE);
const deepPage = (i) => Math.max(1, Math.min(500 + i, pages - runs - 1));
const cursors = [];
for (let i = 0; i <= runs; i++) {
  // The last row of the page before: what a keyset link would carry.
  const { rows } = await client.query("select id, created_at from shape_typed.leads order by created_at desc, id desc offset $1 limit 1", [
    (deepPage(i) - 1) * PAGE_SIZE - 1,
  ]);
  cursors.push({ id: rows[0].id, createdAt: rows[0].created_at.toISOString() });
}

/** Each view: its name, the filters of run i for the inbox (and listInbox), or its own queries. */
const VIEWS = [
  ["padrão", () => ({})],
  ["busca por nome", (i) => ({ q: people[i].name })],
  ["busca por e-mail", (i) => ({ q: people[i].email })],
  ["etapa", () => ({ etapa: "em-contato" })],
  ["etapas abertas", () => ({ etapa: "abertos" })],
  ["tipo", () => ({ tipo: "candidaturas" })],
  ["origem", () => ({ origem: "google" })],
  ["retorno vencido", () => ({ retorno: "vencido" })],
  ["página funda (offset)", (i) => ({ page: deepPage(i), offset: (deepPage(i) - 1) * PAGE_SIZE })],
  ["página funda (keyset)", (i) => ({ page: deepPage(i), after: cursors[i] })],
  ["contagem por etapa", () => ({ countOnly: true })],
  ["detalhe de um lead", (i) => ({ detail: leadsToRead[i] })],
  // Last: it adds rows (one per run and shape) that the views above never see.
  ["gravar um questionário", (i) => ({ write: questionnaires[i % questionnaires.length] })],
];

// The baseline: the app's own inbox on the current tables of the same copy.
let current = null;
if (!opts["no-current"]) {
  const { openDatabase, db } = await tsImport("../app/db/client.server.ts", import.meta.url);
  const pipeline = await tsImport("../app/domain/pipeline.server.ts", import.meta.url);
  const t = performance.now();
  await openDatabase({
    databaseUrl: scratchUrl.toString(),
    dataDir: path.join(ROOT, ".tmp"),
    migrationsFolder: path.join(ROOT, "app/db/migrations"),
  });
  console.error(`app aberto no banco atual (índices online conferidos): ${seconds(t)} s`);
  const TABLE_OF = Object.fromEntries(KINDS.map((k) => [k.kind, k.table]));
  current = async (filters) => {
    if (filters.countOnly) return (await db().execute(pipeline.inboxCountsQuery({}))).rows.length;
    if (filters.detail) {
      const { kind, old_id: id } = filters.detail;
      const found = await pipeline.getPipelineLead(kind, id);
      await client.query(`select * from ${TABLE_OF[kind]} where id = $1`, [id]);
      return found ? 1 : 0;
    }
    if (filters.after || filters.write) return null; // the app has no keyset page; its write is the form's, not measured here
    const { page, offset: _offset, ...rest } = filters;
    return (await pipeline.listInbox({ ...rest, page })).rows.length;
  };
}

const queriesOf = (shape, filters) => {
  if (filters.detail) return detailQuery(shape, filters.detail);
  if (filters.write) return writeQuery(shape, filters.write);
  const queries = inboxQueries(shape, filters);
  return filters.countOnly ? queries.slice(0, 1) : queries;
};
async function once(shape, filters) {
  const t = performance.now();
  let rows = 0;
  if (shape === "current") {
    rows = await current(filters);
    if (rows === null) return null;
    return { ms: performance.now() - t, rows };
  }
  // The page alone (the last query), beside the whole view: what a keyset or a cached count would leave.
  let lastMs = 0;
  for (const q of queriesOf(shape, filters)) {
    const started = performance.now();
    rows = (await client.query(q)).rowCount;
    lastMs = performance.now() - started;
  }
  return { ms: performance.now() - t, lastMs, rows };
}

/** Nearest rank: with 20 runs, the 19th fastest. */
const p95 = (values) => values.toSorted((a, b) => a - b)[Math.ceil(0.95 * values.length) - 1];
const SHAPES = ["typed", "jsonb", ...(current ? ["current"] : [])];
const results = [];
const plans = [];
for (const [name, filtersOf] of VIEWS) {
  if (only && !only.some((o) => name.includes(o))) continue;
  for (const shape of SHAPES) await once(shape, filtersOf(0));
  const samples = Object.fromEntries(SHAPES.map((s) => [s, []]));
  for (let i = 1; i <= runs; i++) {
    // Each round in another order, so a busy moment of the host falls on every shape alike.
    const order = SHAPES.map((_, j) => SHAPES[(i + j) % SHAPES.length]);
    for (const shape of order) samples[shape].push(await once(shape, filtersOf(i)));
  }
  const row = { name, filters: filtersOf(1) };
  for (const shape of SHAPES) {
    if (samples[shape].some((s) => s === null)) continue;
    const ms = samples[shape].map((s) => s.ms);
    row[shape] = {
      medianMs: Math.round(median(ms) * 10) / 10,
      p95Ms: Math.round(p95(ms) * 10) / 10,
      minRows: Math.min(...samples[shape].map((s) => s.rows)),
      ...(shape === "current" ? {} : { lastQueryMedianMs: Math.round(median(samples[shape].map((s) => s.lastMs)) * 100) / 100 }),
    };
  }
  results.push(row);
  console.error(
    `${name}: ${SHAPES.filter((s) => row[s])
      .map((s) => `${s} ${row[s].medianMs} ms (p95 ${row[s].p95Ms}, ${row[s].minRows}+ linhas)`)
      .join(" · ")}`,
  );
  if (opts.explain && !filtersOf(1).write)
    for (const shape of ["typed", "jsonb"])
      for (const q of queriesOf(shape, filtersOf(1))) {
        const { rows } = await client.query({ text: `explain (analyze, buffers) ${q.text}`, values: q.values });
        plans.push(`-- ${name}, ${shape}\n${q.text}\n${JSON.stringify(q.values)}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
      }
}

// ---------------------------------------------------------------- storage
const size = async (tables) =>
  (
    await client.query(
      `select sum(pg_table_size(t))::bigint as heap, sum(pg_indexes_size(t))::bigint as indexes, sum(pg_total_relation_size(t))::bigint as total
         from unnest($1::regclass[]) t`,
      [tables],
    )
  ).rows[0];
const storage = {
  typed: await size(["shape_typed.leads", ...FORMS.map((k) => `shape_typed.answers_${k.kind}`)]),
  jsonb: await size(["shape_jsonb.leads"]),
  typedLeadsOnly: await size(["shape_typed.leads"]),
  currentForms: await size(FORMS.map((k) => k.table)),
};
await dropScratch();
if (current) {
  const { closeDatabase } = await tsImport("../app/db/client.server.ts", import.meta.url);
  await closeDatabase();
}

// ---------------------------------------------------------------- report
const mb = (bytes) => (Number(bytes) / 1024 / 1024).toFixed(1);
const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const cell = (r) => (r ? `${r.medianMs} / ${r.p95Ms} (${r.minRows})` : "–");
console.log(`\n### Forma do lead, camada ${tier}: ${leadCount} leads de ${sourceName}, ${runs} execuções, carga ${load}\n`);
console.log(`mediana / p95 em ms (linhas mín.); cada visão da caixa = contagem por etapa + página de ${PAGE_SIZE}\n`);
console.log(`| visão | tipadas (1:1) | jsonb |${current ? " atual (listInbox, união) |" : ""}`);
console.log(`| --- | ---: | ---: |${current ? " ---: |" : ""}`);
for (const r of results) console.log(`| ${r.name} | ${cell(r.typed)} | ${cell(r.jsonb)} |${current ? ` ${cell(r.current)} |` : ""}`);
console.log(
  `\nA página sozinha (a última consulta de cada visão, sem a contagem), mediana em ms: ${results
    .filter((r) => r.typed && r.jsonb)
    .map((r) => `${r.name} ${r.typed.lastQueryMedianMs} / ${r.jsonb.lastQueryMedianMs}`)
    .join("; ")} (tipadas / jsonb).`,
);
console.log("\n| tamanho (MB) | tabela | índices | total |\n| --- | ---: | ---: | ---: |");
for (const [name, s] of [
  ["tipadas: leads + answers_*", storage.typed],
  ["  só leads", storage.typedLeadsOnly],
  ["jsonb: leads", storage.jsonb],
  ["atual: as 4 tabelas de formulário", storage.currentForms],
])
  console.log(`| ${name} | ${mb(s.heap)} | ${mb(s.indexes)} | ${mb(s.total)} |`);
console.log(
  `\nConstrução (s): mapa ${build.mapS}; tipadas ${build.typed.loadS} carga + ${build.typed.indexS} índices + ${build.typed.vacuumS} vacuum; ` +
    `jsonb ${build.jsonb.loadS} + ${build.jsonb.indexS} + ${build.jsonb.vacuumS}.`,
);
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
fs.mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
const json = path.join(ROOT, ".tmp", `bench-lead-shape-tier${tier}-${stamp}.json`);
fs.writeFileSync(json, JSON.stringify({ tier, source: sourceName, runs, load, leads: counted, build, storage, results }, null, 2));
console.log(`JSON: ${path.relative(ROOT, json)}`);
if (plans.length) {
  const file = path.join(ROOT, ".tmp", `bench-lead-shape-plans-${stamp}.txt`);
  fs.writeFileSync(file, plans.join("\n"));
  console.log(`Planos: ${path.relative(ROOT, file)}`);
}
