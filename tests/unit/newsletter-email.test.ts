/**
 * A newsletter edition's e-mail (docs/decisions/0128), built from a rich post: under 100 kB, no
 * script or style block, every style inline, absolute links and images with alt text, no
 * tracking pixel, a plain-text part with the same words, and 0 errors in an e-mail-client
 * compatibility check (caniemail data, through @jsx-email/doiuse-email) for Gmail, Outlook and
 * Apple Mail.
 */
import { doIUseEmail } from "@jsx-email/doiuse-email";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import {
  countedLinks,
  MAX_HTML_BYTES,
  personalise,
  renderEditionEmail,
  TOPICS_PLACEHOLDER,
  UNSUBSCRIBE_PLACEHOLDER,
} from "~/domain/newsletter/email.server";

const SITE = "http://localhost:3000";

export const RICH_POST = {
  title: "Agentes de IA na prática: o que muda na sua operação",
  slug: "agentes-de-ia-na-pratica",
  summary: "Um guia com exemplos, números e os cuidados de quem já colocou agentes em produção.",
  imageUrl: "/media/capa-agentes.webp",
  content: [
    `<h1>Título dentro do texto</h1>`,
    `<p>Os <strong>agentes de IA</strong> executam tarefas de ponta a ponta. <a href="/agentes">Veja nossos agentes</a> ou <a href="https://exemplo.com.br/estudo">o estudo</a>.</p>`,
    `<h2>O que eles fazem</h2>`,
    `<ul><li>Triagem de atendimento</li><li>Conciliação financeira</li><li>Qualificação de leads</li></ul>`,
    `<h3>Passo a passo</h3>`,
    `<ol><li>Mapear o processo</li><li>Integrar os sistemas</li><li>Medir o resultado</li></ol>`,
    `<p><img src="/media/fluxo.webp" alt="Fluxo de um agente de atendimento"><img src="https://cdn.exemplo.com.br/grafico.png"></p>`,
    `<table><thead><tr><th>Processo</th><th>Antes</th><th>Depois</th></tr></thead>`,
    `<tbody><tr><td>Triagem</td><td>4 h</td><td>15 min</td></tr><tr><td>Conciliação</td><td>2 dias</td><td>1 h</td></tr></tbody></table>`,
    `<blockquote><p>“Em três meses, a fila de atendimento caiu pela metade.”</p></blockquote>`,
    `<pre><code class="language-ts">const agente = criarAgente();</code></pre>`,
    `<script>alert(1)</script><style>p{color:red}</style>`,
    `<p style="position:fixed" class="x" onclick="alert(1)">Fim <a href="javascript:alert(1)">clique</a>.</p>`,
  ].join(""),
};

const email = renderEditionEmail(RICH_POST);
const doc = parseDocument(email.html);
type El = { name: string; attribs: Record<string, string>; children?: El[] };
const all = (nodes: unknown[] = doc.children): El[] =>
  (nodes as El[]).flatMap((n) => (n.name && n.attribs ? [n, ...all(n.children ?? [])] : []));
const tags = all();

