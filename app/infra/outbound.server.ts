/**
 * GET of an address someone outside the code gave us (the owner's calendar, docs/decisions/0144):
 * http(s) only, every address its name resolves to checked before connecting (the check is the
 * connection's own DNS lookup, so a name cannot resolve to a public address for the check and a
 * private one for the connection), a deadline for the whole answer, a size limit, and at most a
 * few redirects, each checked the same way. Private, loopback and link-local addresses are refused
 * unless `allowPrivate` (tests only).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
// An outbound client, not the host's request objects: fetch() cannot check the address it connects to (its
// DNS lookup is its own), node:http's `lookup` option can, so the check and the connection are one lookup.
// eslint-disable-next-line no-restricted-imports -- see above
import http from "node:http";
// eslint-disable-next-line no-restricted-imports -- see above
import https from "node:https";
import { BlockList, isIP } from "node:net";

export class OutboundError extends Error {
  constructor(
    readonly code: "scheme" | "private" | "timeout" | "too-large" | "redirects" | "network",
    message: string,
  ) {
    super(message);
  }
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface OutboundOptions {
  headers?: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
  maxRedirects?: number;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** Is this IP address one a public service should never be made to call? */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      const list = addresses as LookupAddress[];
      if (!allowPrivate && (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))) {
        return callback(Object.assign(new OutboundError("private", "endereço de rede interna"), { code: "EPRIVATE" }), "");
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function once(url: URL, options: OutboundOptions, deadline: number): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    // A literal IP is not looked up: check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal) && !options.allowPrivate && isPrivateAddress(literal)) {
      reject(new OutboundError("private", "endereço de rede interna"));
      return;
    }
    const remaining = Math.max(1, deadline - Date.now());
    const request = client.get(url, { headers: options.headers, lookup: guardedLookup(options.allowPrivate) as never, timeout: remaining });
    const timer = setTimeout(() => request.destroy(new OutboundError("timeout", "tempo esgotado")), remaining);
    request.on("timeout", () => request.destroy(new OutboundError("timeout", "tempo esgotado")));
    request.on("error", (error) => {
      clearTimeout(timer);
      const cause = (error as { cause?: unknown }).cause;
      if (error instanceof OutboundError) reject(error);
      else if (cause instanceof OutboundError) reject(cause);
      else if ((error as NodeJS.ErrnoException).code === "EPRIVATE") reject(new OutboundError("private", "endereço de rede interna"));
      else reject(new OutboundError("network", error.message));
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy(new OutboundError("too-large", "arquivo grande demais"));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", (error) => {
        clearTimeout(timer);
        reject(error instanceof OutboundError ? error : new OutboundError("network", error.message));
      });
    });
  });
}

/** GET `address`, following up to `maxRedirects` (default 3) http(s) redirects. Throws an OutboundError. */
export async function outboundGet(address: string, options: OutboundOptions): Promise<OutboundAnswer> {
  const deadline = Date.now() + options.timeoutMs;
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundError("scheme", "endereço não é http(s)");
    const answer = await once(url, options, deadline);
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && answer.status !== 304 && location) {
      if (hop >= (options.maxRedirects ?? 3)) throw new OutboundError("redirects", "redirecionamentos demais");
      url = new URL(location, url);
      continue;
    }
    return answer;
  }
}
