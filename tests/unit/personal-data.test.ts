/**
 * Personal data is declared once (docs/decisions/0127): every column of the schema (app/db/schema.ts
 * and each form's app/forms/{form}/table.ts) that looks personal, by its name or its type, is
 * either declared by the registry (app/domain/privacy/registry.server.ts, which collects each form's
 * own declaration from its folder, docs/decisions/0141), and so found, exported, erased and kept by
 * the privacy tools, or in the allow-list below with the reason it is not a data subject's. A new table or
 * column that holds a person's data fails here until someone decides which.
 */
import fs from "node:fs";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable, type AnyPgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { personalData, personalEntry } from "~/domain/privacy/registry.server";
import { leadFormsData } from "~/forms/index.server";
import { FORM_TABLES } from "~/forms/tables.server";

/**
 * Names of columns that hold what a visitor or customer gives: who they are, how to reach them,
 * their company, what they wrote, what they sent, where they wrote from.
 */
const LOOKS_PERSONAL =
  /name|e_?mail|phone|telefone|whatsapp|address|endereco|^company$|position|message|note|body|content$|answer|motivation|experience|recipient|linkedin|portfolio|author|file|(^|_)cv(_|$)|(^|_)ip$|user_agent/;
/** Types that hold a file's bytes or free-form answers. */
const OPAQUE_TYPES = new Set(["bytea", "jsonb", "json"]);

/** Columns that look personal and are not a data subject's, each with why. */
const NOT_PERSONAL: Record<string, string> = {
  // The administrator's own account and sessions: not a visitor's data, ended with the session.
  "users.username": "the administrator's login name",
  "sessions.ip": "the administrator's session, deleted when it expires",
  "sessions.user_agent": "the administrator's session, deleted when it expires",
  "trusted_devices.ip": "the administrator's remembered browser, expires in 30 days",
  "trusted_devices.user_agent": "the administrator's remembered browser, expires in 30 days",
  // Accountability: append-only, never names a subject by address (subjectRef), kept RETENTION.auditLog.
  "audit_log.ip": "the administrator's address on an admin action (append-only audit)",
  "audit_log.details": "counts and field names, never values (app/domain/audit.server.ts)",
  // The company's own content.
  "blog_categories.name": "a blog category",
  "analytics_progress.name": "a rollup's name ('views', 'events')",
  "search_pages.body": "the site's own copy, for the site search",
  "newsletter_editions.content": "a standalone newsletter edition's text, written by the administrator",
  "orders.item_name": "the product or plan bought",
  "booking_exceptions.note": "the administrator's note on a closed or open day",
  "booking_exceptions.hours": "opening hours of a day",
  "booking_settings.weekly_hours": "the administrator's weekly availability",
  "booking_settings.questions": "the booking form's questions, written by the administrator",
  "booking_busy_calendar.busy_intervals": "start and end instants of the owner's busy time, no title or guest (docs/decisions/0144)",
  "uploads.data": "images the administrator uploads for posts",
  "lead_notes.author": "the administrator who wrote the note",
  "questionnaire_answers.company_size": "a size band picked from a list",
  "application_answers.position": "the opening applied for, one of the careers page's",
  // Machinery with no address in it.
  "submission_keys.result": "the id a lead form answered, replayed to retries",
  "spam_submissions.reasons": "why a post was suspected (codes)",
  "auto_replies.address_hash": "a keyed hash of the address, never the address (docs/decisions/0091)",
};

/** The schema as drizzle-kit reads it (drizzle.config.ts): the shared tables and each form's. */
const everything: Record<string, unknown> = { ...schema, ...FORM_TABLES };
const tables = Object.values(everything).filter((value): value is PgTable => is(value, PgTable));
const formTables = Object.values(FORM_TABLES).filter((value): value is PgTable => is(value, PgTable));
const nameOf = (column: AnyPgColumn) => `${getTableName(column.table)}.${column.name}`;
const entries = personalData();

function looksPersonal(column: AnyPgColumn): boolean {
  return LOOKS_PERSONAL.test(column.name) || OPAQUE_TYPES.has(column.getSQLType());
}

const allColumns = tables.flatMap((table) => getTableConfig(table).columns);
const declared = new Set(entries.flatMap(([, entry]) => entry.personal.map(nameOf)));

