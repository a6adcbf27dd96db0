/**
 * One schema, two drivers: node-postgres when DATABASE_URL is set, embedded PGlite under
 * DATA_DIR otherwise (DATA_DIR=memory:// keeps it in memory, for tests). `openDatabase` runs the
 * migrations and the seed; everything else calls `db()`.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { logger } from "~/infra/logger.server";
import { buildOnlineIndexes, EMBEDDED_DATABASE_IMAGE } from "./online-indexes";
import * as schema from "./schema";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle or the database itself: repository functions accept either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/**
 * Several reads for a function that takes an `Executor`: one after another. A transaction is one
 * connection, and node-postgres refuses a query sent while another runs on it (deprecated in
 * pg 8, removed in 9), so `Promise.all` is only for code that always runs on the pool.
 */
export async function inTurn<const T extends readonly (() => PromiseLike<unknown>)[]>(
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

interface OpenDatabase {
  db: Database;
  close: () => Promise<void>;
  /** Embedded only: a consistent gzipped tar of the data folder, taken between queries. */
  snapshot?: () => Promise<Blob>;
}

/** Arbitrary constant: serialises migrations and seed across instances starting together. */
const MIGRATION_LOCK_ID = 724_501;

// Kept on globalThis so dev-server module reloads reuse the open database.
const globalState = globalThis as unknown as { __appDb?: OpenDatabase; __appDbOpening?: Promise<OpenDatabase> };

export function db(): Database {
  const state = globalState.__appDb;
  if (!state) throw new Error("Banco de dados não inicializado: chame openDatabase() na partida.");
  return state.db;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** app/db/migrations, or its copy beside the server bundle (server/app.ts says which). */
  migrationsFolder: string;
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

/**
 * Writes a consistent snapshot of the embedded database to `file` (written beside it, then
 * renamed, so a reader never sees half a file). Only the process holding the folder can read
 * it, so `npm run backup` asks the running server for it (app/db/backup-listener.server.ts).
 */
export async function writeEmbeddedSnapshot(file: string): Promise<number> {
  const state = globalState.__appDb;
  if (!state?.snapshot) throw new Error("O banco embutido não está aberto neste processo.");
  const bytes = Buffer.from(await (await state.snapshot()).arrayBuffer());
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.partial`, bytes);
  fs.renameSync(`${file}.partial`, file);
  return bytes.length;
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
    // Fail instead of queueing requests forever. A database that is down refuses at once; this
    // bounds a slow one, and must allow for a new backend's start on a starved machine (at 3 s,
    // one of 12 parallel logins failed on a 2-core host under heavy PostgreSQL load, most likely so).
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 15_000,
    // No JIT for the site's queries (docs/decisions/0155): compiling cost more than running them.
    options: "-c jit=off",
  });
  // A client losing its connection (idle, or in the middle of a query while the database
  // restarts) must not crash the process: the query fails, the pool replaces the client.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));

  // Migrations run on a connection of their own, without the pool's query timeout: on years of
  // data one statement of a migration can take minutes (0021 at seed:scale tier 2 did), and a
  // timeout there would leave the site unable to start.
  const client = await connectWithRetry(async () => {
    const migrator = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 3_000 });
    migrator.on("error", () => {});
    await migrator.connect();
    return migrator;
  }, options.databaseUrl!);
  try {
    // Waited for by polling, never inside a statement: a session blocked in pg_advisory_lock holds
    // a snapshot, which the holder's CREATE INDEX CONCURRENTLY below waits for (a deadlock).
    while (!(await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [MIGRATION_LOCK_ID])).rows[0]!.locked) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const locked = drizzle(client, { schema }) as unknown as Database;
    await logMigrations(locked, options.migrationsFolder, () => migrate(locked as never, { migrationsFolder: options.migrationsFolder }));
    // Outside any transaction, still under the migration lock (docs/decisions/0113); a large
    // table's index may take minutes.
    const built = await buildOnlineIndexes((text) => client.query(text), {
      concurrently: true,
    });
    if (built.length) logger.info({ indexes: built }, "índices criados sem bloquear as tabelas");
    await options.seed?.(locked);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end().catch(() => {});
  }
  // One connection of the pool opened before the site says it is ready, as before the migrations
  // had their own: the first requests do not each wait for a connection on a busy machine.
  (await connectWithRetry(() => pool.connect(), options.databaseUrl!)).release();
  const database = drizzle(pool, { schema }) as unknown as Database;
  return { db: database, close: () => pool.end() };
}

/** How long a start waits for PostgreSQL (a database that boots with the app, a network blip). */
const START_RETRY_MS = 30_000;

async function connectWithRetry<T>(connect: () => Promise<T>, databaseUrl: string): Promise<T> {
  const host = new URL(databaseUrl).host; // never the password
  const deadline = Date.now() + START_RETRY_MS;
  for (let attempt = 1, wait = 500; ; attempt++, wait = Math.min(wait * 2, 5_000)) {
    try {
      return await connect();
    } catch (error) {
      const reason = (error as Error).message;
      if (Date.now() + wait > deadline) {
        throw new Error(
          `Não foi possível conectar ao PostgreSQL de DATABASE_URL (${host}) em ${START_RETRY_MS / 1000} s: ${reason} / ` +
            `could not connect to the PostgreSQL in DATABASE_URL (${host}) within ${START_RETRY_MS / 1000} s`,
        );
      }
      logger.warn({ host, attempt, retryInMs: wait, reason }, "PostgreSQL de DATABASE_URL indisponível na partida: tentando de novo");
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Runs the migrations and logs each one this start applied (drizzle records them in a table). */
async function logMigrations(database: Database, folder: string, run: () => Promise<void>): Promise<void> {
  const applied = async () => {
    try {
      const result = await database.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    } catch {
      return 0; // an empty database: no migrations table yet
    }
  };
  const before = await applied();
  const started = performance.now();
  await run();
  const after = await applied();
  if (after === before) return;
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  for (const entry of journal.entries.slice(before, after)) logger.info({ migration: entry.tag }, "migração aplicada");
  logger.info({ applied: after - before, total: after, ms: Math.round(performance.now() - started) }, "banco de dados migrado");
}

async function openPglite(options: OpenOptions): Promise<OpenDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");

  const inMemory = options.dataDir.startsWith("memory://");
  let releaseLock = () => {};
  let client: InstanceType<typeof PGlite>;
  const dataPath = inMemory ? undefined : path.join(path.resolve(options.dataDir), "pgdata");
  const firstStart = dataPath !== undefined && !fs.existsSync(dataPath);
  const built = builtImage(options.migrationsFolder);
  if (!dataPath) {
    const image =
      built ??
      (await migratedImage(PGlite, options.migrationsFolder, async (fresh) => {
        await migrate(drizzle(fresh, { schema }) as never, { migrationsFolder: options.migrationsFolder });
        await buildOnlineIndexes((text) => fresh.query(text), { concurrently: false });
      }));
    client = image ? new PGlite({ loadDataDir: image }) : new PGlite();
  } else {
    const dir = path.dirname(dataPath);
    fs.mkdirSync(dir, { recursive: true }); // PGlite creates only the last folder itself
    releaseLock = acquireDirectoryLock(dir);
    try {
      // A first start loads the build's empty cluster (docs/decisions/0124); without one
      // (development), PostgreSQL's initdb makes it, in a child process.
      if (firstStart && built) client = new PGlite(dataPath, { loadDataDir: built });
      else {
        if (firstStart) await createClusterInChildProcess(dataPath);
        client = new PGlite(dataPath);
      }
      await client.waitReady;
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  // After PGlite's own start, which sends queries through the method replaced here.
  await client.waitReady;
  oneQueryPerTurn(client);
  const database = drizzle(client, { schema }) as unknown as Database;
  try {
    await logMigrations(database, options.migrationsFolder, () =>
      migrate(database as never, { migrationsFolder: options.migrationsFolder }),
    );
    // One process, no concurrent writer: plain CREATE INDEX (docs/decisions/0113).
    await buildOnlineIndexes((text) => client.query(text), { concurrently: false });
    await options.seed?.(database);
  } catch (error) {
    await client.close().catch(() => {});
    releaseLock();
    throw error;
  }
  return {
    db: database,
    close: async () => {
      await client.close();
      releaseLock();
    },
    snapshot: () => client.dumpDataDir("gzip"),
  };
}

/**
 * PGlite runs PostgreSQL on this thread, and the queries waiting for it ran back to back, each
 * answer's page rendered in the same turn of the event loop: ten searches at once held every
 * other request, a cached page included, until all ten were done. Each query or transaction now
 * starts on a turn of its own, so the requests that came meanwhile are answered between them
 * (docs/decisions/0105). PGlite serialises them anyway; this only gives the turns back.
 */
function oneQueryPerTurn(client: import("@electric-sql/pglite").PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const takeTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    last = run.catch(() => undefined);
    return run;
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => takeTurn(() => query(...args))) as typeof client.query;
  client.transaction = ((callback: Parameters<typeof transaction>[0]) =>
    takeTurn(() => transaction(callback))) as typeof client.transaction;
}

/** The build's empty cluster with every migration applied, beside its migrations; undefined in development. */
function builtImage(migrationsFolder: string): Blob | undefined {
  const file = path.join(migrationsFolder, "..", EMBEDDED_DATABASE_IMAGE);
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)], { type: "application/gzip" }) : undefined;
}

/**
 * A new in-memory database (the tests', the bench's throwaway servers) starts from an image of a
 * cluster with every migration applied: creating a cluster (initdb) and migrating it cost ~4 s of
 * CPU each time, loading the image ~0.7 s. The image is made once per PGlite version and set of
 * migrations, by running them, and kept in the system's temporary folder; the migrator then finds
 * nothing to do. Undefined if it cannot be made or kept: then the database is created from zero.
 */
async function migratedImage(
  PGlite: typeof import("@electric-sql/pglite").PGlite,
  migrationsFolder: string,
  migrateFresh: (client: InstanceType<typeof PGlite>) => Promise<void>,
): Promise<Blob | undefined> {
  try {
    const manifest = new URL("package.json", import.meta.resolve("@electric-sql/pglite").replace(/dist\/.*$/, ""));
    const hash = createHash("sha256").update(fs.readFileSync(manifest));
    for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
      const full = path.join(migrationsFolder, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
    const file = path.join(os.tmpdir(), `pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar`);
    if (!fs.existsSync(file)) {
      const fresh = new PGlite();
      await fresh.waitReady;
      await migrateFresh(fresh);
      const image = await fresh.dumpDataDir("none");
      await fresh.close();
      // Written aside and renamed: processes starting together never read half an image.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
      fs.renameSync(partial, file);
    }
    return new Blob([fs.readFileSync(file)]);
  } catch (error) {
    logger.warn({ err: error }, "imagem do banco em memória indisponível; criando o banco do zero");
    return undefined;
  }
}

/**
 * Creating the cluster (initdb) grows PGlite's WebAssembly memory to ~800 MB, which a process
 * never gives back; opening an existing folder needs ~300 MB. So a first start creates it in a
 * short-lived child process (README "Sizing").
 */
async function createClusterInChildProcess(dataPath: string): Promise<void> {
  const { spawn } = await import("node:child_process");
  const pglite = import.meta.resolve("@electric-sql/pglite");
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, dataPath], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`Falha ao criar o banco embutido em ${dataPath}: ${stderr.slice(-500)}`)),
    );
  });
  logger.info({ dataDir: path.dirname(dataPath) }, "banco embutido criado");
}

/**
 * PGlite has no cross-process lock and a second process corrupts the folder, so we hold a
 * lock file with our PID and host name. A lock left by a dead process, or by another machine (a
 * copy of the folder restored elsewhere), is taken over.
 */
const LOCK_OWNER = `${process.pid}@${os.hostname()}`;

export function acquireDirectoryLock(dir: string): () => void {
  const lockPath = path.join(dir, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, LOCK_OWNER);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === LOCK_OWNER) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const [pid, host] = fs.readFileSync(lockPath, "utf8").trim().split("@");
      const owner = Number(pid);
      if (owner && owner !== process.pid && (host === undefined || host === os.hostname()) && isAlive(owner)) {
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
