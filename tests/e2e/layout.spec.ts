/**
 * Layout checks of the public pages (docs/decisions/0020; helpers and setup in layout.ts):
 * - full-page screenshots at 360, 768 and 1440 px, compared with the baselines in
 *   tests/e2e/screenshots (README: "Layout checks");
 * - at 360 px, no fixed control covers text at the top, middle or bottom of any page, admin
 *   screens included; except that the floating buttons (WhatsApp, 'Consultoria Gratuita') may pass
 *   over text while the reader scrolls (docs/decisions/0059): at the bottom of a page nothing covers
 *   text, they included. tests/e2e/floating.spec.ts checks they are always there.
 */
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PAGES, ADMIN_STATE, changing, open, PICTURE, WIDTHS } from "./layout";

/** A seeded post (app/db/seed.server.ts): the fresh database always has it. */
const POST = "/blog/rpa-e-llms-a-nova-geracao-da-automacao-de-processos";

const PUBLIC_PAGES = {
  home: "/",
  sobre: "/sobre",
  carreiras: "/carreiras",
  agentes: "/agentes",
  produtos: "/produtos",
  formulario: "/formulario",
  blog: "/blog",
  "blog-categoria": "/blog?categoria=agentes-de-ia",
  busca: "/busca?q=automacao",
  post: POST,
  privacidade: "/privacidade",
  termos: "/termos",
  cookies: "/cookies",
  login: "/login",
  "nao-encontrada": "/pagina-que-nao-existe",
  checkout: "/checkout/product/chatbot",
  "pagamento-sucesso": "/payment-success",
};

for (const [name, url] of Object.entries(PUBLIC_PAGES)) {
  for (const width of WIDTHS) {
    test(`layout of ${name} (${url}) at ${width} px`, async ({ page }) => {
      await open(page, url, width);
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, { ...PICTURE, mask: changing(page) });
    });
  }
}

/**
 * Text covered by a visible fixed control (a fixed element that is or holds a link, button or
 * field) in the viewport: each pair as "control name → text". Text inside fixed elements is theirs.
 * With `floating: false` the floating buttons do not count (they may be over text mid-page).
 */
function coveredText(page: Page, { floating = true } = {}) {
  return page.evaluate((floating) => {
    const visible = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.visibility !== "visible" || Number(s.opacity) === 0 || s.display === "none") return false;
      }
      return true;
    };
    // What of a box its scrolling or clipping ancestors let show (visually hidden text shows nothing).
    const shown = (r: DOMRect, el: Element) => {
      let { left, top, right, bottom } = r;
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX === "visible" && s.overflowY === "visible" && s.clipPath === "none") continue;
        const c = e.getBoundingClientRect();
        ({ left, top, right, bottom } = {
          left: Math.max(left, c.left),
          top: Math.max(top, c.top),
          right: Math.min(right, c.right),
          bottom: Math.min(bottom, c.bottom),
        });
      }
      return new DOMRect(left, top, right - left, bottom - top);
    };
    const inViewport = (r: DOMRect) =>
      r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && r.width > 1 && r.height > 1;
    const fixed = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (el) =>
        getComputedStyle(el).position === "fixed" &&
        el.matches("a, button, input, select, textarea, :has(a, button, input, select, textarea)") &&
        inViewport(el.getBoundingClientRect()) &&
        visible(el) &&
        (floating || !el.matches("[data-floating-control]")),
    );
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (!/\S/.test(node.nodeValue ?? "") || fixed.some((f) => f.contains(parent)) || !visible(parent)) continue;
      range.selectNodeContents(node);
      for (const textRect of range.getClientRects()) {
        const rect = shown(textRect, parent);
        if (!inViewport(rect)) continue;
        for (const control of fixed) {
          const c = control.getBoundingClientRect();
          if (rect.left < c.right && c.left < rect.right && rect.top < c.bottom && c.top < rect.bottom) {
            const label = control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 40);
            found.push(`${label} → "${node.nodeValue!.trim().slice(0, 60)}"`);
          }
        }
      }
    }
    return [...new Set(found)];
  }, floating);
}

/** Scrolls at once (the site itself scrolls smoothly). */
async function scrollToFraction(page: Page, fraction: number) {
  await page.evaluate(
    (f) => window.scrollTo({ top: (document.documentElement.scrollHeight - innerHeight) * f, behavior: "instant" }),
    fraction,
  );
}

const COVER_PAGES = { ...PUBLIC_PAGES, ...ADMIN_PAGES };
test.describe("at 360 px no fixed control covers text", () => {
  for (const [name, url] of Object.entries(COVER_PAGES)) {
    const admin = url.startsWith("/admin");
    test(`${name} (${url})`, async ({ browser }) => {
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        locale: "pt-BR",
        ...(admin ? { storageState: ADMIN_STATE } : {}),
      });
      const page = await context.newPage();
      await open(page, url, 360);
      for (const [where, fraction] of [
        ["top", 0],
        ["middle", 0.5],
        ["bottom", 1],
      ] as const) {
        await scrollToFraction(page, fraction);
        // The page's end is the floating buttons' band: nothing is under them there.
        const options = { floating: where === "bottom" };
        await expect.poll(() => coveredText(page, options), { message: `text covered at the ${where} of ${url}` }).toEqual([]);
      }
      await context.close();
    });
  }
});

test("the check finds a fixed control on text", async ({ page }) => {
  await open(page, "/sobre", 360);
  const launcher = page.getByTestId("chat-launcher");
  const whatsapp = page.locator("[data-floating-whatsapp]");
  await expect(launcher).toHaveCSS("position", "fixed");
  await expect(whatsapp).toHaveCSS("position", "fixed");

  // A fixed control put on the hero's text is reported.
  await page.evaluate(() => {
    const probe = Object.assign(document.createElement("button"), { textContent: "Sonda", id: "probe" });
    probe.style.cssText = "position:fixed;top:45%;left:0;width:100%;height:4rem";
    document.body.append(probe);
  });
  expect((await coveredText(page)).join("\n")).toContain("Sonda →");
  expect((await coveredText(page, { floating: false })).join("\n")).toContain("Sonda →");
  await page.locator("#probe").evaluate((el) => el.remove());

  // Text put under both floating buttons is reported, unless they are left out; they stay.
  await page.evaluate(() => {
    const text = Object.assign(document.createElement("p"), { id: "filler", textContent: "texto de teste ".repeat(200) });
    text.style.cssText = `position:absolute;left:0;right:0;top:${scrollY + innerHeight - 120}px;font-size:24px;line-height:1;word-break:break-all`;
    document.body.append(text);
  });
  const covered = (await coveredText(page)).join("\n");
  expect(covered).toContain("Consultoria Gratuita →");
  expect(covered).toMatch(/WhatsApp.* →/);
  expect(await coveredText(page, { floating: false })).toEqual([]);
  await expect(page.locator("[data-floating-control][data-float]")).toHaveCount(0);
});
