import { redirect } from "react-router";
import { destroySession } from "~/domain/auth/sessions.server";
import { flashCookie } from "~/lib/flash";
import { authMessages } from "~/lib/messages/auth";
import { publicEndpoint } from "~/lib/route-policy";
import type { Route } from "./+types/logout";

export const handle = { policy: publicEndpoint() };

/** SPEC §6 logout: end the session, toast 'Logout realizado', back to /login. POST only. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request, await context.sessionUser(), context.clientIp));
  headers.append("Set-Cookie", flashCookie(authMessages.logout));
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/login");
}
