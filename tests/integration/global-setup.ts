/**
 * Once per integration run on PostgreSQL: a template database with every migration of the build
 * applied, and the indexes built after them. Each test file's database is a copy of it (`CREATE
 * DATABASE … TEMPLATE`, a file copy in PostgreSQL), so no file replays the migrations; the app
 * still runs its migrator and index builder at start-up, which find nothing to do, and its seed. Tests of a start on an empty database ask for one
 * (`createTestDatabase({ empty: true })`, tests/helpers/app.ts).
 */
import path from "node:path";
import pg from "pg";
import { buildOnlineIndexes } from "../../app/db/online-indexes";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template database's name, or "" on the embedded database. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide("templateDatabase", "");
    return;
  }
  const name = `t_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const migrationsFolder = path.resolve(process.env.BUILD_DIR ?? "build", "server/migrations");
  await migrate(drizzle(pool), { migrationsFolder });
  // The indexes the app builds after its migrations (app/db/online-indexes.ts) too: every copy
  // then starts with them instead of building each one concurrently at its app's start. Starts on
  // an empty database (`createTestDatabase({ empty: true })`) still build them the app's way.
  await buildOnlineIndexes((text) => pool.query(text), { concurrently: false });
  // A template must have no open connection while it is copied.
  await pool.end();
  project.provide("templateDatabase", name);

  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
