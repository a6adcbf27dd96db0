import { createCareerApplication } from "~/domain/leads/capture.server";
import { defineLeadStore } from "../define.server";
import definition from "./definition";

export default defineLeadStore(definition, {
  store: createCareerApplication,
  // SPEC §7: the page reads the `ok` flag.
  answer: (row) => Response.json({ ok: true, success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) => Response.json({ ok: false, success: false, message, ...(errors ? { errors } : {}) }, { status }),
});
