/** What a document is, by its bytes and its structure (docs/decisions/0093, 0108), and the name it is offered under. */
import { describe, expect, it } from "vitest";
import { detectDocument, safeDocumentName } from "~/infra/documents.server";
import {
  compoundFile,
  compoundFileWithEntries,
  docxLyingAboutSize,
  docxWith,
  docxWithZeros,
  encryptedPdf,
  fakeMsi,
  minimalDocx,
  minimalPdf,
  oleDoc,
  otherZip,
  pdfHeaderThenNoise,
  pdfHtmlExePolyglot,
  pdfOf,
  pdfParserBombs,
  pdfWith,
  realPdfOfSize,
  windowsExecutable,
} from "../support/documents";

describe("detectDocument", () => {
  it("knows a PDF, a DOC and a DOCX by their content", async () => {
    expect(await detectDocument(minimalPdf())).toBe("pdf");
    expect(await detectDocument(realPdfOfSize(1000))).toBe("pdf");
    expect(await detectDocument(oleDoc())).toBe("doc");
    expect(await detectDocument(minimalDocx())).toBe("docx");
  });

  it("refuses anything else, whatever it would be called", async () => {
    expect(await detectDocument(windowsExecutable())).toBeNull();
    expect(await detectDocument(Buffer.from("Olá, este é o meu currículo em texto.", "utf8"))).toBeNull();
    expect(await detectDocument(otherZip())).toBeNull();
    expect(await detectDocument(Buffer.alloc(0))).toBeNull();
    // A PDF header that does not start the file, a truncated ZIP, a ZIP header alone.
    expect(await detectDocument(Buffer.concat([Buffer.from(" "), minimalPdf()]))).toBeNull();
    expect(await detectDocument(minimalDocx().subarray(0, 200))).toBeNull();
    expect(await detectDocument(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBeNull();
  });

  it("does not walk a ZIP directory that claims endless entries", async () => {
    // An end-of-central-directory record claiming 65535 entries at offset 0 of garbage.
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(0xffff, 8);
    eocd.writeUInt16LE(0xffff, 10);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100), eocd]);
    expect(await detectDocument(zip)).toBeNull();
  });
});

