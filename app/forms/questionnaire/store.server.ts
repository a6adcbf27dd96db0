import { businessOptimizations } from "~/db/schema";
import { createBusinessOptimization } from "~/domain/leads/capture.server";
import { defineLeadStore } from "../define.server";
import definition from "./definition";

export default defineLeadStore(definition, {
  table: businessOptimizations,
  store: createBusinessOptimization,
  // SPEC §7: `{ success, data: { id }, error? }`.
  answer: (row) => Response.json({ success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) =>
    Response.json({ success: false, error: message, message, ...(errors ? { errors } : {}) }, { status }),
});
