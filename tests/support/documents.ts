/**
 * Tiny but valid documents for the CV tests (docs/decisions/0093, 0108), and hostile ones, built
 * here so no binary fixture is committed: PDFs with a correct cross-reference table, DOCX packages
 * zipped with fflate, OLE2 compound files written with cfb.
 */
import { constants, deflateRawSync } from "node:zlib";
import { PDFDocument } from "@cantoo/pdf-lib";
import CFB from "cfb";
import { strToU8, Zip, ZipPassThrough, zipSync, type ZipInputFile } from "fflate";

type PdfObject = string | { dict: string; data: Uint8Array };

/**
 * A PDF 1.4 of `objects` (object 1 is the catalog) with a correct cross-reference table; a stream's
 * dictionary says `LENGTH` where its length goes. `comment` goes on the line after the header.
 */
export function pdfOf(objects: PdfObject[], comment = "%\xe2\xe3\xcf\xd3"): Buffer {
  const parts: Buffer[] = [Buffer.from(`%PDF-1.4\n${comment}\n`, "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part =
      typeof object === "string"
        ? Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, "latin1")
        : Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n${object.dict.replace("LENGTH", String(object.data.length))}\nstream\n`, "latin1"),
            object.data,
            Buffer.from("\nendstream\nendobj\n", "latin1"),
          ]);
    parts.push(part);
    length += part.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref, "latin1")]);
}

const page = (contents: string, extra = "") =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} /Resources << /Font << /F1 5 0 R >> >>${extra} >>`;
const helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
const textStream = (text: string) => {
  const ascii = text.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");
  return {
    dict: "<< /Length LENGTH >>",
    data: Buffer.from(`BT /F1 18 Tf 72 720 Td (${ascii.replace(/[()\\]/g, "\\$&")}) Tj ET`, "latin1"),
  };
};

/** A one-page PDF 1.4 that says `text` (readers open it: the xref offsets are exact). */
export function minimalPdf(text = "Currículo de teste"): Buffer {
  return pdfWith({ text });
}

/**
 * A one-page PDF with more in it: `catalog` entries (an /OpenAction, /Names), `pageExtra` entries
 * (/Annots), `objects` numbered from 6 on, a `comment` after the header.
 */
export function pdfWith(options: { text?: string; catalog?: string; pageExtra?: string; objects?: PdfObject[]; comment?: string }): Buffer {
  const { text = "Currículo de teste", catalog = "", pageExtra = "", objects = [], comment } = options;
  return pdfOf(
    [
      `<< /Type /Catalog /Pages 2 0 R${catalog} >>`,
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      page("4 0 R", pageExtra),
      textStream(text),
      helvetica,
      ...objects,
    ],
    comment,
  );
}

/** A PDF of exactly `bytes` bytes: a valid header, then filler (the size checks come before any reader). */
export function pdfOfSize(bytes: number): Buffer {
  const pdf = Buffer.alloc(bytes, 0x20);
  pdf.write("%PDF-1.4\n", 0, "latin1");
  return pdf;
}

/**
 * A real one-page PDF of exactly `bytes` bytes: its second content stream is as long as it must be,
 * of bytes that vary (every one of them must come back from the database) and never make a
 * program's or a page's header; or of `pattern` repeated, for a test that looks for those bytes.
 */
export function realPdfOfSize(bytes: number, pattern?: Buffer): Buffer {
  const build = (fill: number) => {
    const data = Buffer.alloc(Math.max(0, fill));
    for (let i = 0; i < data.length; i++) data[i] = pattern ? pattern[i % pattern.length]! : (i * 7) % 251;
    return pdfOf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      page("[4 0 R 6 0 R]"),
      textStream("Currículo de teste"),
      helvetica,
      { dict: "<< /Length LENGTH >>", data },
    ]);
  };
  // The length's digits change the overhead: measure once, then once more.
  const overhead = build(0).length;
  let pdf = build(bytes - overhead);
  pdf = build(bytes - overhead - (pdf.length - bytes));
  if (pdf.length !== bytes) throw new Error(`realPdfOfSize: ${pdf.length} bytes instead of ${bytes}`);
  return pdf;
}

