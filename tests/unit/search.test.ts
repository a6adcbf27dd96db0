/**
 * Site search without a database (docs/decisions/0070): reading a query, the accented spellings
 * tried, tsquery quoting, HTML to segments, and snippets (escaping and <mark>), with a property
 * test that a snippet never carries markup of its own.
 */
import fc from "fast-check";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { copyOf, pageRows } from "~/domain/search/pages.server";
import { buildSnippet, candidateWords, SNIPPET_LENGTH } from "~/domain/search/snippet.server";
import { termParts, termVariants, toTsquery } from "~/domain/search/terms.server";
import { escapeHtml, htmlSegments } from "~/domain/search/text.server";
import { searchErrors } from "~/lib/messages/search";
import { parseSearchQuery, SEARCH_MAX_LENGTH, SEARCH_MAX_TERMS, searchHref, searchTerms } from "~/lib/search";
import { websiteJsonLd } from "~/lib/seo";

const params = (query: string) => new URLSearchParams(query);

describe("reading a query", () => {
  it("an absent or blank query is a valid, empty search", () => {
    expect(parseSearchQuery(params(""))).toEqual({ ok: true, q: "", terms: [] });
    expect(parseSearchQuery(params("q=%20%20"))).toEqual({ ok: true, q: "", terms: [] });
    expect(parseSearchQuery(params("q=%21%3F%2C"))).toEqual({ ok: true, q: "!?,", terms: [] });
  });

  it("words are lower-cased, in NFC form, deduplicated; inner hyphens, dots and slashes stay", () => {
    const decomposed = "Automac\u0327a\u0303o"; // 'Automação' as a Mac may send it
    expect(searchTerms(`${decomposed} automação E-MAIL 24/7 (LGPD)`)).toEqual(["automação", "e-mail", "24/7", "lgpd"]);
  });

  it("control characters become spaces", () => {
    expect(parseSearchQuery(params("q=agentes%09de%0Aia"))).toEqual({ ok: true, q: "agentes de ia", terms: ["agentes", "de", "ia"] });
  });

  it("refuses a repeated, too long or too wordy query, in Portuguese", () => {
    expect(parseSearchQuery(params("q=a&q=b"))).toMatchObject({ ok: false, message: searchErrors.repeated });
    expect(parseSearchQuery(params(`q=${"a".repeat(SEARCH_MAX_LENGTH + 1)}`))).toMatchObject({
      ok: false,
      message: searchErrors.tooLong(SEARCH_MAX_LENGTH),
    });
    expect(parseSearchQuery(params(`q=${"a".repeat(SEARCH_MAX_LENGTH)}`)).ok).toBe(true);
    const words = Array.from({ length: SEARCH_MAX_TERMS + 1 }, (_, i) => `palavra${i}`).join(" ");
    expect(parseSearchQuery(params(`q=${encodeURIComponent(words)}`))).toMatchObject({
      ok: false,
      message: searchErrors.tooManyTerms(SEARCH_MAX_TERMS),
    });
  });

  it("links to the results of a query", () => {
    expect(searchHref("automação de processos")).toBe("/busca?q=automa%C3%A7%C3%A3o+de+processos");
    expect(searchHref("")).toBe("/busca");
  });
});

describe("accented spellings tried for a word typed without accents", () => {
  it.each([
    ["automacao", ["automacao", "automação"]],
    ["automacoes", ["automacoes", "automações"]],
    ["automatizacao", ["automatizacao", "automatização"]],
    ["inteligencia", ["inteligencia", "inteligência"]],
    ["relevancias", ["relevancias", "relevâncias"]],
    ["confiavel", ["confiavel", "confiável"]],
    ["possiveis", ["possiveis", "possíveis"]],
    ["gestao", ["gestao", "gestão"]],
    ["automação", ["automação"]], // already accented: as typed
    ["processos", ["processos"]],
    ["nao", ["nao"]], // too short to guess
    ["gpt-4", ["gpt-4"]],
  ])("%s → %j", (term, expected) => {
    expect(termVariants(term)).toEqual(expected);
  });
});

describe("tsquery", () => {
  const word = (...any: string[]) => ({ any, all: [] });

  it("requires every group, through any of its lexemes, and drops groups without a stem", () => {
    expect(toTsquery([word("autom", "automaca"), word(), word("process")])).toBe("('autom' | 'automaca') & ('process')");
    expect(toTsquery([word(), { any: [], all: [[]] }])).toBeUndefined();
  });

  it("a compound matches as a whole, or through all of its parts", () => {
    expect(termParts("nova-geracao")).toEqual(["nova", "geracao"]);
    expect(termParts("24/7")).toEqual(["24", "7"]);
    expect(termParts("automacao")).toEqual([]);
    expect(toTsquery([{ any: ["nova-geraca"], all: [["nov"], ["geraca", "ger"]] }, word("ia")])).toBe(
      "('nova-geraca' | ('nov') & ('geraca' | 'ger')) & ('ia')",
    );
    expect(toTsquery([{ any: [], all: [[], ["mail"]] }])).toBe("(('mail'))");
  });

  it("quotes lexemes, so the query text cannot add operators", () => {
    expect(toTsquery([word("d'agua", "a\\b", "x & !y")])).toBe(String.raw`('d''agua' | 'a\\b' | 'x & !y')`);
  });
});

