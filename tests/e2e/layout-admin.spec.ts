/**
 * Full-page screenshots of the admin's main screens at 360, 768 and 1440 px (docs/decisions/0020),
 * and at 360 px no fixed control over text (as layout.spec.ts checks the public pages). They run
 * before the public pages' checks (playwright.config.ts), which create orders by opening the
 * checkout: the screens show the seeded data and one login only.
 */
import { expect, test } from "@playwright/test";
import { ADMIN_PAGES, ADMIN_STATE, changing, expectNothingCovered, open, PICTURE, WIDTHS } from "./layout";

test.use({ storageState: ADMIN_STATE });

for (const [name, url] of Object.entries(ADMIN_PAGES)) {
  for (const width of WIDTHS) {
    test(`layout of ${name} (${url}) at ${width} px`, async ({ page }) => {
      await open(page, url, width);
      await expect(page).toHaveURL(new RegExp(`${url.replace(/[?]/g, "\\?")}$`));
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, { ...PICTURE, mask: changing(page) });
      if (width === 360) await test.step("no fixed control covers text", () => expectNothingCovered(page, url));
    });
  }
}
