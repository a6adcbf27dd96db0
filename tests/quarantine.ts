/**
 * Tests taken out of `npm test` because they are not yet reliably green on the 2-core CI machine,
 * each with the day it came here and why. No test is retried (decision 0123): one that cannot be
 * fixed at once waits here, in sight, instead of failing every run. Run them by hand with
 * `npx vitest run --project quarantine` (PostgreSQL ones with TEST_DATABASE_URL set), the browser
 * ones with `RUN_QUARANTINED=1 npx playwright test <file>`.
 */
export const QUARANTINED: ReadonlyArray<{ file: string; since: string; why: string }> = [
  {
    file: "tests/integration/newsletter-instances.test.ts",
    since: "2026-12-02",
    why:
      "kill -9 of one of two instances mid-send: passed alone, but one loaded run (load 18) missed 5 of 2,000 messages " +
      "killed between 'delivering' and the final dot (docs/decisions/0128)",
  },
];

/** Browser tests taken out of `npm test` by their title (playwright.config.ts), as above. */
export const QUARANTINED_BROWSER: ReadonlyArray<{ file: string; title: string; since: string; why: string }> = [
  {
    file: "tests/e2e/keyboard.spec.ts",
    title: "the admin's dialogs; after a save the row, after a delete the list's heading",
    since: "2026-12-02",
    why:
      "1 failure in 6 whole-suite runs (passed 6 of 6 alone): Escape left the delete confirmation open; the toaster, " +
      "delayed on purpose, probably mounted its layer after the dialog opened and took the Escape (a product bug to fix)",
  },
];
