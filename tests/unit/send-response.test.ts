/**
 * A streamed answer (a page rendered for a session, an export) goes through the compression
 * middleware to a real socket: it arrives whole, compressed, and the stream gets one 'drain'
 * listener, not one per write (Node warned "MaxListenersExceededWarning … [BrotliCompress]").
 */
import { once } from "node:events";
import compression from "compression";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { sendResponse } from "../../server/react-router-handler";
import type { AddressInfo } from "node:net";

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
afterEach(() => {
  process.off("warning", onWarning);
});

test("a streamed answer of 4 MB arrives whole through brotli, with no pile of 'drain' listeners", async () => {
  process.on("warning", onWarning);
  // Random digits: hard to compress, so the compressor's buffer fills and writes must wait for 'drain'.
  const chunks = Array.from({ length: 200 }, (_, i) => `<p>${i}:${crypto.getRandomValues(new Uint8Array(8_000)).join("")}</p>`);
  const app = express();
  app.use(compression());
  app.get("/", (_req, res, next) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    sendResponse(res, new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } })).catch(next);
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "Accept-Encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    // fetch decodes brotli itself.
    const text = await response.text();
    expect(text).toBe(chunks.join(""));
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning").map((w) => w.message)).toEqual([]);
  } finally {
    server.close();
  }
});
