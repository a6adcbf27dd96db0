/**
 * The embedded database (PGlite) runs PostgreSQL on the server's own thread. Queries waiting for
 * it must leave the event loop a turn between them, or a few slow pages hold every other request
 * until they are all done (docs/decisions/0105). Opened here whatever TEST_DATABASE_URL says: this
 * is about the embedded driver only.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, db, openDatabase } from "~/db/client.server";

beforeAll(async () => {
  await openDatabase({ dataDir: "memory://", migrationsFolder: path.resolve("app/db/migrations") });
});
afterAll(closeDatabase);

describe("embedded database", () => {
  it("lets the event loop take a turn while queries wait for it", async () => {
    const done: string[] = [];
    const slow = sql`select count(*) from generate_series(1, 20000)`;
    const queries = Array.from({ length: 10 }, (_, i) =>
      db()
        .execute(slow)
        .then(() => done.push(`query ${i}`)),
    );
    // Stands for a request that arrives meanwhile: its callback needs a turn of the event loop.
    setImmediate(() => done.push("turn"));
    await Promise.all(queries);
    expect(done).toContain("turn");
    expect(done.at(-1)).not.toBe("turn");
  });

  it("runs every query sent while one fails", async () => {
    const results = await Promise.allSettled([
      db().execute(sql`select 1 as n`),
      db().execute(sql`select * from no_such_table`),
      db().transaction(async (tx) => tx.execute(sql`select 3 as n`)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});
