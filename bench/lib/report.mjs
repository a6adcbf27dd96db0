// Turns the collected figures into bench/results/report-<stamp>.md (+ .json), bars first.
import fs from "node:fs";
import path from "node:path";

/** The bars of DESIGN.md's quality section and the README's bench list. */
const BARS = {
  perf: 95,
  other: 100,
  jsKbHome: 117,
  p99Ms: 50,
  ratio: 0.2,
  tapToSheetMs: 200,
  /** Both floating buttons visible (the chat one labelled) at this share of scroll positions. */
  floatingPercent: 95,
};

const f0 = (v) => (v == null ? "–" : Math.round(v).toString());
const f1 = (v) => (v == null ? "–" : v.toFixed(1));
const pct = (v) => (v == null ? "–" : `${Math.round(v * 100)} %`);
/** The same share for the limit (nginx) and, where measured, the floor (node:http alone) under the same two loads. */
const limitShares = (limit) =>
  limit?.nginx == null
    ? ""
    : `; sob as mesmas duas cargas, nginx estático ${pct(limit.nginx)}${limit.node == null ? "" : ` e node:http sozinho ${pct(limit.node)}`} do próprio ritmo`;
const yes = (b) => (b == null ? "–" : b ? "✅" : "❌");
const cell = (s) =>
  String(s ?? "–")
    .replace(/\|/g, "\\|")
    .replace(/\n/g, " ");

