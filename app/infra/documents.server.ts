/**
 * What a document file is, read from its bytes: never from its name or its declared type, which
 * the sender chooses (docs/decisions/0093). The first bytes say which format to try (`%PDF-`, the
 * OLE2 signature, a ZIP); the file must then hold together as that format and carry nothing that
 * runs on the admin's desktop (docs/decisions/0108): see ./document-pdf.server.ts and
 * ./document-office.server.ts (PDFs and DOCs are parsed in the worker of
 * ./document-parse.server.ts), and ./document-sniff.server.ts for what no format may also be.
 */
import { isSafeDoc, isSafeDocx } from "./document-office.server";
import { isSafePdf } from "./document-pdf.server";
import { containsExecutable, startsLikeHtml } from "./document-sniff.server";

export type DocumentFormat = "pdf" | "doc" | "docx";

export const DOCUMENT_TYPES: Record<DocumentFormat, { contentType: string; extension: string }> = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  doc: { contentType: "application/msword", extension: "doc" },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
};

const PDF = Buffer.from("%PDF-", "latin1");
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const startsWith = (bytes: Uint8Array, signature: Uint8Array) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/**
 * The document's format, or null when its content is none of PDF, DOC and DOCX, or is one of them
 * and also a program or a page, or carries scripts, macros, embedded files or a ZIP bomb. Only on
 * the server, after the size check (the shared schema's): parsing is the expensive part.
 */
export async function detectDocument(bytes: Uint8Array): Promise<DocumentFormat | null> {
  const format = startsWith(bytes, PDF) ? "pdf" : startsWith(bytes, OLE2) ? "doc" : startsWith(bytes, ZIP) ? "docx" : null;
  if (!format || startsLikeHtml(bytes) || containsExecutable(bytes)) return null;
  const safe = format === "pdf" ? await isSafePdf(bytes) : format === "doc" ? await isSafeDoc(bytes) : isSafeDocx(bytes);
  return safe ? format : null;
}

/**
 * The name the file is shown and offered under: the last part of the sender's name, without
 * control, format (bidi overrides such as U+202E, zero-width characters), path or quote characters,
 * at most 120 characters, ending in the extension of what it really is ("curriculo.pdf.exe" holding
 * a PDF becomes "curriculo.pdf.exe.pdf", and "cv\u202Efdp.exe" cannot pass for "cvexe.pdf").
 */
export function safeDocumentName(name: string, format: DocumentFormat): string {
  const extension = DOCUMENT_TYPES[format].extension;
  const base = (name.split(/[\\/]/).at(-1) ?? "")
    .normalize("NFC")
    // Cc, Cf (bidi controls U+202A–U+202E and U+2066–U+2069, U+200E, U+200F, U+061C, zero-width
    // characters, U+FEFF), lone surrogates and line/paragraph separators: invisible or reordering.
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}"*:<>?|;]+/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const stem = (base.toLowerCase().endsWith(`.${extension}`) ? base.slice(0, -(extension.length + 1)) : base).replace(/^\.+/, "");
  return `${[...(stem || "curriculo")].slice(0, 120).join("").trim() || "curriculo"}.${extension}`;
}
