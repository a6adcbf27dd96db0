// The site search's bar (docs/decisions/0070): with 2,000 posts, GET /api/search answers in
// ≤ 50 ms median on PostgreSQL, for every kind of query (common and rare words, accents and
// inflections, several words, a compound, nothing found, a page's copy). On the embedded database
// the same figures are measured for reference. Runs last: the posts it adds stay in the database.
import { log, median, request } from "./util.mjs";

export const SEARCH_BAR_MS = 50;

const QUERIES = [
  { name: "palavra comum, sem acento", q: "automacao" },
  { name: "acento e flexão", q: "automações" },
  { name: "duas palavras", q: "inteligência artificial" },
  { name: "frase com palavra vazia", q: "analise preditiva de demanda" },
  { name: "palavra rara", q: "inadimplencia" },
  { name: "composta", q: "e-mail" },
  { name: "nada encontrado", q: "ornitorrinco" },
  { name: "cópia de uma página", q: "vagas remotas" },
];

/** A small seeded generator, so every run writes the same posts. */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return { next, pick: (list) => list[Math.floor(next() * list.length)], between: (a, b) => a + Math.floor(next() * (b - a + 1)) };
}

const literal = (text) => `'${text.replace(/'/g, "''")}'`;

/** Portuguese posts made of the seeded posts' sentences, shuffled: real words, real inflections. */
export function benchPosts(seedPosts, count, seed = 2070) {
  const g = generator(seed);
  const sentences = seedPosts
    .flatMap((p) => p.content.replace(/<[^>]+>/g, " ").split(/(?<=[.!?])\s+/))
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.length > 40);
  const words = seedPosts.flatMap((p) => p.title.split(/\s+/)).filter((w) => w.length > 3);
  return Array.from({ length: count }, (_, i) => {
    const title = Array.from({ length: g.between(5, 9) }, () => g.pick(words)).join(" ");
    const paragraphs = Array.from({ length: g.between(6, 12) }, () =>
      Array.from({ length: g.between(2, 4) }, () => g.pick(sentences)).join(" "),
    );
    return {
      title: `${title[0].toUpperCase()}${title.slice(1)}`.slice(0, 190),
      slug: `busca-bench-${i + 1}`,
      summary: `${g.pick(sentences)} ${g.pick(sentences)}`,
      content: paragraphs.map((p) => `<p>${p}</p>`).join("\n"),
      // One in ten is a draft: the search must skip them at no cost.
      published: g.next() >= 0.1,
      daysAgo: g.between(0, 900),
    };
  });
}

async function insertPosts(target, posts) {
  const started = Date.now();
  await target.withDatabase(async (q) => {
    const categories = (await q("select id from blog_categories order by id")).rows.map((r) => r.id);
    for (let i = 0; i < posts.length; i += 100) {
      const values = posts.slice(i, i + 100).map((p, j) => {
        const day = `now() - interval '${p.daysAgo} days'`;
        return `(${literal(p.title)}, ${literal(p.slug)}, ${categories.length ? categories[(i + j) % categories.length] : "null"}, ${literal(p.summary)}, ${literal(p.content)}, ${p.published}, ${p.published ? day : "null"}, ${day}, ${day})`;
      });
      await q(
        `insert into blog_posts (title, slug, category_id, summary, content, published, published_at, created_at, updated_at) values ${values.join(",")}`,
      );
    }
    await q("analyze blog_posts");
    await q("analyze blog_post_search");
  });
  return Date.now() - started;
}

export async function runSearch(target, { seedPosts, posts = 2000, runs = 25, warmup = 3 }) {
  log(`busca: gravando ${posts} posts`);
  const insertMs = await insertPosts(target, benchPosts(seedPosts, posts));
  const rows = [];
  for (const { name, q } of QUERIES) {
    const url = `${target.url}/api/search?${new URLSearchParams({ q })}`;
    for (let i = 0; i < warmup; i++) await request(url);
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const r = await request(url);
      let results = null;
      try {
        results = JSON.parse(r.text).data.results.length;
      } catch {
        /* counted as a failure below */
      }
      samples.push({ status: r.status, ms: r.ms, results });
    }
    const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
    const row = {
      name,
      q,
      results: samples[0]?.results,
      medianMs: median(ms),
      p95Ms: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))],
      statuses: [...new Set(samples.map((s) => s.status))],
    };
    row.pass = row.statuses.length === 1 && row.statuses[0] === 200 && row.medianMs <= SEARCH_BAR_MS;
    log(`busca "${q}": ${row.results} resultados, mediana ${row.medianMs.toFixed(1)} ms, p95 ${row.p95Ms.toFixed(1)} ms`);
    rows.push(row);
  }
  const all = rows.map((r) => r.medianMs);
  return {
    posts,
    insertMs,
    runs,
    rows,
    medianMs: median(all),
    worstMedianMs: Math.max(...all),
    pass: rows.every((r) => r.pass),
  };
}
