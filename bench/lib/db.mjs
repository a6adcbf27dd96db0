// Reading what the app really stored (run.mjs passes a query function: PostgreSQL directly, or the
// embedded PGlite folder while the app is stopped, since the app holds a lock on DATA_DIR).
import pg from "pg";

const COUNT_SQL = `select table_name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

export async function countWith(query, emailLike) {
  const tables = (await query(COUNT_SQL)).rows.map((r) => r.table_name);
  const counts = {};
  for (const t of tables) counts[t] = Number((await query(`select count(*)::int as n from "${t}"`)).rows[0].n);
  const emails = {};
  if (emailLike) {
    for (const t of tables) {
      const cols = (
        await query(
          `select column_name from information_schema.columns where table_schema='public' and table_name='${t}' and column_name='email'`,
        )
      ).rows;
      if (!cols.length) continue;
      emails[t] = (await query(`select email from "${t}" where email like '${emailLike.replace(/'/g, "''")}'`)).rows.map((r) => r.email);
    }
  }
  return { counts, emails };
}

/** A fresh database next to the one DATABASE_URL names; falls back to DATABASE_URL itself. */
export async function createBenchDatabase(baseUrl) {
  const name = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    return {
      url: baseUrl,
      created: false,
      note: `sem permissão para criar banco (${error.message}); usando DATABASE_URL`,
      drop: async () => {},
    };
  }
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    created: true,
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Row-count difference between two snapshots, only for tables that changed. */
export function diffCounts(before, after, tables) {
  const out = {};
  for (const t of tables ?? Object.keys(after.counts)) {
    const d = (after.counts[t] ?? 0) - (before.counts[t] ?? 0);
    if (d !== 0) out[t] = d;
  }
  return out;
}
