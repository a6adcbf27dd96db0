/**
 * The floating buttons (SPEC §2: WhatsApp bottom left after 2 s, 'Consultoria Gratuita' bottom
 * right) on phones, docs/decisions/0059: after the 2 s both are there, on top and the chat one
 * labelled, at every scroll position of the public pages; the end of each page scrolls clear of
 * them; they never cover a focused field (it scrolls clear, or they step aside while it cannot);
 * the phone menu offers 'Consultoria Gratuita' too, before the page's code arrives as after.
 * Real taps in Chromium with a phone's viewport and touch. The 2 s themselves are checked in
 * marketing.spec.ts; here the delay is finished at once. This test is the check of decision 0059:
 * the bench no longer measures it (docs/decisions/0118-bench-and-one-budget-file.md).
 */
import { expect, test, type Page } from "@playwright/test";
import { settleAnimations, skipWhatsAppDelay } from "./helpers";

/** A seeded post (app/db/seed.server.ts): every database has it. */
const POST = "/blog/rpa-e-llms-a-nova-geracao-da-automacao-de-processos";
const PAGES = ["/", "/sobre", "/carreiras", "/agentes", "/blog", POST, "/login", "/privacidade"];
const PHONES = [
  { width: 360, height: 740 },
  { width: 412, height: 823 },
];
const POSITIONS = 10;

/**
 * Where the page is scrolled now: is each floating button wholly in the viewport, painted and what
 * a tap at its centre hits; is the chat button's text 'Consultoria Gratuita' painted (not visually
 * hidden) and on top?
 */
function floating(page: Page) {
  return page.evaluate(() => {
    const onTop = (el: Element, x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return Boolean(hit && el.contains(hit));
    };
    const painted = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.visibility !== "visible" || Number(s.opacity) < 0.99 || s.display === "none") return false;
      }
      return true;
    };
    const shown = (el: Element | null) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      const inside = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
      return inside && painted(el) && onTop(el, r.left + r.width / 2, r.top + r.height / 2);
    };
    const chat = document.querySelector('[data-testid="chat-launcher"]');
    let labelled = false;
    if (chat && shown(chat)) {
      const walker = document.createTreeWalker(chat, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeValue?.trim() !== "Consultoria Gratuita") continue;
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        labelled = r.width > 40 && r.height > 8 && painted(node.parentElement) && onTop(chat, r.left + r.width / 2, r.top + r.height / 2);
      }
    }
    return { chat: shown(chat), labelled, whatsapp: shown(document.querySelector("[data-floating-whatsapp] a")) };
  });
}

const ALL_THERE = { chat: true, labelled: true, whatsapp: true };

/** Scrolls at once (the site itself scrolls smoothly), then lets two frames run. */
async function scrollToFraction(page: Page, fraction: number) {
  await page.evaluate(async (f) => {
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    window.scrollTo({ top: (document.documentElement.scrollHeight - innerHeight) * f, behavior: "instant" });
    await frames();
    // Sections painted on the way (content-visibility) may have changed the page's height.
    if (f === 1) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    await frames();
  }, fraction);
}

/** Waits until the page has stopped scrolling (an anchor's smooth scroll). */
async function scrollSettled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    for (let still = 0, last = -1; still < 5; still = scrollY === last ? still + 1 : 0) {
      last = scrollY;
      await frame();
    }
  });
}

/** Text in the viewport under a floating button, as "button → text". */
function textUnderFloating(page: Page) {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>("[data-floating-control]")].map((el) => ({
      name: el.getAttribute("aria-label") ?? el.textContent!.trim(),
      box: el.getBoundingClientRect(),
    }));
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (!/\S/.test(node.nodeValue ?? "") || parent.closest("[data-floating-control], dialog:not([open]), [popover]")) continue;
      const style = getComputedStyle(parent);
      if (style.visibility !== "visible" || parent.closest(".sr-only")) continue;
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width < 1 || r.bottom <= 0 || r.top >= innerHeight) continue;
        for (const { name, box } of controls)
          if (r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom)
            found.push(`${name} → "${node.nodeValue!.trim().slice(0, 50)}"`);
      }
    }
    return [...new Set(found)];
  });
}

