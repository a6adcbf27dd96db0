/**
 * A first start of the embedded database loads the build's empty cluster (docs/decisions/0124)
 * instead of running initdb and every migration: the result must be the same database, and a
 * restart must open it as any other. Opened here whatever TEST_DATABASE_URL says: this is about
 * the embedded database only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, db, openDatabase } from "~/db/client.server";
import { EMBEDDED_DATABASE_IMAGE, ONLINE_INDEXES } from "~/db/online-indexes";

const migrationsFolder = path.resolve("build/server/migrations");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agile-first-start-"));
afterAll(async () => {
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
/** The rows of a query (the embedded driver answers `{ rows }`). */
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const state = async () => {
  const migrations = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const indexes = await rows<{ name: string }>(
    sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indisvalid`,
  );
  return { migrations: Number(migrations[0]!.n), indexes: new Set(indexes.map((r) => r.name)) };
};

describe("embedded database, first start", () => {
  // Two starts of the embedded database on a shared 2-core host: a limit, not a speed bar.
  it("the build ships an empty cluster with every migration and index, and a first start opens from it", { timeout: 120_000 }, async () => {
    expect(fs.existsSync(path.join(migrationsFolder, "..", EMBEDDED_DATABASE_IMAGE))).toBe(true);
    await openDatabase({ dataDir, migrationsFolder });
    const first = await state();
    expect(first.migrations).toBe(journal.entries.length);
    for (const index of ONLINE_INDEXES) expect(first.indexes, index.name).toContain(index.name);
    await db().execute(sql`create table first_start_probe (n int)`);
    await db().execute(sql`insert into first_start_probe values (7)`);
    await closeDatabase();

    // A restart opens the folder as it was left.
    await openDatabase({ dataDir, migrationsFolder });
    expect((await state()).migrations).toBe(journal.entries.length);
    const kept = await rows<{ n: number }>(sql`select n from first_start_probe`);
    expect(kept).toEqual([{ n: 7 }]);
  });
});
