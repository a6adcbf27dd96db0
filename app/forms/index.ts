/**
 * Every lead form's definition, found by its folder (docs/decisions/0071): adding a form adds a
 * folder, never a line here. Browser-safe; app/routes.ts reads it at build time.
 */
import type { DefinedLeadForm } from "./define";

const modules = import.meta.glob<DefinedLeadForm>("./*/definition.ts", { eager: true, import: "default" });

export const LEAD_FORMS: readonly DefinedLeadForm[] = Object.values(modules);

export function leadFormBySlug(slug: string | undefined): DefinedLeadForm | undefined {
  return LEAD_FORMS.find((form) => form.slug === slug);
}

export function leadFormByApiPath(path: string): DefinedLeadForm | undefined {
  return LEAD_FORMS.find((form) => form.api?.path === path);
}

/** The folder a definition came from, by its module path (its name must be the folder's). */
export function folderOf(modulePath: string): string {
  return modulePath.split("/").at(-2) ?? "";
}

/** Module path → definition, for the test that holds names and folders together. */
export const LEAD_FORM_MODULES = modules;
