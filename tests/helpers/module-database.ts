/**
 * For a test file that drives the app's modules itself, with no app started (so no job of its own
 * takes part): a local SMTP server that keeps every attempt, a fresh database (a new PostgreSQL
 * database when TEST_DATABASE_URL is set, else embedded in memory) opened by app/db/client.server.ts,
 * and the environment app/config.server.ts reads when those modules load. Used by
 * tests/integration/outbox.test.ts and tests/integration/newsletter-delivery.test.ts.
 */
import path from "node:path";
import { type FakeSmtp, startFakeSmtp } from "../mocks/smtp";
import { createTestDatabase, usingPostgres } from "./app";

export interface ModuleDatabase {
  smtp: FakeSmtp;
  client: typeof import("~/db/client.server");
  /** Closes the database, then the SMTP server, then drops the PostgreSQL database (if any). */
  close: () => Promise<void>;
}

/** Starts the SMTP server, creates and opens the database; `env` adds to (or overrides) the environment set. */
export async function openModuleDatabase(env: Record<string, string> = {}): Promise<ModuleDatabase> {
  const smtp = await startFakeSmtp();
  let databaseUrl = "";
  let dropDatabase: (() => Promise<void>) | undefined;
  if (usingPostgres) {
    const created = await createTestDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  // Read by app/config.server.ts when the app's modules load.
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Agile IA <nao-responda@agileia.com.br>",
    DATABASE_URL: databaseUrl,
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    SITE_URL: "",
    ADMIN_PASSWORD: "",
    ...env,
  });
  const client = await import("~/db/client.server");
  try {
    await client.openDatabase({
      databaseUrl: databaseUrl || undefined,
      dataDir: "memory://",
      migrationsFolder: path.resolve("app/db/migrations"),
    });
  } catch (error) {
    // The file's afterAll has nothing to close yet: leave no server or database behind.
    await smtp.close();
    await dropDatabase?.();
    throw error;
  }
  return {
    smtp,
    client,
    close: async () => {
      await client.closeDatabase();
      await smtp.close();
      await dropDatabase?.();
    },
  };
}