/** What covers the focused element (with its 4 px focus ring), at its corners and centre; null if nothing. */
function coverOfFocus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const r = el.getBoundingClientRect();
    const points: Array<[number, number]> = [
      [r.left - 3, r.top - 3],
      [r.right + 3, r.top - 3],
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left - 3, r.bottom + 3],
      [r.right + 3, r.bottom + 3],
    ];
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return `outside the viewport at ${Math.round(x)},${Math.round(y)}`;
      const hit = document.elementFromPoint(x, y);
      const cover = hit?.closest("[data-floating-control]");
      if (cover) return `${el.localName}[name=${el.getAttribute("name")}] under ${cover.getAttribute("aria-label") ?? cover.textContent}`;
    }
    return null;
  });
}

for (const phone of PHONES) {
  test.describe(`at ${phone.width} px`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    for (const url of PAGES) {
      test(`both floating buttons are there and labelled at ${POSITIONS} scroll positions of ${url}, and its end scrolls clear of them`, async ({
        page,
      }) => {
        await page.goto(url);
        await skipWhatsAppDelay(page);
        await expect.poll(() => floating(page), { timeout: 10_000 }).toEqual(ALL_THERE);
        const seen: string[] = [];
        for (let i = 0; i < POSITIONS; i++) {
          const fraction = i / (POSITIONS - 1);
          await scrollToFraction(page, fraction);
          // Whatever moved has started within the frames: its slide runs to its end first.
          await settleAnimations(page);
          const state = await floating(page);
          for (const [what, ok] of Object.entries(state)) if (!ok) seen.push(`${Math.round(fraction * 100)} %: ${what} missing`);
        }
        expect(seen).toEqual([]);

        // At the end, the last of the page is clear of both, and the last link can be tapped.
        expect(await textUnderFloating(page)).toEqual([]);
        const last = page.getByRole("contentinfo").getByRole("link").last();
        await expect(last).toHaveText("Cookies");
        const box = (await last.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
        expect(
          await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent, [box.x + 4, box.y + box.height / 2] as const),
        ).toBe("Cookies");
      });
    }

    test("a field tapped under the buttons scrolls clear of them, and they stay", async ({ page }) => {
      // The case found on phones: after 'Candidatar-se' on /carreiras the e-mail field sat under the chat pill.
      await page.goto("/carreiras");
      await skipWhatsAppDelay(page);
      await page.locator("a[data-apply]").first().tap();
      await expect(page).toHaveURL(/#candidatura$/);
      await expect(page.locator("select[name=position]")).not.toHaveValue("");
      await scrollSettled(page);
      await expect.poll(() => floating(page), { timeout: 10_000 }).toEqual(ALL_THERE);
      const email = page.locator("#candidatura input[name=email]");
      // Its top 12 px above the buttons' band, the rest under it: the reader taps what shows.
      const bandTop = await page.evaluate(() =>
        Math.min(...[...document.querySelectorAll("[data-floating-control]")].map((el) => el.getBoundingClientRect().top)),
      );
      await email.evaluate((el, top) => window.scrollBy({ top: el.getBoundingClientRect().top - top, behavior: "instant" }), bandTop - 12);
      const before = (await email.boundingBox())!;
      expect(before.y + before.height).toBeGreaterThan(bandTop);
      await page.touchscreen.tap(before.x + before.width / 2, before.y + 6);
      await expect(email).toBeFocused();
      await expect.poll(() => coverOfFocus(page)).toBeNull();
      // It moved, not the buttons: both are still there.
      expect((await email.boundingBox())!.y).toBeLessThan(before.y);
      expect(await floating(page)).toEqual(ALL_THERE);
      await expect(page.locator("[data-floating-control][data-float]")).toHaveCount(0);

      // Typing keeps it clear.
      await page.keyboard.type("candidata@empresa.com.br");
      expect(await coverOfFocus(page)).toBeNull();
    });

    test("a focused field that cannot scroll clear has the buttons step aside until focus moves on", async ({ page }) => {
      await page.goto("/sobre");
      await skipWhatsAppDelay(page);
      await expect.poll(() => floating(page), { timeout: 10_000 }).toEqual(ALL_THERE);
      // A field at the very end of the page, across the band: nothing can scroll further.
      await page.evaluate(() => {
        const field = Object.assign(document.createElement("input"), { name: "probe", ariaLabel: "Sonda" });
        field.style.cssText = "position:absolute;left:8px;right:8px;bottom:8px;height:40px;width:calc(100% - 16px)";
        document.querySelector("footer")!.append(field);
      });
      await scrollToFraction(page, 1);
      const field = page.locator("input[name=probe]");
      await field.focus(); // as Tab would
      await expect(field).toBeFocused();
      await expect.poll(() => coverOfFocus(page)).toBeNull();
      await expect(page.locator("[data-floating-control][data-float=away]")).toHaveCount(2);
      // The chat button keeps its name while away (it is still in the accessibility tree).
      await expect(page.getByTestId("chat-launcher")).toHaveAccessibleName("Consultoria Gratuita");

      // Focus elsewhere: both come back.
      await field.evaluate((el) => el.blur());
      await expect(page.locator("[data-floating-control][data-float]")).toHaveCount(0);
      await expect.poll(() => floating(page)).toEqual(ALL_THERE);

      // Focused again, then scrolled up by the reader: the buttons come back as soon as it has left the band.
      await field.focus();
      await expect(page.locator("[data-floating-control][data-float=away]")).toHaveCount(2);
      await page.evaluate(() => window.scrollBy({ top: -300, behavior: "instant" }));
      await expect(page.locator("[data-floating-control][data-float]")).toHaveCount(0);
      await expect.poll(() => floating(page)).toEqual(ALL_THERE);
    });
  });
}

