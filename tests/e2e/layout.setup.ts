/** Logs the admin in once for the layout checks and keeps the session in ADMIN_STATE. */
import { test as setup } from "@playwright/test";
import { loginAsAdmin } from "./helpers";
import { ADMIN_STATE } from "./layout";

setup("admin session for the layout checks", async ({ page }) => {
  await loginAsAdmin(page);
  await page.context().storageState({ path: ADMIN_STATE });
});
