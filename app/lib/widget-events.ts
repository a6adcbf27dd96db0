/**
 * The two overlays every public page can open, as native <dialog>s in the site layout:
 * - the free-consultation chat widget (SPEC §2), also opened by the global
 *   `window.openConsultationWidget()` (defined by app/shell/early/consultation-widget.ts);
 * - the consultation-request dialog behind the spec's "parent handler" buttons.
 * Buttons open them with invoker commands (`commandfor` + `command="show-modal"`), which need no
 * script; see app/components/overlay-buttons.tsx.
 */
export const CHAT_DIALOG_ID = "consultoria";
export const CONSULTATION_DIALOG_ID = "solicitar-consultoria";

declare global {
  interface Window {
    openConsultationWidget?: () => void;
  }
}
