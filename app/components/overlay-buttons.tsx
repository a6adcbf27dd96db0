/**
 * Buttons that open the two overlays of the public pages (app/lib/widget-events.ts). They are
 * invoker buttons: the browser opens the <dialog> itself, on the first tap, with or without
 * JavaScript; app/shell/early/invoker-commands.ts loads a polyfill where the browser lacks them.
 */
import { Button, type ButtonProps } from "~/components/ui/button";
import { CHAT_DIALOG_ID, CONSULTATION_DIALOG_ID } from "~/lib/widget-events";

/** Spread on any <button> that opens the chat widget. */
export const chatInvoker = { commandfor: CHAT_DIALOG_ID, command: "show-modal", "aria-haspopup": "dialog" } as const;

/** Spread on any <button> that opens the consultation request; `source` says which button asked. */
export function consultationInvoker(source: string) {
  return { commandfor: CONSULTATION_DIALOG_ID, command: "show-modal", "aria-haspopup": "dialog", "data-source": source } as const;
}

export function OpenChatButton(props: Omit<ButtonProps, "asChild" | "onClick">) {
  return <Button {...chatInvoker} {...props} />;
}

export function ConsultationRequestButton({ source, ...props }: Omit<ButtonProps, "asChild" | "onClick"> & { source: string }) {
  return <Button {...consultationInvoker(source)} {...props} />;
}
