/**
 * /enviar/candidatura, where the careers form posts without JavaScript: the shared page of every
 * form (app/routes/enviar.$form.tsx), in a module of its own only for its policy, which accepts the
 * multipart body a CV needs (docs/decisions/0094).
 */
import { personalPage } from "~/lib/route-policy";
import { bodyLimitOf } from "../define";
import definition from "./definition";

export { action, default, headers, loader, meta } from "~/routes/enviar.$form";

export const handle = { policy: personalPage({ maxBodyBytes: bodyLimitOf(definition) }) };
