/**
 * A lead form is declared once, in its folder under app/forms/ (docs/decisions/0071): the
 * registries find it there. These checks fail when a folder lacks one of its three files, when a
 * definition's name is not its folder's, or when a registry names a form by hand (so adding a
 * form would mean editing it).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { folderOf, LEAD_FORM_MODULES, LEAD_FORMS } from "~/forms";
import { bodyLimitOf } from "~/forms/define";
import { DEFAULT_MAX_BODY_BYTES } from "~/lib/route-policy";
import { ISLANDS } from "~/shell/island-registry";

const FORMS_DIR = path.resolve("app/forms");
const folders = fs.readdirSync(FORMS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());

describe("app/forms", () => {
  it("holds one folder per form, each with its definition, its server half and its form", () => {
    expect(folders.length).toBeGreaterThanOrEqual(6);
    for (const folder of folders) {
      const files = fs.readdirSync(path.join(FORMS_DIR, folder.name)).sort();
      expect(files, folder.name).toEqual(expect.arrayContaining(["definition.ts", "form.tsx", "store.server.ts"]));
    }
  });

  it("gives a form that takes a file its own modules for both addresses, and names only files of its folder", () => {
    for (const form of LEAD_FORMS) {
      const modules = [form.api?.module, form.pageModule].filter((module): module is string => Boolean(module));
      for (const module of modules) {
        expect(fs.existsSync(path.join("app", module)), module).toBe(true);
        if (form.file) expect(module.startsWith(`forms/${form.name}/`), module).toBe(true);
      }
      // A file needs a larger body than the shared modules accept (docs/decisions/0094).
      if (form.file) expect(modules, form.name).toHaveLength(2);
    }
  });

  it("accepts the larger body only for a form that takes a file", () => {
    for (const form of LEAD_FORMS) {
      expect(bodyLimitOf(form), form.name).toBe(DEFAULT_MAX_BODY_BYTES + (form.file?.maxBytes ?? 0));
    }
    expect(LEAD_FORMS.filter((form) => form.file).map((form) => form.name)).toEqual(["careers"]);
  });

  it("names each definition after its folder, with unique slugs and endpoints", () => {
    expect(Object.keys(LEAD_FORM_MODULES)).toHaveLength(folders.length);
    for (const [modulePath, form] of Object.entries(LEAD_FORM_MODULES)) expect(form.name, modulePath).toBe(folderOf(modulePath));
    const slugs = LEAD_FORMS.map((form) => form.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const paths = LEAD_FORMS.flatMap((form) => (form.api ? [form.api.path] : []));
    expect(new Set(paths).size).toBe(paths.length);
    for (const form of LEAD_FORMS) expect(form.action).toBe(`/enviar/${form.slug}`);
  });

  it("gives every form an island, found by its folder", async () => {
    for (const form of LEAD_FORMS) expect(ISLANDS[form.name], form.name).toBeTypeOf("function");
  });

  it("keeps every form's own names out of the registries", () => {
    const registries = [
      "app/routes.ts",
      "app/routes/enviar.$form.tsx",
      "app/routes/api/lead-form.ts",
      "server/app.ts",
      "app/routes/lead-endpoint.server.ts",
      "app/shell/island-registry.ts",
      "app/forms/index.ts",
      "app/forms/index.server.ts",
      "app/domain/lead-submissions.server.ts",
    ].map((file) => [file, fs.readFileSync(file, "utf8")] as const);
    for (const form of LEAD_FORMS) {
      for (const [file, source] of registries) {
        expect(source, `${file} names the form '${form.name}'`).not.toMatch(new RegExp(`["'\`]${form.name}["'\`]`));
        expect(source, `${file} names /enviar/${form.slug}`).not.toContain(`/enviar/${form.slug}`);
        if (form.api) expect(source.includes(`"${form.api.path.slice(1)}"`), `${file} names ${form.api.path}`).toBe(false);
      }
    }
  });
});
