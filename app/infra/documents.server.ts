/**
 * What a document file is, read from its bytes: never from its name or its declared type, which
 * the sender chooses (docs/decisions/0093). PDF by its `%PDF-` header; DOC by the OLE2
 * compound-file signature; DOCX by a ZIP whose central directory lists `word/document.xml`
 * (read with fflate without inflating anything, so a ZIP bomb costs nothing).
 */
import { unzipSync } from "fflate";

export type DocumentFormat = "pdf" | "doc" | "docx";

export const DOCUMENT_TYPES: Record<DocumentFormat, { contentType: string; extension: string }> = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  doc: { contentType: "application/msword", extension: "doc" },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
};

const PDF = Buffer.from("%PDF-", "latin1");
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A Word document has a few dozen entries; a directory this long is not one (and would cost time to walk). */
const MAX_ZIP_ENTRIES = 5_000;

const startsWith = (bytes: Uint8Array, signature: Uint8Array) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** The document's format, or null when its content is none of PDF, DOC and DOCX. */
export function detectDocument(bytes: Uint8Array): DocumentFormat | null {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, OLE2)) return "doc";
  if (startsWith(bytes, ZIP) && zipHasEntry(bytes, "word/document.xml")) return "docx";
  return null;
}

/**
 * The name the file is shown and offered under: the last part of the sender's name, without
 * control, path or quote characters, at most 120 characters, ending in the extension of what it
 * really is ("curriculo.pdf.exe" holding a PDF becomes "curriculo.pdf.exe.pdf").
 */
export function safeDocumentName(name: string, format: DocumentFormat): string {
  const extension = DOCUMENT_TYPES[format].extension;
  const base = (name.split(/[\\/]/).at(-1) ?? "")
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|;]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const stem = (base.toLowerCase().endsWith(`.${extension}`) ? base.slice(0, -(extension.length + 1)) : base).replace(/^\.+/, "");
  return `${[...(stem || "curriculo")].slice(0, 120).join("").trim() || "curriculo"}.${extension}`;
}

/** Whether a ZIP's central directory names `entry`; a damaged or hostile ZIP is simply not a match. */
function zipHasEntry(bytes: Uint8Array, entry: string): boolean {
  let found = false;
  let seen = 0;
  try {
    // The filter sees each central-directory record and inflates nothing (it answers false).
    unzipSync(bytes, {
      filter: (file) => {
        if (file.name === entry) found = true;
        if (found || ++seen > MAX_ZIP_ENTRIES) throw STOP;
        return false;
      },
    });
  } catch (error) {
    if (error !== STOP) return false;
  }
  return found;
}

const STOP = new Error("stop");
