/**
 * The public layout (app/routes/site-layout.tsx): a page inside it that fails keeps the header and
 * the footer around its apology, on the production build over HTTP.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** A page whose database table is gone for the length of `fn` (the loader then throws). */
async function withoutTable<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await app.db().execute(sql.raw(`alter table ${table} rename to ${table}_fora`));
  try {
    return await fn();
  } finally {
    await app.db().execute(sql.raw(`alter table ${table}_fora rename to ${table}`));
  }
}

describe("a public page whose loader fails", () => {
  it.each([
    ["/busca?q=automacao", "search_pages"],
    ["/agendar", "booking_exceptions"],
  ])("%s: 500, a Portuguese apology between the site's header and footer", async (pathname, table) => {
    const res = await withoutTable(table, () => fetch(`${app.url}${pathname}`));
    expect(res.status).toBe(500);
    const html = await res.text();
    const header = /<header[^>]*data-site-header=""[^>]*>/.exec(html)?.[0];
    expect(header).toBeDefined();
    // The route's dark hero is not there: the header is not laid over it (white logo on white).
    expect(header).not.toContain("-mb-16");
    expect(html).toMatch(/<footer[^>]*aria-labelledby="footer-title"/);
    expect(html).toContain("Algo deu errado");
    expect(html).toContain("Tivemos um problema inesperado ao carregar esta página.");
    expect(html).toContain(">Voltar ao início<");
    expect(html).not.toContain(table);
    // The page is whole again once the table is back.
    expect((await fetch(`${app.url}${pathname}`)).status).toBe(200);
  });
});
