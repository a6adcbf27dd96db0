/** Logs the admin in once, through the form, for the browser tests that start signed in (helpers.ts `signedIn`). */
import { test as setup } from "@playwright/test";
import { ADMIN_SESSION, loginAsAdmin } from "./helpers";

setup("admin session for the browser tests", async ({ page }) => {
  await loginAsAdmin(page);
  await page.context().storageState({ path: ADMIN_SESSION });
});
