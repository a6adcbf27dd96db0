/**
 * What the admin blog's browser code sends and reads. Writes are the page's own action
 * (`BLOG_ACTION`, docs/decisions/0064), answered with `BlogAnswer`; reading a post to edit it and
 * uploading an image use the blog API (SPEC §7) through the one API client, where a failed answer
 * throws with the server's message (or the status text) and its field errors.
 */
import { type ApiAnswer, type ApiCall, callApi } from "~/lib/api-client";
import type { FormReply } from "~/lib/forms";

/** The admin blog page's action (the index route of /admin). */
export const BLOG_ACTION = "/admin?index";

/** The action's answer: done (with the saved record's id), or the form refused. */
export type BlogAnswer = { ok: true; intent: string; id?: number } | BlogRefusal;
export type BlogRefusal = { ok: false; intent: string } & FormReply;

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
