/**
 * The admin session of a request, looked up in the database at most once (and only when asked):
 * the body limit of an upload, the private-route guard and every loader and action of the request
 * (through the load context's `sessionUser()`) share the one answer.
 */
import { getSessionUser, hasSessionCookie, type SessionUser } from "~/domain/auth/sessions.server";

/** The request as the host has it: only its headers are read. */
interface HostRequest {
  headers: { cookie?: string };
}

const answers = new WeakMap<HostRequest, Promise<SessionUser | null>>();

export function sessionOf(req: HostRequest): Promise<SessionUser | null> {
  let answer = answers.get(req);
  if (!answer) {
    const cookie = req.headers.cookie;
    // Without a session cookie there is nothing to look up (most requests: every visitor's).
    answer = hasSessionCookie(cookie)
      ? getSessionUser(new Request("http://localhost/", { headers: { cookie: cookie ?? "" } }))
      : Promise.resolve(null);
    answers.set(req, answer);
  }
  return answer;
}
