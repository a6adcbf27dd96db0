/**
 * Keyboard only (docs/decisions/0030–0032): every interaction here is a key press (page.keyboard), as a visitor
 * without a mouse uses the site. What axe cannot see: focus going into a dialog, staying there
 * and coming back to the opener; the phone menu; no focused control under a fixed one (checked
 * with elementFromPoint at phone and desktop widths); focus and announcements after a
 * client-side navigation of the admin. Reduced motion makes the controls that step aside do so at once.
 */
import { expect, test, type Page } from "@playwright/test";
import { blogToasts } from "../../app/lib/messages/blog";
import { expectToast, gotoHydrated, signedIn } from "./helpers";

test.use({ reducedMotion: "reduce" });

/** The focused element's accessible name, roughly: what a screen reader would say for it. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "<body>";
    const text = (node: Element | null | undefined) => {
      if (!node) return null;
      const copy = node.cloneNode(true) as Element;
      copy.querySelectorAll("[aria-hidden=true], svg").forEach((hidden) => hidden.remove());
      return copy.textContent;
    };
    const labelled = el.getAttribute("aria-labelledby");
    const name =
      el.getAttribute("aria-label") ??
      (labelled ? text(document.getElementById(labelled)) : null) ??
      text((el as HTMLInputElement).labels?.[0]) ??
      text(el) ??
      "";
    return name.replace(/\s+/g, " ").trim();
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches (and its `role`, if given). */
async function tabTo(page: Page, name: string | RegExp, { back = false, max = 250, role = "" } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    const roleOk = !role || (await page.evaluate((r) => document.activeElement?.getAttribute("role") === r, role));
    if (roleOk && (typeof name === "string" ? now === name : name.test(now))) return seen;
    seen.push(now);
  }
  throw new Error(`no Tab stop named ${name} in ${max} presses: ${seen.slice(-10).join(" | ")}`);
}

/**
 * What covers the focused element, if anything ("<body>" when nothing has focus): the element
 * hit at its centre and at 20 %/80 % of its box (each line box's centre for text that wraps),
 * when not the element, inside it or one of its containers. Two frames first, so the floating
 * controls have placed themselves.
 */
function coverOfFocus(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "<body>";
    const rects = [...el.getClientRects()];
    const points: Array<[number, number]> = [];
    const [only, ...more] = rects;
    if (only && more.length === 0) {
      for (const [fx, fy] of [
        [0.5, 0.5],
        [0.2, 0.2],
        [0.8, 0.2],
        [0.2, 0.8],
        [0.8, 0.8],
      ] as const)
        points.push([only.left + only.width * fx, only.top + only.height * fy]);
    } else for (const r of rects) points.push([r.left + r.width / 2, r.top + r.height / 2]);
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && !el.contains(hit) && !hit.contains(el)) {
        const what = (e: Element) =>
          `${e.localName}${e.id ? `#${e.id}` : ""} “${(e.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}”`;
        return `${what(el)} under ${what(hit)}`;
      }
    }
    return null;
  });
}

/** Tabs through the page (from its end with Shift+Tab when `back`); returns every focused element found covered. */
async function coveredStops(page: Page, { back = false, max = 400 } = {}): Promise<string[]> {
  const covered: string[] = [];
  const first = await page.evaluate(() => document.activeElement === document.body);
  expect(first).toBe(true);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const cover = await coverOfFocus(page);
    if (cover === "<body>") return covered; // past the last stop
    if (cover) covered.push(cover);
  }
  throw new Error(`more than ${max} Tab stops`);
}

