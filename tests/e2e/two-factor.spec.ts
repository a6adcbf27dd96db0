/**
 * Two-factor login in the real browser (docs/decisions/0010): enrol from /admin/seguranca, log in with a code
 * from the app, log in with a recovery code (then it is spent), and a wrong code refused. These
 * tests change the admin account, so they run against their own server (own port, in-memory
 * database) instead of the shared one the other specs log in to.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { first } from "../../app/lib/first";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;
let secret = "";
let recoveryCodes: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000); // a fresh embedded database takes a few seconds, a minute or more on a busy machine
  server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      SITE_URL: BASE,
      ADMIN_PASSWORD: "",
      RATE_LIMIT_FACTOR: "100",
      LOG_LEVEL: "info",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 150_000);
    server!.stdout!.on("data", (d) => {
      output += d;
      if (output.includes("servidor pronto")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server!.stderr!.on("data", (d) => (output += d));
    server!.on("exit", (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.on("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

/** The code the authenticator app shows `stepsAhead` steps from now (each code is accepted once). */
function appCode(stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function passwordStep(page: Page) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel("Nome de usuário").fill("admin");
  await page.getByLabel("Senha").fill("admin123");
  await page.getByRole("button", { name: "Entrar" }).click();
}

async function freshPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE, locale: "pt-BR", javaScriptEnabled });
  return context.newPage();
}

test("enrols from the security page: QR code, a code from the app, ten recovery codes", async ({ browser }) => {
  const page = await freshPage(browser);
  await passwordStep(page);
  await expect(page).toHaveURL(`${BASE}/admin`);
  await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Segurança" }).click();
  await expect(page.getByRole("heading", { name: "Segurança da conta" })).toBeVisible();
  await expect(page.getByTestId("two-factor-status")).toHaveText("Desativada");

  await page.getByRole("button", { name: "Configurar verificação em duas etapas" }).click();
  const qr = page.getByRole("img", { name: "QR code para configurar o aplicativo autenticador" });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg")).toHaveCount(1);
  await page.getByText("Não consegue escanear? Digite a chave manualmente").click();
  secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel("Código de verificação").fill(appCode());
  await page.getByRole("button", { name: "Ativar verificação" }).click();
  await expect(page.getByRole("heading", { name: "Guarde seus códigos de recuperação" })).toBeVisible();
  recoveryCodes = await page.getByTestId("recovery-code").allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await expect(page.getByTestId("two-factor-status")).toHaveText("Ativada");
  await page.context().close();
});

test("logs in with a code from the app", async ({ browser }) => {
  const page = await freshPage(browser);
  await passwordStep(page);
  await expect(page).toHaveURL(`${BASE}/login/verificacao`);
  await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
  await page.getByLabel("Código de verificação").fill(appCode(1));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(`${BASE}/admin`);
  await expect(page.getByRole("heading", { name: "Administração do Blog" })).toBeVisible();
  await page.context().close();
});

test("a wrong code is refused and the admin stays closed", async ({ browser }) => {
  const page = await freshPage(browser);
  await passwordStep(page);
  await expect(page).toHaveURL(`${BASE}/login/verificacao`);
  const wrong = ["000000", "111111"].find((c) => c !== appCode() && c !== appCode(1) && c !== appCode(-1))!;
  await page.getByLabel("Código de verificação").fill(wrong);
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByText("Código inválido ou já usado")).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/login/verificacao`);
  await page.goto(`${BASE}/admin`);
  await expect(page).toHaveURL(`${BASE}/login`);
  await page.context().close();
});

test("logs in with a recovery code without JavaScript; the same code is then spent", async ({ browser }) => {
  const page = await freshPage(browser, false);
  await passwordStep(page);
  await expect(page).toHaveURL(`${BASE}/login/verificacao`);
  await page.getByLabel("Código de verificação").fill(first(recoveryCodes));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(`${BASE}/admin`);
  await expect(page.getByRole("heading", { name: "Administração do Blog" })).toBeVisible();
  await page.context().close();

  const again = await freshPage(browser, false);
  await passwordStep(again);
  await again.getByLabel("Código de verificação").fill(first(recoveryCodes));
  await again.getByRole("button", { name: "Verificar" }).click();
  await expect(again.getByText("Código inválido ou já usado")).toBeVisible();
  await expect(again).toHaveURL(`${BASE}/login/verificacao`);
  await again.context().close();
});
