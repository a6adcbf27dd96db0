/**
 * Secret links (docs/decisions/0109): a post's preview link, the admin's calendar feed and a
 * booking's private links. The raw token exists only in the link handed to its holder; the
 * database keeps its SHA-256 (hex) in a unique, indexed column, and a link is looked up by
 * hashing what arrived and asking for that hash. Nothing compares secrets in code: an index
 * lookup of a hash leaks nothing usable about a token.
 */
import { createHash, randomBytes } from "node:crypto";
import { LINK_LIFETIME_DAYS } from "~/lib/secret-links";

const DAY_MS = 86_400_000;

/** 24 random bytes (192 bits) as base64url: 32 characters. */
export function newAccessToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashAccessToken(token) };
}

/** What the database stores and looks up: hex SHA-256 of the token's UTF-8 bytes (the migration's `encode(sha256(…), 'hex')`). */
export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Could this be one of our tokens? New ones are 32 base64url characters; links made before
 * hashing were 32 (booking, feed, preview) or 64 (previews the publishing migration made).
 * Anything else is refused before any database work.
 */
export function isAccessTokenShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(value);
}

/** The moment a link made at `from` stops working. */
export function linkExpiry(kind: "preview" | "feed", from = new Date()): Date {
  return new Date(from.getTime() + LINK_LIFETIME_DAYS[kind] * DAY_MS);
}

/** A booking's links work while its meeting ended after this moment. */
export function bookingLinksEndedAfter(now = new Date()): Date {
  return new Date(now.getTime() - LINK_LIFETIME_DAYS.bookingAfterMeeting * DAY_MS);
}