test.describe("dialogs take focus in, keep it and give it back", () => {
  test("the consultation request and the chat widget (public)", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const opener = "Solicitar Apresentação de Cases";
    const dialog = page.getByTestId("consultation-dialog");
    await tabTo(page, opener);

    // Escape, Cancelar and the corner X all bring focus back to the button that opened it.
    for (const close of ["Escape", "Cancelar", "Fechar"]) {
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await expect.poll(() => focused(page)).toMatch(/^Nome/);
      if (close === "Escape") {
        // Trapped: twenty Tabs never leave the dialog.
        for (let i = 0; i < 20; i++) {
          await page.keyboard.press("Tab");
          expect(
            await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")) || document.activeElement === document.body),
          ).toBe(true);
        }
        await page.keyboard.press("Escape");
      } else {
        await tabTo(page, close, { max: 20 });
        await page.keyboard.press("Enter");
      }
      await expect(dialog).toBeHidden();
      await expect.poll(() => focused(page), { message: `focus after ${close}` }).toBe(opener);
    }

    // The chat widget (offline on purpose in this run, so no toast): Escape closes it, and focus
    // is back on the floating button.
    await tabTo(page, "Consultoria Gratuita");
    await page.keyboard.press("Enter");
    const widget = page.getByRole("dialog", { name: "Consultoria Gratuita" });
    await expect(widget).toBeVisible();
    await expect.poll(() => focused(page)).toMatch(/^E-mail/);
    await page.keyboard.press("Escape");
    await expect(widget).toBeHidden();
    await expect.poll(() => focused(page)).toBe("Consultoria Gratuita");
  });

  test("the admin's dialogs; after a save the row, after a delete the list's heading", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedIn(page);
    const title = `Teclado ${Date.now()}`;
    const created = await page.request.post("/api/blog/posts", {
      data: {
        title,
        slug: `teclado-${Date.now()}`,
        summary: "Resumo do post de teste.",
        content: `<p>${"Texto do post de teste, escrito só para o teclado. ".repeat(2)}</p>`,
        categoryId: null,
        imageUrl: null,
        published: false,
      },
    });
    expect(created.status()).toBe(201);
    // The toasts' code arrives late here, as on a slow line: a toast that mounts after a dialog
    // opened would take the dialog's Escape (Radix gives it to the layer mounted last).
    await page.route(/\/toaster-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await gotoHydrated(page, "/admin");
    const dialog = page.getByRole("dialog");

    // Novo Post: focus on 'Título'; the toolbar is one Tab stop, the arrows move inside it.
    await tabTo(page, "Novo Post");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect.poll(() => focused(page)).toMatch(/^Título/);
    // The editor loads on its own (a lazy chunk): a person tabs to its toolbar once it is shown.
    await expect(dialog.getByRole("toolbar")).toBeVisible();
    await tabTo(page, "Seção (H2)", { max: 30 });
    // Radix moves focus on the next task.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => focused(page)).toBe("Subseção (H3)");
    await page.keyboard.press("End");
    await expect.poll(() => focused(page)).toMatch(/Refazer|Inserir imagem|Desfazer/);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=toolbar]")))).toBe(false);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(page)).toBe("Novo Post");

    // Editar: the dialog itself while the post loads, then 'Título' with the post's title.
    const edit = `Editar “${title}”`;
    await tabTo(page, edit);
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("textbox", { name: "Título (obrigatório)" })).toHaveValue(title);
    await expect.poll(() => focused(page)).toMatch(/^Título/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(page)).toBe(edit);

    // Saved with Enter: focus on the changed row.
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("textbox", { name: "Título (obrigatório)" })).toHaveValue(title);
    await expect.poll(() => focused(page)).toMatch(/^Título/);
    await page.keyboard.press("End");
    await page.keyboard.type(" editado");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(page)).toBe(`Editar “${title} editado”`);

    // Excluir: Escape comes back to the button; a confirmed delete lands on the list's heading.
    const remove = `Excluir “${title} editado”`;
    await tabTo(page, remove, { max: 3 });
    const alert = page.getByRole("alertdialog");
    await page.keyboard.press("Enter");
    await expect(alert).toBeVisible();
    // Escape is heard once the dialog is live, which it shows by taking focus (a person sees it open).
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[role=alertdialog]")))).toBe(true);
    // The save's toast is on the page (its layer), and Escape still belongs to the open dialog.
    await expect(page.locator("[popover=manual]")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(alert).toBeHidden();
    await expect.poll(() => focused(page)).toBe(remove);
    await page.keyboard.press("Enter");
    await tabTo(page, "Excluir", { max: 3 });
    await page.keyboard.press("Enter");
    await expect(alert).toBeHidden();
    await expect(page.getByRole("cell", { name: `${title} editado` })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("lista-posts");

    // The Categorias tab (a replace of the address) keeps focus on the tab; Nova Categoria returns it.
    await tabTo(page, "Posts", { back: true, max: 5, role: "tab" });
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/aba=categorias/);
    await expect.poll(() => focused(page)).toBe("Categorias");
    await tabTo(page, "Nova Categoria", { max: 5 });
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect.poll(() => focused(page)).toMatch(/^Nome/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(page)).toBe("Nova Categoria");
  });
});

test("Escape closes the open dialog even when a toast appeared after it opened (docs/decisions/0134)", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page);
  // A category of this name exists: 'Nova Categoria' with the same name is refused, and the
  // refusal's toast mounts while the dialog is open, as the layer mounted last.
  const name = `Tecla ${Date.now()}`;
  const created = await page.request.post("/api/blog/categories", { data: { name, slug: `tecla-${Date.now()}`, description: null } });
  expect(created.status()).toBe(201);
  await page.goto("/admin?aba=categorias");
  const dialog = page.getByRole("dialog");
  await tabTo(page, "Nova Categoria");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect.poll(() => focused(page)).toMatch(/^Nome/);
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expectToast(page, blogToasts.saveCategoryError.title, blogToasts.saveCategoryError.description);
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
  // Focus is in the dialog: Escape is the dialog's, whatever mounted after it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect.poll(() => focused(page)).toBe("Nova Categoria");
});

