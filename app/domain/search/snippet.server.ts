/**
 * Snippets of search results (docs/decisions/0070): the segment of a result that best shows why it
 * matched, cut around the match, as HTML in which every character of the text is escaped and only
 * the matched words are wrapped in `<mark>`. Which words match is the database's answer (the same
 * stemmer as the search); the prefix test below only picks the words worth asking about.
 */
import { escapeHtml, fold, wordsOf } from "./text.server";

/** About three lines on a laptop, five on a phone. */
export const SNIPPET_LENGTH = 200;
/** Context kept before the first match: the match is always within a phone's first two lines. */
const LEAD = 60;
const ELLIPSIS = "…";

const WORD = /[\p{L}\p{N}]+/gu;

/** A word's key in the set of matched words: lower case, accents kept (the stemmer needs them). Texts are NFC. */
export function wordKey(word: string): string {
  return word.toLowerCase();
}

/**
 * Words of the texts that may be forms of the query's stems: their accent-free form starts with
 * a stem, less the two letters the Portuguese stemmer may rewrite ('inteligência' → 'inteligent').
 * The caller confirms them with the database. Each distinct word is looked at once.
 */
export function candidateWords(texts: readonly string[], lexemes: readonly string[]): string[] {
  const prefixes = [...new Set(lexemes.map((l) => fold(l)).map((l) => (l.length > 4 ? l.slice(0, l.length - 2) : l)))];
  // Most words fail on their first letter: only those that pass are folded whole.
  const firstLetters = new Set(prefixes.map((p) => p[0]));
  const seen = new Set<string>();
  const found: string[] = [];
  for (const text of texts) {
    for (const word of text.match(WORD) ?? []) {
      const key = wordKey(word);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!firstLetters.has(fold(key[0]!))) continue;
      const folded = fold(key);
      if (prefixes.some((p) => folded.startsWith(p))) found.push(key);
    }
  }
  return found;
}

/** How well a segment shows the match: distinct matched words, then matches. */
function score(text: string, isMatch: (word: string) => boolean): { distinct: number; count: number } {
  const matched = (text.match(WORD) ?? []).filter(isMatch).map(wordKey);
  return { distinct: new Set(matched).size, count: matched.length };
}

/**
 * The segment with the most distinct matched words (then the most matches, then the first), cut to
 * about `maxLength` characters on word boundaries, starting at most LEAD characters before its
 * first match. With no match in any segment (the title matched), the first segment.
 */
export function buildSnippet(segments: readonly string[], isMatch: (word: string) => boolean, maxLength = SNIPPET_LENGTH): string {
  let best: { text: string; distinct: number; count: number } | undefined;
  for (const text of segments) {
    const scored = score(text, isMatch);
    if (!best || scored.distinct > best.distinct || (scored.distinct === best.distinct && scored.count > best.count))
      best = { text, ...scored };
  }
  if (!best) return "";
  const { text } = best;
  const words = wordsOf(text);
  if (words.length === 0) return escapeHtml(text);
  const hits = words.map((w) => isMatch(w.text));

  let from = 0;
  let to = words.length; // words [from, to) are shown
  if (text.length > maxLength) {
    const firstHit = Math.max(0, hits.indexOf(true));
    const startAt = Math.max(0, words[firstHit]!.start - LEAD);
    from = words.findIndex((w) => w.start >= startAt);
    to = from + 1;
    const limit = words[from]!.start + maxLength;
    while (to < words.length && words[to]!.end <= limit) to++;
  }
  const start = from === 0 ? 0 : words[from]!.start;
  const end = to === words.length ? text.length : words[to - 1]!.end;

  let html = start > 0 ? ELLIPSIS : "";
  let cursor = start;
  for (let i = from; i < to; i++) {
    const word = words[i]!;
    html += escapeHtml(text.slice(cursor, word.start));
    html += hits[i] ? `<mark>${escapeHtml(word.text)}</mark>` : escapeHtml(word.text);
    cursor = word.end;
  }
  html += escapeHtml(text.slice(cursor, end));
  if (end < text.length) html += ELLIPSIS;
  return html;
}