/** A one-page PDF protected by an owner password (readers open it, with restrictions), written by pdf-lib. */
export async function encryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.encrypt({ ownerPassword: "dono", permissions: { printing: "highResolution", copying: false } });
  return Buffer.from(await pdf.save());
}

/** "%PDF-1.4" and then noise: the magic bytes of a PDF and nothing a reader can open. */
export function pdfHeaderThenNoise(bytes = 4096): Buffer {
  const noise = Buffer.alloc(bytes);
  let seed = 20261202;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = seed >> 16;
  }
  return Buffer.concat([Buffer.from("%PDF-1.4\n", "latin1"), noise]);
}

/**
 * A PDF, a page and a Windows program at once: a valid PDF whose header comment is markup a browser
 * renders, and whose second content stream is an executable.
 */
export function pdfHtmlExePolyglot(): Buffer {
  return pdfWith({
    comment: "%<html><body><script>document.location='https://example.com/'</script></body></html>",
    pageExtra: "",
    objects: [{ dict: "<< /Length LENGTH >>", data: windowsExecutable() }],
  });
}

/**
 * Raw DEFLATE data for `megabytes` MB of zeros in about 1 kB per MB: one MB deflated up to a full
 * flush (byte-aligned, no reference behind it) repeated, then an empty final block.
 */
function deflatedZeros(megabytes: number): Buffer {
  const megabyte = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => megabyte), Buffer.from([0x03, 0x00])]);
}

/**
 * Small PDFs that cost a parser that trusts them minutes and gigabytes: a cross-reference stream
 * that claims two billion entries (400 bytes), and an object stream that inflates to 1 GiB (1 MB).
 */
export function pdfParserBombs(): Buffer[] {
  const zlibHeader = Buffer.from([0x78, 0x9c]);
  return [
    pdfWith({ objects: [{ dict: "<< /Type /XRef /Size 8 /W [1 2 1] /Index [0 2000000000] /Length LENGTH >>", data: Buffer.alloc(100) }] }),
    pdfWith({
      objects: [
        {
          dict: "<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length LENGTH >>",
          data: Buffer.concat([zlibHeader, deflatedZeros(1024)]),
        },
      ],
    }),
  ];
}

const DOCX_PARTS = (text: string): Record<string, Uint8Array> => ({
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
});

/** A minimal DOCX: content types, the package relationship and word/document.xml. */
export function minimalDocx(text = "Currículo de teste"): Buffer {
  return docxWith({}, [], text);
}

/** The minimal DOCX with more parts (`extra`), or without some (`omit`). */
export function docxWith(extra: Record<string, Uint8Array>, omit: string[] = [], text = "Currículo de teste"): Buffer {
  const files = { ...DOCX_PARTS(text), ...extra };
  for (const name of omit) delete files[name];
  return Buffer.from(zipSync(files, { level: 6, mtime: new Date("2026-11-27T12:00:00Z") }));
}

/** A DOCX whose word/media/image1.png is `megabytes` MB of zeros: a few kB that inflate a thousand times. */
export function docxWithZeros(megabytes: number): Buffer {
  return docxWith({ "word/media/image1.png": new Uint8Array(megabytes * 1024 * 1024) });
}

/**
 * A DOCX with a part that says it holds 1,000 bytes and inflates to 1 GiB, in about 1 MB. Written
 * with fflate's streaming Zip, which takes the part's compressed bytes and declared size as given.
 */
export function docxLyingAboutSize(): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, data] of Object.entries(DOCX_PARTS("Currículo de teste"))) {
    const part = new ZipPassThrough(name);
    zip.add(part);
    part.push(data, true);
  }
  const bomb: ZipInputFile = { filename: "word/media/image1.png", compression: 8, size: 1000, crc: 0 };
  zip.add(bomb);
  bomb.ondata!(null, new Uint8Array(deflatedZeros(1024)), true);
  zip.end();
  return Buffer.concat(chunks);
}

/** A ZIP that is not a Word document (an OpenDocument text, say): no word/document.xml. */
export function otherZip(): Buffer {
  return Buffer.from(zipSync({ mimetype: strToU8("application/vnd.oasis.opendocument.text"), "content.xml": strToU8("<x/>") }));
}

