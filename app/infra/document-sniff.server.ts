/**
 * What a document must not also be (docs/decisions/0108): a program, wherever its header hides in
 * the bytes, or a page, where a browser sniffs for one. A polyglot can be a valid PDF and a valid
 * Windows program, or a page, all at once.
 */

const MZ = Buffer.from("MZ", "latin1");
const PE = Buffer.from("PE\0\0", "latin1");
const ELF = Buffer.from("\x7fELF", "latin1");
/** Where the DOS header keeps the offset of the PE header (`e_lfanew`). */
const E_LFANEW = 0x3c;
/** Browsers sniff the first 512 bytes for markup; twice that leaves no room for an offset trick. */
const SNIFFED_BYTES = 1024;

/**
 * Tags a browser takes as a page (the WHATWG sniffing list and the tags that run code), followed by
 * what ends a tag name. One-letter tags (`<a `, `<b>`, `<p>`) are left out: compressed bytes make
 * them by chance in about one file in four hundred.
 */
const MARKUP =
  /<(?:!doctype|!--|html|head|body|script|iframe|frame|frameset|svg|math|object|embed|applet|img|style|title|meta|link|base|form|div|font|table|h1|br)[\s/>]/i;

/** Whether a program's header starts the bytes: a PE (`MZ` pointing at `PE\0\0`) or an ELF. */
export function startsWithExecutable(bytes: Uint8Array): boolean {
  return peAt(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0) || elfAt(bytes, 0);
}

/** Whether a program's header is anywhere in the bytes (a PE, or an ELF with a valid ident). */
export function containsExecutable(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(MZ); at !== -1; at = buffer.indexOf(MZ, at + 1)) if (peAt(buffer, at)) return true;
  for (let at = buffer.indexOf(ELF); at !== -1; at = buffer.indexOf(ELF, at + 1)) if (elfAt(buffer, at)) return true;
  return false;
}

/** Whether markup a browser would render sits in the first bytes. */
export function startsLikeHtml(bytes: Uint8Array): boolean {
  return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SNIFFED_BYTES)).toString("latin1"));
}

function peAt(buffer: Buffer, at: number): boolean {
  if (buffer[at] !== 0x4d || buffer[at + 1] !== 0x5a || at + E_LFANEW + 4 > buffer.length) return false;
  const pe = at + buffer.readUInt32LE(at + E_LFANEW);
  return pe + PE.length <= buffer.length && buffer.subarray(pe, pe + PE.length).equals(PE);
}

/** `\x7fELF`, then a class (32 or 64 bits), a byte order and version 1: seven bytes chance rarely makes. */
function elfAt(bytes: Uint8Array, at: number): boolean {
  return (
    bytes[at] === 0x7f &&
    bytes[at + 1] === 0x45 &&
    bytes[at + 2] === 0x4c &&
    bytes[at + 3] === 0x46 &&
    (bytes[at + 4] === 1 || bytes[at + 4] === 2) &&
    (bytes[at + 5] === 1 || bytes[at + 5] === 2) &&
    bytes[at + 6] === 1
  );
}
