import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Cookie, type Page } from "@playwright/test";

/**
 * Navigates and waits until the page's scripts ran (a public page's entry, or the admin's router).
 * Only for tests about what the scripts add (toasts, an island's own behaviour, the admin's
 * client-side navigation): every public control works before that, and the tests of public pages
 * click as soon as a control is visible, as a visitor does.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor();
}

/** The visible toast (Radix also copies its text into a screen-reader live region). */
export function visibleToast(page: Page) {
  return page.getByRole("region", { name: /Notificações/ }).locator("li[data-state=open]");
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = visibleToast(page);
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

/** Signs in as a person would: typing as soon as the form is painted (it posts without scripts too). */
export async function loginAsAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Nome de usuário").fill("admin");
  await page.getByLabel("Senha").fill("admin123");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The welcome toast mounts lazily after the redirect: wait for it, so a later accessibility
  // scan does not meet it half faded in.
  await expectToast(page, "Login realizado com sucesso");
}

/** The admin's session of admin.setup.ts: one login through the form, before the browser tests. */
export const ADMIN_SESSION = `.tmp/admin-session-${process.env.E2E_PORT ?? 3210}.json`;

/**
 * Opens /admin already signed in, as an admin who comes back to the site does: the browser gets
 * the session cookie of admin.setup.ts's login. For tests whose subject is the admin's work, not
 * the login (loginAsAdmin goes through the form; auth.spec.ts, two-factor.spec.ts and the tests of
 * the first moments after signing in use it): a login costs a page, a scrypt and a redirect.
 */
export async function signedIn(page: Page) {
  const { cookies } = JSON.parse(await readFile(ADMIN_SESSION, "utf8")) as { cookies: Cookie[] };
  await page.context().addCookies(cookies);
  await page.goto("/admin");
}

/**
 * Waits until no motion toward a state runs (a toast fading in is briefly low-contrast). A
 * repeating animation is decoration, not such motion: the hero's status dot pulses a few times
 * (docs/decisions/0103), and nothing waits for it.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || (a.effect?.getTiming().iterations ?? 1) > 1),
  );
}

/**
 * SPEC §2's 2 s before the floating WhatsApp button shows, a CSS animation: finished at once where
 * a test is about what comes after it (marketing.spec.ts checks the delay itself).
 */
export async function skipWhatsAppDelay(page: Page) {
  await page.locator("[data-floating-whatsapp]").evaluateAll((els) => els.forEach((el) => el.getAnimations().forEach((a) => a.finish())));
}

/**
 * A button's expanded state as Chromium's own accessibility tree exposes it: a `popovertarget`
 * button has one without `aria-expanded` (which HTML forbids there), and Playwright's role
 * engine does not compute it.
 */
export async function axExpanded(page: Page, buttonName: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const node = nodes.find((n) => !n.ignored && n.role?.value === "button" && n.name?.value === buttonName);
    return node?.properties?.find((p) => p.name === "expanded")?.value.value as boolean | undefined;
  } finally {
    await cdp.detach();
  }
}

/** axe-core on the page (or only `include`), once the page has stopped animating. */
export async function axeScan(page: Page, include?: string) {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  return builder.analyze();
}

export interface BusyReport {
  /** Right after the submit: the form's aria-busy, its submit button's label and aria-disabled. */
  during: { busy: string | null; label: string; disabled: string | null };
  /** Whether a second submit made meanwhile was stopped. */
  secondBlocked: boolean;
  /** After the page is shown again from the back/forward cache (a `pageshow` with `persisted`). */
  restored: { busy: string | null; label: string; disabled: string | null };
}

/**
 * What a plain form with `data-busy-label` (app/shell/early/busy-forms.ts) looks like while its post is
 * on its way. Playwright waits for a pending navigation before it reads the page, so the page
 * reports it itself (a console message): right after the submit, then after a second submit,
 * then after a back/forward-cache `pageshow`. Call before submitting; await its `report` after.
 */
export async function watchBusyForm(page: Page, selector: string): Promise<{ report: Promise<BusyReport> }> {
  const report = new Promise<BusyReport>((resolve) => {
    page.on("console", (message) => {
      if (message.text().startsWith("busy-report ")) resolve(JSON.parse(message.text().slice("busy-report ".length)) as BusyReport);
    });
  });
  await page.evaluate((selector) => {
    const form = document.querySelector<HTMLFormElement>(selector)!;
    const button = form.querySelector<HTMLElement>("button[type=submit], button:not([type])")!;
    const state = () => ({
      busy: form.getAttribute("aria-busy"),
      label: button.textContent.trim(),
      disabled: button.getAttribute("aria-disabled"),
    });
    const prevented: boolean[] = [];
    // After every listener of the document (the early script's among them).
    window.addEventListener("submit", (event) => prevented.push(event.defaultPrevented));
    form.addEventListener(
      "submit",
      () =>
        setTimeout(() => {
          const during = state();
          form.requestSubmit();
          const secondBlocked = prevented[1] === true;
          dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
          console.log(`busy-report ${JSON.stringify({ during, secondBlocked, restored: state() })}`);
        }),
      { once: true },
    );
  }, selector);
  return { report }; // wrapped: an async function would wait for it
}

/**
 * A lead's JSON body with a solved proof of work (docs/decisions/0090), as the site's forms send
 * it: the challenge asked through `request` and solved with the same library.
 */
export async function withProof<T extends object>(request: APIRequestContext, body: T): Promise<T & { altcha: string }> {
  const { solveChallenge } = await import("altcha-lib");
  const { deriveKey } = await import("altcha-lib/algorithms/pbkdf2");
  const { data: challenge } = (await (await request.get("/api/challenge")).json()) as { data: import("altcha-lib").Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("proof of work not solved");
  return { ...body, altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
}
