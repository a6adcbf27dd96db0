/**
 * One-shot toasts across a redirect: the server sets a short-lived cookie, the browser's
 * Toaster shows it and deletes it. Readable by scripts on purpose (it holds no secret).
 */
import type { ToastInput } from "~/components/ui/use-toast";

const NAME = "flash";

export function flashCookie(toast: ToastInput): string {
  return `${NAME}=${encodeURIComponent(JSON.stringify(toast))}; Path=/; Max-Age=60; SameSite=Lax`;
}

export function readFlash(): ToastInput | null {
  if (typeof document === "undefined") return null;
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${NAME}=`));
  if (!match) return null;
  document.cookie = `${NAME}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    const value = JSON.parse(decodeURIComponent(match.slice(NAME.length + 1))) as ToastInput;
    return typeof value?.title === "string" ? value : null;
  } catch {
    return null;
  }
}
