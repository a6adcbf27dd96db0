/**
 * The shape of a declaration of personal data (docs/decisions/0127), apart from the registry that
 * collects them (./registry.server.ts): a form's folder declares its own tables with it
 * (app/forms/{form}/privacy.server.ts, docs/decisions/0141) and the registry imports the folders,
 * so this file imports neither.
 */
import type { RetentionKind } from "~/lib/privacy";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/** Whom the privacy tools look for: the normalised address and its salted hash (./subject.server.ts). */
export interface Subject {
  email: string;
  hashed: string;
}

/** The instant before which a period of RETENTION is over. */
export type Before = (kind: RetentionKind) => Date;

export interface PersonalTable {
  /** What it is, as the admin's privacy page and audit log name it. */
  label: string;
  table: PgTable;
  /** The columns that hold personal data (the unit test checks the schema against these). */
  personal: readonly AnyPgColumn[];
  /**
   * How a subject's rows are found: by the address in its own columns, or as the rows that name
   * rows found in earlier tables (`{ parentKey: foreign key column }`).
   */
  find: { where: (subject: Subject) => SQL } | { via: Readonly<Record<string, AnyPgColumn>> };
  /**
   * How they are exported (decision 0093's format): every column, or `columns`; a `file` is
   * left out of the search and the CSV and carried in base64 by the JSON export. `nestIn` puts
   * the rows inside their parent's rows, under `as`. `false`: erased, never shown or exported.
   */
  export: { columns?: Record<string, AnyPgColumn | SQL>; file?: AnyPgColumn } | { nestIn: string; as: string } | false;
  /**
   * How erasure treats them: deleted; `anonymise`: those columns become ANONYMISED_MARKER (rows
   * kept for tax law); `redact`: the address inside that text becomes ANONYMISED_MARKER;
   * `pseudonymise`: the address becomes its salted hash (proof of consent).
   */
  erase: "delete" | { anonymise: readonly AnyPgColumn[] } | { redact: readonly AnyPgColumn[] } | { pseudonymise: AnyPgColumn };
  /**
   * How long they are kept: until `expired` (periods of RETENTION), then deleted or anonymised
   * (the `anonymise` columns); or as long as the row they were found through (`counted`: the job
   * deletes them first and counts them; `cascade`: ON DELETE CASCADE takes them); or `never`
   * deleted by the job, and why.
   */
  retain: { expired: (before: Before) => SQL; then: "delete" | "anonymise" } | { withParent: "counted" | "cascade" } | { never: string };
}

/**
 * What a lead form holds of personal data (docs/decisions/0141), declared in its folder
 * (app/forms/{form}/privacy.server.ts) and collected by the registry: the kind of its leads (their
 * common columns are the registry's `leads`), how long they are kept, and its own tables.
 */
export interface LeadFormData {
  /** The kind of its leads (leads.kind): its rows of `leads` expire after `keptFor`. */
  kind: string;
  /** The period of RETENTION its leads are kept for, counted from their arrival; their answers go with them. */
  keptFor: RetentionKind;
  /** Its own tables, by the key the export, the erasure report and the audit log name them with. */
  tables: Readonly<Record<string, PersonalTable>>;
}

export function defineLeadFormData<const D extends LeadFormData>(data: D): D {
  return data;
}

/**
 * A form's answers table (docs/decisions/0135): one row per lead by `lead_id`, found, exported,
 * erased and kept with its lead, the person's data being `personal`.
 */
export function answersOf(
  table: PgTable & { leadId: AnyPgColumn },
  declared: { label: string; personal: readonly AnyPgColumn[] },
): PersonalTable {
  return {
    ...declared,
    table,
    find: { via: { leads: table.leadId } },
    export: {},
    erase: "delete",
    // Deleted before its expired lead (ON DELETE CASCADE would take it uncounted).
    retain: { withParent: "counted" },
  };
}
