/**
 * SPEC §4 slug rule, shared by the admin forms (browser) and the API (server):
 * strip accents, lowercase, trim, whitespace to hyphens, remove non-word characters,
 * collapse repeated hyphens.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "") // combining accents left by NFD
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, ""); // "trim" also for hyphens left at the ends by removed symbols
}
