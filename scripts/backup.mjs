#!/usr/bin/env node
// `npm run backup`: a consistent snapshot of the database while the site runs, into BACKUP_DIR
// (default ./backups), keeping the newest BACKUP_KEEP files (default 14).
// - PostgreSQL (DATABASE_URL): `pg_dump -Fc` (the Debian package postgresql-client) → agile-<time>.dump
// - Embedded (DATA_DIR): the running server writes the snapshot itself (app/db/backup-listener.server.ts); with no
//   server running, this script opens the folder → agile-<time>.tar.gz
// Restore with `npm run restore -- <file>`. Prints the file's path on success.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadEnv, lockOwner, fail } from "./lib/env.mjs";

loadEnv();
const backupDir = path.resolve(process.env.BACKUP_DIR || "./backups");
const keep = Math.max(1, Number(process.env.BACKUP_KEEP || 14));
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
fs.mkdirSync(backupDir, { recursive: true });

let file;
if (process.env.DATABASE_URL) {
  file = path.join(backupDir, `agile-${stamp}.dump`);
  const r = spawnSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}.partial`, `--dbname=${process.env.DATABASE_URL}`], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (r.error) fail(`pg_dump não encontrado: instale o pacote postgresql-client (${r.error.message})`);
  if (r.status !== 0) fail(`pg_dump falhou (código ${r.status})`);
  fs.renameSync(`${file}.partial`, file);
} else {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  if (!fs.existsSync(path.join(dataDir, "pgdata"))) fail(`não há banco embutido em ${dataDir}`);
  file = path.join(backupDir, `agile-${stamp}.tar.gz`);
  const owner = lockOwner(dataDir);
  if (owner) {
    // The server holds the folder: ask it, and wait for the file.
    fs.writeFileSync(path.join(dataDir, "backup-request.json"), JSON.stringify({ file }));
    process.kill(owner, "SIGUSR2");
    const deadline = Date.now() + 120_000;
    while (!fs.existsSync(file)) {
      if (Date.now() > deadline) fail(`o servidor (processo ${owner}) não escreveu o backup em 120 s; veja o log dele`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const lock = path.join(dataDir, ".lock");
    fs.writeFileSync(lock, `${process.pid}@${(await import("node:os")).hostname()}`, { flag: "wx" });
    try {
      const db = new PGlite(path.join(dataDir, "pgdata"));
      await db.waitReady;
      const blob = await db.dumpDataDir("gzip");
      await db.close();
      fs.writeFileSync(`${file}.partial`, Buffer.from(await blob.arrayBuffer()));
      fs.renameSync(`${file}.partial`, file);
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}

// Rotation: the newest `keep` backups stay.
const backups = fs
  .readdirSync(backupDir)
  .filter((name) => /^agile-.*\.(dump|tar\.gz)$/.test(name))
  .sort()
  .reverse();
for (const old of backups.slice(keep)) fs.rmSync(path.join(backupDir, old));
console.log(file);
