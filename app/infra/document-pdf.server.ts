/**
 * Whether a file that starts like a PDF is one a candidate could send (docs/decisions/0108): it
 * parses with @cantoo/pdf-lib (in the child process of ./document-parse.server.ts), has a page, and
 * carries no script, launch action or attached file anywhere in its objects.
 */
import { parseInWorker } from "./document-parse.server";

/**
 * Names that make a PDF do something when it is opened or clicked: scripts (`JavaScript`, `JS`, and
 * the XFA forms that carry them), programs (`Launch`), attached or embedded files (`EmbeddedFile(s)`,
 * `EF`, `FileAttachment` annotations, `GoToE` into an attachment) and embedded players (`RichMedia`).
 */
const FORBIDDEN_NAMES = new Set([
  "JavaScript",
  "JS",
  "XFA",
  "Launch",
  "EmbeddedFile",
  "EmbeddedFiles",
  "EF",
  "FileAttachment",
  "GoToE",
  "RichMedia",
]);

export async function isSafePdf(bytes: Uint8Array): Promise<boolean> {
  const report = await parseInWorker("pdf", bytes);
  return Boolean(report && report.pages > 0 && !report.names.some((name) => FORBIDDEN_NAMES.has(name)));
}
