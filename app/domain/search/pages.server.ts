/**
 * The public pages in the site search (docs/decisions/0070). Their copy has one home, each page's
 * content module (docs/decisions/0052): the search reads the same objects the pages render, never
 * the rendered HTML, and writes them to `search_pages` at start, when they changed.
 */
import { createHash } from "node:crypto";
import { eq, notInArray } from "drizzle-orm";
import * as agentes from "~/components/marketing/agentes/content";
import * as carreiras from "~/components/marketing/carreiras/content";
import * as formulario from "~/components/marketing/formulario/content";
import * as home from "~/components/marketing/home/content";
import * as produtos from "~/components/marketing/produtos/content";
import * as sobre from "~/components/marketing/sobre/content";
import type { Executor } from "~/db/client.server";
import { searchPages } from "~/db/schema";
import { plans, products } from "~/lib/catalog";

interface SearchedPage {
  path: string;
  /** The page's own title and description (its `<head>`), shown as the result. */
  meta: { title: string; description: string };
  /** Where its words live: content modules, and for /produtos the catalog it lists. */
  sources: readonly unknown[];
}

export const SEARCHED_PAGES: readonly SearchedPage[] = [
  { path: "/", meta: home.HOME_META, sources: [home] },
  { path: "/sobre", meta: sobre.ABOUT_META, sources: [sobre] },
  { path: "/agentes", meta: agentes.AGENTS_META, sources: [agentes] },
  { path: "/carreiras", meta: carreiras.CAREERS_META, sources: [carreiras] },
  { path: "/produtos", meta: produtos.PRODUCTS_META, sources: [produtos, plans, products] },
  { path: "/formulario", meta: formulario.QUESTIONNAIRE_META, sources: [formulario] },
];

/** Fields that hold addresses, ids or components, not words a visitor reads. */
const NOT_COPY = new Set(["icon", "id", "catalogId", "learnMoreUrl", "href", "url", "path", "initials", "kind", "interval"]);
/** Addresses, anchors and identifiers ('plano-essencial') are not copy either. */
const NOT_PROSE = /^(?:[/#]|[a-z]+:|[a-z0-9]+(?:-[a-z0-9]+)+$)/;

/**
 * The strings of a page's content, in their order, once each. Functions and React components (an
 * icon is an object with `$$typeof`) are skipped, and so is the page's meta, shown apart.
 */
export function copyOf(sources: readonly unknown[], skip: readonly unknown[] = []): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      const text = value.replace(/\s+/g, " ").trim();
      if (/\p{L}/u.test(text) && !NOT_PROSE.test(text)) found.add(text);
    } else if (Array.isArray(value)) {
      value.forEach(walk);
    } else if (value && typeof value === "object" && !("$$typeof" in value) && !skip.includes(value)) {
      for (const [key, inner] of Object.entries(value)) if (!NOT_COPY.has(key)) walk(inner);
    }
  };
  sources.forEach(walk);
  return [...found];
}

export interface PageRow {
  path: string;
  title: string;
  description: string;
  body: string;
  hash: string;
}

export function pageRows(pages: readonly SearchedPage[] = SEARCHED_PAGES): PageRow[] {
  return pages.map(({ path, meta, sources }) => {
    const body = copyOf(sources, [meta]).join("\n");
    const hash = createHash("sha256")
      .update(JSON.stringify([meta.title, meta.description, body]))
      .digest("base64url");
    return { path, title: meta.title, description: meta.description, body, hash };
  });
}

/**
 * Brings `search_pages` in step with this build's copy: changed pages rewritten (the database
 * recomputes their documents), removed ones deleted. Runs with the seed at every start, under the
 * migration lock; during a rolling deploy the last instance to start decides, until the next start.
 */
export async function syncSearchPages(database: Executor): Promise<void> {
  const rows = pageRows();
  const stored = new Map(
    (await database.select({ path: searchPages.path, hash: searchPages.hash }).from(searchPages)).map((r) => [r.path, r.hash]),
  );
  for (const row of rows) {
    if (stored.get(row.path) === row.hash) continue;
    if (stored.has(row.path)) await database.update(searchPages).set(row).where(eq(searchPages.path, row.path));
    else await database.insert(searchPages).values(row);
  }
  await database.delete(searchPages).where(
    notInArray(
      searchPages.path,
      rows.map((r) => r.path),
    ),
  );
}
