/**
 * The browser's one client for our own JSON API (SPEC §7): every answer is
 * `{ success, data?, message?, errors? }` (some add fields beside `data`, such as the checkout's
 * `url`). Credentials are always sent. A network failure throws (TypeError "Failed to fetch"):
 * each caller decides what the visitor sees then.
 */
export interface ApiAnswer<T = unknown> {
  ok: boolean;
  status: number;
  /** The parsed body, when it is JSON. */
  body: Record<string, unknown> | undefined;
  /** `body.data`. */
  data: T | undefined;
  /** On failure: the server's `message` (or `error`), else the HTTP status text. Empty when ok. */
  message: string;
  errors?: Record<string, string>;
  /** The answer's ETag, for a later conditional request (If-None-Match). */
  etag: string | null;
}

export interface ApiCall {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart (uploads). */
  form?: FormData;
  headers?: Record<string, string>;
  cache?: RequestCache;
}

export async function callApi<T = unknown>(path: string, call: ApiCall = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...call.headers };
  if (call.json !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method: call.method ?? (call.json !== undefined || call.form ? "POST" : "GET"),
    headers,
    credentials: "include",
    cache: call.cache,
    body: call.form ?? (call.json === undefined ? undefined : JSON.stringify(call.json)),
  });
  const text = await res.text();
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    body = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    body = undefined;
  }
  const serverMessage = typeof body?.message === "string" ? body.message : typeof body?.error === "string" ? body.error : "";
  // A 2xx that says `success: false` is a failure too.
  const ok = res.ok && body?.success !== false;
  return {
    ok,
    status: res.status,
    body,
    data: body?.data as T | undefined,
    message: ok ? "" : serverMessage || res.statusText || `Erro ${res.status}`,
    errors: body?.errors && typeof body.errors === "object" ? (body.errors as Record<string, string>) : undefined,
    etag: res.headers.get("etag"),
  };
}
