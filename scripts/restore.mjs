#!/usr/bin/env node
// `npm run restore -- <file>`: restores a backup of `npm run backup` into an EMPTY database.
// - agile-*.dump → the PostgreSQL of DATABASE_URL (`pg_restore`, package postgresql-client); the
//   database must have no tables (create a fresh one: `createdb agile_restaurado`).
// - agile-*.tar.gz → DATA_DIR, which must not hold a database yet (stop the server, move the old
//   folder away). Start the server afterwards: it applies any newer migrations.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fail, loadEnv } from "./lib/env.mjs";

loadEnv();
const file = process.argv[2];
if (!file || !fs.existsSync(file)) fail("uso: npm run restore -- <arquivo .dump ou .tar.gz de npm run backup>");

if (file.endsWith(".dump")) {
  if (!process.env.DATABASE_URL) fail("um arquivo .dump é do PostgreSQL: defina DATABASE_URL com um banco vazio");
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(
    "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
  );
  await client.end();
  if (rows[0].n > 0) fail("o banco de DATABASE_URL não está vazio: restaure num banco novo (createdb) e aponte DATABASE_URL para ele");
  const r = spawnSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${process.env.DATABASE_URL}`, file], { stdio: "inherit" });
  if (r.error) fail(`pg_restore não encontrado: instale o pacote postgresql-client (${r.error.message})`);
  if (r.status !== 0) fail(`pg_restore falhou (código ${r.status})`);
} else if (file.endsWith(".tar.gz")) {
  if (process.env.DATABASE_URL) fail("um arquivo .tar.gz é do banco embutido: remova DATABASE_URL para restaurá-lo em DATA_DIR");
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const pgdata = path.join(dataDir, "pgdata");
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length)
    fail(`${pgdata} já tem um banco: pare o servidor e mova a pasta antes de restaurar`);
  fs.mkdirSync(dataDir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(pgdata, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  await db.waitReady;
  await db.query("select 1");
  await db.close();
} else {
  fail("formato desconhecido: use um arquivo .dump (PostgreSQL) ou .tar.gz (banco embutido) de npm run backup");
}
console.log(`restaurado: ${file}`);
