/**
 * The page numbers a pager shows: the first, the last, and `radius` pages each side of the
 * current one; `null` marks a gap ("…"). A list of 2,000 pages links to at most 2·radius + 5.
 */
export function pageWindow(page: number, totalPages: number, radius = 2): Array<number | null> {
  const shown = new Set([1, totalPages]);
  for (let n = page - radius; n <= page + radius; n++) if (n >= 1 && n <= totalPages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const n of sorted) {
    const last = out.at(-1);
    // A gap of one page shows that page instead of "…".
    if (typeof last === "number" && n - last === 2) out.push(last + 1);
    else if (typeof last === "number" && n - last > 2) out.push(null);
    out.push(n);
  }
  return out;
}
