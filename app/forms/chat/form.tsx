// The chat widget is this form's island: its contact step is the form (SPEC §4), ./contact-form.tsx.
import { ChatWidget } from "~/components/chat/chat-widget";
import type { FormState } from "~/components/forms/lead-form-utils";
import { ChatContactForm } from "./contact-form";

export { ChatWidget as Island };

export function PageForm({ state }: { state?: FormState }) {
  return <ChatContactForm initial={state} idPrefix="chat-page" />;
}
