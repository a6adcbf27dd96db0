import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";
import { QUARANTINED } from "./tests/quarantine";

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // The invoker commands polyfill's plain-script file, as in vite.config.ts (INVOKERS_POLYFILL).
    alias: [{ find: /^invokers-polyfill\/invoker\.min\.js/, replacement: createRequire(import.meta.url).resolve("invokers-polyfill") }],
  },
  test: {
    // Two at a time fits a 2-core machine (the integration project sets its own).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // A limit against a hung test, not a measure of speed: `npm test` runs this suite beside
          // the build and the static checks (scripts/test.mjs), and a test that takes 1 s alone
          // took over 5 s (Vitest's default) on the shared 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: QUARANTINED.map((q) => q.file),
          environment: "node",
          // On PostgreSQL, one migrated template database that each file's database copies.
          globalSetup: ["tests/integration/global-setup.ts"],
          // Three files at a time: a file waits on its database and its servers about a fifth of
          // the time, and a third file fills it (212 → 197 s on a quiet 2-core host).
          maxWorkers: 3,
          // The suite runs the production bundle: React and React Router must load their
          // production builds, even when a test file imports one before the app starts.
          env: { NODE_ENV: "production" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Not in `npm test`: tests/quarantine.ts says which and why.
      {
        extends: true,
        test: {
          name: "quarantine",
          include: QUARANTINED.map((q) => q.file),
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          env: { NODE_ENV: "production" },
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
