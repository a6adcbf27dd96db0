/**
 * Every form's answers table and numbers sequence (app/forms/{form}/table.ts, docs/decisions/0135),
 * found by its folder as drizzle-kit finds them (drizzle.config.ts, docs/decisions/0141): for what
 * reads the whole schema (tests/unit/personal-data.test.ts) and tests that store leads as a form
 * would (tests/support/leads.ts).
 */
export const FORM_TABLES: Readonly<Record<string, unknown>> = Object.assign(
  {},
  ...Object.values(import.meta.glob<Record<string, unknown>>("./*/table.ts", { eager: true })),
);
