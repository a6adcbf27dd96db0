/**
 * The JSON endpoint of every lead form whose definition names no module of its own (SPEC §7:
 * /api/contact, /api/careers/application, /api/business-optimization, /api/newsletter…).
 * app/routes.ts mounts it at each form's `api.path` (docs/decisions/0071).
 */
import { leadFormByApiPath } from "~/forms";
import { fail } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import { leadFormAction } from "../lead-endpoint.server";
import type { Route } from "./+types/lead-form";

export const handle = { policy: publicEndpoint() };

export async function action(args: Route.ActionArgs) {
  const form = leadFormByApiPath(new URL(args.request.url).pathname);
  // app/routes.ts mounts this module only at the forms' paths.
  return form ? leadFormAction(form.name, args) : fail(404, "Endpoint não encontrado.");
}