function table(headers, rows) {
  return [
    `| ${headers.join(" | ")} |`,
    `| ${headers.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}

function summaryRows(report) {
  const rows = [];
  const emb = report.modes.embedded ?? {};
  if (emb.taps?.rows) {
    for (const p of emb.taps.rows) {
      const taps = p.widget.taps + p.menu.taps;
      const worked = p.widget.worked + p.menu.worked;
      const fast = p.widget.interactiveTapToPaintMs != null && p.widget.interactiveTapToPaintMs <= BARS.tapToSheetMs;
      rows.push([
        `Primeiro toque ${p.page}`,
        `todo toque funciona; folha ≤ ${BARS.tapToSheetMs} ms`,
        `${worked}/${taps} toques (widget ${p.widget.worked}/${p.widget.taps}, menu ${p.menu.worked}/${p.menu.taps}; ${p.widget.beforeScripts + p.menu.beforeScripts} antes do script) · FCP ${f0(p.fcpMs)} ms · script ${f0(p.scriptsRanMs)} ms · toque→folha ${f0(p.widget.tapToPaintMs)} ms (1º), ${f0(p.widget.interactiveTapToPaintMs)} ms (pronto)`,
        yes(worked === taps && fast),
      ]);
    }
  } else if (emb.taps?.error) rows.push(["Primeiro toque", "todo toque funciona", `erro: ${emb.taps.error}`, "❌"]);
  if (emb.floating?.rows) {
    const p = emb.floating.percent;
    const { width, height } = emb.floating.viewport;
    rows.push([
      `Botões flutuantes em ${width}×${height} (${emb.floating.rows.length} páginas × ${emb.floating.positionsPerPage} posições de rolagem)`,
      `ambos visíveis, chat com rótulo, em ≥ ${BARS.floatingPercent} %`,
      `ambos ${p.both} % · chat ${p.chat} % (com rótulo ${p.labelled} %) · WhatsApp ${p.whatsapp} %`,
      yes(p.both >= BARS.floatingPercent),
    ]);
  } else if (emb.floating?.error) rows.push(["Botões flutuantes", "ambos visíveis", `erro: ${emb.floating.error}`, "❌"]);
  if (emb.nojs?.rows) {
    const ok = emb.nojs.rows.filter((r) => r.pass).length;
    const dup = emb.nojs.rows.filter((r) => r.rows > 1).length;
    const raw = emb.nojs.rows.filter((r) => r.rawJson).length;
    rows.push([
      "Formulários sem JavaScript (enviar, recarregar, reenviar)",
      "confirmação visível, 0 JSON cru, 0 duplicados",
      `${ok}/${emb.nojs.rows.length} ok · ${raw} JSON cru · ${dup} duplicados${emb.nojs.rows
        .filter((r) => !r.pass)
        .map((r) => ` · ${r.form}: ${r.error ?? `confirmação ${r.confirmed}/${r.secondConfirmed}, linhas ${r.rows}`}`)
        .join("")}`,
      yes(ok === emb.nojs.rows.length),
    ]);
  } else if (emb.nojs?.error) rows.push(["Formulários sem JavaScript", "confirmação visível", `erro: ${emb.nojs.error}`, "❌"]);
  const lh = Array.isArray(emb.lighthouse) ? emb.lighthouse : null;
  if (lh) {
    for (const p of lh) {
      const s = p.scores;
      // Search results carry noindex on purpose (docs/decisions/0070): only SEO's crawlable audit may fail there.
      const noindex = p.page.startsWith("/busca?");
      const seoOk = (c) =>
        c === "seo" && noindex && (p.failing ?? []).filter((f) => f.startsWith("seo:")).every((f) => f.startsWith("seo: is-crawlable"));
      const pass = s.performance >= BARS.perf && ["accessibility", "best-practices", "seo"].every((c) => s[c] >= BARS.other || seoOk(c));
      rows.push([
        `Lighthouse ${p.page} (frio, mediana de ${p.ok})`,
        noindex ? "perf ≥ 95, outras = 100 (SEO: só noindex, de propósito)" : "perf ≥ 95, outras = 100",
        `${f0(s.performance)} / ${f0(s.accessibility)} / ${f0(s["best-practices"])} / ${f0(s.seo)} (perf: ${p.performanceRuns?.join(", ") ?? "–"}) · benchmarkIndex ${f0(p.benchmarkIndex)} · FCP ${f0(p.fcpMs)} ms · LCP ${f0(p.lcpMs)} ms · TBT ${f0(p.tbtMs)} ms · CLS ${p.cls == null ? "–" : p.cls.toFixed(3)} · JS ${f1(p.jsKb)} kB`,
        yes(pass),
      ]);
    }
  } else if (emb.lighthouse?.error) rows.push(["Lighthouse", "perf ≥ 95, outras = 100", `erro: ${emb.lighthouse.error}`, "❌"]);
  // The bar is about gzipped JavaScript: the bodies of the scripts the page's HTML loads. Lighthouse's
  // transfer figure (headers included, plus chunks loaded later) is shown next to it for reference.
  const homeJs = report.firstLoadJs?.jsKb;
  const lhHomeJs = lh?.find((p) => p.page === "/")?.jsKb;
  if (homeJs != null) {
    const lhNote =
      lhHomeJs == null ? "" : ` · Lighthouse: ${f1(lhHomeJs)} kB transferidos (com cabeçalhos HTTP e chunks carregados depois)`;
    rows.push([
      "JS gzip no primeiro carregamento de /",
      `≤ ${BARS.jsKbHome} kB`,
      `${f1(homeJs)} kB (${report.firstLoadJs.fileCount ?? "?"} arquivos: o que o HTML carrega e seus imports estáticos)${lhNote}`,
      yes(homeJs <= BARS.jsKbHome),
    ]);
  }

  const flood = emb.flood;
  if (flood?.bars) {
    const b = flood.bars;
    const r = flood.rows;
    rows.push(
      [
        "Flood: `/` comum durante 10 conexões de parâmetros de rastreamento únicos",
        "≥ 80 % do seu ritmo sozinho, p99 ≤ 20 ms",
        `${r.plainDuringFlood.reqPerSec} req/s de ${r.cached10.reqPerSec} (${pct(b.plainKeeps.value)}), p99 ${r.plainDuringFlood.p99Ms} ms${limitShares(b.plainKeeps.limit)}`,
        yes(b.plainKeeps.pass),
      ],
      [
        "Flood: o próprio flood, ao mesmo tempo",
        "≥ 50 % do ritmo de `/` em cache",
        `${r.floodWithPlain.reqPerSec} req/s (${pct(b.floodServed.value)}); sozinho ${r.floodAlone.reqPerSec} req/s, p99 ${r.floodAlone.p99Ms} ms${limitShares(b.floodServed.limit)}`,
        yes(b.floodServed.pass),
      ],
      [
        `Flood, com visitantes no ritmo de leitura (${flood.visitors.connections} conexões, ${flood.visitors.thinkMs} ms entre páginas): os visitantes`,
        "≥ 80 % do seu ritmo sozinhos, p99 ≤ 20 ms",
        `${r.visitorsDuringFlood.reqPerSec} req/s de ${r.visitorsAlone.reqPerSec} (${pct(b.visitorsKeep.value)}), p99 ${r.visitorsDuringFlood.p99Ms} ms (sozinhos ${r.visitorsAlone.p99Ms} ms)${limitShares(b.visitorsKeep.limit)}`,
        yes(b.visitorsKeep.pass),
      ],
      [
        "Flood, com visitantes no ritmo de leitura: o próprio flood",
        "≥ 50 % do ritmo de `/` em cache",
        `${r.floodWithVisitors.reqPerSec} req/s (${pct(b.floodBesideVisitors.value)} de ${r.cached10.reqPerSec})${limitShares(b.floodBesideVisitors.limit)}`,
        yes(b.floodBesideVisitors.pass),
      ],
      [
        "Flood de buscas nunca feitas (10 conexões), com os visitantes no ritmo de leitura",
        "sem meta (medição)",
        `visitantes ${r.visitorsDuringSearchFlood.reqPerSec} req/s de ${r.visitorsAlone.reqPerSec} (${pct(b.searchFlood.value)}), p50 ${r.visitorsDuringSearchFlood.p50Ms} ms, p99 ${r.visitorsDuringSearchFlood.p99Ms} ms; buscas ${r.searchFloodWithVisitors.reqPerSec} req/s (sozinhas ${r.searchFloodAlone.reqPerSec} req/s, p99 ${r.searchFloodAlone.p99Ms} ms)`,
        "–",
      ],
      [
        "Renderização nova de `/` (PAGE_CACHE=off), 10 conexões",
        "≥ 200 req/s",
        `${r.fresh10.reqPerSec} req/s, p50 ${r.fresh10.p50Ms} ms, p99 ${r.fresh10.p99Ms} ms${r.freshCold10 ? `; nos primeiros ${flood.durationS} s após o início ${r.freshCold10.reqPerSec} req/s` : ""}`,
        yes(b.fresh.pass),
      ],
      [
        "`/` em cache, 100 conexões",
        "p99 ≤ 20 ms e ≥ 30 % do nginx",
        `${r.cached100.reqPerSec} req/s, p99 ${r.cached100.p99Ms} ms; nginx ${r.nginxStatic100.reqPerSec} req/s (${pct(b.cached100.value)})${r.bareNode100 ? `; node:http sozinho ${r.bareNode100.reqPerSec} req/s, p99 ${r.bareNode100.p99Ms} ms` : ""}`,
        yes(b.cached100.pass),
      ],
      [
        "`/` pelo deploy/nginx.conf, 100 conexões, com cada visita contada",
        "≥ 80 % do nginx estático; visitas contadas = enviadas",
        `${r.recipe100.reqPerSec} req/s (${pct(b.recipe.value)} de ${r.nginxStatic100.reqPerSec}), p99 ${r.recipe100.p99Ms} ms · visitas ${b.recipe.counted.counted}/${b.recipe.counted.sent} contadas (${b.recipe.counted.hits} do cache do nginx)`,
        yes(b.recipe.pass),
      ],
    );
  } else if (flood?.error) rows.push(["Flood", "–", `erro: ${flood.error}`, "❌"]);

  for (const [mode, m] of Object.entries(report.modes)) {
    for (const r of m.load?.rows ?? []) {
      if (r.skipped) {
        rows.push([`Carga ${r.target} (${mode})`, "–", `pulado: ${r.skipped}`, "–"]);
        continue;
      }
      // Cached public pages at 100 connections: p99 and a share of nginx on the same bytes.
      const bar = r.connections === 100 && r.target !== "api-blog-posts";
      const errs = r.ours.errors + r.ours.timeouts + r.ours.non2xx;
      const pass = errs === 0 && (!bar || (r.ours.p99Ms <= BARS.p99Ms && (r.ratio == null || r.ratio >= BARS.ratio)));
      rows.push([
        `Carga ${r.target} c=${r.connections} (${mode})`,
        `${bar ? `p99 ≤ ${BARS.p99Ms} ms, ≥ ${BARS.ratio * 100} % do nginx, ` : ""}0 erros`,
        `${r.ours.reqPerSec} req/s, p50 ${r.ours.p50Ms} ms, p99 ${r.ours.p99Ms} ms, erros ${errs} · nginx ${r.static ? `${r.static.reqPerSec} req/s, p99 ${r.static.p99Ms} ms` : "–"} · razão ${pct(r.ratio)}`,
        yes(pass),
      ]);
    }
    for (const s of m.submissions?.rows ?? []) {
      if (s.skipped) rows.push([`Envios ${s.endpoint} (${mode})`, "2xx = linhas, 0 5xx", `pulado: ${s.skipped}`, "–"]);
      else
        rows.push([
          `200 envios simultâneos ${s.endpoint} (${mode})`,
          "2xx = linhas, 0 5xx",
          `${s.accepted2xx} 2xx, ${s.storedMatching} gravados, ${s.lost} perdidos, ${s.status5xx} 5xx, admin vê ${s.adminSees}`,
          yes(s.pass),
        ]);
    }
    if (m.fuzz && !m.fuzz.error) {
      rows.push([
        `Fuzz de entrada inválida (${mode})`,
        "0 5xx, 0 linhas de inválidos",
        `${m.fuzz.totals.requests} pedidos em ${m.fuzz.endpoints.length} endpoints: ${m.fuzz.totals.s5xx} 5xx, ${m.fuzz.rowsStoredByInvalid} linhas, ${m.fuzz.totals.invalidAccepted} inválidos aceitos${m.fuzz.missing.length ? ` · ausentes (404): ${m.fuzz.missing.length}` : ""}`,
        yes(m.fuzz.pass),
      ]);
    } else if (m.fuzz?.error) rows.push([`Fuzz (${mode})`, "0 5xx", `erro: ${m.fuzz.error}`, "❌"]);
    if (m.analytics && !m.analytics.error) {
      const { burst, page } = m.analytics;
      rows.push([
        `Análises: ${burst.sent} visualizações simultâneas (${mode})`,
        "todas contadas, 0 5xx",
        `${burst.counted} contadas, ${burst.status5xx} 5xx, ${burst.visitorsToday} visitantes (esperados ≥ ${burst.expectedVisitors}), ${burst.reqPerSec} req/s, p99 ${burst.p99Ms} ms`,
        yes(burst.pass),
      ]);
      rows.push([
        `Análises: página de 90 dias, ${m.analytics.seeded} visualizações (${mode})`,
        "< 300 ms no servidor",
        `mediana ${page.medianMs} ms (máx ${page.maxMs} ms; consultas ${f1(page.medianLoaderMs)} ms) em ${page.renders} renderizações; primeira carga com os resumos dos ${m.analytics.days} dias: ${page.firstLoadMs} ms; HTML ${page.htmlKb} kB`,
        yes(page.pass),
      ]);
    } else if (m.analytics?.error) rows.push([`Análises (${mode})`, "–", `erro: ${m.analytics.error}`, "❌"]);
    if (m.publishing && !m.publishing.error) {
      const p = m.publishing;
      rows.push([
        `Post agendado ${p.scheduledAheadS} s à frente (${mode})`,
        `no /blog, RSS, sitemap e API ≤ ${p.barS} s após o horário, nunca antes`,
        `${Object.entries(p.delaysMs)
          .map(([place, ms]) => `${place} ${ms === null ? "nunca" : `${(ms / 1000).toFixed(1)} s`}`)
          .join(
            ", ",
          )}; só a tarefa (ninguém lendo): ${p.jobDelayMs === null ? "nunca" : `${(p.jobDelayMs / 1000).toFixed(1)} s`}${p.early.length ? `; antes da hora: ${p.early.join(", ")}` : ""}`,
        yes(p.pass),
      ]);
    } else if (m.publishing?.error) rows.push([`Post agendado (${mode})`, "–", `erro: ${m.publishing.error}`, "❌"]);
    if (m.search && !m.search.error) {
      const s = m.search;
      rows.push([
        `Busca: GET /api/search com ${s.posts} posts (${mode})`,
        mode === "postgres" ? "mediana ≤ 50 ms em cada consulta" : "referência (a meta é no PostgreSQL)",
        `mediana ${f1(s.medianMs)} ms, pior consulta ${f1(s.worstMedianMs)} ms (${s.rows.length} consultas × ${s.runs}); ${s.posts} posts gravados em ${f0(s.insertMs)} ms`,
        mode === "postgres" ? yes(s.pass) : "–",
      ]);
    } else if (m.search?.error) rows.push([`Busca (${mode})`, "–", `erro: ${m.search.error}`, "❌"]);
    if (m.xss && !m.xss.error)
      rows.push([
        `XSS no Chromium (${mode})`,
        "nada executa",
        `${m.xss.visited.length} páginas, ${m.xss.executed.length} execuções, ${m.xss.cspBlocked.length} bloqueios só pela CSP`,
        yes(m.xss.pass),
      ]);
    const sec = m.security;
    if (sec && !sec.error) {
      const label = sec.https ? "https" : mode;
      rows.push([
        `Guardas admin (${label})`,
        "redirect/401 sem sessão, expirada, forjada",
        `${sec.guards.checks - sec.guards.failures.length}/${sec.guards.checks} ok (${sec.guards.pages} páginas, ${sec.guards.apis} APIs × ${sec.guards.variants.length} variantes${sec.guards.missing.length ? `; ${sec.guards.missing.length} ausentes (404)` : ""})`,
        yes(sec.guards.failures.length === 0 && sec.guards.missing.length === 0),
      ]);
      rows.push([
        `Cabeçalhos (${label})`,
        `CSP nonce ou hashes, nosniff, Referrer-Policy, frame-ancestors${sec.https ? ", HSTS" : ""}`,
        sec.headerProblems.length ? sec.headerProblems.slice(0, 3).join("; ") : "todos presentes",
        yes(sec.headerProblems.length === 0),
      ]);
      if (sec.bruteForceUser)
        rows.push([
          `Força bruta no login (${label})`,
          "429 após N",
          `usuário: ${sec.bruteForceUser.firstThrottledAt === null ? "nunca 429" : `429 após ${sec.bruteForceUser.failuresBeforeThrottle} senhas erradas`}; endereço: 429 na tentativa ${sec.bruteForceIp?.firstThrottledAt ?? "nunca"}`,
          yes(sec.bruteForceUser.firstThrottledAt !== null && sec.bruteForceIp?.firstThrottledAt !== null),
        ]);
      if (sec.secrets)
        rows.push([
          `Segredos nos arquivos servidos (${label})`,
          "nenhum",
          `${sec.secrets.hits.length} achados em ${sec.secrets.pages} páginas + ${sec.secrets.assets} assets`,
          yes(sec.secrets.hits.length === 0),
        ]);
    } else if (sec?.error) rows.push([`Segurança (${mode})`, "–", `erro: ${sec.error}`, "❌"]);
    if (m.multi && !m.multi.error)
      rows.push([
        "Duas instâncias, um PostgreSQL",
        "sessão, limites e leads compartilhados",
        `sessão ${yes(m.multi.sessionOnOther)}, limite ${yes(m.multi.rateLimitShared)}, leads ${m.multi.leads.map((l) => `${l.endpoint}: ${l.seenOnB ?? l.result}`).join("; ")}`,
        yes(m.multi.pass),
      ]);
    else if (m.multi?.error) rows.push(["Duas instâncias", "–", `erro: ${m.multi.error}`, "❌"]);
    if (m.outage && !m.outage.error) {
      const o = m.outage;
      rows.push([
        "Queda do banco",
        "503 rápido (≤ 5 s), volta ≤ 5 s, nada perdido",
        `${o.appCrashed?.length ? `**o processo do app caiu** (${o.appCrashed.join(", ")}); ` : ""}${o.method}: durante ${Object.entries(
          o.duringByKind ?? {},
        )
          .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
          .join(
            ", ",
          )} (máx ${o.duringMaxMs} ms), recuperação ${o.recoveryMs ?? "não voltou"} ms, ${o.accepted2xx} aceitos / ${o.lost} perdidos`,
        yes(o.pass),
      ]);
    } else if (m.outage?.error) rows.push(["Queda do banco", "–", `erro: ${m.outage.error}`, "❌"]);
  }
  return rows;
}

function details(report) {
  const out = [];
  const emb = report.modes.embedded ?? {};
  if (emb.taps?.rows) {
    const c = emb.taps.conditions;
    out.push(
      `## Primeiro toque (celular: CPU ${c.cpuSlowdown}x mais lenta, RTT ${c.latencyMs} ms, ${c.downMbps} Mbps, ${c.viewport.width}×${c.viewport.height}; ${emb.taps.runs} primeira(s) visita(s) por controle, medianas; ms desde o início da navegação)`,
    );
    out.push(
      table(
        [
          "página",
          "FCP",
          "script rodou",
          "widget: toque em",
          "funcionou",
          "toque→folha",
          "toque→folha (página pronta)",
          "menu: toque em",
          "funcionou",
          "toque→menu",
        ],
        emb.taps.rows.map((p) => [
          p.page,
          f0(p.fcpMs),
          f0(p.scriptsRanMs),
          f0(p.widget.tapAtMs),
          `${p.widget.worked}/${p.widget.taps}${p.widget.scrolled ? ` (${p.widget.scrolled} após rolar)` : ""}`,
          f0(p.widget.tapToPaintMs),
          f0(p.widget.interactiveTapToPaintMs),
          f0(p.menu.tapAtMs),
          `${p.menu.worked}/${p.menu.taps}`,
          f0(p.menu.tapToPaintMs),
        ]),
      ),
    );
  }
  if (emb.floating?.rows) {
    const { width, height } = emb.floating.viewport;
    out.push(`## Botões flutuantes (${width}×${height}, celular; posições de rolagem vistas / com o botão visível)`);
    out.push(
      table(
        ["página", "posições", "chat visível", "chat com rótulo", "WhatsApp visível", "ambos"],
        emb.floating.rows.map((r) => [r.page, r.positions, r.chat, r.labelled, r.whatsapp, r.both]),
      ),
    );
  }
  if (emb.nojs?.rows) {
    out.push("## Formulários sem JavaScript");
    out.push(
      table(
        ["formulário", "status", "content-type", "confirmação", "reenvio confirmado", "JSON cru", "linhas gravadas", "ok"],
        emb.nojs.rows.map((r) => [
          r.form,
          r.status,
          r.contentType,
          yes(r.confirmed),
          yes(r.secondConfirmed),
          yes(r.rawJson),
          r.rows,
          r.error ?? yes(r.pass),
        ]),
      ),
    );
  }
  if (Array.isArray(emb.lighthouse)) {
    out.push("## Lighthouse (mobile, frio: um Chromium novo por execução, mediana)");
    out.push(
      table(
        [
          "página",
          "perf",
          "a11y",
          "boas práticas",
          "SEO",
          "LCP ms",
          "TBT ms",
          "CLS",
          "JS kB",
          "CSS kB",
          "execuções",
          "auditorias que falham (fora desempenho)",
        ],
        emb.lighthouse.map((p) => [
          p.page,
          f0(p.scores.performance),
          f0(p.scores.accessibility),
          f0(p.scores["best-practices"]),
          f0(p.scores.seo),
          f0(p.lcpMs),
          f0(p.tbtMs),
          p.cls?.toFixed(3),
          f1(p.jsKb),
          f1(p.cssKb),
          `${p.ok}/${p.runs}`,
          p.failing.join(", ") || (p.errors.length ? p.errors.join("; ") : "–"),
        ]),
      ),
    );
  }
  if (report.firstLoadJs) {
    out.push("## JavaScript de / sem navegador (gzip)");
    out.push(
      `Total ${f1(report.firstLoadJs.jsKb)} kB JS, ${f1(report.firstLoadJs.cssKb)} kB CSS, HTML ${f1(report.firstLoadJs.htmlGzipKb)} kB. Maiores arquivos:`,
    );
    out.push(
      table(
        ["arquivo", "kB gzip"],
        report.firstLoadJs.files.map((f) => [f.url, f1(f.gzipKb)]),
      ),
    );
  }
  if (report.cacheHeaders) {
    out.push("## Cabeçalhos de cache das páginas públicas");
    out.push(
      table(
        ["caminho", "Cache-Control", "ETag", "Vary"],
        Object.entries(report.cacheHeaders).map(([p, h]) => [p, h.cacheControl, h.etag, h.vary]),
      ),
    );
  }
  const floodRows = report.modes.embedded?.flood?.rows;
  if (floodRows) {
    out.push(
      `## Flood e caminho lento (${report.modes.embedded.flood.durationS} s por medição, wrk -t1; o app em cache, o nginx, o node:http e a receita a 10 e a 100 conexões em ${report.modes.embedded.flood.slices?.count} fatias de ${report.modes.embedded.flood.slices?.seconds} s alternadas entre eles; flood: \`/?gclid=…\` e afins, nunca o mesmo valor)`,
    );
    const labels = {
      cached10: "`/` em cache, sozinho, 10 conexões",
      cached100: "`/` em cache, sozinho, 100 conexões",
      floodAlone: "flood sozinho, 10 conexões",
      plainDuringFlood: "`/` comum durante o flood, 10 conexões",
      floodWithPlain: "flood ao mesmo tempo, 10 conexões",
      freshCold10: "`/` renderizada a cada pedido, nos primeiros segundos após o início (V8 ainda compilando), 10 conexões",
      fresh10: "`/` renderizada a cada pedido (PAGE_CACHE=off), 10 conexões, em seguida",
      nginxStatic10: "limite: nginx estático, mesmos bytes, 10 conexões",
      nginxStatic100: "limite: nginx estático, mesmos bytes, 100 conexões",
      bareNode10: "piso do Node: node:http sozinho, mesmos bytes, 10 conexões",
      bareNode100: "piso do Node: node:http sozinho, mesmos bytes, 100 conexões",
      nginxPlainDuringFlood: "limite sob as duas cargas: nginx estático, pedidos comuns durante o flood, 10 conexões",
      nginxFloodWithPlain: "limite sob as duas cargas: nginx estático, o flood ao mesmo tempo, 10 conexões",
      bareNodePlainDuringFlood: "piso sob as duas cargas: node:http sozinho, pedidos comuns durante o flood, 10 conexões",
      bareNodeFloodWithPlain: "piso sob as duas cargas: node:http sozinho, o flood ao mesmo tempo, 10 conexões",
      visitorsAlone: "visitantes no ritmo de leitura, sozinhos",
      visitorsDuringFlood: "visitantes no ritmo de leitura durante o flood",
      floodWithVisitors: "flood ao lado dos visitantes no ritmo de leitura, 10 conexões",
      nginxVisitorsAlone: "limite: nginx estático, visitantes no ritmo de leitura, sozinhos",
      nginxVisitorsDuringFlood: "limite: nginx estático, visitantes no ritmo de leitura durante o flood",
      nginxFloodWithVisitors: "limite: nginx estático, o flood ao lado desses visitantes, 10 conexões",
      searchFloodAlone: "buscas nunca feitas, sozinhas, 10 conexões",
      visitorsDuringSearchFlood: "visitantes no ritmo de leitura durante as buscas nunca feitas",
      searchFloodWithVisitors: "buscas nunca feitas ao lado desses visitantes, 10 conexões",
      recipe10: "deploy/nginx.conf na frente do app, 10 conexões",
      recipe100: "deploy/nginx.conf na frente do app, 100 conexões",
    };
    out.push(
      table(
        ["medição", "req/s", "p50 ms", "p99 ms", "erros/não-2xx"],
        Object.entries(labels)
          .filter(([key]) => floodRows[key])
          .map(([key, label]) => [
            label,
            floodRows[key].reqPerSec,
            floodRows[key].p50Ms,
            floodRows[key].p99Ms,
            `${floodRows[key].errors}/${floodRows[key].non2xx}`,
          ]),
      ),
    );
  }
  for (const [mode, m] of Object.entries(report.modes)) {
    if (m.load?.rows) {
      out.push(`## Carga (${mode}, ${m.load.durationS} s por medição, wrk -t1; limite: nginx com um worker servindo os mesmos bytes gzip)`);
      out.push(
        table(
          ["alvo", "conexões", "req/s", "p50 ms", "p99 ms", "erros/timeouts/não-2xx", "nginx req/s", "nginx p99", "razão", "bytes gzip"],
          m.load.rows
            .filter((r) => !r.skipped)
            .map((r) => [
              r.path,
              r.connections,
              r.ours.reqPerSec,
              r.ours.p50Ms,
              r.ours.p99Ms,
              `${r.ours.errors}/${r.ours.timeouts}/${r.ours.non2xx}`,
              r.static?.reqPerSec,
              r.static?.p99Ms,
              pct(r.ratio),
              r.gzipBytes,
            ]),
        ),
      );
    }
    if (m.submissions?.rows) {
      out.push(`## Envios simultâneos (${mode})`);
      out.push(
        table(
          ["endpoint", "enviados", "2xx", "gravados", "perdidos", "5xx", "status", "admin vê", "p99 ms", "exemplo de erro"],
          m.submissions.rows
            .filter((s) => !s.skipped)
            .map((s) => [
              s.endpoint,
              s.sent,
              s.accepted2xx,
              s.storedMatching,
              s.lost,
              s.status5xx,
              JSON.stringify(s.byStatus),
              s.adminSees,
              s.p99Ms,
              s.sampleError,
            ]),
        ),
      );
    }
    if (m.fuzz && !m.fuzz.error) {
      out.push(`## Fuzz (${mode}, fast-check seed ${m.fuzz.seed})`);
      out.push(
        table(
          ["endpoint", "enviados", "2xx", "4xx", "5xx", "rede", "inválidos aceitos", "máx ms"],
          Object.entries(m.fuzz.perEndpoint).map(([e, r]) => [e, r.sent, r.s2xx, r.s4xx, r.s5xx, r.network, r.invalidAccepted, r.maxMs]),
        ),
      );
      if (typeof m.fuzz.blogGets === "object")
        out.push(
          `GETs do blog com parâmetros estranhos: ${m.fuzz.blogGets.sent} pedidos, status ${JSON.stringify(m.fuzz.blogGets.byStatus)}.`,
        );
      else out.push(`GETs do blog: ${m.fuzz.blogGets}.`);
      if (m.fuzz.missing.length) out.push(`Ausentes (404, falha): ${m.fuzz.missing.join("; ")}.`);
      out.push(`Linhas gravadas por payloads inválidos: ${JSON.stringify(m.fuzz.storedByInvalid)}.`);
      if (m.fuzz.failures.length) {
        out.push("Falhas (até 25):");
        out.push(
          table(
            ["endpoint", "tipo", "estratégia", "status", "corpo", "resposta"],
            m.fuzz.failures.map((x) => [
              x.endpoint,
              x.kind,
              x.strategy,
              x.status,
              (x.body ?? "").slice(0, 80),
              (x.answer ?? "").slice(0, 100),
            ]),
          ),
        );
      }
    }
    if (m.xss && !m.xss.error) {
      out.push(`## XSS (${mode})`);
      out.push(
        table(
          ["injetado em", "resultado"],
          m.xss.injected.map((i) => [i.where, i.result]),
        ),
      );
      out.push(`Páginas abertas no Chromium: ${m.xss.visited.map((v) => `${v.path} (${v.status})`).join(", ")}.`);
      if (m.xss.executed.length) out.push(`**Executou:** ${m.xss.executed.map((e) => `${e.url}: ${e.via}`).join("; ")}`);
      if (m.xss.otherCspViolations?.length)
        out.push(
          `Outras violações de CSP (não vindas do corpus; \`script-src eval\` é a sondagem \`new Function("")\` do zod v4 — \`z.config({ jitless: true })\` no cliente a evita): ${m.xss.otherCspViolations.join("; ")}`,
        );
      if (m.xss.cspBlocked.length)
        out.push(
          `Bloqueado só pela CSP (o HTML chegou sem sanitização): ${m.xss.cspBlocked
            .slice(0, 10)
            .map((e) => `${e.url}: ${e.via}`)
            .join("; ")}`,
        );
    }
    const sec = m.security;
    if (sec && !sec.error) {
      out.push(`## Segurança (${sec.https ? "SITE_URL https" : mode})`);
      if (sec.guards.missing.length) out.push(`Ausentes (404, falha): ${sec.guards.missing.join(", ")}.`);
      out.push(
        `Variantes de cookie: ${sec.guards.variants.join(", ")}. Controle com sessão válida: ${sec.guards.withSession.map((c) => `${c.path} ${c.status}`).join(", ")}.`,
      );
      if (sec.guards.failures.length)
        out.push(
          table(
            ["alvo", "variante", "status", "location"],
            sec.guards.failures.map((g) => [g.target, g.variant, g.status, g.location]),
          ),
        );
      out.push(
        `Cookie de sessão: HttpOnly ${yes(sec.sessionCookie.httpOnly)}, SameSite ${sec.sessionCookie.sameSite}, Secure ${yes(sec.sessionCookie.secure)}.`,
      );
      if (sec.headerProblems.length) out.push(`Problemas de cabeçalho: ${sec.headerProblems.join("; ")}`);
      if (sec.secrets)
        out.push(
          `Segredos: ${sec.secrets.pages} páginas e ${sec.secrets.assets} arquivos (${Math.round(sec.secrets.bytes / 1024)} kB) varridos; achados: ${sec.secrets.hits.map((h) => `${h.secret} em ${h.url}`).join(", ") || "nenhum"}.`,
        );
      if (sec.bruteForceUser)
        out.push(
          `Força bruta: mesmo usuário → status ${sec.bruteForceUser.statuses.join(",")}; endereço → 429 na tentativa ${sec.bruteForceIp.firstThrottledAt ?? "nunca"} de ${sec.bruteForceIp.attempts}.`,
        );
    }
    if (m.search && !m.search.error) {
      out.push(`## Busca (${mode}): ${m.search.posts} posts, ${m.search.runs} pedidos por consulta`);
      out.push(
        table(
          ["consulta", "q", "resultados", "mediana", "p95", "status"],
          m.search.rows.map((r) => [r.name, r.q, r.results, `${f1(r.medianMs)} ms`, `${f1(r.p95Ms)} ms`, r.statuses.join(",")]),
        ),
      );
    }
    if (m.outage && !m.outage.error) {
      out.push("## Queda do banco");
      out.push("```json\n" + JSON.stringify(m.outage, null, 2) + "\n```");
    }
    if (m.multi && !m.multi.error) {
      out.push("## Duas instâncias");
      out.push("```json\n" + JSON.stringify(m.multi, null, 2) + "\n```");
    }
  }
  return out;
}

