import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { isDatabaseUnavailable } from "~/db/driver.server";
import { logger, redactUrl } from "~/infra/logger.server";
import { NonceProvider } from "./lib/nonce";
import { ResponseStatusProvider } from "./lib/response-status";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Undefined for an answer shared by everyone: its inline scripts are allowed by their hashes
  // (app/infra/security-headers.server.ts), so the same render serves every visitor.
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers get the whole page at once; people get the shell as soon as it is ready. A shared
    // answer (no nonce) is for a cache, which keeps whole answers: it is rendered to the end and sent
    // as one body, so it is compressed in one call rather than once per chunk React writes.
    const whole = nonce === undefined;
    const userAgent = request.headers.get("user-agent");
    const readyOption = whole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ResponseStatusProvider value={responseStatusCode}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ResponseStatusProvider>
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
          const init = { headers: responseHeaders, status: responseStatusCode };
          if (!whole) return resolve(new Response(createReadableStreamFromReadable(body), init));
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => resolve(new Response(Buffer.concat(chunks), init)));
          body.on("error", reject);
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
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return; // the visitor left: nothing went wrong
  // An outage, not a bug: the host answers 503 with Retry-After (server/express-app.ts).
  if (isDatabaseUnavailable(error)) (context as AppLoadContext | undefined)?.databaseUnavailable();
  logger.error({ err: error, method: request.method, url: redactUrl(new URL(request.url).pathname) }, "erro no servidor");
};
