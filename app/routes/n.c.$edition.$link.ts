/**
 * /n/c/{edition}/{link}: a newsletter link's redirect (docs/decisions/0131). Counts one click for
 * that edition and link, then answers 302 to the address the edition's e-mail had there. Only an
 * address stored when the edition started can come out (never one from the request: no open
 * redirect); anything else is 404. Nothing about the reader: no subscriber in the address, no
 * cookie, no log of who; a HEAD (a link checker) is answered without counting.
 */
import { data } from "react-router";
import { followLink } from "~/domain/newsletter/editions.server";
import { publicEndpoint } from "~/lib/route-policy";
import type { Route } from "./+types/n.c.$edition.$link";

export const handle = { policy: publicEndpoint() };

const NUMBER = /^(0|[1-9]\d{0,8})$/;

export async function loader({ request, params }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };
  if (!NUMBER.test(params.edition) || !NUMBER.test(params.link)) throw data("Link não encontrado.", { status: 404, headers });
  const url = await followLink(Number(params.edition), Number(params.link), request.method !== "HEAD");
  if (!url) throw data("Link não encontrado.", { status: 404, headers });
  return new Response(null, { status: 302, headers: { ...headers, Location: url } });
}
