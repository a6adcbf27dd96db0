import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Fresh for every run (scripts/test.mjs removes it); per port so parallel runs never share it. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;

/** Browser tests against the production build, in the system Chromium (never a downloaded one). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  outputDir: `test-results/pw-${PORT}`,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "pt-BR",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // A single node process, so stopping it stops the server.
    command: "node server.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      SITE_URL: `http://127.0.0.1:${PORT}`,
      RATE_LIMIT_FACTOR: "100",
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: "",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      CHAT_API_URL: process.env.E2E_CHAT_API_URL ?? "",
    },
  },
});
