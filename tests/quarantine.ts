/**
 * Tests taken out of `npm test` because they are not yet reliably green on the 2-core CI machine,
 * each with the day it came here and why. No test is retried (decision 0123): one that cannot be
 * fixed at once waits here, in sight, instead of failing every run. Run them by hand with
 * `npx vitest run --project quarantine` (PostgreSQL ones with TEST_DATABASE_URL set).
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
