/**
 * Escape belongs to the open dialog that has focus, whatever mounted after it (docs/decisions/0134).
 *
 * Radix gives Escape to the dismissable layer mounted last. A toast is such a layer, and one can
 * mount while a dialog is open (a refusal shown over the form, or a toast whose code arrived
 * late): it then took the dialog's Escape, and the dialog stayed open. So a toast that hears an
 * Escape pressed inside one of our dialogs keeps itself open and leaves the key to that dialog
 * (`leaveEscapeToDialog`), and the dialog closes on a key left to it (`useDialogEscape`). When the
 * dialog is the top layer, Radix closes it as before and nothing here runs.
 */
import { createContext, useCallback, useContext, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";

/** Marks the content of our Radix dialogs (./dialog, ./alert-dialog). */
const DIALOG_ESCAPE_ATTRIBUTE = "data-escape-owner";

const leftToDialog = new WeakSet<Event>();

/**
 * For a toast's `onEscapeKeyDown`: when the key was pressed inside an open dialog, the toast stays
 * (the event is marked handled for Radix) and the dialog takes the key. True when it did so.
 */
export function leaveEscapeToDialog(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (!target?.closest(`[${DIALOG_ESCAPE_ATTRIBUTE}]`)) return false;
  leftToDialog.add(event);
  event.preventDefault();
  return true;
}

/** Closes the dialog (as its Escape would) that is given to the content below it. */
const CloseDialog = createContext<() => void>(() => {});
export const CloseDialogProvider = CloseDialog.Provider;

/**
 * A dialog root's open state, controlled by its caller or its own: every way of closing, an
 * Escape left to it included, goes through the caller's `onOpenChange`.
 */
export function useDialogOpenState({
  open,
  defaultOpen,
  onOpenChange,
}: {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}): [boolean, (open: boolean) => void] {
  const [own, setOwn] = useState(defaultOpen ?? false);
  const controlled = open !== undefined;
  const change = useCallback(
    (next: boolean) => {
      if (!controlled) setOwn(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  return [controlled ? open : own, change];
}

/** Props for a dialog's content: its mark, and the Escape a toast above it left to it. */
export function useDialogEscape(onKeyDown?: (event: ReactKeyboardEvent<HTMLDivElement>) => void) {
  const close = useContext(CloseDialog);
  return {
    "data-escape-owner": "",
    onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
      onKeyDown?.(event);
      if (event.key === "Escape" && leftToDialog.has(event.nativeEvent)) close();
    },
  };
}
