/** What a document is, by its bytes only (docs/decisions/0093), and the name it is offered under. */
import { describe, expect, it } from "vitest";
import { detectDocument, safeDocumentName } from "~/infra/documents.server";
import { minimalDocx, minimalPdf, oleDoc, otherZip, pdfOfSize, windowsExecutable } from "../support/documents";

describe("detectDocument", () => {
  it("knows a PDF, a DOC and a DOCX by their content", () => {
    expect(detectDocument(minimalPdf())).toBe("pdf");
    expect(detectDocument(pdfOfSize(100))).toBe("pdf");
    expect(detectDocument(oleDoc())).toBe("doc");
    expect(detectDocument(minimalDocx())).toBe("docx");
  });

  it("refuses anything else, whatever it would be called", () => {
    expect(detectDocument(windowsExecutable())).toBeNull();
    expect(detectDocument(Buffer.from("Olá, este é o meu currículo em texto.", "utf8"))).toBeNull();
    expect(detectDocument(otherZip())).toBeNull();
    expect(detectDocument(Buffer.alloc(0))).toBeNull();
    // A PDF header that does not start the file, a truncated ZIP, a ZIP header alone.
    expect(detectDocument(Buffer.concat([Buffer.from(" "), minimalPdf()]))).toBeNull();
    expect(detectDocument(minimalDocx().subarray(0, 200))).toBeNull();
    expect(detectDocument(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBeNull();
  });

  it("does not walk a ZIP directory that claims endless entries", () => {
    // An end-of-central-directory record claiming 65535 entries at offset 0 of garbage.
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(0xffff, 8);
    eocd.writeUInt16LE(0xffff, 10);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100), eocd]);
    expect(detectDocument(zip)).toBeNull();
  });
});

describe("safeDocumentName", () => {
  it("keeps a plain name and gives it the extension of what the file really is", () => {
    expect(safeDocumentName("Currículo Ana.pdf", "pdf")).toBe("Currículo Ana.pdf");
    expect(safeDocumentName("cv.PDF", "pdf")).toBe("cv.pdf");
    expect(safeDocumentName("cv.pdf", "docx")).toBe("cv.pdf.docx");
    expect(safeDocumentName("cv.exe", "doc")).toBe("cv.exe.doc");
  });

  it("drops paths, control and quote characters, and leading dots", () => {
    expect(safeDocumentName("C:\\Users\\ana\\cv.pdf", "pdf")).toBe("cv.pdf");
    expect(safeDocumentName("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(safeDocumentName('a"b\r\nc;d.pdf', "pdf")).toBe("abcd.pdf");
    expect(safeDocumentName("...hidden.docx", "docx")).toBe("hidden.docx");
    expect(safeDocumentName("", "pdf")).toBe("curriculo.pdf");
    expect(safeDocumentName(".pdf", "pdf")).toBe("curriculo.pdf");
  });

  it("keeps at most 120 characters before the extension", () => {
    expect(safeDocumentName(`${"ã".repeat(300)}.pdf`, "pdf")).toBe(`${"ã".repeat(120)}.pdf`);
  });
});
