import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { X } from "~/components/ui/icons";
import { cn } from "~/lib/utils";
import { CloseDialogProvider, useDialogEscape, useDialogOpenState } from "./escape";
import { closeButtonClassName } from "./native-dialog";
import { useReturnFocus, type ReturnFocusProps } from "./return-focus";

export { closeButtonClassName };

export function Dialog({ open, defaultOpen, onOpenChange, ...props }: React.ComponentProps<typeof DialogPrimitive.Root>) {
  // Escape closes it even under a toast mounted after it (./escape).
  const [isOpen, setOpen] = useDialogOpenState({ open, defaultOpen, onOpenChange });
  return (
    <CloseDialogProvider value={() => setOpen(false)}>
      <DialogPrimitive.Root data-slot="dialog" open={isOpen} onOpenChange={setOpen} {...props} />
    </CloseDialogProvider>
  );
}

export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogPortal(props: React.ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn("fixed inset-0 z-50 bg-navy/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in", className)}
      {...props}
    />
  );
}

export type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> &
  ReturnFocusProps & {
    /** Show the X button in the corner (default true). */
    showCloseButton?: boolean;
    /** Accessible name of the X button. */
    closeLabel?: string;
  };

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  closeLabel = "Fechar",
  onOpenAutoFocus,
  onCloseAutoFocus,
  onKeyDown,
  ...props
}: DialogContentProps) {
  // Focus goes back to whatever opened the dialog (./return-focus).
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const escape = useDialogEscape(onKeyDown);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4",
          "max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-lift",
          "focus-visible:outline-hidden data-[state=open]:animate-fade-in",
          className,
        )}
        {...props}
        {...focus}
        {...escape}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close data-slot="dialog-close" className={closeButtonClassName}>
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="dialog-header" className={cn("flex flex-col gap-1.5 pr-10 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="dialog-footer" className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("font-display text-lg leading-tight font-semibold text-foreground", className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description data-slot="dialog-description" className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}
