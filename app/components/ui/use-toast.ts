/**
 * Toast store (SPEC §3 toast entity, §9 constants): at most one toast at a time; a new one
 * replaces the current. Call `toast()` from anywhere in the browser.
 */
import { useSyncExternalStore } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** SPEC §9: a dismissed toast stays mounted this long (its close animation never gets cut). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  /** A line beyond the spec's text, below the description (e.g. the newsletter's confirmation step). */
  note?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; SPEC default 5000. */
  duration?: number;
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let counter = 0;
let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: string): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if (t.open || removalTimers.has(t.id)) continue;
    removalTimers.set(
      t.id,
      setTimeout(() => {
        removalTimers.delete(t.id);
        emit(toasts.filter((x) => x.id !== t.id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => serverSnapshot,
  );
}
