/**
 * Tiny but valid documents for the CV tests (docs/decisions/0093), built here so no binary fixture
 * is committed: a one-page PDF with a correct cross-reference table, a DOCX (the three parts Word
 * needs, zipped with fflate) and the start of an OLE2 compound file (a .doc).
 */
import { strToU8, zipSync } from "fflate";

/** A one-page PDF 1.4 that says `text` (readers open it: the xref offsets are exact). */
export function minimalPdf(text = "Currículo de teste"): Buffer {
  const ascii = text.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");
  const stream = `BT /F1 18 Tf 72 720 Td (${ascii.replace(/[()\\]/g, "\\$&")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A PDF of exactly `bytes` bytes: a valid header, then filler (the size checks come before any reader). */
export function pdfOfSize(bytes: number): Buffer {
  const pdf = Buffer.alloc(bytes, 0x20);
  pdf.write("%PDF-1.4\n", 0, "latin1");
  return pdf;
}

/** A minimal DOCX: content types, the package relationship and word/document.xml. */
export function minimalDocx(text = "Currículo de teste"): Buffer {
  const files = {
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        "</Types>",
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        "</Relationships>",
    ),
    "word/document.xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    ),
  };
  return Buffer.from(zipSync(files, { level: 6, mtime: new Date("2026-11-27T12:00:00Z") }));
}

/** A ZIP that is not a Word document (an OpenDocument text, say): no word/document.xml. */
export function otherZip(): Buffer {
  return Buffer.from(zipSync({ mimetype: strToU8("application/vnd.oasis.opendocument.text"), "content.xml": strToU8("<x/>") }));
}

/** The first sector of an OLE2 compound file, as every .doc starts. */
export function oleDoc(): Buffer {
  const doc = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(doc, 0);
  doc.writeUInt16LE(0x003e, 0x18); // minor version
  doc.writeUInt16LE(0x0003, 0x1a); // major version 3
  doc.writeUInt16LE(0xfffe, 0x1c); // little-endian
  doc.writeUInt16LE(0x0009, 0x1e); // 512-byte sectors
  return doc;
}

/** A Windows executable's start (`MZ`, then the PE offset): what a renamed `cv.pdf` may really be. */
export function windowsExecutable(): Buffer {
  const exe = Buffer.alloc(1024);
  exe.write("MZ", 0, "latin1");
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write("PE\0\0", 0x80, "latin1");
  return exe;
}
