/**
 * The words of a person's name as the lead inbox's search compares them (whole words, accents and
 * case ignored), once for JavaScript and once for SQL, side by side so they cannot drift apart.
 * The SQL expression is also what each lead table's GIN index holds (app/db/schema.ts,
 * app/db/online-indexes.ts, docs/decisions/0132-inbox-name-search-index.md): PostgreSQL uses an
 * expression index only for the very same expression, constants included, so the query and the
 * index both take it from `nameWordsSql`. This module imports nothing: the build's embedded
 * database image (vite.config.ts) reads it through app/db/online-indexes.ts.
 */

/** The letters translate() folds (SQL has no NFD): each one's plain letter at the same place. */
export const ACCENTED_LETTERS = "ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ";
export const PLAIN_LETTERS = "AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn";

/**
 * Words of a name as the search compares them: lower case, accents removed, split on anything
 * that is not a letter or digit. `nameWordsSql` does the same in the database.
 */
export function nameWords(value: string): string[] {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The same words in SQL, as a text[] of `column` (a column reference written as SQL, e.g.
 * `"name"` or `l.name`): translate(ACCENTED_LETTERS → PLAIN_LETTERS), lower(), split on
 * `[^a-z0-9]+` (an empty word at either end of a name that starts or ends with a non-letter:
 * harmless, a searched word is never empty). A null name gives null, which contains nothing. The
 * letters are written into the text, never bound as parameters: the planner matches an index
 * expression only against constants.
 */
export function nameWordsSql(column: string): string {
  return `regexp_split_to_array(lower(translate(${column}, '${ACCENTED_LETTERS}', '${PLAIN_LETTERS}')), '[^a-z0-9]+')`;
}
