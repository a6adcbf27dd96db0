/**
 * Logs without personal data (docs/decisions/0007, SECURITY.md): without SMTP, the server logs that an e-mail
 * was queued (outbox id, template, recipient domain), never its content or the full address.
 * The real server, its real log on standard output.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withProof } from "../helpers/app";

let child: ChildProcess;
let url = "";
let log = "";

beforeAll(async () => {
  child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "info",
      SITE_URL: "",
      NODE_ENV: "production",
      ADMIN_PASSWORD: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  url = await new Promise<string>((resolve, reject) => {
    child.on("exit", () => reject(new Error(`exited: ${log}`)));
    void logged(() => /servidor pronto em http:\/\/localhost:(\d+)/.exec(log)?.[1]).then((port) => resolve(`http://127.0.0.1:${port}`));
  });
}, 120_000);

afterAll(async () => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

/** The JSON log lines that mention the outbox. */
function outboxLines(): Array<Record<string, unknown>> {
  return log
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes("outboxId"))
    .map((line) => JSON.parse(line));
}

/** What `find` first finds in the server's output (looked at again at each new chunk). */
function logged<T>(find: () => T | undefined | false): Promise<T> {
  return new Promise((resolve) => {
    const look = () => {
      const found = find();
      if (found === undefined || found === false) return;
      child.stdout!.off("data", look);
      child.stderr!.off("data", look);
      resolve(found);
    };
    // Registered after the listeners that append to `log`, so each chunk is in `log` when looked at.
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    look();
  });
}

describe("e-mails without SMTP", () => {
  it("are logged as outbox id, template and recipient domain, never body, subject or address", async () => {
    const marker = `MENSAGEM-SIGILOSA-${Date.now()}`;
    const visitor = `ana.sigilo-${Date.now()}@cliente-exemplo.com.br`;
    const contact = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(await withProof(url, { name: "Ana Sigilo", company: "Cliente Exemplo", email: visitor, message: marker })),
    });
    expect(contact.status).toBeLessThan(300);
    const newsletter = await fetch(`${url}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(await withProof(url, { email: visitor })),
    });
    expect(newsletter.status).toBe(200);

    await logged(() => outboxLines().length >= 3);
    const lines = outboxLines();
    expect(lines.map((l) => l.template).sort()).toEqual(["auto-reply.contact", "lead.contact", "newsletter.confirmation"]);
    for (const template of ["newsletter.confirmation", "auto-reply.contact"]) {
      const toVisitor = lines.find((l) => l.template === template)!;
      expect(toVisitor.recipientDomain).toBe("cliente-exemplo.com.br");
    }
    const toVisitor = lines.find((l) => l.template === "newsletter.confirmation")!;
    expect(typeof toVisitor.outboxId).toBe("number");
    for (const line of lines) {
      expect(Object.keys(line)).not.toEqual(expect.arrayContaining(["body"]));
      expect(line).not.toHaveProperty("subject");
      expect(line).not.toHaveProperty("to");
    }
    // Nowhere in the whole log: the message, the address, the sign-up link's token.
    expect(log).not.toContain(marker);
    expect(log).not.toContain(visitor);
    expect(log).not.toContain("Ana Sigilo");
    expect(log).not.toContain("/newsletter/confirmar?token=");
  });
});
