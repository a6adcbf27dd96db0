import { options, type VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { NonceProvider } from "./lib/nonce";

/** How long deferred loader data may take before the framework rejects it. */
export const streamTimeout = 5_000;

// A React-only prop the framework sets on its scripts; Preact's renderer would print it as an attribute.
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Record<string, unknown> | undefined;
  if (typeof vnode.type === "string" && props && "suppressHydrationWarning" in props) delete props.suppressHydrationWarning;
  previousVNodeHook?.(vnode);
};

/**
 * Pages render with Preact (see vite.config.ts) into one string: it waits for anything that
 * suspends, so crawlers and people get the same complete page, with the framework's data
 * scripts in place for hydration.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  const html = await renderToStringAsync(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
