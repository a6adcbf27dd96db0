/**
 * Logs on failure (docs/decisions/0110): a lead whose database write fails is a 5xx and one error
 * line that says what failed (the error's type, the SQL without its values, the database's code),
 * and no line of the app's output holds the visitor's name, e-mail, phone, CV bytes (raw, hex,
 * base64 or a byte list) or a value of the failing request's query string. The write is made to
 * fail by a trigger that raises on insert, the real error path of both databases.
 */
import { randomUUID } from "node:crypto";
import { format } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formStampFor, proofOfWork, startTestApp, TEST_SESSION_SECRET, type TestApp } from "../helpers/app";
import { realPdfOfSize } from "../support/documents";

let app: TestApp;
let output = "";
const restore: Array<() => void> = [];

/**
 * Everything the app writes, captured in this process: pino writes to `process.stdout` when its
 * `write` has been replaced before the logger is made (pino's documented fallback), and anything
 * printed through the console is caught too.
 */
function captureOutput() {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      output += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      const done = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof stream.write;
    restore.push(() => (stream.write = write));
  }
  for (const method of ["log", "info", "warn", "error", "debug", "trace"] as const) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      output += `${format(...args)}\n`;
    };
    restore.push(() => (console[method] = original));
  }
}

beforeAll(async () => {
  captureOutput();
  app = await startTestApp({ LOG_LEVEL: "info", TRUST_PROXY: "1", SESSION_SECRET: TEST_SESSION_SECRET });
  const db = app.db();
  await db.execute(sql`
    create function test_refuse_lead() returns trigger language plpgsql as $$
    begin
      raise exception 'escrita recusada pelo teste';
    end $$`);
  await db.execute(
    sql`create trigger test_refuse_contact before insert on contact_answers for each row execute function test_refuse_lead()`,
  );
  await db.execute(sql`create trigger test_refuse_cv before insert on lead_files for each row execute function test_refuse_lead()`);
});

afterAll(async () => {
  await app?.close();
  for (const undo of restore.reverse()) undo();
});

let ipCounter = 0;
const newIp = () => `10.110.0.${++ipCounter}`;

/** A visitor whose every detail is recognisable in a log. */
function visitor() {
  const tag = randomUUID().replace(/-/g, "").slice(0, 10);
  return {
    name: `Zuleica Sigilo${tag.slice(0, 4)}`,
    email: `zuleica.${tag}@sigilo-exemplo.com.br`,
    phone: `1197${String(parseInt(tag.slice(0, 6), 16) % 1_000_000).padStart(6, "0")}1`,
    queryValue: `consulta-secreta-${tag}`,
  };
}

/** A real PDF (the upload check parses it) of 64 kB whose stream is a byte pattern found nowhere else, ASCII and high bytes mixed. */
function cvBytes(): Buffer {
  const pattern = Buffer.concat([Buffer.from("CVPADRAO-QX7W-"), Buffer.from([0xc3, 0x9f, 0xfe, 0x01, 0x7f, 0x80, 0xaa, 0x55])]);
  return realPdfOfSize(64 * 1024, pattern);
}

/** The ways a file's bytes appear when something prints them: raw, hex (bytea `\x…`, `<Buffer 43 56 …>`), base64, a JSON byte list. */
function encodingsOf(bytes: Buffer): string[] {
  const piece = bytes.subarray(4096, 4096 + 24);
  const found = [
    "CVPADRAO-QX7W",
    piece.toString("hex"),
    [...piece].map((b) => b.toString(16).padStart(2, "0")).join(" "),
    [...piece.subarray(0, 8)].join(","),
    [...piece.subarray(0, 8)].join(", "),
  ];
  // base64 at each of the three alignments a larger buffer could start at.
  for (let shift = 0; shift < 3; shift++)
    found.push(
      bytes
        .subarray(4096 + shift, 4096 + shift + 48)
        .toString("base64")
        .slice(4, 28),
    );
  return found;
}

