/**
 * GET /api/challenge (docs/decisions/0090): a proof-of-work challenge signed by this server, for
 * the lead forms' islands to solve before they send (`{ success, data: { parameters, signature } }`).
 * Each answer is new and kept by no cache; more than a person's forms ask for is a 429
 * (docs/decisions/0107).
 */
import { newChallenge } from "~/domain/spam/challenge.server";
import { ok } from "~/infra/http.server";
import { throttledAnswer, throttleRead } from "~/infra/rate-limit.server";
import { publicEndpoint } from "~/lib/route-policy";
import type { Route } from "./+types/challenge";

export const handle = { policy: publicEndpoint() };

export async function loader({ context }: Route.LoaderArgs) {
  const throttled = await throttleRead("challenge", context.clientIp);
  if (throttled) return throttledAnswer(throttled);
  return ok(await newChallenge(), { headers: { "Cache-Control": "no-store" } });
}
