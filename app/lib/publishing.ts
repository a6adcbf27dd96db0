/**
 * Publishing rules the admin (browser) and the server share: a post's status, Brasília wall time
 * for the schedule picker, the preview path and the SEO length hints (docs/decisions/0060–0062).
 */

export type PostStatus = "draft" | "scheduled" | "published";

/** `published` is the one live truth; a schedule only counts while the post is not live. */
export function postStatus(post: { published: boolean; publishAt: Date | string | null }): PostStatus {
  if (post.published) return "published";
  return post.publishAt ? "scheduled" : "draft";
}

/**
 * Brasília has kept UTC−3 all year since 2019 (no daylight saving); dates.ts and the audit
 * filters assume the same. The picker shows wall time there; the database keeps UTC.
 */
export const BRASILIA_OFFSET = "-03:00";
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;

/** "2026-12-01T09:00" (a datetime-local value, Brasília time) → the instant; null if malformed. */
export function brasiliaLocalToDate(local: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const date = new Date(`${local}:00${BRASILIA_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The instant → "2026-12-01T09:00" in Brasília time, for a datetime-local input. */
export function dateToBrasiliaLocal(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Date(date.getTime() + BRASILIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** Where a post's preview link leads (the token is the only secret). */
export function previewPath(token: string): string {
  return `/previa/${token}`;
}

/** How long search engines show titles and descriptions, roughly (Google cuts by pixels, not characters). */
export const SEO_LIMITS = {
  metaTitle: { ideal: 60, max: 120 },
  metaDescription: { idealMin: 70, ideal: 160, max: 320 },
} as const;

/** The last N revisions of each post are kept. */
export const REVISIONS_KEPT = 20;
