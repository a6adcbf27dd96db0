/**
 * Every lead form's server half and what it holds of personal data, found by its folder like the
 * definitions (docs/decisions/0071, 0141): a folder's `store.server.ts` (how a submission is stored)
 * and, when it keeps data of its own, its `privacy.server.ts` (what it holds and for how long, read
 * by the privacy registry, app/domain/privacy/registry.server.ts). Adding a form adds a folder,
 * never a line here.
 */
import type { LeadFormData } from "~/domain/privacy/declare.server";
import { PIPELINE_TYPES, registerLeadType, type PipelineType } from "~/lib/pipeline";
import type { LeadFormServer } from "./define.server";

const SERVERS = new Map<string, LeadFormServer>();
/** By folder, so a folder registered again replaces what it declared. */
const DATA = new Map<string, LeadFormData>();

/**
 * Registers form folders from their modules, keyed by path (`{dir}/{folder}/{file}`, what an eager
 * `import.meta.glob` of the folders' `store.server.ts` and `privacy.server.ts` gives). The app's
 * folders are registered below; a test registers a folder of its own the same way
 * (tests/integration/form-folder.test.ts).
 */
export function registerLeadForms(modules: Record<string, unknown>): void {
  for (const [path, module] of Object.entries(modules)) {
    const value = (module as { default?: unknown }).default;
    const folder = path.split("/").slice(0, -1).join("/");
    if (path.endsWith("/store.server.ts")) {
      const server = value as LeadFormServer;
      SERVERS.set(server.form, server);
      // Its leads' type in the admin's pipeline, declared by its definition (docs/decisions/0149).
      if (server.definition.lead) registerLeadType(server.definition.lead);
    } else if (path.endsWith("/privacy.server.ts")) {
      DATA.set(folder, value as LeadFormData);
    } else {
      throw new Error(`Arquivo de formulário desconhecido: ${path}`);
    }
  }
}

registerLeadForms(import.meta.glob(["./*/store.server.ts", "./*/privacy.server.ts"], { eager: true }));

/** A form's server half by its name; every definition has one (tests/unit/lead-forms.test.ts). */
export function leadFormServer(name: string): LeadFormServer {
  const server = SERVERS.get(name);
  if (!server) throw new Error(`Formulário sem store.server.ts: ${name}`);
  return server;
}

/** Every form's declaration of its personal data, in the pipeline's order of lead types (others after them). */
export function leadFormsData(): LeadFormData[] {
  const rank = (data: LeadFormData) => {
    const index = PIPELINE_TYPES.indexOf(data.kind as PipelineType);
    return index < 0 ? PIPELINE_TYPES.length : index;
  };
  return [...DATA.values()].sort((a, b) => rank(a) - rank(b));
}
