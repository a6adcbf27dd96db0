/**
 * A lead form, declared once (docs/decisions/0071). Each form is a folder under app/forms/:
 *
 *   definition.ts     this shape: its names, its addresses, its schema and the texts of its page,
 *                     and its leads' type in the admin's pipeline (`lead`, collected by
 *                     app/lib/pipeline.ts, docs/decisions/0149)
 *   store.server.ts   how an accepted submission is stored (and what its JSON endpoint answers)
 *   form.tsx          `Island`, the part public pages hydrate, and `PageForm`, the form that the
 *                     page for posts without JavaScript (/enviar/{slug}) renders
 *
 * and the rest of what it owns:
 *
 *   schema.ts         its Zod schema, built from the shared field kinds of app/lib/schemas/leads.ts
 *   messages.ts       its Portuguese texts
 *   admin.ts          how the admin shows its leads (`LeadTypeInfo`: list, lead page, CSV; only the
 *                     lead page's fields when its list is a page of its own)
 *   table.ts          its answers table beside the lead's common row (`leads`) and the sequence of
 *                     its leads' numbers (docs/decisions/0135, 0140), found by drizzle-kit
 *                     (drizzle.config.ts) and app/forms/tables.server.ts by its folder
 *   privacy.server.ts what it holds of personal data and for how long: its leads' kind and period
 *                     and its own tables' declarations, collected by the privacy registry
 *                     (docs/decisions/0127, 0141)
 *
 * with whatever else is its alone beside them (its zod-free field facts, a part of its form), so
 * that adding a field to a form touches its folder (and a generated migration).
 *
 * Everything else is derived from these folders and never edited per form: the JSON endpoint's
 * route (app/routes.ts), the no-JavaScript post and its confirmation page (app/routes/enviar.$form.tsx),
 * the island registry (app/shell/island-registry.ts), the submission pipeline
 * (app/forms/index.server.ts → app/domain/lead-submissions.server.ts) and the privacy registry's
 * entries for the form (app/forms/index.server.ts → app/domain/privacy/registry.server.ts).
 *
 * Browser-safe and imported by app/routes.ts at build time: relative imports only, and the schema
 * behind a dynamic import so zod stays out of a page's first load.
 */
import { DEFAULT_MAX_BODY_BYTES } from "../lib/route-policy";
import type { z } from "zod";

export interface LeadFormPage {
  /** The heading of /enviar/{slug} when the form is shown there. */
  title: string;
  /** The line under it. */
  lead: string;
  /** The title of the alert when a post is refused. */
  failureTitle: string;
  /** The confirmation's title and text; `id` is the stored row's id when `showsId` says so. */
  success: (id: string | null) => { title: string; description: string };
  /** More to say under the confirmation than its toast says. */
  note?: string;
  /**
   * What the confirmation of a post without proof of work says instead of `note` (no e-mail went
   * to the address it names, docs/decisions/0106); the shared line of leadServerMessages otherwise.
   */
  unverifiedNote?: string;
  /** The next step offered on the confirmation (e.g. booking the meeting). */
  next?: { label: string; to: string };
  /** The confirmation names the stored row's id (SPEC §8's questionnaire toast does). */
  showsId?: boolean;
  /** A field whose refusal has its own alert (SPEC §8's newsletter 'Email inválido'). */
  fieldFailure?: { field: string; title: string; description: string };
  /** The form brings its own cards, so the page does not wrap it in one. */
  bare?: boolean;
}

export interface LeadField {
  key: string;
  label: string;
  /** Shown in the list table (the detail view shows every field). */
  inTable?: boolean;
  kind?: "text" | "long" | "date" | "email" | "url" | "status" | "subscription" | "place";
}

/** How the admin shows a form's leads: its list, its lead page and its CSV (app/forms/{name}/admin.ts). */
export interface LeadTypeInfo {
  title: string;
  singular: string;
  description: string;
  searchHint: string;
  empty: string;
  fields: LeadField[];
}

/**
 * What the admin's pipeline shows of a form's leads (app/lib/pipeline.ts, docs/decisions/0149):
 * read by the inbox, the lead page /admin/leads/funil/{type}/{number}, the deals board, the audit
 * log and Análises. Browser-safe like the rest of the definition.
 */
export interface LeadTypeDeclaration {
  /** Its leads' kind (`leads.kind`, the privacy declaration's `kind`) and its pages' URL segment. */
  type: string;
  /** One lead, as the inbox and the lead page name it. */
  label: string;
  /** Its leads, as the inbox's filter and Análises' goal name them. */
  plural: string;
  /** The stages its leads move through: the sales pipeline, or hiring (docs/decisions/0088). */
  stages: "sales" | "hiring";
  /** The audit log's name of its leads: `{audit}:{number}` is the target of their changes. */
  audit: string;
  /** Its place among the lead types (the inbox's filter, Análises, the export); the site's go by tens, unset is last. */
  order?: number;
  /** A page of its own for what the lead holds, linked from the lead page. */
  elsewhere?: { label: string; href: (id: number) => string };
  /**
   * The lead page's fields, keys of the lead's common columns and of its answers table, for a form
   * whose lead page has no code of its own (app/domain/leads/lead-page.server.ts); every column otherwise.
   */
  fields?: LeadField[];
}

export interface LeadFormDefinition<S extends z.ZodType = z.ZodType> {
  /** The folder's name: the island's name, the submission's kind, the key of its rate limit. */
  name: string;
  /** /enviar/{slug}: where the form posts without JavaScript. */
  slug: string;
  /** Its JSON endpoint (SPEC §7), served by app/routes/api/lead-form.ts unless `module` names another. */
  api?: { path: `/api/${string}`; module?: string };
  /**
   * A file the form takes (docs/decisions/0093): its field in the multipart body and its largest
   * size. Its two addresses then accept a larger body than every other form (`bodyLimitOf`), so the
   * form names route modules of its own that declare it (a policy is per module, docs/decisions/0094):
   * `api.module` and `pageModule`, thin modules in its folder.
   */
  file?: { field: string; maxBytes: number };
  /** The module of its no-JavaScript page /enviar/{slug} when it needs its own policy; app/routes/enviar.$form.tsx otherwise. */
  pageModule?: string;
  /** The rules of its fields, with their Portuguese messages (shared by browser and server). */
  schema: () => Promise<S>;
  page: LeadFormPage;
  /** Its leads' type in the admin's pipeline, when its submissions are leads (not the newsletter's). */
  lead?: LeadTypeDeclaration;
}

export interface DefinedLeadForm<S extends z.ZodType = z.ZodType> extends LeadFormDefinition<S> {
  /** The address the form posts to without JavaScript. */
  action: string;
}

/** Keeps the definition's own types: its schema's, and `api.path` when it has an endpoint. */
export function defineLeadForm<S extends z.ZodType, const D extends Omit<LeadFormDefinition, "schema">>(
  definition: D & { schema: () => Promise<S> },
): D & { schema: () => Promise<S>; action: string } {
  return { ...definition, action: `/enviar/${definition.slug}` };
}

/** The largest body a form's posts may send: the fields' usual allowance, plus its file if it takes one. */
export function bodyLimitOf(form: Pick<LeadFormDefinition, "file">): number {
  return DEFAULT_MAX_BODY_BYTES + (form.file?.maxBytes ?? 0);
}
