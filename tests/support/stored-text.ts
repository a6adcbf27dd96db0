/**
 * Where a piece of text is stored: every text-like column of every table in the app's schema that
 * holds it (case-insensitive), as "table.column". The privacy tests look for an erased address, the
 * secret-link tests for a token that must never be stored (docs/decisions/0109).
 */
import { sql } from "drizzle-orm";
import { first } from "~/lib/first";
import type { TestApp } from "../helpers/app";

export async function columnsHolding(app: Pick<TestApp, "db">, needle: string): Promise<string[]> {
  const columns = (await app.db().execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string }>;
  };
  if (columns.rows.length <= 30) throw new Error(`Só ${columns.rows.length} colunas de texto: o esquema não foi lido.`);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const result = (await app
      .db()
      .execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${needle.toLowerCase()}) > 0`,
      )) as unknown as { rows: Array<{ n: number }> };
    if (Number(first(result.rows).n) > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}
