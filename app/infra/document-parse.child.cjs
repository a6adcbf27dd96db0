/**
 * Parses the documents app/infra/document-parse.server.ts sends, one at a time, in a child process
 * the server kills when a parse takes too long, and that dies alone when it grows too big
 * (docs/decisions/0108, 0120): pdf-lib and cfb are written for files their users made, and a
 * crafted file costs either of them seconds to minutes and gigabytes. It only reports what a file
 * holds; the server decides what it may hold.
 * Plain JavaScript and CommonJS: it is run as source text (`node -e`), and Node 20 runs no TypeScript.
 */
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a script given as source text is CommonJS */

// The paths are resolved by the server (its arguments), so the child finds the packages from any working folder.
const [pdfLibPath, cfbPath] = process.argv.slice(-2);
const { PDFArray, PDFContext, PDFDict, PDFDocument, PDFName, PDFStream } = require(pdfLibPath);
const CFB = require(cfbPath);

/**
 * Every object the PDF parser reads, also one that a later object of the same number replaces: a
 * reader follows the cross-reference table, which may point at either (this patch lives in this
 * process only).
 */
let parsed = [];
const assign = PDFContext.prototype.assign;
PDFContext.prototype.assign = function (ref, object) {
  parsed.push(object);
  return assign.call(this, ref, object);
};

/** Every name used as a key or a value anywhere in `roots`, decoded (`/J#61vaScript` is JavaScript). */
function namesIn(roots) {
  const names = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const object = stack.pop();
    if (object instanceof PDFName) names.add(object.decodeText());
    else if (object instanceof PDFStream) stack.push(object.dict);
    else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        names.add(key.decodeText());
        stack.push(value);
      }
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) stack.push(item);
    }
  }
  return [...names];
}

/** A PDF's pages and names. Strict: an object pdf-lib cannot read is one whose content it could not check. */
async function pdfReport(bytes) {
  parsed = [];
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, parseSpeed: Infinity });
    return { ok: true, pages: pdf.getPageCount(), names: namesIn([...parsed, ...Object.values(pdf.context.trailerInfo)]) };
  } finally {
    parsed = [];
  }
}

/** How much of a stream is sent back: enough for a Word FIB, or for a program's headers when it starts like one. */
const START_BYTES = 64;
const PROGRAM_START_BYTES = 4096;

/**
 * A compound file's storages and streams, each with the names of the storages above it, walked
 * from the root through the directory's red-black trees (`C` the first child, `L` and `R` its
 * siblings), never twice through one entry.
 */
function compoundReport(bytes) {
  const container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: "buffer" });
  const index = container.FileIndex;
  const entries = [];
  const visited = new Set([0]);
  const stack = [{ at: index[0] ? index[0].C : -1, parents: [] }];
  while (stack.length > 0) {
    const { at, parents } = stack.pop();
    if (at < 0 || at >= index.length || visited.has(at)) continue;
    visited.add(at);
    const entry = index[at];
    stack.push({ at: entry.L, parents }, { at: entry.R, parents });
    const content = entry.type === 2 && entry.content ? Uint8Array.from(entry.content.slice(0, PROGRAM_START_BYTES)) : new Uint8Array(0);
    const program = (content[0] === 0x4d && content[1] === 0x5a) || (content[0] === 0x7f && content[1] === 0x45);
    entries.push({ parents, name: entry.name, type: entry.type, start: program ? content : content.slice(0, START_BYTES) });
    if (entry.type !== 2) stack.push({ at: entry.C, parents: [...parents, entry.name] });
  }
  return { ok: true, entries };
}

process.on("message", async ({ format, bytes }) => {
  try {
    process.send(format === "pdf" ? await pdfReport(bytes) : compoundReport(bytes));
  } catch (error) {
    process.send({ ok: false, reason: String((error && error.message) || error).slice(0, 200) });
  }
});
// The server is gone (or let it go): nothing is left to parse.
process.on("disconnect", () => process.exit(0));

process.send({ ready: true });
