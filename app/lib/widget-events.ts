/**
 * How any section opens the two overlays without importing them (they load lazily):
 * - the free-consultation chat widget (SPEC §2 "global page function"), also exposed as
 *   `window.openConsultationWidget()`;
 * - the consultation-request dialog behind the spec's "parent handler" buttons.
 */
export const OPEN_CHAT_EVENT = "agile:open-chat";
export const OPEN_CONSULTATION_EVENT = "agile:open-consultation";

export interface ConsultationRequestDetail {
  /** Which button asked, e.g. 'Solicitar Apresentação de Cases'; stored with the request. */
  source: string;
}

export function openChatWidget(): void {
  window.dispatchEvent(new CustomEvent(OPEN_CHAT_EVENT));
}

export function openConsultationRequest(source: string): void {
  window.dispatchEvent(new CustomEvent<ConsultationRequestDetail>(OPEN_CONSULTATION_EVENT, { detail: { source } }));
}

declare global {
  interface Window {
    openConsultationWidget?: () => void;
  }
}
