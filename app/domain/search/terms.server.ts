/**
 * From query words to a tsquery (docs/decisions/0070), the part that needs no database: the
 * accented spellings tried for a word typed without accents, and how groups of the database's
 * lexemes are combined and quoted.
 */

/**
 * Accent-free endings whose accented form the Portuguese stemmer treats differently: 'automacoes'
 * is stemmed 'automaco' but 'automações' 'autom'. Only for words typed without any accent.
 */
const ACCENTED_ENDINGS: Array<[RegExp, string]> = [
  [/coes$/, "ções"],
  [/cao$/, "ção"],
  [/oes$/, "ões"],
  [/aes$/, "ães"],
  [/ao$/, "ão"],
  [/encia(s?)$/, "ência$1"],
  [/ancia(s?)$/, "ância$1"],
  [/aveis$/, "áveis"],
  [/avel$/, "ável"],
  [/iveis$/, "íveis"],
  [/ivel$/, "ível"],
];

/** The forms of a query word that are looked up: itself, and its likely accented spelling. */
export function termVariants(term: string): string[] {
  if (term.length <= 3 || !/^[a-z]+$/.test(term)) return [term];
  for (const [ending, accented] of ACCENTED_ENDINGS) {
    if (ending.test(term)) return [term, term.replace(ending, accented)];
  }
  return [term];
}

/** The parts of a compound word ('nova-geração', '24/7', 'e-mail'); a plain word has none. */
export function termParts(term: string): string[] {
  const parts = term.split(/[-./]/).filter(Boolean);
  return parts.length > 1 ? parts : [];
}

/**
 * What one query word may match: any of `any` (its stems, or a compound's own lexeme), or, for a
 * compound, all of its parts' groups ('nova-geracao' also finds "nova geração").
 */
export interface TermGroup {
  any: string[];
  all: string[][];
}

/** A lexeme as a tsquery operand (quoted: the database made it, the query text must not reshape it). */
function operand(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

const either = (lexemes: readonly string[]) => lexemes.map(operand).join(" | ");

/** Every group must match. Undefined when no word has a stem (only stop words such as 'de'). */
export function toTsquery(groups: readonly TermGroup[]): string | undefined {
  const clauses = groups.flatMap(({ any, all }) => {
    const parts = all.filter((g) => g.length > 0);
    const options = [...(any.length ? [either(any)] : []), ...(parts.length ? [parts.map((g) => `(${either(g)})`).join(" & ")] : [])];
    return options.length ? [`(${options.join(" | ")})`] : [];
  });
  return clauses.length ? clauses.join(" & ") : undefined;
}
