/**
 * The JSON API contract (SPEC §7) in one place: `{ success: true, data? }` on success,
 * `{ success: false, message, errors? }` with a 4xx for bad input. Routes stay thin by using these.
 */
import { fieldErrors } from "~/lib/form-errors";
import type { z } from "zod";

export const INVALID_INPUT_MESSAGE = "Dados inválidos. Verifique os campos destacados.";
const NUL_MESSAGE = "O conteúdo enviado contém caracteres inválidos.";

export function ok<T>(data?: T, init?: ResponseInit): Response {
  return Response.json(data === undefined ? { success: true } : { success: true, data }, init);
}

export function fail(status: number, message: string, errors?: Record<string, string>, init?: ResponseInit): Response {
  return Response.json(errors ? { success: false, message, errors } : { success: false, message }, {
    ...init,
    status,
  });
}

export { fieldErrors };

/**
 * Reads the body as JSON (or as a submitted form, for pages that work without JavaScript).
 * Throws a 400 JSON Response for anything that is not an object.
 */
export async function readBody(request: Request, options: { files?: boolean } = {}): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    // A malformed multipart body (a broken boundary) is the sender's error, not ours.
    const form = await request.formData().catch(() => {
      throw fail(400, "Não foi possível ler o conteúdo enviado.");
    });
    const result: Record<string, unknown> = Object.create(null);
    for (const [key, value] of form.entries()) {
      // Files only where the caller takes them (a form with a file field); elsewhere they are left out.
      if (typeof value !== "string") {
        if (options.files) result[key] = value;
        continue;
      }
      if (value.includes("\0")) throw fail(400, NUL_MESSAGE);
      result[key] = value;
    }
    return result;
  }
  const text = await request.text();
  if (!text.trim()) throw fail(400, "O corpo da requisição está vazio.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail(400, "JSON malformado: verifique o corpo da requisição.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw fail(400, "O corpo da requisição deve ser um objeto JSON.");
  }
  // PostgreSQL text cannot hold U+0000: refuse it here instead of failing at the insert.
  if (containsNul(parsed)) throw fail(400, NUL_MESSAGE);
  return parsed as Record<string, unknown>;
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (!value || typeof value !== "object" || depth > 20) return false;
  return Object.entries(value).some(([key, v]) => key.includes("\0") || containsNul(v, depth + 1));
}

/**
 * For an endpoint that reads no body: one sent anyway as JSON must at least be JSON, as every
 * other endpoint answers (400), never a success that ignored it.
 */
export async function refuseMalformedJson(request: Request): Promise<void> {
  if (!/\bjson\b/i.test(request.headers.get("content-type") ?? "")) return;
  const text = await request.text();
  if (!text) return;
  try {
    JSON.parse(text);
  } catch {
    throw fail(400, "JSON malformado: verifique o corpo da requisição.");
  }
}

/** Validates a body with the form's own schema; a 400 with Portuguese field messages otherwise. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const body = await readBody(request);
  const result = schema.safeParse(body);
  if (!result.success) throw fail(400, INVALID_INPUT_MESSAGE, fieldErrors(result.error));
  return result.data;
}

/** Parses a positive integer route parameter; a 400 otherwise. */
export function parseId(value: string | undefined, what = "id"): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw fail(400, `Parâmetro ${what} inválido.`);
  }
  return id;
}

/** The browser string as we store it (sessions, consents, devices): cut, never parsed. */
export function storedUserAgent(request: Request): string | null {
  return request.headers.get("user-agent")?.slice(0, 300) ?? null;
}

/**
 * `Content-Disposition` of a download: always an attachment, the name in UTF-8 (RFC 6266 and
 * 5987) and, for old clients, an ASCII copy without accents or quotes.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function methodNotAllowed(): Response {
  return fail(405, "Método não permitido.");
}

/**
 * A refusal a domain function threw (`fail`, a 4xx JSON answer), read back for a page whose
 * native form shows it beside its fields; anything else (a bug, an outage) is not a refusal.
 */
export async function refusalOf(error: unknown): Promise<{ status: number; message: string; errors?: Record<string, string> } | null> {
  if (!(error instanceof Response) || error.status < 400 || error.status >= 500) return null;
  const body = (await error
    .clone()
    .json()
    .catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
  return { status: error.status, message: body.message ?? "", errors: body.errors };
}

/** The page of an error no route answered (the host's last resort): plain, in Portuguese, never a stack. */
export const ERROR_PAGE =
  '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Erro</title>' +
  '<body style="font-family:sans-serif;padding:2rem"><h1>Algo deu errado</h1>' +
  '<p>Tente novamente em instantes.</p><p><a href="/">Voltar ao início</a></p></body></html>';
