/**
 * One font policy (app/app.css: `font-display: swap`, both faces preloaded by app/root.tsx): on a
 * throttled first visit every text ends in the brand fonts, headings in Manrope and running text
 * in Inter, including text painted later (the chat's bubbles). With `optional` a face that missed
 * its 100 ms stayed out for the whole visit, so headings kept the brand font while the body and
 * the chat fell back to the system's. The font each node is drawn with is Chromium's own answer
 * (CSS.getPlatformFontsForNode), not the CSS that asked for it.
 */
import { devices, expect, test, type CDPSession } from "@playwright/test";

test.use({ ...devices["Pixel 7"], channel: undefined });

async function drawnWith(cdp: CDPSession, selector: string) {
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts.map((f) => f.familyName).join(", ");
}

test("on a throttled first visit headings, running text and the chat's bubbles are all drawn in the brand fonts", async ({
  page,
  context,
}) => {
  const cdp = await context.newCDPSession(page);
  // Lighthouse's phone: 150 ms round trip, 1.6 Mbps down, a 4× slower CPU.
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000,
    uploadThroughput: 96_000,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto("/blog");
  await page.getByRole("button", { name: "Consultoria Gratuita" }).first().click();
  const bubble = page.getByRole("dialog", { name: "Consultoria Gratuita" }).getByText("Olá! Para iniciar nossa consultoria gratuita");
  await expect(bubble).toBeVisible();
  await bubble.evaluate((el) => el.setAttribute("data-fonte", "bolha"));
  await page
    .locator("main p:not(.font-display)")
    .first()
    .evaluate((el) => el.setAttribute("data-fonte", "texto"));
  await page.evaluate(() => document.fonts.ready);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  expect(await drawnWith(cdp, "h1")).toMatch(/^Manrope/);
  expect(await drawnWith(cdp, "[data-fonte=texto]")).toMatch(/^Inter/);
  expect(await drawnWith(cdp, "[data-fonte=bolha]")).toMatch(/^Inter/);
});
