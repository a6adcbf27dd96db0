import { expect, test } from "@playwright/test";
import { expectToast, gotoHydrated } from "./helpers";

test.describe("admin login", () => {
  test("logs in with the hint credentials, lands on /admin, and logs out", async ({ page }) => {
    await gotoHydrated(page, "/login");
    const hint = page.getByTestId("login-hint");
    await expect(hint).toContainText("admin123");
    const username = (await hint.locator("strong").nth(0).textContent())!;
    const password = (await hint.locator("strong").nth(1).textContent())!;

    await page.getByLabel("Nome de usuário").fill(username);
    await page.getByLabel("Senha").fill(password);
    await page.getByRole("button", { name: "Entrar" }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expectToast(page, "Login realizado com sucesso", "Bem-vindo à área administrativa");
    expect(await page.evaluate(() => localStorage.getItem("isAuthenticated"))).toBe("true");

    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, "Logout realizado");
    expect(await page.evaluate(() => localStorage.getItem("isAuthenticated"))).toBeNull();

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password shows 'Erro de autenticação' and keeps the visitor out", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await page.getByLabel("Nome de usuário").fill("admin");
    await page.getByLabel("Senha").fill("senha-errada");
    const button = page.getByRole("button", { name: /Entrar|Entrando/ });
    await button.click();
    await expect(page.getByRole("button", { name: "Entrando..." })).toBeDisabled();
    await expectToast(page, "Erro de autenticação", "Nome de usuário ou senha incorretos");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("empty fields show the spec's validation messages", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Nome de usuário é obrigatório")).toBeVisible();
    await expect(page.getByText("Senha é obrigatória")).toBeVisible();
  });
});

test("unknown paths show the not-found page", async ({ page }) => {
  const response = await page.goto("/esta-pagina-nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});
