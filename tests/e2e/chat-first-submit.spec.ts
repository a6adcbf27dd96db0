/**
 * The chat's first submit, as a visitor on a slow phone makes it (SPEC §4): the page has just
 * painted, the visitor taps 'Consultoria Gratuita', the browser autofills e-mail and phone, and
 * the form is sent, all within about 300 ms of the first paint, usually before the page's own
 * script has run. Nothing here waits for scripts or delays them: the CPU is slowed 4× (Chromium's
 * own throttling, as Lighthouse's phone profile) and the test acts as fast as it can.
 *
 * Whatever moment the submit lands in (before the page's script, before the chat's code, after
 * both), the SPEC's flow must follow on the same page: a session asked for, the contact sent once,
 * the sheet still open with the greeting. Never a native post that reloads and closes the sheet
 * (without JavaScript at all that post is the way: tests/e2e/no-js.spec.ts).
 */
import { devices, expect, test, type Page } from "@playwright/test";

const GREETING = "Obrigado! Agora podemos começar nossa consultoria. Como posso ajudar você hoje?";
const PATHS = ["/blog", "/", "/sobre"];
/**
 * Visits per page. The suite runs 3 each within CI's time; the bar's 20 each (about 3 minutes on a
 * quiet 2-core host) is `CHAT_FIRST_SUBMIT_VISITS=20 npx playwright test tests/e2e/chat-first-submit.spec.ts`.
 */
const VISITS = Number(process.env.CHAT_FIRST_SUBMIT_VISITS ?? 3);
/** The bar: the whole first interaction (open, fill, send) this soon after the first paint. */
const WITHIN_MS = 300;

test.use({ ...devices["Pixel 7"], channel: undefined });

/** Times in the page (ms since it was opened). */
interface Times {
  fcp?: number;
  /** The visitor's Enter. */
  sent?: number;
  submit?: number;
  /** The page's own script ran. */
  script?: number;
}

/** Runs in every page before its own code: when it painted, when it was sent, when its script ran. */
function recorder() {
  const t: Times = {};
  (window as unknown as { __first: Times }).__first = t;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") t.fcp ??= e.startTime;
  }).observe({ type: "paint", buffered: true });
  // The visitor's last act: Enter in the form (the event's own time, not when the page got to it).
  addEventListener("keydown", (e) => e.key === "Enter" && (t.sent ??= e.timeStamp), true);
  addEventListener("submit", (e) => (t.submit ??= e.timeStamp), true);
  new MutationObserver(() => {
    if (t.script === undefined && document.documentElement?.hasAttribute("data-hydrated")) t.script = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
}

/** Resolves with the chat button's centre once the page has painted it (at once if it already has). */
function launcherPainted(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ x: number; y: number }>((resolve) => {
        const at = () => {
          const r = document.querySelector('[data-testid="chat-launcher"]')?.getBoundingClientRect();
          if (r && r.width > 0) resolve({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
          else requestAnimationFrame(at);
        };
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some((e) => e.name === "first-contentful-paint")) return;
          observer.disconnect();
          at();
        }).observe({ type: "paint", buffered: true });
      }),
  );
}

test(`the chat opened and sent within ${WITHIN_MS} ms of the first paint on a 4× slower phone: session, contact once, greeting, sheet still open (${PATHS.join(", ")}; ${VISITS} each)`, async ({
  context,
}) => {
  // One visit at a time: three throttled pages at once on a 2-core host put the harness's own keys
  // a second and a half after the paint (median), far from the 300 ms this test is about.
  test.setTimeout(Math.max(2, VISITS / 2.5) * 60_000);
  await context.addInitScript(recorder);
  const timings: Array<{ path: string; afterPaint: number; beforeScript: boolean; greeted: number }> = [];

  async function visits(path: string) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    let posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    const widget = page.getByRole("dialog", { name: "Consultoria Gratuita" });
    for (let visit = 1; visit <= VISITS; visit++) {
      const where = `${path}, visit ${visit}`;
      posts = [];
      await page.goto(path, { waitUntil: "commit" });
      const launcher = await launcherPainted(page);
      await page.touchscreen.tap(launcher.x, launcher.y);
      // Then what autofill does, all at once (not each key after the page has handled the last):
      // the sheet's first field has focus as it opens; Enter in the last one sends the form.
      await Promise.all([
        page.keyboard.insertText(`primeiro-envio-${visit}-${Date.now()}@empresa.com.br`),
        page.keyboard.press("Tab"),
        page.keyboard.insertText("11999998888"),
        page.keyboard.press("Enter"),
      ]);

      const sentAt = Date.now();
      // Limits, not measurements: a busy 2-core host with three throttled pages.
      await expect(widget.getByText(GREETING), where).toBeVisible({ timeout: 45_000 });
      const greeted = Date.now() - sentAt;
      expect(new URL(page.url()).pathname, where).toBe(path);
      expect(
        posts.filter((p) => p === "/api/chat/session"),
        where,
      ).toHaveLength(1);
      expect(
        posts.filter((p) => p === "/api/chat/contact"),
        where,
      ).toHaveLength(1);
      expect(posts, where).not.toContain("/enviar/chat");
      const t = await page.evaluate(() => (window as unknown as { __first: Times }).__first);
      timings.push({
        path,
        afterPaint: (t.sent ?? NaN) - (t.fcp ?? NaN),
        beforeScript: t.script === undefined || (t.submit ?? 0) < t.script,
        greeted,
      });
    }
  }
  for (const path of PATHS) await visits(path);

  // How the visits went: how soon after the paint the form was sent, and how often before the page's script ran.
  const early = timings.filter((t) => t.beforeScript).length;
  const within = timings.filter((t) => t.afterPaint <= WITHIN_MS).length;
  const sorted = timings.map((t) => t.afterPaint).sort((a, b) => a - b);
  const summary = {
    type: "first submits",
    description: `${within}/${timings.length} sent within ${WITHIN_MS} ms of the first paint (median ${Math.round(sorted[sorted.length >> 1] ?? NaN)} ms), ${early} before the page's script ran; greeting at worst ${Math.max(...timings.map((t) => t.greeted))} ms after the keys`,
  };
  test.info().annotations.push(summary);
  console.log(`${summary.type}: ${summary.description}`);
});
