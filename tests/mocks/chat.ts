/**
 * A local stand-in for the chat assistant service (SPEC §7): `POST /api/chat/session` and
 * `POST /api/chat`. Used by the tests and by `npm run dev:mocks`.
 *
 * The session answer's shape is set with `setSessionMode`; a chat reply is chosen by the
 * visitor's message text (`shape:<name>`, see `reply`), anything else is echoed back.
 */
import http from "node:http";
import { listen } from "./listen";

export type SessionMode = "session_id" | "id" | "string" | "no-id" | "500" | "hang";

export interface ReceivedCall {
  path: string;
  body: any;
  contentType?: string;
}

export interface FakeChat {
  url: string;
  received: ReceivedCall[];
  setSessionMode: (mode: SessionMode) => void;
  close: () => Promise<void>;
}

function reply(content: string, res: http.ServerResponse) {
  const json = (value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
  switch (content) {
    case "shape:message.content":
      return json({ message: { role: "assistant", content: "Resposta via message.content" }, content: "ignorada" });
    case "shape:string":
      return json("Resposta como corpo string");
    case "shape:string-json":
      return json(JSON.stringify({ message: { content: "Resposta em JSON dentro de string" } }));
    case "shape:text-plain":
      return res.writeHead(200, { "content-type": "text/plain" }).end("Resposta em texto puro");
    case "shape:content":
      return json({ content: "Resposta via content", text: "ignorada" });
    case "shape:text":
      return json({ text: "Resposta via text" });
    case "shape:assistant.response":
      return json({ assistant: { response: "Resposta via assistant.response" } });
    case "shape:other":
      return json({ resultado: 7 });
    case "shape:empty":
      return res.writeHead(200, { "content-type": "application/json" }).end("");
    case "shape:500":
      return res.writeHead(500, { "content-type": "application/json" }).end('{"error":"boom"}');
    case "shape:hang":
      return; // never answers: the app's timeout must
    default:
      return json({ message: { content: `Eco: ${content}` } });
  }
}

export async function startFakeChat(port = 0): Promise<FakeChat> {
  const received: ReceivedCall[] = [];
  let sessionMode: SessionMode = "session_id";
  let sessions = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        return res.writeHead(400).end();
      }
      received.push({ path: req.url ?? "", body, contentType: req.headers["content-type"] });
      const json = (value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (req.method === "POST" && req.url === "/api/chat/session") {
        const id = `sessao-${++sessions}`;
        if (sessionMode === "session_id") return json({ session_id: id, id: "nao-usar" });
        if (sessionMode === "id") return json({ id });
        if (sessionMode === "string") return json(JSON.stringify({ session_id: id }));
        if (sessionMode === "no-id") return json({ ok: true });
        if (sessionMode === "500") return res.writeHead(500).end("erro");
        return; // hang
      }
      if (req.method === "POST" && req.url === "/api/chat") return reply(body.messages?.[0]?.content, res);
      res.writeHead(404).end();
    });
  });
  const taken = await listen(server, port);
  return {
    url: `http://127.0.0.1:${taken}`,
    received,
    setSessionMode: (mode) => (sessionMode = mode),
    close: () => {
      server.closeAllConnections(); // a "hang" answer holds its socket open
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
