/**
 * Whether a ZIP is a DOCX and an OLE2 compound file is a DOC a candidate could send
 * (docs/decisions/0108): the parts Word needs, no macros, embedded objects or programs, and, for a
 * DOCX, a size budget that holds for the bytes it really inflates to, not only for what it declares.
 * A DOCX is read here (fflate and zlib, bounded by the budget); a DOC in the parsing child process.
 */
import { inflateRawSync } from "node:zlib";
import { Unzip, unzipSync, type AsyncFlateStreamHandler } from "fflate";
import { parseInWorker } from "./document-parse.server";
import { startsWithExecutable } from "./document-sniff.server";

/** A CV has a few dozen parts; a directory this long is not one (and would cost time to walk). */
const MAX_ZIP_ENTRIES = 1_000;
/** What all parts may inflate to: a long CV with photos is a few MB. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** Text compresses 5–20 times; a part past 1 MB that claims more than 100 times is a bomb. */
const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** How much of each part is looked at for a program's header. */
const HEAD_BYTES = 4096;

const REQUIRED_PARTS = ["[Content_Types].xml", "_rels/.rels", "word/document.xml"];

/** Macros, embedded OLE objects and ActiveX controls (ECMA-376 part names), and programs by extension. */
const FORBIDDEN_PART =
  /(^|\/)(vbaProject\.bin|vbaData\.xml|oleObject\d*\.bin)$|(^|\/)(embeddings|activeX)\/|\.(exe|dll|com|scr|pif|cpl|msi|msp|mst|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|wsh|wsc|hta|lnk|jar|reg|sh|app|appref-ms|application|gadget|msc|scf|url|inf|sys|ocx|chm|iso|img|vhdx?|docm|dotm|xlsm|pptm)$/i;
/** A name that climbs out of the package, is absolute, or hides characters. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const HOSTILE_NAME = /(^|[\\/])\.\.([\\/]|$)|^[\\/]|^[a-z]:|[\\\u0000-\u001f\u007f]/i;

class Refused extends Error {}

interface ZipEntry {
  size: number;
  originalSize: number;
  compression: number;
}

export function isSafeDocx(bytes: Uint8Array): boolean {
  try {
    const directory = readDirectory(bytes);
    const names = [...directory.keys()].map((name) => name.toLowerCase());
    if (!REQUIRED_PARTS.every((part) => names.includes(part.toLowerCase()))) return false;
    let declared = 0;
    for (const [name, entry] of directory) {
      if (FORBIDDEN_PART.test(name) || HOSTILE_NAME.test(name)) return false;
      if (entry.compression !== 0 && entry.compression !== 8) return false;
      if (entry.originalSize > RATIO_FLOOR_BYTES && entry.originalSize > MAX_RATIO * entry.size) return false;
      declared += entry.originalSize;
    }
    if (declared > MAX_INFLATED_BYTES) return false;
    inflateWithinBudget(bytes, directory);
    return true;
  } catch {
    // Refused, or a ZIP fflate cannot read: either way not a DOCX we keep.
    return false;
  }
}

/** The central directory, what Word reads: each record seen by fflate's filter, nothing inflated. */
function readDirectory(bytes: Uint8Array): Map<string, ZipEntry> {
  const directory = new Map<string, ZipEntry>();
  unzipSync(bytes, {
    filter: ({ name, size, originalSize, compression }) => {
      // Two parts of one name: which one a reader takes is up to the reader.
      if (directory.has(name) || directory.size >= MAX_ZIP_ENTRIES) throw new Refused();
      directory.set(name, { size, originalSize, compression });
      return false;
    },
  });
  return directory;
}

/**
 * Walks the parts through fflate's streaming `Unzip`, which reads the local headers (what other
 * tools read), and inflates each with Node's zlib capped at the size the directory declares for it:
 * a part that grows past it, or all of them past the budget, stops the inflation there, so a part
 * that says 1 kB and holds 1 GiB costs 1 kB. The local headers must name exactly the directory's
 * parts. Nothing is kept but the first bytes of each part.
 */