describe("HTML to readable segments", () => {
  it("splits on blocks, decodes entities and drops scripts", () => {
    const html =
      "<h2>Título &amp; subtítulo</h2><p>Primeiro <strong>parágrafo</strong>&nbsp;aqui.</p><ul><li>Item um</li><li>Item &lt;dois&gt;</li></ul>" +
      "<script>alert(1)</script><p>Linha<br>quebrada</p>";
    expect(htmlSegments(html)).toEqual(["Título & subtítulo", "Primeiro parágrafo aqui.", "Item um", "Item <dois>", "Linha", "quebrada"]);
  });
});

describe("snippets", () => {
  const matchAutomacao = (word: string) => /^automa[cç][aã]o$/i.test(word);

  it("escapes every character of the text and marks only the matched words", () => {
    const html = buildSnippet([`A <script>alert("x")</script> & a automação de 'processos'`], matchAutomacao);
    expect(html).toBe("A &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; a <mark>automação</mark> de &#39;processos&#39;");
    const marks = parseDocument(`<p>${html}</p>`).children;
    expect(marks).toHaveLength(1);
  });

  it("picks the segment with the most distinct matched words, then the most matches", () => {
    const isMatch = (w: string) => ["agentes", "ia"].includes(w.toLowerCase());
    expect(buildSnippet(["Nada aqui.", "Agentes e agentes.", "Agentes de IA."], isMatch)).toBe("<mark>Agentes</mark> de <mark>IA</mark>.");
    expect(buildSnippet(["Nada aqui.", "Agentes.", "Agentes e agentes."], isMatch)).toBe("<mark>Agentes</mark> e <mark>agentes</mark>.");
  });

  it("shows the first segment when only the title matched", () => {
    expect(buildSnippet(["O resumo do post.", "O corpo."], () => false)).toBe("O resumo do post.");
  });

  it("cuts a long segment on word boundaries around the first match, with ellipses", () => {
    const before = "palavra ".repeat(60);
    const after = " texto".repeat(60);
    const html = buildSnippet([`${before}a automação${after}`], matchAutomacao);
    expect(html.startsWith("…palavra")).toBe(true);
    expect(html.endsWith("texto…")).toBe(true);
    expect(html).toContain("<mark>automação</mark>");
    expect(html.replace(/<\/?mark>/g, "").length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
  });

  it("keeps the first match near the start, where a phone shows it, even at the end of a long segment", () => {
    const html = buildSnippet([`${"palavra ".repeat(60)}fim da automação.`], matchAutomacao);
    expect(html.startsWith("…")).toBe(true);
    expect(html.endsWith("<mark>automação</mark>.")).toBe(true);
    expect(html.indexOf("<mark>")).toBeLessThanOrEqual(70);
  });

  it("never carries markup of its own, whatever the text (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 300 }), { maxLength: 4 }),
        fc.string({ maxLength: 3 }),
        (segments, hit) => {
          const html = buildSnippet(segments, (w) => hit.length > 0 && w.includes(hit));
          // Removing the marks leaves text whose only markup characters are escaped entities.
          expect(html.replace(/<\/?mark>/g, "")).not.toMatch(/[<>"']/);
        },
      ),
    );
  });

  it("asks the database only about words that may be forms of the query's stems", () => {
    const texts = ["A inteligência dos agentes automatiza a automação", "Dados e processos"];
    expect(candidateWords(texts, ["inteligent", "autom", "ia"]).sort()).toEqual(["automatiza", "automação", "inteligência"]);
  });

  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });
});

describe("the pages' copy, from their content modules", () => {
  it("collects the strings a visitor reads, once each, without ids, addresses, icons or the meta", () => {
    const Icon = { $$typeof: Symbol.for("react.forward_ref"), render: () => null, displayName: "IconeSecreto" };
    const meta = { title: "Título", description: "Descrição" };
    const copy = copyOf(
      [
        {
          meta,
          HERO: { title: "Agentes de IA", lead: "Texto do herói.", icon: Icon, href: "/agentes" },
          LIST: [
            { id: "plano-essencial", name: "Plano Essencial", url: "https://exemplo.com", features: ["Suporte 24/7", "Agentes de IA"] },
          ],
          anchor: "#contato",
          slug: "automacao-de-processos",
          price: 500_000,
          format: (n: number) => `${n} itens`,
        },
      ],
      [meta],
    );
    expect(copy).toEqual(["Agentes de IA", "Texto do herói.", "Plano Essencial", "Suporte 24/7"]);
  });

  it("indexes each public page with its own title, and the catalog on /produtos", () => {
    const rows = pageRows();
    expect(rows.map((r) => r.path)).toEqual(["/", "/sobre", "/agentes", "/carreiras", "/produtos", "/formulario"]);
    const produtos = rows.find((r) => r.path === "/produtos")!;
    expect(produtos.title).toBe("Produtos e Assinaturas: planos mensais e soluções de IA");
    expect(produtos.body.split("\n")).toContain("Plano Essencial");
    expect(rows.find((r) => r.path === "/sobre")!.body).toContain("Mariana Albuquerque");
    for (const row of rows) expect(row.body).not.toMatch(/^\/|\$\$typeof/m);
  });
});

describe("WebSite JSON-LD of the home page", () => {
  it("points its SearchAction at /busca?q={search_term_string}", () => {
    expect(websiteJsonLd("https://www.exemplo.com.br")).toMatchObject({
      "@type": "WebSite",
      url: "https://www.exemplo.com.br/",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: "https://www.exemplo.com.br/busca?q={search_term_string}" },
        "query-input": "required name=search_term_string",
      },
    });
  });
});