test.describe("the phone menu's 'Consultoria Gratuita'", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const url of ["/", "/blog"]) {
    test(`opens the chat before the page's code arrives, like the floating button (${url})`, async ({ page }) => {
      // None of the page's scripts arrive until released: only the inline early script runs.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(url, { waitUntil: "domcontentloaded" });
      const menu = page.locator("[data-mobile-menu]");
      await page.getByRole("button", { name: "Abrir menu" }).tap();
      await expect(menu).toBeVisible();
      await menu.getByRole("button", { name: "Consultoria Gratuita" }).tap();
      const widget = page.getByRole("dialog", { name: "Consultoria Gratuita" });
      await expect(widget).toBeVisible();
      await expect(menu).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();

      // The code arrives: the chat starts in the sheet already open.
      release();
      await expect(widget.getByText("Olá! Para iniciar nossa consultoria gratuita")).toBeVisible();
      // Closing it gives focus back to the menu's button (the menu itself has closed).
      await page.keyboard.press("Escape");
      await expect(widget).toBeHidden();
      await expect(page.getByRole("button", { name: "Abrir menu" })).toBeFocused();
    });
  }
});

test("the end of the page scrolls clear of the floating buttons at 768 and 1440 px too", async ({ page }) => {
  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    for (const url of ["/", "/privacidade"]) {
      await page.goto(url);
      await skipWhatsAppDelay(page);
      await expect.poll(() => floating(page), { timeout: 10_000 }).toEqual(ALL_THERE);
      await scrollToFraction(page, 1);
      expect(await textUnderFloating(page), `${url} at ${viewport.width} px`).toEqual([]);
    }
  }
});

test("on the first screen of a phone the hero's trust bullets are clear of the floating buttons (390 and 412 px)", async ({ browser }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 412, height: 823 },
  ]) {
    const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true, locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto("/");
    await skipWhatsAppDelay(page);
    await expect.poll(() => floating(page), { timeout: 10_000 }).toEqual(ALL_THERE);
    const bullets = page
      .locator("#home li")
      .filter({ hasText: /^(Implementação em até 30 dias|Agentes que atendem 24\/7|Projetos em conformidade com a LGPD)$/ });
    await expect(bullets).toHaveCount(3);
    for (const bullet of await bullets.all()) await expect(bullet, `${viewport.width} px`).toBeInViewport({ ratio: 1 });
    const covered = (await textUnderFloating(page)).filter((hit) => /30 dias|24\/7|LGPD/.test(hit));
    expect(covered, `${viewport.width} px`).toEqual([]);
    await context.close();
  }
});