export function writeReport(report, dir, stamp) {
  fs.mkdirSync(dir, { recursive: true });
  const rows = summaryRows(report);
  const failing = rows.filter((r) => r[3] === "❌").length;
  const md = [
    `# Benchmark ${report.startedAt}`,
    `Flags: ${JSON.stringify(report.flags)} · máquina: ${report.machine.cpus} CPUs (${report.machine.cpuModel}), ${report.machine.memoryGb} GB, Node ${report.machine.node}, carga ${report.machine.loadAverage.join(" ")} → ${report.machine.loadAverageAtEnd?.join(" ")} · ${report.seconds} s`,
    report.fatal ? `**Erro fatal:** \`${report.fatal.split("\n")[0]}\`` : "",
    ...report.notes.map((n) => `> ${n}`),
    `## Resumo: ${rows.length - failing - rows.filter((r) => r[3] === "–").length} ok, ${failing} abaixo da meta`,
    table(["verificação", "meta", "resultado", "ok"], rows),
    ...details(report),
    `\nLog dos servidores: \`${report.serverLog}\``,
  ]
    .filter(Boolean)
    .join("\n\n");
  report.summary = rows.map(([check, bar, result, ok]) => ({ check, bar, result, ok: ok === "✅" ? true : ok === "❌" ? false : null }));
  const mdPath = path.join(dir, `report-${stamp}.md`);
  const jsonPath = path.join(dir, `report-${stamp}.json`);
  fs.writeFileSync(mdPath, md + "\n");
  fs.writeFileSync(jsonPath, JSON.stringify(report, null, 2));
  return { md: mdPath, json: jsonPath };
}
