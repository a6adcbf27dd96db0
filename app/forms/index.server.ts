/** Every lead form's server half, found by its folder like the definitions (docs/decisions/0071). */
import type { LeadFormServer } from "./define.server";

const modules = import.meta.glob<LeadFormServer>("./*/store.server.ts", { eager: true, import: "default" });

const BY_NAME = new Map(Object.values(modules).map((server) => [server.form, server]));

/** A form's server half by its name; every definition has one (tests/unit/lead-forms.test.ts). */
export function leadFormServer(name: string): LeadFormServer {
  const server = BY_NAME.get(name);
  if (!server) throw new Error(`Formulário sem store.server.ts: ${name}`);
  return server;
}
