/**
 * Text for snippets (docs/decisions/0070): a post's HTML as readable segments (one per paragraph,
 * item or heading), the words of a segment with their places, and the accent-free form the
 * highlighter compares. What is indexed is decided by the database; this only shows it.
 */
import { Parser } from "htmlparser2";

/** Elements whose start or end separates two segments of text. */
const BLOCKS = new Set([
  "p",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "figcaption",
  "td",
  "th",
  "tr",
  "br",
  "hr",
  "div",
  "ul",
  "ol",
  "table",
  "figure",
]);
/** Their text is not prose a visitor reads. */
const SKIPPED = new Set(["script", "style", "template"]);

/** Readable segments of an HTML fragment: entities decoded, whitespace collapsed, empty ones dropped. */
export function htmlSegments(html: string): string[] {
  const segments: string[] = [];
  let current = "";
  let skipping = 0;
  const flush = () => {
    const text = current.replace(/\s+/g, " ").trim();
    if (text) segments.push(text);
    current = "";
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        else if (BLOCKS.has(name)) flush();
      },
      ontext(text) {
        if (!skipping) current += text;
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCKS.has(name)) flush();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return segments;
}

/** Lower case without accents: how the highlighter compares a word with the query's stems. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

export interface Word {
  text: string;
  start: number;
  end: number;
}

/** The words of a text (letters and digits), with where each starts and ends. */
export function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
