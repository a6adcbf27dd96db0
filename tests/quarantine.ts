/**
 * Tests taken out of `npm test` because they are not yet reliably green on the 2-core CI machine,
 * each with the day it came here and why. No test is retried (decision 0123): one that cannot be
 * fixed at once waits here, in sight, instead of failing every run. Run them by hand with
 * `npx vitest run --project quarantine` (PostgreSQL ones with TEST_DATABASE_URL set), the browser
 * ones with `RUN_QUARANTINED=1 npx playwright test <file>`.
 */
export const QUARANTINED: ReadonlyArray<{ file: string; since: string; why: string }> = [];

/** Browser tests taken out of `npm test` by their title (playwright.config.ts), as above. */
export const QUARANTINED_BROWSER: ReadonlyArray<{ file: string; title: string; since: string; why: string }> = [];