function jsonLines(from = 0): Array<Record<string, any>> {
  return output
    .slice(from)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, any>);
}

function expectNothingOf(person: ReturnType<typeof visitor>, extra: string[] = []) {
  const variants = [
    person.name,
    person.email,
    encodeURIComponent(person.email),
    person.email.split("@")[0]!,
    person.phone,
    person.queryValue,
    ...extra,
  ];
  for (const secret of variants) expect(output, `the log holds ${secret}`).not.toContain(secret);
  // No line anywhere near the size of a request body.
  for (const line of output.split("\n")) expect(line.length).toBeLessThan(16_384);
}

/** The error line of one failed request (the handler's "erro no servidor" with the error serialised). */
function errorLineFor(table: string, from: number) {
  return jsonLines(from).find((line) => line.level >= 50 && typeof line.err?.query === "string" && line.err.query.includes(`"${table}"`));
}

describe("a lead whose database write fails", () => {
  it("contact through the JSON API: a 5xx, the error logged without the visitor's data or the query string", async () => {
    const person = visitor();
    const from = output.length;
    const res = await fetch(`${app.url}/api/contact?utm_source=${person.queryValue}&ref=${person.queryValue}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newIp() },
      body: JSON.stringify({
        name: person.name,
        company: "Empresa Sigilosa",
        email: person.email,
        phone: person.phone,
        message: "Queremos automatizar o atendimento ao cliente com agentes de IA.",
        altcha: await proofOfWork(app.url),
      }),
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    await res.arrayBuffer();
    expectNothingOf(person);

    const line = errorLineFor("contact_answers", from);
    expect(line, output.slice(-4000)).toBeDefined();
    expect(line!.err.type).toBe("DrizzleQueryError");
    expect(line!.err.query).toMatch(/^insert into "contact_answers"/);
    expect(line!.err.cause).toMatchObject({ code: "P0001" });
    expect(line!.url).toBe("/api/contact");
    // The access log line of the same request: the path only.
    expect(jsonLines(from).some((l) => l.msg === "request" && l.url === "/api/contact" && l.status >= 500)).toBe(true);
  });

  for (const [how, path] of [
    ["the JSON API", "/api/careers/application"],
    ["the form posted without JavaScript", "/enviar/candidatura"],
  ] as const) {
    it(`a careers application with a CV through ${how}: a 5xx, no name, e-mail, phone, CV byte or query value in the log`, async () => {
      const person = visitor();
      const cv = cvBytes();
      const from = output.length;
      const form = new FormData();
      for (const [key, value] of Object.entries({
        name: person.name,
        email: person.email,
        phone: person.phone,
        position: "Senior AI Engineer",
        experience: "Oito anos desenvolvendo sistemas de aprendizado de máquina em produção.",
        motivation: "Quero construir agentes de IA que resolvem problemas reais de empresas brasileiras.",
        formStamp: formStampFor(20),
        altcha: await proofOfWork(app.url),
      }))
        form.append(key, value);
      form.append("cv", new File([new Uint8Array(cv)], `Currículo ${person.name}.pdf`, { type: "application/pdf" }));
      const res = await fetch(`${app.url}${path}?email=${encodeURIComponent(person.email)}&origem=${person.queryValue}`, {
        method: "POST",
        redirect: "manual",
        headers: { accept: path.startsWith("/api/") ? "application/json" : "text/html", "x-forwarded-for": newIp() },
        body: form,
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
      await res.arrayBuffer();
      expectNothingOf(person, encodingsOf(cv));

      const line = errorLineFor("lead_files", from);
      expect(line, output.slice(-4000)).toBeDefined();
      expect(line!.err.type).toBe("DrizzleQueryError");
      expect(line!.err.cause).toMatchObject({ code: "P0001", routine: expect.any(String) });
      expect(line!.err.cause).not.toHaveProperty("where");
      expect(line!.err.cause).not.toHaveProperty("detail");
      expect(JSON.stringify(line).length).toBeLessThan(16_384);
    });
  }
});
