/**
 * The newsletter tests' app: a local SMTP server, the app sending through it fast enough for a
 * test (50 a second), an admin session, and confirmed subscribers.
 */
import { type FakeSmtp, startFakeSmtp } from "../mocks/smtp";
import { loginCookie, startTestApp, TEST_SESSION_SECRET, type TestApp } from "./app";

export async function startNewsletterApp(): Promise<{ app: TestApp; smtp: FakeSmtp; cookie: string }> {
  const smtp = await startFakeSmtp();
  const app = await startTestApp({
    SMTP_URL: smtp.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    NEWSLETTER_RATE_PER_SECOND: "50",
    RATE_LIMIT_FACTOR: "100",
  });
  return { app, smtp, cookie: await loginCookie(app) };
}

/** Confirmed subscribers, each with its own unsubscribe token `{tokenPrefix}-{i}-…` and `topics(i)`. */
export async function addSubscribers(app: TestApp, emails: string[], tokenPrefix: string, topics?: (i: number) => number[] | null) {
  await app
    .db()
    .insert(app.schema.newsletterSubscribers)
    .values(
      emails.map((email, i) => ({
        email,
        status: "active",
        unsubscribeToken: `${tokenPrefix}-${i}-0123456789abc`,
        consentedAt: new Date(),
        ...(topics ? { topics: topics(i) } : {}),
      })),
    );
}
