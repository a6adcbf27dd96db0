/**
 * The logger's error serializer (docs/decisions/0110): what a logged error keeps (type, a message
 * without parameters, stack frames, a database error's code and names, the causes) and what it
 * never keeps (a query's parameters, `detail`, `where`, an address), all within a bound.
 */
import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, serializeError } from "~/infra/logger.server";

const PERSON = { name: "Zuleica Sigilosa", email: "zuleica.sigilo@cliente.com.br", phone: "11987650001" };
const MB = 1024 * 1024;

/** A PDF-like CV of `size` bytes whose body is a pattern found nowhere else. */
function cv(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  const pattern = Buffer.from("CVPADRAO-QX7W-\xc3\x9f\xfe\x01", "latin1");
  for (let i = 0; i < size; i += pattern.length) pattern.copy(bytes, i);
  return bytes;
}

/** A PostgreSQL error as node-postgres builds it, with the fields that quote values filled. */
function databaseError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, "error"), { severity: "ERROR", ...fields });
}

const SQL =
  'insert into "career_application_cvs" ("id", "career_application_id", "file_name", "data") values (default, $1, $2, decode($3, \'base64\'))';

describe("serializeError", () => {
  it("a failed query: the SQL without values, the database's code and names, never the parameters, detail or where", () => {
    const bytes = cv(5 * MB);
    const cause = databaseError(`duplicate key value violates unique constraint "career_application_cvs_pkey"`, {
      code: "23505",
      constraint: "career_application_cvs_pkey",
      table: "career_application_cvs",
      schema: "public",
      routine: "_bt_check_unique",
      detail: `Key (email)=(${PERSON.email}) already exists.`,
      where: `PL/pgSQL function f() line 3 at RAISE: ${PERSON.name}`,
    });
    const error = new DrizzleQueryError(SQL, [PERSON.name, PERSON.email, PERSON.phone, bytes.toString("base64"), bytes], cause);
    expect(error.message.length).toBeGreaterThan(5 * MB); // what pino's own serializer would log, twice (message and stack)

    const logged = serializeError(error);
    const text = JSON.stringify(logged);
    expect(text.length).toBeLessThan(8_000);
    for (const secret of [PERSON.name, PERSON.email, PERSON.phone, "CVPADRAO", bytes.subarray(0, 12).toString("base64"), "params"])
      expect(text).not.toContain(secret);
    expect(logged).toMatchObject({
      type: "DrizzleQueryError",
      message: "Failed query",
      query: expect.stringMatching(/^insert into "career_application_cvs" \("id", .*decode\(\$3, '…'\)\)$/),
      cause: {
        type: "DatabaseError",
        code: "23505",
        constraint: "career_application_cvs_pkey",
        table: "career_application_cvs",
        routine: "_bt_check_unique",
        message: 'duplicate key value violates unique constraint "career_application_cvs_pkey"',
      },
    });
    expect(logged.cause).not.toHaveProperty("detail");
    expect(logged.cause).not.toHaveProperty("where");
    expect(logged).not.toHaveProperty("params");
    // The stack: its first line is the safe message, the rest are frames of this file.
    const [head, ...frames] = String(logged.stack).split("\n");
    expect(head).toBe("DrizzleQueryError: Failed query");
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(frame).toMatch(/^ {4}at /);
    expect(frames.join("\n")).toContain("error-log.test.ts");
  });

  it("the SQL is cut to a few hundred characters", () => {
    const long = `select ${Array.from({ length: 500 }, (_, i) => `"c${i}"`).join(", ")} from "t" where "id" = $1`;
    const logged = serializeError(new DrizzleQueryError(long, [1]));
    expect(String(logged.query).length).toBeLessThanOrEqual(300);
  });

  it("a database error's message keeps the names it reports, never a value it quotes", () => {
    const refused = serializeError(databaseError(`invalid input syntax for type integer: "${PERSON.name}"`, { code: "22P02" }));
    expect(refused.message).toBe('invalid input syntax for type integer: "…"');
    const missing = serializeError(
      databaseError(`null value in column "email" of relation "contacts" violates not-null constraint`, {
        code: "23502",
        column: "email",
        table: "contacts",
      }),
    );
    expect(missing.message).toBe('null value in column "email" of relation "contacts" violates not-null constraint');
  });

  it("a generic error keeps its message, cut to 500 characters and without addresses; the stack never repeats it", () => {
    const error = new Error(`SMTP 550 <${PERSON.email}> recusado: ${"x".repeat(3 * MB)}`);
    const logged = serializeError(error);
    expect(logged.type).toBe("Error");
    expect(logged.message.length).toBeLessThanOrEqual(500);
    expect(logged.message).toMatch(/^SMTP 550 <…@cliente\.com\.br> recusado: x+…$/);
    expect(JSON.stringify(logged)).not.toContain(PERSON.email);
    expect(JSON.stringify(logged).length).toBeLessThan(8_000);
  });

  it("a parameter line that looks like a stack frame is still the message, never kept as a frame", () => {
    const error = new DrizzleQueryError(SQL, [`texto\n    at ${PERSON.name} (${PERSON.phone})`]);
    expect(JSON.stringify(serializeError(error))).not.toContain(PERSON.name);
  });

  it("keeps a system error's codes and drops every other field", () => {
    const error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
      errno: -111,
      syscall: "connect",
      address: "127.0.0.1",
      port: 5432,
      response: `550 <${PERSON.email}>`,
      body: PERSON,
    });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ code: "ECONNREFUSED", errno: -111, syscall: "connect", address: "127.0.0.1", port: 5432 });
    expect(logged).not.toHaveProperty("response");
    expect(logged).not.toHaveProperty("body");
  });

  it("a long cause chain is followed three deep, and the whole error stays bounded", () => {
    let error: Error = new Error(`fundo ${"y".repeat(MB)}`);
    for (let i = 0; i < 50; i++) error = new Error(`nível ${i} ${"z".repeat(10_000)}`, { cause: error });
    const logged = serializeError(error);
    let depth = 0;
    for (let e: unknown = logged.cause; e; e = (e as { cause?: unknown }).cause) depth++;
    expect(depth).toBe(3);
    expect(JSON.stringify(logged).length).toBeLessThan(8_000);
  });

  it("an AggregateError keeps a few of its errors; a thrown string or object is bounded too", () => {
    const aggregate = new AggregateError(
      [1, 2, 3, 4, 5].map((n) => new Error(`tentativa ${n}`)),
      "todas falharam",
    );
    const logged = serializeError(aggregate);
    expect(logged.errors).toHaveLength(3);
    expect(serializeError(`texto ${PERSON.email} ${"w".repeat(MB)}`)).toMatchObject({
      type: "string",
      message: expect.stringMatching(/^texto …@cliente\.com\.br w+…$/),
    });
    expect(JSON.stringify(serializeError({ ...PERSON, status: 503 }))).toBe('{"type":"Object","message":"","status":503}');
  });
});

describe("the app's logger", () => {
  /** The app's logger options, writing its lines here. */
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    return { log: pino({ ...loggerOptions, level: "info" }, stream), lines };
  }

  it("serializes every err, and a line given only an error takes the serialized message, not the raw one", async () => {
    const { log, lines } = capture();
    const failed = () => new DrizzleQueryError(SQL, [PERSON.name, PERSON.email, cv(MB)]);
    log.error(failed());
    log.error({ err: failed() });
    log.warn({ err: failed(), job: "x" }, "falha em tarefa periódica");
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.length).toBeLessThan(8_000);
      for (const secret of [PERSON.name, PERSON.email, "CVPADRAO"]) expect(line).not.toContain(secret);
      expect(JSON.parse(line)).toMatchObject({
        err: { type: "DrizzleQueryError", query: expect.stringContaining("career_application_cvs") },
      });
    }
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      "Failed query",
      "Failed query",
      "falha em tarefa periódica",
    ]);
  });
});
