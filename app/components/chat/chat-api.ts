/**
 * The widget's calls to our own server (never to the assistant service: SPEC §7 via our proxy),
 * through the one API client; any failure becomes `{ ok: false }`.
 */
import { callApi } from "~/lib/api-client";

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message?: string };

export async function postChatApi<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  try {
    const answer = await callApi<T>(path, { json: body });
    if (!answer.ok || answer.body?.success !== true || answer.data === undefined) {
      return { ok: false, status: answer.status, message: answer.message || undefined };
    }
    return { ok: true, data: answer.data };
  } catch {
    return { ok: false, status: 0 };
  }
}
