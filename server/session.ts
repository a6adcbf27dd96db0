/**
 * The admin session of a request, looked up in the database at most once (and only when asked):
 * the body limit of an upload, the private-route guard and every loader and action of the request
 * (through the load context's `sessionUser()`) share the one answer.
 */
import { getSessionUser, hasSessionCookie, type SessionUser } from "~/domain/auth/sessions.server";
import type { IncomingMessage } from "node:http";

const answers = new WeakMap<IncomingMessage, Promise<SessionUser | null>>();

export function sessionOf(req: IncomingMessage): Promise<SessionUser | null> {
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

/** For a render shared by every visitor: it never sees anyone's session. */
export const NO_SESSION = (): Promise<SessionUser | null> => Promise.resolve(null);
