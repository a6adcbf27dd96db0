/**
 * POST /api/careers/application (SPEC §7): the shared lead endpoint, in a module of its own only
 * for its policy, which accepts the body a CV needs (docs/decisions/0094). Every other form's
 * endpoint keeps the site's 256 kB.
 */
import { publicEndpoint } from "~/lib/route-policy";
import { bodyLimitOf } from "../define";
import definition from "./definition";

export { action } from "~/routes/api/lead-form";

export const handle = { policy: publicEndpoint({ maxBodyBytes: bodyLimitOf(definition) }) };
