/**
 * The admin login (SPEC §6): a plain form that posts (public pages are documents;
 * docs/decisions/0058), so nothing here waits for the page's scripts; the spec's toasts come
 * from flash cookies.
 */
import { expect, test } from "@playwright/test";
import { expectToast, watchBusyForm } from "./helpers";

test.describe("admin login", () => {
  test("logs in with the hint credentials, lands on /admin, and logs out", async ({ page }) => {
    await page.goto("/login");
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

  test("a wrong password: 'Entrando...' while it posts, then 'Erro de autenticação' with the username kept", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Nome de usuário").fill("admin");
    await page.getByLabel("Senha").fill("senha-errada");
    // Hold the post, so its busy state can be seen (the page reports it: watchBusyForm).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await page.route("**/login", async (route) => {
      if (route.request().method() === "POST") {
        posts++;
        await held;
      }
      await route.continue();
    });
    const { report } = await watchBusyForm(page, "[data-signed-out] form");
    await page.getByRole("button", { name: "Entrar" }).click({ noWaitAfter: true });
    expect(await report).toEqual({
      during: { busy: "true", label: "Entrando...", disabled: "true" },
      secondBlocked: true,
      restored: { busy: null, label: "Entrar", disabled: null },
    });
    release();
    await expectToast(page, "Erro de autenticação", "Nome de usuário ou senha incorretos");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert").filter({ hasText: "Nome de usuário ou senha incorretos" })).toBeVisible();
    await expect(page.getByLabel("Nome de usuário")).toHaveValue("admin");
    await expect(page.getByLabel("Senha")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Entrar" })).not.toHaveAttribute("aria-disabled");
    expect(posts).toBe(1);
  });

  test("empty fields show the spec's validation messages", async ({ page }) => {
    await page.goto("/login");
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
