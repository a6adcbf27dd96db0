/**
 * CSV files for people to open in a spreadsheet: UTF-8 with BOM (accents survive Excel), CRLF
 * lines, and cells that would start a formula (=, +, -, @) prefixed with ' so visitor-typed text
 * can never run as one (CSV injection).
 */
import { stringify } from "csv-stringify/sync";

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** `rows[0]` is the header. Excel in pt-BR expects ';'; machine-readable exports may use ','. */
export function toCsv(rows: unknown[][], delimiter: ";" | "," = ";"): string {
  return stringify(
    rows.map((row) => row.map(cell)),
    { bom: true, delimiter, record_delimiter: "\r\n" },
  );
}
