/**
 * The text of an inline script: `fn`'s source, as the bundle holds it, called with `args` as JSON.
 *
 * Copied once into a string of one-byte characters (decision 0097). `Function.prototype.toString`
 * returns a slice of the bundle's source, and V8 keeps a source that has any character beyond
 * Latin-1 (the bundles have "—" and "“") in two bytes per character, so the slice is two-byte too.
 * One such piece in a page made React's whole HTML two-byte: 230 kB to flatten and transcode on
 * every render instead of 115 kB. A JSON round trip gives back the same characters, one byte each.
 */
export function inlineScript<A extends unknown[]>(fn: (...args: A) => void, ...args: A): string {
  const text = `(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(",")})`;
  return JSON.parse(JSON.stringify(text)) as string;
}
