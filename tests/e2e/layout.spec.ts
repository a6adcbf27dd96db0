/**
 * Layout checks of the public pages (docs/decisions/0020; helpers and setup in layout.ts):
 * - full-page screenshots at 360, 768 and 1440 px, compared with the baselines in
 *   tests/e2e/screenshots (README: "Layout checks");
 * - at 360 px, on the page just pictured, no fixed control covers text at the top, middle or
 *   bottom (layout-admin.spec.ts does the same for the admin screens); except that the floating
 *   buttons (WhatsApp, 'Consultoria Gratuita') may pass over text while the reader scrolls
 *   (docs/decisions/0059): at the bottom of a page nothing covers text, they included.
 *   tests/e2e/floating.spec.ts checks they are always there.
 */
import { expect, test } from "@playwright/test";
import { changing, coveredText, expectNothingCovered, open, PICTURE, WIDTHS } from "./layout";

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
      if (width === 360) await test.step("no fixed control covers text", () => expectNothingCovered(page, url));
    });
  }
}

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
