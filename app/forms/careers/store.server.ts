import { careerApplications } from "~/db/schema";
import { createCareerApplication } from "~/domain/leads/capture.server";
import { defineLeadStore } from "../define.server";
import { serverSchema, storeCv } from "./cv.server";
import definition from "./definition";

export default defineLeadStore(definition, {
  table: careerApplications,
  // The shared schema plus the CV's content, which only the server reads (docs/decisions/0093).
  schema: () => Promise.resolve(serverSchema),
  store: async ({ cv, ...application }, meta, tx) => {
    const row = await createCareerApplication(application, meta, tx, cv ?? null);
    if (cv) await storeCv(tx, row.id, cv);
    return row;
  },
  // SPEC §7: the page reads the `ok` flag.
  answer: (row) => Response.json({ ok: true, success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) => Response.json({ ok: false, success: false, message, ...(errors ? { errors } : {}) }, { status }),
});
