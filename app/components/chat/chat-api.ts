/**
 * The widget's calls to our own server (never to the assistant service: SPEC §7 via our proxy).
 * JSON in and out, credentials included; any failure becomes `{ ok: false }`.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message?: string };

export async function postChatApi<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      credentials: "include",
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as { success?: boolean; data?: T; message?: string } | null;
    if (!res.ok || !json?.success || json.data === undefined) {
      return { ok: false, status: res.status, message: json?.message ?? res.statusText };
    }
    return { ok: true, data: json.data };
  } catch {
    return { ok: false, status: 0 };
  }
}
