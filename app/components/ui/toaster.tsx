import { Toast as ToastPrimitive } from "radix-ui";
import { useLayoutEffect, useRef } from "react";
import { X } from "~/components/ui/icons";
import { cn } from "~/lib/utils";
import { leaveEscapeToDialog } from "./escape";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "./use-toast";

/**
 * Renders the toast queue (Radix: swipe threshold 50 px and hotkey F8 are its defaults).
 * Loaded by ToastHost (./toast-host) when the first toast appears.
 */
export default function Toaster() {
  const items = useToasts();
  const layer = useRef<HTMLDivElement>(null);

  // Toasts must show above an open modal <dialog> (the chat sheet), which sits in the browser's
  // top layer: they live in a manual popover, shown again on every change so it is the top one.
  useLayoutEffect(() => {
    const el = layer.current;
    if (!el?.showPopover) return;
    if (el.matches(":popover-open")) el.hidePopover();
    el.showPopover();
  }, [items]);

  return (
    <div ref={layer} popover="manual" className="pointer-events-none m-0 size-0 overflow-visible border-0 bg-transparent p-0">
      <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notificação">
        {items.map((item) => (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            // Mounted after an open dialog, a toast is Radix's top layer and hears Escape first:
            // pressed inside the dialog, the key is the dialog's, and the toast stays (./escape).
            onEscapeKeyDown={(event) => void leaveEscapeToDialog(event)}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            className={cn(
              // On a phone a button goes under the text, which keeps the toast's whole width.
              "group pointer-events-auto relative flex w-full flex-col items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lift sm:flex-row sm:justify-between",
              "data-[state=open]:animate-fade-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition-opacity",
              item.variant === "destructive"
                ? "border-destructive bg-destructive text-destructive-foreground"
                : "border-border bg-background text-foreground",
            )}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              {item.description && (
                <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
              )}
              {item.note && <p className="text-sm opacity-90">{item.note}</p>}
            </div>
            {item.action && (
              <ToastPrimitive.Action
                altText={item.action.label}
                onClick={item.action.onClick}
                className="shrink-0 rounded-md border border-current px-3 py-1.5 text-sm font-medium"
              >
                {item.action.label}
              </ToastPrimitive.Action>
            )}
            <ToastPrimitive.Close
              className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100"
              aria-label="Fechar"
            >
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport
          label="Notificações ({hotkey})"
          className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
        />
      </ToastPrimitive.Provider>
    </div>
  );
}
