import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { logger, redactUrl } from "~/infra/logger.server";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
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
  if (loadContext.wholeBody) {
    // A shared page is read whole by the host anyway (hashed, compressed, stored): rendered to one
    // string, it skips the stream layers a streamed answer crosses (React's chunks, a Node stream,
    // a web stream), a third of a fresh render's CPU. The string goes to the host as it is
    // (server/load-context.ts). Public pages do not suspend: nothing awaits.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const html = renderToString(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
    );
    loadContext.wholeBody.html = `<!DOCTYPE html>${html}`;
    return new Response(null, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const userAgent = request.headers.get("user-agent");
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error, url: redactUrl(new URL(request.url).pathname) }, "erro ao renderizar a página");
        },
      },
    );
  });
}

/** Loader, action and render errors, as JSON log lines (React Router would print raw stacks). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return; // the visitor left: nothing went wrong
  logger.error({ err: error, method: request.method, url: redactUrl(new URL(request.url).pathname) }, "erro no servidor");
};