describe("detectDocument reads the structure, not only the first bytes (docs/decisions/0108)", () => {
  it("refuses a PDF that is also a page and a Windows program", async () => {
    const polyglot = pdfHtmlExePolyglot();
    expect(polyglot.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await detectDocument(polyglot)).toBeNull();
    // Each part alone is enough: markup where browsers sniff, a program anywhere.
    expect(await detectDocument(pdfWith({ comment: "%<!DOCTYPE html><title>cv</title>" }))).toBeNull();
    expect(await detectDocument(pdfWith({ comment: "%<SVG onload=alert(1)>" }))).toBeNull();
    expect(await detectDocument(pdfWith({ objects: [{ dict: "<< /Length LENGTH >>", data: windowsExecutable() }] }))).toBeNull();
    const elf = Buffer.from("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00", "latin1");
    expect(await detectDocument(pdfWith({ objects: [{ dict: "<< /Length LENGTH >>", data: elf }] }))).toBeNull();
  });

  it("refuses the PDF header followed by noise, a PDF without a page, and a PDF it cannot read without a key", async () => {
    expect(await detectDocument(pdfHeaderThenNoise())).toBeNull();
    expect(await detectDocument(await encryptedPdf())).toBeNull();
    expect(await detectDocument(pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]))).toBeNull();
  });

  it("refuses PDFs that run scripts or programs or carry files, however their names are spelled", async () => {
    const hostile = [
      // An attached file, listed in the document's names and as an annotation.
      pdfWith({
        catalog: " /Names << /EmbeddedFiles << /Names [(cv.exe) 6 0 R] >> >>",
        objects: [
          "<< /Type /Filespec /F (cv.exe) /EF << /F 7 0 R >> >>",
          { dict: "<< /Type /EmbeddedFile /Length LENGTH >>", data: Buffer.from("echo") },
        ],
      }),
      pdfWith({ pageExtra: " /Annots [<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] /FS (cv.exe) >>]" }),
      pdfWith({ catalog: " /OpenAction << /S /Launch /F (cmd.exe) >>" }),
      pdfWith({ catalog: " /OpenAction << /S /JavaScript /JS (app.alert(1)) >>" }),
      // The same names with #xx escapes, which readers decode and a byte search does not see.
      pdfWith({ catalog: " /OpenAction << /S /J#61v#61Script /#4a#53 (app.alert(1)) >>" }),
      pdfWith({ catalog: " /OpenAction << /S /#4C#61unch /F (cmd.exe) >>" }),
      pdfWith({
        catalog: " /OpenAction << /S /GoTo /D [3 0 R /Fit] /Next << /S /Java#53cript /JS 6 0 R >> >>",
        objects: ["(app.alert(1))"],
      }),
      pdfWith({ objects: ["<< /Type /Filespec /F (x) /#45#46 << /F 7 0 R >> >>", "null"] }),
    ];
    for (const pdf of hostile) expect(await detectDocument(pdf), pdf.toString("latin1").slice(0, 400)).toBeNull();
    // Links and outlines are ordinary.
    expect(
      await detectDocument(
        pdfWith({
          pageExtra: " /Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://example.com/) >> >>]",
        }),
      ),
    ).toBe("pdf");
  });

  it("refuses a script hidden in an object that a later object of the same number replaces", async () => {
    const pdf = pdfWith({ objects: ["<< /S /JavaScript /JS (app.alert(1)) >>"] });
    const replaced = Buffer.concat([pdf, Buffer.from("6 0 obj\n<< /S /GoTo >>\nendobj\n", "latin1")]);
    expect(await detectDocument(replaced)).toBeNull();
  });

  it(
    "refuses, within its deadline, a PDF or a DOC that would keep its parser busy for seconds to minutes, and goes on",
    { timeout: 180_000 },
    async () => {
      for (const bomb of [...pdfParserBombs(), compoundFileWithEntries(40_000)]) {
        // The parse runs in the child process: this thread keeps answering meanwhile. A parse here
        // would let no timer run until it ended; a busy machine still runs one every second or so.
        let ticks = 0;
        const ticker = setInterval(() => ticks++, 10);
        const started = performance.now();
        expect(await detectDocument(bomb)).toBeNull();
        clearInterval(ticker);
        const seconds = (performance.now() - started) / 1000;
        // Seconds, not minutes: the parse's deadline is 3 s and a restarted parser may take up to
        // 15 s to start (app/infra/document-parse.server.ts); on a loaded CI machine, beside the
        // build and the static checks, one bomb took 22 s. The ticks below prove the thread was free.
        expect(seconds).toBeLessThan(45);
        expect(ticks).toBeGreaterThanOrEqual(Math.floor(seconds));
      }
      expect(await detectDocument(minimalPdf())).toBe("pdf");
      expect(await detectDocument(oleDoc())).toBe("doc");
      // Within the deadline, a directory far longer than a Word document's is refused all the same.
      expect(await detectDocument(compoundFileWithEntries(2_000))).toBeNull();
    },
  );

  it("knows a real DOC by its WordDocument stream, and refuses other compound files", async () => {
    expect(await detectDocument(oleDoc())).toBe("doc");
    // An installer, the bare OLE2 signature, a compound file without a Word FIB.
    expect(await detectDocument(fakeMsi())).toBeNull();
    const signatureOnly = Buffer.alloc(1536);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(signatureOnly);
    expect(await detectDocument(signatureOnly)).toBeNull();
    expect(await detectDocument(compoundFile({ "/WordDocument": new Uint8Array(4096) }))).toBeNull();
  });

  it("refuses a DOC with macros, an embedded package or a program inside", async () => {
    expect(await detectDocument(oleDoc({ "/Macros/VBA/ThisDocument": new Uint8Array(64) }))).toBeNull();
    expect(await detectDocument(oleDoc({ "/ObjectPool/_1234567/\u0001Ole10Native": new Uint8Array(64) }))).toBeNull();
    expect(await detectDocument(oleDoc({ "/ObjectPool/_1234567/\u0001CompObj": new Uint8Array(64) }))).toBeNull();
    expect(await detectDocument(oleDoc({ "/Data": windowsExecutable() }))).toBeNull();
  });

  it("refuses a DOCX without the parts Word needs", async () => {
    for (const part of ["[Content_Types].xml", "_rels/.rels", "word/document.xml"]) {
      expect(await detectDocument(docxWith({}, [part])), part).toBeNull();
    }
  });

  it("refuses a DOCX with macros, embedded objects, ActiveX controls or programs", async () => {
    const part = new Uint8Array(64);
    for (const name of [
      "word/vbaProject.bin",
      "word/embeddings/oleObject1.bin",
      "word/embeddings/Microsoft_Word_Document.docx",
      "word/oleObject1.bin",
      "word/activeX/activeX1.xml",
      "word/media/setup.exe",
      "word/media/run.BAT",
      "../../cv.pdf",
    ]) {
      expect(await detectDocument(docxWith({ [name]: part })), name).toBeNull();
    }
    // A program under a harmless name, compressed so no byte search of the file sees it.
    expect(await detectDocument(docxWith({ "word/media/image1.png": windowsExecutable() }))).toBeNull();
    expect(await detectDocument(docxWith({ "word/media/image1.png": new Uint8Array(2048).fill(7) }))).toBe("docx");
  });

  it("refuses DOCX bombs without inflating them", async () => {
    // A part of 4 MB of zeros: a few kB that claim a thousand times their size.
    const zeros = docxWithZeros(4);
    expect(zeros.length).toBeLessThan(64 * 1024);
    expect(await detectDocument(zeros)).toBeNull();
    // A part that declares 1,000 bytes and inflates to 1 GiB: stopped after the first megabyte.
    const lying = docxLyingAboutSize();
    expect(lying.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    expect(await detectDocument(lying)).toBeNull();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
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

  it("drops bidi controls and other invisible characters that disguise the extension", () => {
    // "cv\u202Efdp.exe" shows as "cvexe.pdf".
    expect(safeDocumentName("cv\u202Efdp.exe", "pdf")).toBe("cvfdp.exe.pdf");
    expect(safeDocumentName("\u202Bcurr\u200Bículo\u2066\u200F\u061C\uFEFF\u00AD.pdf", "pdf")).toBe("currículo.pdf");
    expect(safeDocumentName("cv\u200E\u2067x\u2069\u202A\u202C\u202D.docx", "docx")).toBe("cvx.docx");
  });

  it("keeps at most 120 characters before the extension", () => {
    expect(safeDocumentName(`${"ã".repeat(300)}.pdf`, "pdf")).toBe(`${"ã".repeat(120)}.pdf`);
  });
});
