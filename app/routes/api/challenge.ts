/**
 * GET /api/challenge (docs/decisions/0090): a proof-of-work challenge signed by this server, for
 * the lead forms' islands to solve before they send (`{ success, data: { parameters, signature } }`).
 * Each answer is new and kept by no cache.
 */
import { newChallenge } from "~/domain/spam/challenge.server";
import { ok } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";

export const handle = { policy: publicEndpoint() };

export async function loader() {
  return ok(await newChallenge(), { headers: { "Cache-Control": "no-store" } });
}
