/**
 * Browser calls of the admin to the blog API (SPEC §7): JSON, with credentials; a non-OK answer
 * fails with the server's message (or the status text) and its field errors.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

async function readFailure(res: Response): Promise<ApiError> {
  let message = res.statusText || `Erro ${res.status}`;
  let errors: Record<string, string> | undefined;
  try {
    const body = (await res.json()) as { message?: string; errors?: Record<string, string> };
    if (body?.message) message = body.message;
    errors = body?.errors;
  } catch {
    /* no JSON body */
  }
  // The session ended (expired or logged out elsewhere): back to the login page.
  if (res.status === 401) window.location.assign("/login");
  return new ApiError(message, res.status, errors);
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T | undefined> {
  const res = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "include",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await readFailure(res);
  const text = await res.text();
  if (!text) return undefined; // an OK answer without a body counts as success
  try {
    return (JSON.parse(text) as { data?: T }).data;
  } catch {
    return undefined;
  }
}

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** POST /api/uploads; the server checks the real format again (by content). */
export async function uploadImage(file: File): Promise<{ url: string; width: number; height: number }> {
  if (file.size > UPLOAD_MAX_BYTES) throw new ApiError("A imagem deve ter no máximo 5 MB.", 413);
  if (!UPLOAD_TYPES.includes(file.type)) throw new ApiError("Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.", 415);
  const form = new FormData();
  form.append("file", file);
  const res = await fetch("/api/uploads", { method: "POST", body: form, credentials: "include" });
  if (!res.ok) throw await readFailure(res);
  return ((await res.json()) as { data: { url: string; width: number; height: number } }).data;
}
