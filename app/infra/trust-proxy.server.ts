/**
 * Express's `trust proxy` from TRUST_PROXY (a hop count, `true`, or addresses/subnets): which
 * X-Forwarded-* headers are believed, for the client's address, protocol and host (the host's
 * access log and Express read it).
 */
import proxyaddr from "proxy-addr";
import { env } from "~/config.server";

/** Express's `trust proxy` from TRUST_PROXY: a hop count, `true`, or addresses/subnets (proxy-addr). */
function trustFunction(value: string | undefined): (address: string, hop: number) => boolean {
  if (!value || value === "false") return () => false;
  if (value === "true") return () => true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(value.split(",").map((part) => part.trim()));
}
export const trustProxy = trustFunction(env.TRUST_PROXY);