function inflateWithinBudget(bytes: Uint8Array, directory: Map<string, ZipEntry>): void {
  const seen = new Set<string>();
  let budget = MAX_INFLATED_BYTES;
  const check = (name: string, part: Uint8Array) => {
    const entry = directory.get(name)!;
    budget -= part.length;
    if (part.length !== entry.originalSize || budget < 0 || startsWithExecutable(part.subarray(0, HEAD_BYTES))) throw new Refused();
  };
  // fflate hands a decoder the part's compressed bytes; this one inflates them all at once, capped.
  class CappedInflate {
    static compression = 8;
    ondata: AsyncFlateStreamHandler = () => undefined;
    private readonly chunks: Uint8Array[] = [];
    constructor(private readonly name: string) {}
    push(chunk: Uint8Array, final?: boolean) {
      this.chunks.push(chunk);
      if (!final) return;
      const cap = Math.min(directory.get(this.name)!.originalSize, Math.max(budget, 0));
      // Past the cap zlib stops and throws; an empty part still needs a buffer of one byte.
      const part = inflateRawSync(Buffer.concat(this.chunks), { maxOutputLength: Math.max(cap, 1) });
      this.ondata(null, part, true);
    }
  }
  const unzip = new Unzip((file) => {
    const entry = directory.get(file.name);
    if (!entry || seen.has(file.name) || file.compression !== entry.compression) throw new Refused();
    seen.add(file.name);
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      chunks.push(chunk);
      if (final) check(file.name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(CappedInflate);
  unzip.push(bytes, true);
  if (seen.size !== directory.size) throw new Refused();
}

/**
 * Storages and streams of a compound file that hold macros (`Macros`, `VBA`, `_VBA_PROJECT`) or an
 * embedded file or program (`Ole10Native`, `Package`); compared without the control character
 * that starts some OLE names.
 */
const FORBIDDEN_STREAMS = new Set(["macros", "vba", "_vba_project", "_vba_project_cur", "ole10native", "package"]);
/** The FIB's first field, `wIdent` ([MS-DOC] 2.5.2): Word 97 and later, and Word 6/95. */
const WORD_IDENTS = new Set([0xa5ec, 0xa5dc]);

/** OLE names compare without case and without the control character some of them start with. */
// eslint-disable-next-line no-control-regex -- that control character is what this removes
const plain = (name: string) => name.replace(/^[\u0001-\u0006]/, "").toLowerCase();
/** A Word document has a dozen storages and streams; a directory this long is not one. */
const MAX_COMPOUND_ENTRIES = 1_000;

/**
 * A DOC is a compound file (read by SheetJS's `cfb`, in the child process of ./document-parse.server.ts)
 * whose root holds a `WordDocument` stream that starts with a Word FIB: an installer (MSI), a
 * spreadsheet or an encrypted DOCX is another compound file. Embedded objects (any storage inside
 * `ObjectPool`), macros and streams that are programs are refused.
 */
export async function isSafeDoc(bytes: Uint8Array): Promise<boolean> {
  const report = await parseInWorker("doc", bytes);
  if (!report || report.entries.length > MAX_COMPOUND_ENTRIES) return false;
  let wordDocument = false;
  for (const { parents, name, type, start } of report.entries) {
    if (FORBIDDEN_STREAMS.has(plain(name))) return false;
    // Anything inside ObjectPool is an embedded object (an OLE package, an equation, a spreadsheet).
    if (parents.length > 0 && plain(parents[0]!) === "objectpool") return false;
    if (type === 2 && startsWithExecutable(start)) return false;
    if (type === 2 && parents.length === 0 && plain(name) === "worddocument") {
      wordDocument = start.length >= 32 && WORD_IDENTS.has(start[0]! | (start[1]! << 8));
    }
  }
  return wordDocument;
}
