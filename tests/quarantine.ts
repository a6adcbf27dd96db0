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
      "kill -9 of one of two instances mid-send: lost messages whose 'delivering' mark was committed before MAIL FROM; " +
      "fixed on 2026-12-03 (docs/decisions/0134, the order is checked by newsletter-delivery.test.ts), but the 2,000-message " +
      "bar has not yet passed repeatedly since: on the loaded machine (load 18–42) its instances did not start in 60 s " +
      "or did not finish in time",
  },
];

/** Browser tests taken out of `npm test` by their title (playwright.config.ts), as above. */
export const QUARANTINED_BROWSER: ReadonlyArray<{ file: string; title: string; since: string; why: string }> = [];