describe("a newsletter edition's e-mail", () => {
  it("stays under 100 kB and carries no script, style block, class or event handler", () => {
    expect(Buffer.byteLength(email.html)).toBeLessThan(MAX_HTML_BYTES);
    expect(tags.filter((t) => ["script", "style", "iframe", "form"].includes(t.name))).toEqual([]);
    expect(tags.filter((t) => Object.keys(t.attribs).some((a) => a === "class" || a.startsWith("on")))).toEqual([]);
    expect(email.html).not.toContain("javascript:");
    expect(email.html).not.toContain("position:fixed");
    expect(email.html).not.toContain("alert(1)");
  });

  it("has absolute links and images, every image with alt text, and no tracking pixel", () => {
    const images = tags.filter((t) => t.name === "img");
    expect(images.length).toBe(3); // the cover and the post's two
    for (const img of images) {
      expect(img.attribs.src).toMatch(/^https?:\/\//);
      expect(img.attribs.alt?.trim()).toBeTruthy();
      expect(Number(img.attribs.width)).toBeGreaterThan(1);
    }
    expect(images.map((i) => i.attribs.alt)).toContain("Fluxo de um agente de atendimento");
    const links = tags.filter((t) => t.name === "a").map((a) => a.attribs.href ?? "");
    expect(links.filter((href) => href !== UNSUBSCRIBE_PLACEHOLDER && href !== TOPICS_PLACEHOLDER && !/^https?:\/\//.test(href))).toEqual(
      [],
    );
    expect(links).toContain(`${SITE}/agentes`);
    expect(links).toContain(`${SITE}/blog/agentes-de-ia-na-pratica`);
    // Every style is inline; the post's own never passes.
    expect(tags.filter((t) => ["p", "h2", "td", "th", "blockquote"].includes(t.name)).every((t) => t.attribs.style)).toBe(true);
  });

  it("has a plain-text part with the same words, links written out", () => {
    expect(email.text).toContain("O QUE ELES FAZEM");
    expect(email.text).toContain("- Triagem de atendimento");
    expect(email.text).toContain("2. Integrar os sistemas");
    expect(email.text).toContain(`Veja nossos agentes (${SITE}/agentes)`);
    expect(email.text).toContain("Triagem | 4 h | 15 min");
    expect(email.text).toContain("> “Em três meses");
    expect(email.text).not.toMatch(/<[a-z]/i);
    expect(email.text).toContain(`Cancelar inscrição: ${UNSUBSCRIBE_PLACEHOLDER}`);
  });

  it("gives each recipient their own unsubscribe link and topics page, in both parts", () => {
    const mine = personalise(email, {
      unsubscribe: `${SITE}/descadastrar?token=abc&x=1`,
      topics: `${SITE}/newsletter/temas?token=abc&x=1`,
    });
    expect(mine.html).toContain(`href="${SITE}/descadastrar?token=abc&amp;x=1"`);
    expect(mine.html).toContain("Cancelar inscrição");
    expect(mine.text).toContain(`${SITE}/descadastrar?token=abc&x=1`);
    expect(mine.html).toContain(`href="${SITE}/newsletter/temas?token=abc&amp;x=1"`);
    expect(mine.text).toContain(`Escolher temas: ${SITE}/newsletter/temas?token=abc&x=1`);
    expect(mine.html + mine.text).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    expect(mine.html + mine.text).not.toContain(TOPICS_PLACEHOLDER);
  });

  it("sends each web link of the HTML part through the counting redirect, one number per address", () => {
    const { html, links } = countedLinks(email, 42);
    expect(links[0]).toBe(`${SITE}/`);
    expect(links).toContain(`${SITE}/agentes`);
    expect(new Set(links).size).toBe(links.length);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    for (const href of hrefs) {
      if (href === UNSUBSCRIBE_PLACEHOLDER || href === TOPICS_PLACEHOLDER || href?.startsWith("mailto:")) continue;
      expect(href).toMatch(new RegExp(`^${SITE}/n/c/42/\\d+$`));
    }
    expect(html).toContain(`href="${UNSUBSCRIBE_PLACEHOLDER}"`);
    // Still no pixel.
    expect(html).not.toMatch(/<img[^>]+(width="1"|height="1")/);
  });

  it("gives the plain-text part's links the HTML part's numbers, and leaves the rest of its words alone", () => {
    const { text, links } = countedLinks(email, 42);
    const at = (url: string) => `${SITE}/n/c/42/${links.indexOf(url)}`;
    expect(email.text).toContain(`Veja nossos agentes (${SITE}/agentes)`);
    expect(text).toContain(`Veja nossos agentes (${at(`${SITE}/agentes`)})`);
    expect(text).toContain(`o estudo (${at("https://exemplo.com.br/estudo")})`);
    expect(text).toContain(`Ler no site: ${at(`${SITE}/blog/agentes-de-ia-na-pratica`)}`);
    expect(text).toContain(`Política de privacidade: ${at(`${SITE}/privacidade`)}`);
    expect(text).toContain(`Cancelar inscrição: ${UNSUBSCRIBE_PLACEHOLDER}`);
    expect(text).toContain(`Escolher temas: ${TOPICS_PLACEHOLDER}`);
    // Every web address left is one our redirect counts: none of the edition's links is bypassed.
    for (const [url] of text.matchAll(/https?:\/\/[^\s()]+/g)) expect(url).toMatch(new RegExp(`^${SITE}/n/c/42/\\d+$`));
    // Apart from the addresses, the same words.
    const words = (t: string) => t.replace(/https?:\/\/[^\s()]+/g, "URL");
    expect(words(text)).toBe(words(email.text));
  });

  it("matches a text address by the HTML part's links only: punctuation after it stays, an address typed as words stays", () => {
    const wiki = "https://pt.wikipedia.org/wiki/Agente_(inform%C3%A1tica)";
    const { text, links } = countedLinks(
      {
        html: `<p><a href="${wiki}">agente</a> e <a href="https://exemplo.com.br/a?x=1&amp;y=2">a</a></p>`,
        text: `agente (${wiki}). Veja https://exemplo.com.br/a?x=1&y=2, não https://exemplo.com.br/a?x=1 nem https://outro.exemplo.com.br/.`,
      },
      7,
    );
    expect(links).toEqual([wiki, "https://exemplo.com.br/a?x=1&y=2"]);
    expect(text).toBe(
      `agente (${SITE}/n/c/7/0). Veja ${SITE}/n/c/7/1, não https://exemplo.com.br/a?x=1 nem https://outro.exemplo.com.br/.`,
    );
  });

  it("renders a standalone edition without a summary or a link to a post", () => {
    const standalone = renderEditionEmail({ title: "Novidades de dezembro", summary: "", slug: null, content: "<p>Olá, leitores.</p>" });
    expect(standalone.subject).toBe("Novidades de dezembro");
    expect(standalone.html).toContain("Olá, leitores.");
    expect(standalone.html).not.toContain("Ler no site");
    expect(standalone.text).not.toContain("Ler no site");
    expect(standalone.text).not.toContain("/blog/");
  });

  it("sends a post too long for Gmail as its summary and the link to the site", () => {
    const long = renderEditionEmail({ ...RICH_POST, content: `<p>${"Texto longo demais. ".repeat(8000)}</p>` });
    expect(Buffer.byteLength(long.html)).toBeLessThan(MAX_HTML_BYTES);
    expect(long.html).toContain("leia o texto completo no site");
  });

  it.each([
    ["Gmail", ["gmail.desktop-webmail", "gmail.ios", "gmail.android", "gmail.mobile-webmail"]],
    ["Outlook", ["outlook.windows", "outlook.windows-mail", "outlook.macos", "outlook.ios", "outlook.android"]],
    ["Apple Mail", ["apple-mail.macos", "apple-mail.ios"]],
  ])("passes the caniemail check for %s with 0 errors", (_name, clients) => {
    const result = doIUseEmail(email.html, { emailClients: clients });
    expect(result.success ? [] : result.errors).toEqual([]);
  });
});