describe("personal data is declared once", () => {
  it("the schema is read, and the detector picks out personal-looking columns and leaves the rest", () => {
    expect(tables.length).toBeGreaterThan(30);
    const flagged = allColumns.filter(looksPersonal).map(nameOf);
    for (const column of [
      "leads.email",
      "contact_answers.message",
      "leads.company",
      "chat_messages.content",
      "lead_files.data",
      "consent_records.ip",
      "outbox.recipient",
      "spam_submissions.data",
    ]) {
      expect(flagged, column).toContain(column);
    }
    for (const column of ["leads.created_at", "orders.amount_cents", "bookings.starts_at", "page_views.path"]) {
      expect(flagged, column).not.toContain(column);
    }
  });

  it("every personal-looking column is in the registry or in the allow-list", () => {
    const undeclared = allColumns
      .filter(looksPersonal)
      .map(nameOf)
      .filter((name) => !declared.has(name) && !Object.hasOwn(NOT_PERSONAL, name));
    expect(undeclared).toEqual([]);
  });

  it("the allow-list names columns that exist and that the registry does not declare", () => {
    const existing = new Set(allColumns.map(nameOf));
    expect(Object.keys(NOT_PERSONAL).filter((name) => !existing.has(name))).toEqual([]);
    expect(Object.keys(NOT_PERSONAL).filter((name) => declared.has(name))).toEqual([]);
  });

  it("each declaration holds together", () => {
    const keys = entries.map(([key]) => key);
    expect(new Set(entries.map(([, e]) => getTableName(e.table))).size).toBe(entries.length);
    for (const [index, [key, entry]] of entries.entries()) {
      const own = new Set(getTableConfig(entry.table).columns);
      // A table found through others comes after them, so the search has their rows.
      if ("via" in entry.find) {
        for (const [parent, column] of Object.entries(entry.find.via)) {
          expect(keys.indexOf(parent), `${key} via ${parent}`).toBeGreaterThanOrEqual(0);
          expect(keys.indexOf(parent), `${key} via ${parent}`).toBeLessThan(index);
          expect(own.has(column), `${key}: ${column.name}`).toBe(true);
        }
      }
      // What erasure rewrites is the table's own, personal, column.
      const rewritten = typeof entry.erase === "string" ? [] : Object.values(entry.erase).flat();
      for (const column of rewritten) {
        expect(own.has(column), `${key}: ${column.name}`).toBe(true);
        expect(declared.has(nameOf(column)), `${key}: ${column.name}`).toBe(true);
      }
      if ("expired" in entry.retain && entry.retain.then === "anonymise") expect(entry.erase, key).toHaveProperty("anonymise");
      if ("withParent" in entry.retain && entry.retain.withParent === "counted") {
        expect("via" in entry.find, key).toBe(true);
        const parents = "via" in entry.find ? Object.keys(entry.find.via) : [];
        expect(parents, key).toHaveLength(1);
        expect(personalEntry(parents[0]!).retain, key).toHaveProperty("expired");
      }
      if (entry.export && "nestIn" in entry.export) expect("via" in entry.find && entry.find.via[entry.export.nestIn], key).toBeTruthy();
    }
  });

  it("no export carries a file's bytes, except as the declared file of the JSON export", () => {
    for (const [key, entry] of entries) {
      if (!entry.export || "nestIn" in entry.export) continue;
      const columns = Object.values(entry.export.columns ?? getTableConfig(entry.table).columns);
      const bytes = columns.filter((c) => "getSQLType" in c && c.getSQLType() === "bytea");
      expect(bytes, key).toEqual([]);
    }
  });

  it("each form's tables are declared by its own folder, and the central registry names none of them", () => {
    expect(formTables.length).toBeGreaterThanOrEqual(4);
    const declaredByForms = new Set(leadFormsData().flatMap((form) => Object.values(form.tables).map((entry) => entry.table)));
    expect(formTables.filter((table) => !declaredByForms.has(table)).map((table) => getTableName(table))).toEqual([]);
    // Found once: a form's table in the registry comes from its folder, never also from the central list.
    expect(new Set(entries.map(([key]) => key)).size).toBe(entries.length);
    const source = fs.readFileSync("app/domain/privacy/registry.server.ts", "utf8");
    expect(source).not.toMatch(/from "~\/forms\/[^"]*\/table"/);
    const fromSchema = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"~\/db\/schema"/g)].flatMap((m) =>
      m[1]!.split(",").map((n) => n.trim()),
    );
    expect(fromSchema.filter((name) => Object.hasOwn(FORM_TABLES, name))).toEqual([]);
  });

  it("erasure, export and retention name no table of the registry: they read it", () => {
    const registered = new Set(
      Object.entries(everything)
        .filter(([, value]) => entries.some(([, entry]) => entry.table === value))
        .map(([name]) => name),
    );
    expect(registered.size).toBe(entries.length);
    for (const file of ["app/domain/privacy/erasure.server.ts", "app/domain/privacy/subject.server.ts", "app/domain/retention.server.ts"]) {
      const source = fs.readFileSync(file, "utf8");
      const imported = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"~\/db\/schema"/g)].flatMap((m) =>
        m[1]!.split(",").map((name) => name.trim()),
      );
      expect(
        imported.filter((name) => registered.has(name)),
        file,
      ).toEqual([]);
      // Nor a form's table, nor the kinds of its leads: those come from its folder through the registry.
      expect(source, file).not.toMatch(/from "~\/forms\//);
      expect(source, file).not.toMatch(/"(contatos|consultas|questionarios|candidaturas)"/);
    }
  });
});
