/**
 * `window.openConsultationWidget()`, the spec's global page function (SPEC §4): opens the chat
 * sheet and counts the funnel step, before and without React (app/lib/widget-events.ts).
 */
import type { EarlyContext } from "./context";

export function consultationWidget(c: EarlyContext) {
  (window as { openConsultationWidget?: () => void }).openConsultationWidget = () => {
    const dialog = document.getElementById(c.chatId) as HTMLDialogElement | null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      c.beacon("widget");
    }
  };
}
