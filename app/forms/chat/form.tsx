// The chat widget is this form's island: its contact step is the form (SPEC §4).
import { ChatContactForm, ChatWidget } from "~/components/chat/chat-widget";
import type { FormState } from "~/components/forms/lead-form-utils";

export { ChatWidget as Island };

export function PageForm({ state }: { state?: FormState }) {
  return <ChatContactForm initial={state} />;
}
