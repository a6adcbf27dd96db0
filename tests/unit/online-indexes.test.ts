/**
 * Indexes on live tables are built online (docs/decisions/0113): each one listed in
 * app/db/online-indexes.ts is declared in the schema, and no migration creates it (that would
 * block the table's writes inside drizzle's transaction).
 */
import fs from "node:fs";
import path from "node:path";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { ONLINE_INDEXES } from "~/db/online-indexes";
import * as schema from "~/db/schema";

const declared = new Map<string, string>();
for (const value of Object.values(schema)) {
  try {
    const config = getTableConfig(value as PgTable);
    for (const index of config.indexes) declared.set(index.config.name ?? "", config.name);
  } catch {
    /* not a table */
  }
}
const migrations = fs
  .readdirSync("app/db/migrations")
  .filter((f) => f.endsWith(".sql"))
  .map((f) => fs.readFileSync(path.join("app/db/migrations", f), "utf8"));

describe.each(ONLINE_INDEXES)("$name", (index) => {
  it("is declared in app/db/schema.ts on its table", () => {
    expect(declared.get(index.name)).toBe(index.table);
  });
  it("is created by no migration", () => {
    expect(migrations.filter((sql) => sql.includes(`CREATE INDEX "${index.name}"`))).toEqual([]);
  });
});