test("the phone menu closes when focus leaves it, and Escape gives focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/sobre");
  const menu = page.locator("[data-mobile-menu]");
  await tabTo(page, "Abrir menu");
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect.poll(() => focused(page)).toBe("Início");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect.poll(() => focused(page)).toBe("Abrir menu");

  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  // Through the menu and past its end: nothing focused is ever covered.
  const covered: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const cover = await coverOfFocus(page);
    if (cover && cover !== "<body>") covered.push(cover);
  }
  expect(covered).toEqual([]);
  await expect(menu).toBeHidden();
});

test.describe("no focused control is covered by a fixed one", () => {
  // Forward, where focus meets the floating buttons; backward, where it meets the sticky header.
  for (const [width, height, passes] of [
    [
      1440,
      900,
      [
        ["/", false],
        ["/blog", false],
        ["/", true],
      ],
    ],
    [
      390,
      844,
      [
        ["/", false],
        ["/sobre", false],
        ["/formulario", false],
        ["/busca?q=automacao", false],
      ],
    ],
  ] as const) {
    test(`at ${width} px`, async ({ page }) => {
      test.setTimeout(90_000); // a few hundred Tab stops
      await page.setViewportSize({ width, height });
      const found: string[] = [];
      for (const [url, back] of passes) {
        await page.goto(url);
        found.push(...(await coveredStops(page, { back })).map((c) => `${url}${back ? " (Shift+Tab)" : ""}: ${c}`));
      }
      expect(found).toEqual([]);
    });
  }
});

test("in the admin (a router app), a client-side navigation moves focus to the new page's h1 and announces its title", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const announced = page.locator("[data-route-announcer]");
  await signedIn(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await tabTo(page, "Painel");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.localName)).toBe("h1");
  await expect.poll(() => focused(page)).toBe("Painel Administrativo");
  await expect(announced).toHaveText(/^Painel Administrativo \| Agile IA/);
  await tabTo(page, "Pedidos");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/pedidos$/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.localName)).toBe("h1");
  await expect(announced).not.toHaveText(/Painel Administrativo/);
});

test("the blog by keyboard: chips before the feed link, one Tab stop per card, each list and post a page of its own", async ({ page }) => {
  // Public pages are documents (docs/decisions/0058): a link is a page load, which the browser
  // announces itself, and the next Tab starts from the top of the new page (or the section a
  // fragment names).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/privacidade");
  await tabTo(page, "Blog");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/blog$/);

  // The chips come before the feed link; a category is its own page, with its own title.
  await expect(page.getByRole("navigation", { name: "Categorias do blog" }).getByRole("link", { name: "Agentes de IA" })).toBeVisible();
  const stops = await tabTo(page, "RSS");
  expect(stops).toContain("Agentes de IA");
  await tabTo(page, "Agentes de IA", { back: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/categoria=agentes-de-ia/);
  await expect(page).toHaveTitle("Blog Agile: Agentes de IA | Agile IA");

  // One Tab stop per card; a post, and back.
  await expect(page.locator("article").first()).toBeVisible();
  const cards = await page.locator("article").count();
  const perCard = await page.evaluate(() =>
    [...document.querySelectorAll("article")].map(
      (a) => [...a.querySelectorAll<HTMLElement>("a[href], button, input, [tabindex]")].filter((e) => e.tabIndex >= 0).length,
    ),
  );
  expect(perCard).toEqual(Array(cards).fill(1));
  await tabTo(page, /^Ler mais: /);
  const post = (await focused(page)).replace(/^Ler mais: /, "");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/blog\/.+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post);
  await tabTo(page, "Voltar para o blog");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/blog(\?|$)/);

  // A link to a section of another page: the next Tab starts in that section.
  await tabTo(page, "Contato");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/#contact$/);
  // A person presses Tab once the section is on screen. The address changes when the new page
  // starts to arrive: a Tab pressed before its section is parsed starts from the top (CI met it).
  await expect(page.locator("#contact")).toBeInViewport();
  await page.keyboard.press("Tab");
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("#contact")))).toBe(true);
});

test("the newsletter's empty submit marks the field invalid", async ({ page }) => {
  // The island's answer (toast, field marked, focus kept) needs the page's script: a submit made
  // before it runs is a native post, whose answer page marks its field (no-js.spec.ts).
  await gotoHydrated(page, "/");
  await tabTo(page, "Seu email", { back: true });
  await page.keyboard.press("Enter");
  await expect(page.locator("#newsletter-email")).toHaveAttribute("aria-invalid", "true");
  await expect.poll(() => focused(page)).toBe("Seu email");
  await page.keyboard.type("a");
  await expect(page.locator("#newsletter-email")).not.toHaveAttribute("aria-invalid", "true");
});