/** An OLE2 compound file (written by SheetJS's cfb) with `streams` at the given paths. */
export function compoundFile(streams: Record<string, Uint8Array>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(streams)) CFB.utils.cfb_add(container, path, Buffer.from(content));
  return Buffer.from(CFB.write(container, { type: "buffer" }) as Uint8Array);
}

/**
 * An OLE2 compound file of `count` directory entries, streams in one chain of right siblings under
 * the root: 40,000 of them fill 5 MB and cost SheetJS's cfb seconds to read (its walk of the tree
 * has quadratic steps). Written by hand: cfb's own writer takes minutes for that many.
 */
export function compoundFileWithEntries(count: number): Buffer {
  const SECTOR = 512;
  const FREE = 0xffffffff;
  const END = 0xfffffffe;
  const directorySectors = Math.ceil(count / 4);
  const fatSectors = Math.ceil(directorySectors / 127) + 1;
  if (fatSectors > 109) throw new Error("compoundFileWithEntries: too many entries for the header's FAT list");
  const file = Buffer.alloc(SECTOR * (1 + fatSectors + directorySectors));
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e); // 512-byte sectors
  file.writeUInt16LE(6, 0x20); // 64-byte mini sectors
  file.writeUInt32LE(fatSectors, 0x2c);
  file.writeUInt32LE(fatSectors, 0x30); // the directory starts after the FAT
  file.writeUInt32LE(0x1000, 0x38);
  file.writeUInt32LE(END, 0x3c);
  file.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i < fatSectors ? i : FREE, 0x4c + 4 * i);
  const fat = (sector: number, next: number) => file.writeUInt32LE(next, SECTOR + 4 * sector);
  for (let sector = 0; sector < fatSectors * 128; sector++) fat(sector, FREE);
  for (let sector = 0; sector < fatSectors; sector++) fat(sector, 0xfffffffd);
  for (let i = 0; i < directorySectors; i++) fat(fatSectors + i, i === directorySectors - 1 ? END : fatSectors + i + 1);
  const directory = SECTOR * (1 + fatSectors);
  for (let i = 0; i < count; i++) {
    const at = directory + 128 * i;
    const name = i === 0 ? "Root Entry" : `S${i}`;
    Buffer.from(`${name}\0`, "utf16le").copy(file, at);
    file.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    file[at + 0x42] = i === 0 ? 5 : 2;
    file[at + 0x43] = 1;
    file.writeInt32LE(-1, at + 0x44);
    file.writeInt32LE(i > 0 && i + 1 < count ? i + 1 : -1, at + 0x48);
    file.writeInt32LE(i === 0 && count > 1 ? 1 : -1, at + 0x4c);
    file.writeUInt32LE(END, at + 0x74);
  }
  return file;
}

/** The start of a Word 97 FIB: `wIdent` 0xA5EC, `nFib` 0x00C1, then zeros. */
function wordDocumentStream(): Uint8Array {
  const stream = Buffer.alloc(4096);
  stream.writeUInt16LE(0xa5ec, 0);
  stream.writeUInt16LE(0x00c1, 2);
  return stream;
}

/** A minimal .doc: a compound file whose WordDocument stream starts with a Word FIB, and its table stream. */
export function oleDoc(extra: Record<string, Uint8Array> = {}): Buffer {
  return compoundFile({ "/WordDocument": wordDocumentStream(), "/1Table": new Uint8Array(1024), ...extra });
}

/** An installer in a compound file, as an .msi is: summary information and tables, no WordDocument. */
export function fakeMsi(): Buffer {
  return compoundFile({
    "/\u0005SummaryInformation": new Uint8Array(512),
    "/\u4840\u3f7f\u4164\u422f\u4836": new Uint8Array(256),
    "/Binary.setup": windowsExecutable().subarray(0, 64),
  });
}

/** A Windows executable's start (`MZ`, then the PE offset): what a renamed `cv.pdf` may really be. */
export function windowsExecutable(): Buffer {
  const exe = Buffer.alloc(1024);
  exe.write("MZ", 0, "latin1");
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write("PE\0\0", 0x80, "latin1");
  return exe;
}
