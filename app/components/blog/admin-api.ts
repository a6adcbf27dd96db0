/**
 * Browser calls of the admin to the blog API (SPEC §7), through the one API client; a failed
 * answer throws with the server's message (or the status text) and its field errors.
 */
import { type ApiAnswer, type ApiCall, callApi } from "~/lib/api-client";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A failed answer as an ApiError; a 401 (session ended, or logged out elsewhere) goes back to the login page. */
function failure(answer: ApiAnswer): ApiError {
  if (answer.status === 401) window.location.assign("/login");
  return new ApiError(answer.message, answer.status, answer.errors);
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T | undefined> {
  const answer = await callApi<T>(path, { method: method as ApiCall["method"], json: body });
  if (!answer.ok) throw failure(answer);
  return answer.data; // an OK answer without a body counts as success
}

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** POST /api/uploads; the server checks the real format again (by content). */
export async function uploadImage(file: File): Promise<{ url: string; width: number; height: number }> {
  if (file.size > UPLOAD_MAX_BYTES) throw new ApiError("A imagem deve ter no máximo 5 MB.", 413);
  if (!UPLOAD_TYPES.includes(file.type)) throw new ApiError("Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.", 415);
  const form = new FormData();
  form.append("file", file);
  const answer = await callApi<{ url: string; width: number; height: number }>("/api/uploads", { form });
  if (!answer.ok || !answer.data) throw failure(answer);
  return answer.data;
}
