/**
 * CSV files for people to open in a spreadsheet: UTF-8 with BOM (accents survive Excel), CRLF
 * lines, and cells that would start a formula (=, +, -, @) prefixed with ' so visitor-typed text
 * can never run as one (CSV injection).
 */
import { stringify } from "csv-stringify/sync";

/**
 * A cell that would start a formula gets a ' in front; so does one that already starts with ' and
 * then such a character, so taking one ' off (`unguardCell`) gives back exactly what was written.
 */
const NEEDS_GUARD = /^'*[=+\-@\t\r]/;
const GUARDED = /^''*[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : String(value);
  return NEEDS_GUARD.test(text) ? `'${text}` : text;
}

/** `rows[0]` is the header. Excel in pt-BR expects ';'; machine-readable exports may use ','. */
export function toCsv(rows: unknown[][], delimiter: ";" | "," = ";"): string {
  return stringify(
    rows.map((row) => row.map(cell)),
    { bom: true, delimiter, record_delimiter: "\r\n" },
  );
}

/**
 * A cell of such a file as it was before `toCsv` guarded it: the one ' it added taken off, so a
 * file exported and imported back reads the same values (docs/decisions/0148).
 */
export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}
