import { nameWordsSql } from "../lib/name-words";

/**
 * Indexes added to tables that are already large and written while the site runs
 * (docs/decisions/0113). drizzle's migrator runs every pending migration in one transaction, and
 * a plain CREATE INDEX there blocks every write to the table until the index is built (seconds to
 * minutes on millions of rows). So these are declared in schema.ts (drizzle-kit knows them), left
 * out of the migration's SQL, and built after the migrations by `buildOnlineIndexes`: on
 * PostgreSQL with CREATE INDEX CONCURRENTLY, which lets writes go on; an index a failed or
 * interrupted build left invalid is dropped and built again. The embedded database has one
 * process and no concurrent writer: a plain CREATE INDEX there.
 * Add an index: declare it in schema.ts, generate the migration, move its CREATE INDEX here.
 */
export const ONLINE_INDEXES: ReadonlyArray<{ name: string; table: string; columns: string; using?: "btree" | "gin"; where?: string }> = [
  // 0016: Análises reads one dimension over a range of days.
  { name: "analytics_daily_dimension_day_idx", table: "analytics_daily", columns: `"dimension", "day"` },
  // 0016: every admin list is newest first (created_at, id), the blog's filter is the category.
  { name: "blog_posts_created_idx", table: "blog_posts", columns: `"created_at", "id"` },
  { name: "blog_posts_category_idx", table: "blog_posts", columns: `"category_id"` },
  { name: "bookings_created_idx", table: "bookings", columns: `"created_at", "id"` },
  { name: "chat_sessions_created_idx", table: "chat_sessions", columns: `"created_at", "id"` },
  { name: "newsletter_subscribers_created_idx", table: "newsletter_subscribers", columns: `"created_at", "id"` },
  { name: "orders_created_idx", table: "orders", columns: `"created_at", "id"` },
  // 0019: a person is found by their whole address, in lower case (the inbox's e-mail search, the
  // lead page's meetings, orders, chats and e-mails: app/domain/leads/lead-page.server.ts).
  { name: "chat_sessions_email_idx", table: "chat_sessions", columns: `lower("email")` },
  { name: "orders_email_idx", table: "orders", columns: `lower("customer_email")` },
  { name: "outbox_recipient_idx", table: "outbox", columns: `lower("recipient")` },
  // 0020: the inbox's name search, whole words with accents and case folded, by containment of
  // the name's words (docs/decisions/0132; the expression is app/lib/name-words.ts's). The lead
  // tables' own went with them (0021): `leads` was a new table, its indexes built by its migration.
  { name: "bookings_name_words_idx", table: "bookings", columns: nameWordsSql(`"name"`), using: "gin" },
  // 0025: possible duplicates by company domain, and the leads merged into a lead (docs/decisions/0147).
  { name: "leads_email_domain_idx", table: "leads", columns: `split_part(lower("email"), '@', 2)` },
  { name: "leads_merged_into_idx", table: "leads", columns: `"merged_into_id"`, where: `"merged_into_id" is not null` },
];

type Query = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

/**
 * Builds the indexes that are missing or invalid. `query` runs one statement outside any
 * transaction (CREATE INDEX CONCURRENTLY refuses to run inside one). Returns the names built.
 */
/**
 * The file, beside the bundled migrations, holding an empty embedded cluster with every migration
 * and every index of this file applied (made by vite.config.ts at build, loaded by
 * app/db/client.server.ts on a first start; docs/decisions/0124). Here, so the build reads it
 * from a module whose one import imports nothing.
 */
export const EMBEDDED_DATABASE_IMAGE = "embedded-database.tar.gz";

export async function buildOnlineIndexes(query: Query, options: { concurrently: boolean }): Promise<string[]> {
  const { rows } = await query(
    `select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname in (${ONLINE_INDEXES.map((i) => `'${i.name}'`).join(", ")})`,
  );
  const state = new Map(rows.map((r) => [String(r.name), r.valid === true || r.valid === "t"]));
  const built: string[] = [];
  const concurrently = options.concurrently ? " concurrently" : "";
  for (const index of ONLINE_INDEXES) {
    if (state.get(index.name) === true) continue;
    if (state.has(index.name)) await query(`drop index${concurrently} if exists "${index.name}"`);
    await query(
      `create index${concurrently} if not exists "${index.name}" on "${index.table}" using ${index.using ?? "btree"} (${index.columns})${index.where ? ` where ${index.where}` : ""}`,
    );
    built.push(index.name);
  }
  // The planner knows an expression's values (lower(email), a name's words) only from the
  // statistics ANALYZE gathers once its index exists; until then it guesses, and the inbox's
  // e-mail search walked the whole created_at index instead of reading one row.
  for (const table of new Set(ONLINE_INDEXES.filter((i) => built.includes(i.name)).map((i) => i.table))) await query(`analyze "${table}"`);
  return built;
}
