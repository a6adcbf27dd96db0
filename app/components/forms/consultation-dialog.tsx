// STUB owned by the lead-capture issue: the consultation-request dialog, opened through
// openConsultationRequest(source) from ~/lib/widget-events. Mounted once in the site layout.
export function ConsultationDialog() {
  return null;
}
