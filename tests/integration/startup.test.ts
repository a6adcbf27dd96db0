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
    expect(output).toContain("SITE_URL deve ser uma URL válida");
    expect(output).toContain("SESSION_SECRET deve ter pelo menos 32 caracteres");
  });
});
