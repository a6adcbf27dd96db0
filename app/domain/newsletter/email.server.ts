/**
 * A newsletter edition's e-mail (docs/decisions/0128): HTML and plain text in pt-BR, built once
 * from a post when its sending starts. The post's HTML (already sanitised for the site,
 * app/infra/sanitize.server.ts) is sanitised again for mail clients: no scripts, no style blocks or
 * classes, every style inline, every link and image absolute, every image with alt text. No
 * tracking pixel; when an edition starts, the links of both parts go through our own redirect,
 * which counts clicks per edition and link and nothing about who (`countedLinks`, docs/decisions/
 * 0131 and 0133). The unsubscribe link differs per recipient, so both parts keep `UNSUBSCRIBE_PLACEHOLDER`
 * until the message is sent.
 */
import { type ChildNode, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { env } from "~/config.server";
import { sanitizeContent } from "~/infra/sanitize.server";
import { SITE_NAME } from "~/lib/site";

/** Replaced by each recipient's own unsubscribe address when the message is sent. */
export const UNSUBSCRIBE_PLACEHOLDER = "{{descadastro}}";
/** Replaced by each recipient's own address of the topics page (docs/decisions/0131). */
export const TOPICS_PLACEHOLDER = "{{temas}}";
/** Gmail clips a message whose HTML passes 102 kB; we stay under 100 kB. */
export const MAX_HTML_BYTES = 100_000;

export interface EditionSource {
  title: string;
  /** The post's address on the site; null for a standalone edition (no 'Ler no site'). */
  slug: string | null;
  /** Shown under the title; empty for none. */
  summary: string;
  content: string;
  imageUrl?: string | null;
}

export interface EditionEmail {
  subject: string;
  html: string;
  text: string;
}

const FONT = "Arial,Helvetica,sans-serif";
const INK = "#1f2937";
const MUTED = "#4b5563";
const BRAND = "#1d4ed8";
/** The text column's width: 600 px less the 24 px padding on each side. */
const COLUMN = 552;

/** Inline styles per tag: mail clients drop `<style>` blocks and classes, or honour them partly. */
const STYLE: Record<string, string> = {
  h2: `margin:28px 0 12px;font-family:${FONT};font-size:22px;line-height:1.3;color:${INK};`,
  h3: `margin:24px 0 10px;font-family:${FONT};font-size:19px;line-height:1.3;color:${INK};`,
  h4: `margin:20px 0 8px;font-family:${FONT};font-size:17px;line-height:1.3;color:${INK};`,
  p: `margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.6;color:${INK};`,
  ul: `margin:0 0 16px;padding:0 0 0 24px;font-family:${FONT};font-size:16px;line-height:1.6;color:${INK};`,
  ol: `margin:0 0 16px;padding:0 0 0 24px;font-family:${FONT};font-size:16px;line-height:1.6;color:${INK};`,
  li: "margin:0 0 6px;",
  a: `color:${BRAND};text-decoration:underline;`,
  blockquote: `margin:0 0 16px;padding:8px 0 8px 16px;border-left:4px solid ${BRAND};color:${MUTED};font-family:${FONT};font-size:16px;line-height:1.6;`,
  img: "display:block;max-width:100%;height:auto;border:0;margin:0 0 16px;",
  figure: "margin:0 0 16px;",
  figcaption: `font-family:${FONT};font-size:14px;line-height:1.4;color:${MUTED};`,
  table: `width:100%;border-collapse:collapse;margin:0 0 16px;font-family:${FONT};font-size:15px;color:${INK};`,
  th: "border:1px solid #d1d5db;padding:8px;text-align:left;background-color:#f3f4f6;",
  td: "border:1px solid #d1d5db;padding:8px;text-align:left;",
  pre: `margin:0 0 16px;padding:12px;background-color:#f3f4f6;font-family:Consolas,Menlo,monospace;font-size:14px;line-height:1.5;`,
  code: "font-family:Consolas,Menlo,monospace;font-size:14px;",
  hr: "border:0;border-top:1px solid #e5e7eb;margin:24px 0;",
  mark: "background-color:#fef08a;",
};

/** An http(s) address, made absolute against the site's; anything else is dropped. */
function absolute(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const resolved = new URL(url, `${env.SITE_URL}/`);
    return /^https?:$/.test(resolved.protocol) ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

const withStyle = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({
  tagName,
  attribs: STYLE[tagName] ? { ...attribs, style: STYLE[tagName] } : attribs,
});

/** The post's body for mail clients: the site's sanitiser first, then this stricter pass. */
export function emailSafeContent(html: string, fallbackAlt: string): string {
  return sanitizeHtml(sanitizeContent(html), {
    allowedTags: [...Object.keys(STYLE), "span", "br", "strong", "b", "em", "i", "u", "s", "sub", "sup", "thead", "tbody", "tr"],
    allowedAttributes: {
      "*": ["style"],
      a: ["href", "title"],
      img: ["src", "alt", "width", "height"],
      ol: ["start"],
      th: ["colspan", "rowspan", "scope"],
      td: ["colspan", "rowspan"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https", "http"] },
    allowProtocolRelative: false,
    // Styles come only from STYLE (the transforms below replace any), so they are kept as written.
    parseStyleAttributes: false,
    nonTextTags: ["script", "style", "textarea", "noscript", "title", "head"],
    transformTags: {
      "*": (tagName, attribs) => {
        const { style: _ignored, ...rest } = attribs;
        return withStyle(tagName, rest);
      },
      a: (tagName, attribs) => {
        const { style: _ignored, ...rest } = attribs;
        const href = rest.href?.startsWith("mailto:") || rest.href?.startsWith("tel:") ? rest.href : absolute(rest.href);
        // A link that leads nowhere safe stays as its text.
        if (!href) return { tagName: "span", attribs: {} };
        return withStyle(tagName, { ...(rest.title ? { title: rest.title } : {}), href });
      },
      img: (tagName, attribs) => {
        const src = absolute(attribs.src) ?? "";
        const alt = attribs.alt?.trim() || fallbackAlt;
        const given = Number(attribs.width);
        const width = Number.isFinite(given) && given > 0 ? Math.min(given, COLUMN) : COLUMN;
        // Outlook sizes images by their attribute, not by CSS: never wider than the column. Others
        // take the style: a full-width image shrinks with a phone's screen (a percentage
        // max-width alone would widen the table cell instead).
        const style = width < COLUMN ? `${STYLE.img}width:${width}px;` : `${STYLE.img}width:100%;max-width:${COLUMN}px;`;
        return { tagName, attribs: { src, alt, width: String(width), style } };
      },
      table: (tagName) => withStyle(tagName, {}),
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  }).trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// ---------------------------------------------------------------- plain text
const BLOCKS = new Set(["p", "h2", "h3", "h4", "ul", "ol", "table", "pre", "figure", "figcaption", "tr"]);

function textOf(nodes: ChildNode[], listKind?: "ul" | "ol"): string {
  let index = 0;
  let out = "";
  for (const node of nodes) {
    if (isText(node)) {
      out += node.data.replace(/\s+/g, " ");
      continue;
    }
    if (!isTag(node)) continue;
    const name = node.name;
    if (name === "br") out += "\n";
    else if (name === "hr") out += "\n\n----------\n\n";
    else if (name === "img") out += node.attribs.alt ? `[${node.attribs.alt}] ` : "";
    else if (name === "a") {
      const label = textOf(node.children).trim();
      const href = node.attribs.href ?? "";
      out += href && label !== href ? `${label} (${href})` : label;
    } else if (name === "li") {
      index++;
      const marker = listKind === "ol" ? `${index}.` : "-";
      const inner = textOf(node.children).trim().replace(/\n/g, "\n   ");
      out += `\n${marker} ${inner}`;
    } else if (name === "td" || name === "th") out += `${textOf(node.children).trim()} | `;
    else if (name === "blockquote") {
      const inner = textOf(node.children)
        .trim()
        .replace(/\n{3,}/g, "\n\n");
      out += `\n\n${inner.replace(/^/gm, "> ")}\n\n`;
    } else if (BLOCKS.has(name)) {
      const inner = textOf(node.children, name === "ul" || name === "ol" ? name : undefined).trim();
      out += `\n\n${/^h[2-4]$/.test(name) ? inner.toUpperCase() : inner.replace(/ \|$/, "")}\n\n`;
    } else out += textOf(node.children, listKind);
  }
  return out;
}

/** The plain-text part: the same words, links written out, images by their alt text. */
export function htmlToPlainText(html: string): string {
  return textOf(parseDocument(html, { decodeEntities: true }).children)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n[ \t]+(?=\S)(?![0-9]+\.|-)/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

// ---------------------------------------------------------------- the message
function layout(source: EditionSource, body: string): string {
  const postUrl = source.slug === null ? null : absolute(`/blog/${source.slug}`)!;
  const image = absolute(source.imageUrl ?? undefined);
  const title = escapeHtml(source.title);
  const summary = escapeHtml(source.summary);
  const cell = `font-family:${FONT};color:${INK};`;
  return [
    `<!DOCTYPE html>`,
    `<html lang="pt-BR">`,
    `<head>`,
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="color-scheme" content="light">`,
    `<title>${title}</title>`,
    `</head>`,
    // No <body> tag (optional in HTML): Outlook for Mac and mobile drop it, with whatever it carries.
    `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">`,
    `<tr><td align="center" style="padding:16px 8px;">`,
    `<table width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;">`,
    `<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb;${cell}font-size:18px;font-weight:bold;">`,
    `<a href="${escapeHtml(absolute("/")!)}" style="color:${BRAND};text-decoration:none;">${SITE_NAME}</a>`,
    `<span style="font-weight:normal;font-size:14px;color:${MUTED};"> · Newsletter</span>`,
    `</td></tr>`,
    ...(image
      ? [
          `<tr><td style="padding:24px 24px 0;">`,
          `<img src="${escapeHtml(image)}" alt="${title}" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0;">`,
          `</td></tr>`,
        ]
      : []),
    `<tr><td style="padding:24px 24px 8px;${cell}">`,
    `<h1 style="margin:0 0 12px;font-family:${FONT};font-size:26px;line-height:1.25;color:${INK};">${title}</h1>`,
    ...(summary ? [`<p style="margin:0 0 20px;font-family:${FONT};font-size:17px;line-height:1.5;color:${MUTED};">${summary}</p>`] : []),
    body,
    `</td></tr>`,
    ...(postUrl
      ? [
          `<tr><td style="padding:8px 24px 28px;">`,
          `<table cellpadding="0" cellspacing="0" border="0"><tr>`,
          `<td style="background-color:${BRAND};">`,
          `<a href="${escapeHtml(postUrl)}" style="display:inline-block;padding:12px 20px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">Ler no site</a>`,
          `</td></tr></table>`,
          `</td></tr>`,
        ]
      : []),
    `<tr><td style="padding:20px 24px;border-top:1px solid #e5e7eb;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED};">`,
    `<p style="margin:0 0 8px;">Você recebe este e-mail porque confirmou sua inscrição na newsletter da ${SITE_NAME}.</p>`,
    `<p style="margin:0;"><a href="${TOPICS_PLACEHOLDER}" style="color:${MUTED};text-decoration:underline;">Escolher temas</a> · <a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:${MUTED};text-decoration:underline;">Cancelar inscrição</a> · <a href="${escapeHtml(absolute("/privacidade")!)}" style="color:${MUTED};text-decoration:underline;">Política de privacidade</a></p>`,
    `</td></tr>`,
    `</table>`,
    `</td></tr>`,
    `</table>`,
    `</html>`,
  ].join("\n");
}

/**
 * The edition's e-mail. A post too long for one message (over `MAX_HTML_BYTES` of HTML) goes
 * out as its summary and the link to read it on the site, so Gmail never clips the unsubscribe
 * link off its end.
 */
export function renderEditionEmail(source: EditionSource): EditionEmail {
  const body = emailSafeContent(source.content, source.title);
  let html = layout(source, body);
  let textBody = htmlToPlainText(body);
  if (Buffer.byteLength(html) > MAX_HTML_BYTES) {
    const note =
      source.slug === null
        ? "Esta edição é longa demais para um e-mail e foi resumida: fale com a nossa equipe para recebê-la completa."
        : "Este post é longo demais para um e-mail: leia o texto completo no site.";
    html = layout(source, `<p style="${STYLE.p}">${note}</p>`);
    textBody = note;
  }
  const postUrl = source.slug === null ? null : absolute(`/blog/${source.slug}`)!;
  const text = [
    `${SITE_NAME} · Newsletter`,
    "",
    source.title.toUpperCase(),
    "",
    ...(source.summary ? [source.summary, ""] : []),
    textBody,
    "",
    ...(postUrl ? [`Ler no site: ${postUrl}`, ""] : []),
    "--",
    `Você recebe este e-mail porque confirmou sua inscrição na newsletter da ${SITE_NAME}.`,
    `Escolher temas: ${TOPICS_PLACEHOLDER}`,
    `Cancelar inscrição: ${UNSUBSCRIBE_PLACEHOLDER}`,
    `Política de privacidade: ${absolute("/privacidade")}`,
  ].join("\n");
  return { subject: source.title, html, text };
}

/**
 * One recipient's copy: the placeholders replaced by that recipient's unsubscribe address and
 * topics page (both named by the same per-recipient token).
 */
export function personalise(email: EditionEmail, links: { unsubscribe: string; topics: string }): EditionEmail {
  const fill = (text: string, escape: (s: string) => string) =>
    text.split(UNSUBSCRIBE_PLACEHOLDER).join(escape(links.unsubscribe)).split(TOPICS_PLACEHOLDER).join(escape(links.topics));
  return { subject: email.subject, html: fill(email.html, escapeHtml), text: fill(email.text, (s) => s) };
}

/** The address of an edition's link through our redirect: the edition and the link's number, nothing about the reader. */
export function clickUrl(editionId: number, linkIndex: number): string {
  return `${env.SITE_URL}/n/c/${editionId}/${linkIndex}`;
}

const unescapeHref = (href: string) =>
  href
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** What may follow an address in the plain-text part: the `)` of `label (url)`, or a sentence's end. */
const TRAILING = /[).,;:!?'"]$/;

/**
 * The e-mail with every web link (http or https) pointing at our redirect instead
 * (docs/decisions/0131, 0133), and the links, numbered from 0 in the order they first appear in the
 * HTML part (one number per distinct address). The plain-text part's addresses that are links of
 * the HTML part get the same numbers, so a click counts the same from either part; an address
 * the HTML part does not link (one typed as words) stays as written. The unsubscribe and topics
 * links (placeholders), `mailto:` and `tel:` links stay as they are in both parts.
 */
export function countedLinks(email: { html: string; text: string }, editionId: number): { html: string; text: string; links: string[] } {
  const links: string[] = [];
  const html = email.html.replace(/(<a\b[^>]*?\bhref=")([^"]*)(")/gi, (whole, before: string, href: string, after: string) => {
    const url = unescapeHref(href);
    if (!/^https?:\/\//i.test(url)) return whole;
    let index = links.indexOf(url);
    if (index < 0) index = links.push(url) - 1;
    return `${before}${escapeHtml(clickUrl(editionId, index))}${after}`;
  });
  const numbers = new Map(links.map((url, index) => [url, index]));
  const text = email.text.replace(/https?:\/\/\S+/gi, (token) => {
    // The longest linked address the token starts with, the rest being punctuation around it.
    for (let url = token; url; url = url.slice(0, -1)) {
      const index = numbers.get(url);
      if (index !== undefined) return clickUrl(editionId, index) + token.slice(url.length);
      if (!TRAILING.test(url)) break;
    }
    return token;
  });
  return { html, text, links };
}
