#!/usr/bin/env node
// `node bench/migration-steps.mjs --database-url postgres://…/copy --migration 0021 [--explain]`:
// runs one migration's statements by hand, in one transaction as the migrator does, and prints
// each statement's time, slowest first, to find the one that grows with the data
// (docs/decisions/0154). Only for a scratch copy (`create database x template y`) of a database
// migrated to the migration before: it commits, and does not record the migration as applied.
// --explain prints the plan (EXPLAIN, not run) of each statement before running it; --until N
// stops after statement N (to time a later one by hand on the state it runs in).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { ROOT } from "./lib/util.mjs";

const { values: opts } = parseArgs({
  options: { "database-url": { type: "string" }, migration: { type: "string" }, explain: { type: "boolean" }, until: { type: "string" } },
});
const databaseUrl = opts["database-url"];
const folder = path.join(ROOT, "app/db/migrations");
const file = opts.migration && fs.readdirSync(folder).find((f) => f.startsWith(`${opts.migration}_`) && f.endsWith(".sql"));
if (!databaseUrl || !file) {
  console.error("Uso: node bench/migration-steps.mjs --database-url postgres://… --migration 0021 [--explain] [--until N]");
  process.exit(2);
}
const statements = fs
  .readFileSync(path.join(folder, file), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter(Boolean)
  .slice(0, opts.until ? Number(opts.until) : undefined);

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const times = [];
const started = performance.now();
await client.query("begin");
for (const [i, statement] of statements.entries()) {
  const head = statement
    .replace(/^(--[^\n]*\n)+/, "")
    .replace(/\s+/g, " ")
    .slice(0, 90);
  if (opts.explain && /^(--[^\n]*\n)*\s*(insert|update|delete|select)/i.test(statement)) {
    const { rows } = await client.query(`explain ${statement}`);
    console.log(`-- ${i + 1}: ${head}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
  }
  const t = performance.now();
  const result = await client.query(statement);
  const ms = performance.now() - t;
  times.push({ i: i + 1, ms, rows: result.rowCount, head });
  console.error(
    `${String(i + 1).padStart(3)} ${(ms / 1000).toFixed(2).padStart(8)} s ${String(result.rowCount ?? "").padStart(8)}  ${head}`,
  );
}
await client.query("commit");
await client.end();
console.log(`\n${file}: ${statements.length} instruções, ${((performance.now() - started) / 1000).toFixed(1)} s; as mais lentas:`);
for (const s of times.sort((a, b) => b.ms - a.ms).slice(0, 8))
  console.log(`${String(s.i).padStart(3)} ${(s.ms / 1000).toFixed(2).padStart(8)} s ${String(s.rows ?? "").padStart(8)}  ${s.head}`);
