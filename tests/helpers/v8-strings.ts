import { serialize } from "node:v8";

/**
 * Whether V8 holds the string one byte per character (decision 0097): its serializer tags a
 * one-byte string '"' and a two-byte one 'c', right after its two header bytes.
 */
export function isOneByte(text: string): boolean {
  return String.fromCharCode(serialize(text)[2]!) === '"';
}
