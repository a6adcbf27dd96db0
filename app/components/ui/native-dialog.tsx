/**
 * Pieces of the native <dialog>s of the public pages (chat sheet, consultation request). They are
 * server-rendered and opened by invoker buttons, so they work before React runs and without it;
 * React only watches them. The browser gives a modal <dialog> what Radix did by script: top
 * layer, inert page behind, Escape, focus moved in and returned to the opener on close.
 */
import { useEffect, useState, type RefObject } from "react";
import { X } from "~/components/ui/icons";
import { cn } from "~/lib/utils";

/** Shared look of the corner close button of dialogs and sheets. */
export const closeButtonClassName = cn(
  "absolute top-2 right-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors",
  "hover:bg-muted hover:text-foreground",
  "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
  "disabled:pointer-events-none disabled:opacity-50",
);

const modalBase =
  "m-0 max-h-none max-w-none border-0 bg-card p-0 text-card-foreground shadow-lift backdrop:bg-navy/60 backdrop:backdrop-blur-[2px]";

/** A side sheet from the right (full width on phones). `open:` keeps a closed dialog hidden. */
export const sheetDialogClassName = cn(
  modalBase,
  "fixed inset-y-0 right-0 left-auto h-dvh w-full border-l border-border sm:max-w-md open:flex open:flex-col open:animate-slide-in-right",
);

/** A centred dialog. */
export const centeredDialogClassName = cn(
  modalBase,
  "fixed inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl border border-border open:animate-fade-in",
);

export interface DialogState {
  open: boolean;
  /** `data-source` of the dialog: set by the button that opened it (app/shell/early/consultation-source.ts). */
  source: string;
}

/** Follows a <dialog>'s open state (whoever opened it: an invoker button, the early script, code). */
export function useDialogState(ref: RefObject<HTMLDialogElement | null>): DialogState {
  const [state, setState] = useState<DialogState>({ open: false, source: "" });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const sync = () => setState({ open: dialog.open, source: dialog.dataset.source ?? "" });
    sync(); // it may have been opened before React ran
    const observer = new MutationObserver(sync);
    observer.observe(dialog, { attributes: true, attributeFilter: ["open", "data-source"] });
    return () => observer.disconnect();
  }, [ref]);
  return state;
}

/** The corner X: a `method="dialog"` form closes its dialog in every browser, script or not. */
export function DialogCloseButton({ label = "Fechar", className }: { label?: string; className?: string }) {
  return (
    <form method="dialog" className="contents">
      <button type="submit" className={cn(closeButtonClassName, className)}>
        <X className="size-5" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </button>
    </form>
  );
}
