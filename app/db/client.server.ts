/**
 * One schema, two drivers: node-postgres when DATABASE_URL is set, embedded PGlite under
 * DATA_DIR otherwise (DATA_DIR=memory:// keeps it in memory, for tests). `openDatabase` runs the
 * migrations and the seed; everything else calls `db()`.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle or the database itself: repository functions accept either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

interface OpenDatabase {
  db: Database;
  driver: "pg" | "pglite";
  close: () => Promise<void>;
}

const MIGRATIONS_DIR = path.resolve(process.cwd(), "app/db/migrations");
/** Arbitrary constant: serialises migrations and seed across instances starting together. */
const MIGRATION_LOCK_ID = 724_501;

// Kept on globalThis so dev-server module reloads reuse the open database.
const globalState = globalThis as unknown as { __appDb?: OpenDatabase; __appDbOpening?: Promise<OpenDatabase> };

export function db(): Database {
  const state = globalState.__appDb;
  if (!state) throw new Error("Banco de dados não inicializado: chame openDatabase() na partida.");
  return state.db;
}

export function databaseDriver(): "pg" | "pglite" | undefined {
  return globalState.__appDb?.driver;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  seed?: (db: Database) => Promise<void>;
}

export function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  globalState.__appDbOpening ??= (options.databaseUrl ? openPostgres(options) : openPglite(options)).then(
    (state) => {
      globalState.__appDb = state;
      return state;
    },
    (error) => {
      globalState.__appDbOpening = undefined;
      throw error;
    },
  );
  return globalState.__appDbOpening;
}

export async function closeDatabase(): Promise<void> {
  const state = globalState.__appDb;
  globalState.__appDb = undefined;
  globalState.__appDbOpening = undefined;
  await state?.close();
}

export async function pingDatabase(): Promise<void> {
  await db().execute(sql`select 1`);
}

/** Thrown when a request failed because the database cannot be reached (answered with 503). */
export class DatabaseUnavailableError extends Error {
  readonly code = "08006"; // SQLSTATE connection_failure
  constructor(cause?: unknown) {
    super("Banco de dados indisponível", { cause });
  }
}

async function openPostgres(options: OpenOptions): Promise<OpenDatabase> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    // Fail fast while the database is down instead of queueing requests forever.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 15_000,
  });
  // A client losing its connection (idle, or in the middle of a query while the database
  // restarts) must not crash the process: the query fails, the pool replaces the client.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));

  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const locked = drizzle(client, { schema }) as unknown as Database;
    await migrate(locked as never, { migrationsFolder: MIGRATIONS_DIR });
    await options.seed?.(locked);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const database = drizzle(pool, { schema }) as unknown as Database;
  return { db: database, driver: "pg", close: () => pool.end() };
}

async function openPglite(options: OpenOptions): Promise<OpenDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");

  const inMemory = options.dataDir.startsWith("memory://");
  let releaseLock = () => {};
  let client: InstanceType<typeof PGlite>;
  if (inMemory) {
    client = new PGlite();
  } else {
    const dir = path.resolve(options.dataDir);
    fs.mkdirSync(dir, { recursive: true }); // PGlite creates only the last folder itself
    releaseLock = acquireDirectoryLock(dir);
    try {
      client = new PGlite(path.join(dir, "pgdata"));
      await client.waitReady;
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const database = drizzle(client, { schema }) as unknown as Database;
  try {
    await migrate(database as never, { migrationsFolder: MIGRATIONS_DIR });
    await options.seed?.(database);
  } catch (error) {
    await client.close().catch(() => {});
    releaseLock();
    throw error;
  }
  return {
    db: database,
    driver: "pglite",
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite has no cross-process lock and a second process corrupts the folder, so we hold a
 * lock file with our PID. A lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(dir: string): () => void {
  const lockPath = path.join(dir, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `A pasta de dados ${dir} já está em uso pelo processo ${owner}. ` +
            "O banco embutido (PGlite) aceita um só processo: pare o outro servidor, " +
            "use outro DATA_DIR ou configure DATABASE_URL para um PostgreSQL compartilhado.",
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that no longer exists
    }
  }
  throw new Error(`Não foi possível obter o bloqueio da pasta de dados ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
