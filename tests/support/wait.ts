import { vi } from "vitest";

/**
 * Checks again every `interval` ms until `check` returns a value (not undefined, null or false),
 * then returns it; fails with `message` after `timeout` ms. Only for a state the test can look at
 * but not be told about, such as a row the outbox worker updates; where there is an event (a
 * message reaching the fake SMTP server, a log line), await the event instead.
 */
export function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  { timeout = 20_000, interval = 100, message = "a condição esperada não aconteceu" } = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined || value === null || value === false) throw new Error(`${message} em ${timeout} ms`);
      return value;
    },
    { timeout, interval },
  );
}
