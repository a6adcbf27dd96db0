/**
 * Password hashing with scrypt from node:crypto (memory-hard, no native dependency), at the
 * OWASP password storage cheat sheet's minimum: N=2^17, r=8, p=1. The parameters are stored
 * with each hash, so older hashes still verify and can be upgraded (`needsRehash`).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 64 } as const;

/** Stored parameters above these are refused: a tampered row must not make us allocate gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 4;

/**
 * scrypt needs 128·N·r bytes (128 MiB here); Node refuses anything above `maxmem` (32 MiB by
 * default), so allow what the parameters need plus headroom.
 */
function maxmemFor(N: number, r: number): number {
  return 128 * N * r * 2;
}

/**
 * At most two hashes at a time per process: each takes 128 MiB for ~0.3 s, and a burst of logins
 * must queue instead of exhausting memory (the libuv pool would otherwise run four at once).
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight to the next in line
    else running--;
  }
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return withSlot(
    () =>
      new Promise((resolve, reject) => scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)))),
  );
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** Format: scrypt$N$r$p$salt(base64)$hash(base64). */
function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [, nText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
  const [N, r, p] = [Number(nText), Number(rText), Number(pText)];
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    (N & (N - 1)) === 0 &&
    N <= MAX_N &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P;
  if (!valid) return null;
  const salt = Buffer.from(saltText, "base64");
  const key = Buffer.from(keyText, "base64");
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = PASSWORD_PARAMS;
  const key = await scryptAsync(password, salt, keyLength, { N, r, p, maxmem: maxmemFor(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key: expected } = parsed;
  const key = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: maxmemFor(N, r) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when the stored hash was made with weaker parameters than today's (or cannot be read). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { N, r, p, keyLength } = PASSWORD_PARAMS;
  return parsed.N < N || parsed.r < r || parsed.p < p || parsed.key.length < keyLength;
}

/** A valid hash of nothing in particular, at today's cost: unknown-user logins take as long as real ones. */
export const DUMMY_HASH =
  `scrypt$${PASSWORD_PARAMS.N}$${PASSWORD_PARAMS.r}$${PASSWORD_PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$` +
  Buffer.alloc(PASSWORD_PARAMS.keyLength).toString("base64");
