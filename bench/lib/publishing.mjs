// Scheduled publishing at its real timing (docs/decisions/0060): a post scheduled 90 s ahead, on
// the production server with its default check (SCHEDULE_CHECK_MS, 15 s), must appear in /blog,
// the RSS feed, the sitemap and the public API within 60 s after its time. The bench looks once a
// second (a measurement, not a test), so each delay is good to about a second; those reads are
// visitors, so the check on read may publish it before the job. A second post, which nobody reads
// around its time, shows the job alone: when it was flipped (its `updatedAt`, read afterwards
// through the admin API, which does not publish anything).
import { log, request, sleep } from "./util.mjs";

const AHEAD_MS = 90_000;
const BAR_MS = 60_000;

export async function runScheduledPublishing(target) {
  const sid = await target.sid();
  const tag = Date.now().toString(36);
  const at = new Date(Date.now() + AHEAD_MS);
  const created = await request(`${target.url}/api/blog/posts`, {
    method: "POST",
    headers: { cookie: sid },
    json: {
      title: `Post agendado do bench ${tag}`,
      slug: `post-agendado-do-bench-${tag}`,
      summary: "Um post agendado para medir quando entra no ar.",
      content: `<p>${"Conteúdo do post agendado do bench. ".repeat(4)}</p>`,
      publishAt: at.toISOString(),
    },
  });
  if (created.status !== 201) throw new Error(`não consegui agendar o post: ${created.status} ${created.text?.slice(0, 200)}`);
  const slug = `post-agendado-do-bench-${tag}`;
  log(`post agendado para ${at.toISOString()} (daqui a ${AHEAD_MS / 1000} s)`);

  const places = {
    blog: { path: "/blog", has: (t) => t.includes(`/blog/${slug}"`) },
    rss: { path: "/blog/rss.xml", has: (t) => t.includes(`/blog/${slug}<`) },
    sitemap: { path: "/sitemap.xml", has: (t) => t.includes(`/blog/${slug}<`) },
    api: { path: `/api/blog/posts/slug/${slug}`, has: (t, status) => status === 200 },
  };
  const seenAt = {};
  const early = [];
  const deadline = at.getTime() + BAR_MS + 30_000;
  while (Date.now() < deadline && Object.keys(seenAt).length < Object.keys(places).length) {
    for (const [name, place] of Object.entries(places)) {
      if (seenAt[name]) continue;
      const res = await request(`${target.url}${place.path}`);
      if (place.has(res.text ?? "", res.status)) {
        seenAt[name] = Date.now();
        if (seenAt[name] < at.getTime()) early.push(name);
      }
    }
    await sleep(1_000);
  }
  const delays = Object.fromEntries(Object.keys(places).map((name) => [name, seenAt[name] ? seenAt[name] - at.getTime() : null]));
  log(`atrasos após o horário (ms): ${JSON.stringify(delays)}`);

  // The job alone: nobody reads the blog until well after this one's time.
  const jobAt = new Date(Date.now() + 20_000);
  const second = await request(`${target.url}/api/blog/posts`, {
    method: "POST",
    headers: { cookie: sid },
    json: {
      title: `Post agendado sem leitores ${tag}`,
      slug: `post-agendado-sem-leitores-${tag}`,
      summary: "Um post agendado que ninguém lê na hora.",
      content: `<p>${"Conteúdo do post agendado sem leitores. ".repeat(4)}</p>`,
      publishAt: jobAt.toISOString(),
    },
  });
  const id = JSON.parse(second.text).data?.id;
  await sleep(jobAt.getTime() - Date.now() + 25_000);
  const got = JSON.parse((await request(`${target.url}/api/blog/posts/${id}`, { headers: { cookie: sid } })).text).data;
  const jobDelayMs = got?.status === "published" ? Date.parse(got.updatedAt) - jobAt.getTime() : null;
  log(`só a tarefa periódica: publicado ${jobDelayMs === null ? "nunca" : `${jobDelayMs} ms`} após o horário`);

  const pass =
    early.length === 0 && Object.values(delays).every((d) => d !== null && d <= BAR_MS) && jobDelayMs !== null && jobDelayMs <= BAR_MS;
  return { scheduledAheadS: AHEAD_MS / 1000, barS: BAR_MS / 1000, delaysMs: delays, early, jobDelayMs, pass };
}
