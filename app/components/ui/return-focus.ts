/**
 * Where focus goes when a Radix dialog closes (docs/decisions/0031). Radix returns focus only to a
 * `Dialog.Trigger`; our dialogs are mostly opened from state (a row's 'Editar', 'Novo Post'), so
 * focus fell to <body> and the next Tab started again at the skip link.
 *
 * The element that had focus when the dialog opened is its opener (read in `onOpenAutoFocus`,
 * before Radix moves focus inside). On close, by any means (Escape, Cancelar, the X, a save),
 * focus goes back to it, unless the caller's own `onCloseAutoFocus` placed focus itself (it calls
 * `event.preventDefault()`, e.g. to the list's heading after a delete, when the opener's row is
 * gone).
 */
import { useRef } from "react";

export interface ReturnFocusProps {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: ReturnFocusProps) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault(); // Radix would focus a Trigger, and there is none
      if (opener.current?.isConnected) opener.current.focus();
    },
  };
}
