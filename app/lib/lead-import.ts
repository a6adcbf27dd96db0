/** The lead CSV import's limits and plan reading, shared by its page and the server (docs/decisions/0148). */
export const IMPORT_MAX_ROWS = 5_000;
export const IMPORT_MAX_BYTES = 2_000_000;

/** Whether a dry run found nothing to create or update. */
export const planIsEmpty = (plan: { creates: unknown[]; updates: unknown[] }) => !plan.creates.length && !plan.updates.length;
