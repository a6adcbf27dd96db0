/**
 * The newsletter's bar (docs/decisions/0128): 2,000 confirmed subscribers, two instances of the
 * built app on one PostgreSQL database and a local SMTP server that records every message. A
 * post scheduled with 'Agendar e enviar' falls due while both instances' schedulers race to
 * publish it; halfway through the send one instance is killed with SIGKILL. Every subscriber
 * receives the edition exactly once: none missing, none twice. A high rate keeps the test short.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database is one process's.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_SESSION_SECRET, usingPostgres } from "../helpers/app";
import { type FakeSmtp, startFakeSmtp } from "../mocks/smtp";
import { loginAt, type ServerProcess, startServerProcess } from "../support/server-process";

const SUBSCRIBERS = 2_000;
const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function query(url: string, text: string, values: unknown[] = []): Promise<any[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Brasília wall time (UTC−3) as the schedule field takes it. */
const brasiliaLocal = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 16);

describe.skipIf(!usingPostgres)("a newsletter edition, two instances and a kill -9", () => {
  it("reaches each of 2,000 subscribers exactly once, and a scheduled post with 'enviar' starts one edition", async () => {
    const smtp: FakeSmtp = await startFakeSmtp();
    cleanup.push(() => smtp.close());
    const database = await createTestDatabase();
    cleanup.push(database.drop);
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      SCHEDULE_CHECK_MS: "200",
      NEWSLETTER_RATE_PER_SECOND: "250",
      NEWSLETTER_SEND_TIMEOUT_MS: "5000",
    };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const servers: ServerProcess[] = [a!, b!];
    for (const s of servers) cleanup.push(() => s.stop());
    await query(
      database.url,
      `insert into newsletter_subscribers (email, status, unsubscribe_token, consented_at)
         select 'leitor-' || i || '@exemplo.com.br', 'active', md5('token-' || i) || md5('mais-' || i), now()
           from generate_series(1, $1::int) as i`,
      [SUBSCRIBERS],
    );

    // The post, scheduled an hour ahead with 'Agendar e enviar' from its page.
    const cookie = await loginAt(a!.url);
    const created = await fetch(`${a!.url}/api/blog/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        title: "Edição para dois mil leitores",
        slug: "edicao-para-dois-mil-leitores",
        summary: "Uma edição da newsletter enviada por duas instâncias ao mesmo tempo.",
        content: `<p>MARCA-DA-EDICAO: ${"o conteúdo da edição, em algumas frases. ".repeat(4)}</p>`,
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { data: post } = (await created.json()) as { data: { id: number } };
    const scheduled = await fetch(`${a!.url}/admin/posts/${post.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: a!.url },
      body: new URLSearchParams({ intent: "newsletter-agendar", publishAt: brasiliaLocal(new Date(Date.now() + 3_600_000)) }),
      redirect: "manual",
    });
    expect(scheduled.status).toBe(303);
    expect(await query(database.url, `select status from newsletter_editions`)).toEqual([{ status: "scheduled" }]);

    // Due now: both schedulers race to publish it; halfway through the send, A dies.
    const ofEdition = () => smtp.received.filter((raw) => raw.includes("MARCA-DA-EDICAO"));
    const halfway = new Promise<void>((resolve) => {
      const stop = smtp.onMessage(() => {
        if (ofEdition().length < SUBSCRIBERS / 2) return;
        stop();
        resolve();
      });
    });
    await query(database.url, `update blog_posts set publish_at = now() where id = $1`, [post.id]);
    await halfway;
    a!.child.kill("SIGKILL");
    const sentBeforeKill = ofEdition().length;

    // B takes over, including whatever A held when it died once its lease ends.
    const deadline = Date.now() + 90_000;
    for (;;) {
      const [open] = await query(
        database.url,
        `select count(*)::int as n from newsletter_edition_recipients where status in ('pending', 'sending', 'delivering')`,
      );
      if (open.n === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const perAddress = new Map<string, number>();
    for (const raw of ofEdition()) {
      const to = /^To: *(\S+)/m.exec(raw)![1]!;
      perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    const missing = Array.from({ length: SUBSCRIBERS }, (_, i) => `leitor-${i + 1}@exemplo.com.br`).filter((e) => !perAddress.has(e));
    const twice = [...perAddress].filter(([, n]) => n > 1);
    // Should one be missing, say what its row went through.
    const notes = await query(
      database.url,
      `select coalesce(last_error, '-') as note, status, attempts, count(*)::int as n
         from newsletter_edition_recipients where email = any($1) group by 1, 2, 3`,
      [missing],
    );
    expect({ missing: missing.length, twice: twice.length, received: ofEdition().length }, JSON.stringify(notes)).toEqual({
      missing: 0,
      twice: 0,
      received: SUBSCRIBERS,
    });
    expect(sentBeforeKill).toBeLessThan(SUBSCRIBERS);

    // One publication, one edition, every recipient sent.
    const audit = await query(database.url, `select count(*)::int as n from audit_log where action = 'blog.post.publish.scheduled'`);
    expect(audit[0].n).toBe(1);
    const editions = await query(database.url, `select status from newsletter_editions`);
    expect(editions).toEqual([{ status: "sent" }]);
    const statuses = await query(database.url, `select status, count(*)::int as n from newsletter_edition_recipients group by status`);
    expect(statuses).toEqual([{ status: "sent", n: SUBSCRIBERS }]);
    // What the kill left behind, for the record: rows B claimed again after A's lease ended,
    // and rows A was handing over (counted as sent, not sent again).
    const [left] = await query(
      database.url,
      `select count(*) filter (where attempts > 1)::int as reclaimed,
                count(*) filter (where last_error like 'entregue antes%')::int as handed_over
           from newsletter_edition_recipients`,
    );
    console.info(
      `newsletter: ${sentBeforeKill} recebidas antes do SIGKILL; ${left.reclaimed} destinatários reenviados após a reserva, ${left.handed_over} contados como entregues`,
    );
  }, 180_000);
});
