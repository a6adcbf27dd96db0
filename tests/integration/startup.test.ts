import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, DATA_DIR: "memory://", DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("start-up configuration", () => {
  it("refuses invalid environment values with a message naming each variable", async () => {
    const { code, output } = await runServer({ PORT: "porta", SITE_URL: "não é url", SESSION_SECRET: "curto" });
    expect(code).toBe(1);
    expect(output).toContain("Configuração inválida");
    expect(output).toContain("PORT");
    expect(output).toContain("SITE_URL deve ser um endereço http:// ou https://");
    expect(output).toContain("SESSION_SECRET deve ter pelo menos 32 caracteres");
  });

  // An address the app cannot use stops the start, naming the variable.
  for (const [name, value] of [
    ["SITE_URL", "localhost:3000"],
    ["SITE_URL", "ftp://agile.example"],
    ["DATABASE_URL", "mysql://x"],
  ] as const) {
    it(`refuses ${name}=${value}`, async () => {
      const { code, output } = await runServer({ [name]: value });
      expect(code).toBe(1);
      expect(output).toContain(`${name} deve ser um endereço`);
      // Every line the process wrote is JSON, the fatal one included.
      for (const line of output.trim().split("\n")) expect(() => JSON.parse(line), line).not.toThrow();
    });
  }

  // A public deploy (SECURITY.md) never runs with the demo password, a weak one, or an unrequested demo checkout.
  const PUBLIC = { NODE_ENV: "production", SITE_URL: "https://agile.example", STRIPE_SECRET_KEY: "sk_test_x", ADMIN_PASSWORD: "" };

  it("a public deploy without ADMIN_PASSWORD stops, naming the variable in Portuguese and English", async () => {
    const { code, output } = await runServer(PUBLIC);
    expect(code).toBe(1);
    expect(output).toContain("Configuração insegura para um endereço público");
    expect(output).toContain("ADMIN_PASSWORD é obrigatória");
    expect(output).toContain("ADMIN_PASSWORD is required on a public deploy");
  });

  for (const weak of ["admin123", "Curta-1", "senha-123", "aaaaaaaaaaaaaaaa", "admin-admin-admin"]) {
    it(`a public deploy refuses the weak ADMIN_PASSWORD ${JSON.stringify(weak)}`, async () => {
      const { code, output } = await runServer({ ...PUBLIC, ADMIN_PASSWORD: weak });
      expect(code).toBe(1);
      expect(output).toContain("ADMIN_PASSWORD é fraca");
    });
  }

  it("production at a non-local http address is public too, and the demo checkout needs DEMO_CHECKOUT=1", async () => {
    const { code, output } = await runServer({
      NODE_ENV: "production",
      SITE_URL: "http://agile.example",
      STRIPE_SECRET_KEY: "",
      ADMIN_PASSWORD: "Uma-Senha-Bem-Forte-2026",
    });
    expect(code).toBe(1);
    expect(output).toContain("DEMO_CHECKOUT=1");
    expect(output).not.toContain("ADMIN_PASSWORD");
  });
});
