import { MessageCircle } from "lucide-react";
import { useEffect } from "react";
import { OPEN_CHAT_EVENT, openChatWidget } from "~/lib/widget-events";

// STUB owned by the chat-widget issue: the floating 'Consultoria Gratuita' button and the lazily
// loaded chat sheet. It must listen to OPEN_CHAT_EVENT and define window.openConsultationWidget.
export function ChatLauncher() {
  useEffect(() => {
    window.openConsultationWidget = openChatWidget;
    const onOpen = () => {};
    window.addEventListener(OPEN_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpen);
  }, []);
  return (
    <button type="button" onClick={openChatWidget} className="fixed bottom-4 right-4 z-40 flex items-center gap-2 rounded-full bg-primary px-5 py-3 font-semibold text-primary-foreground shadow-lift">
      <MessageCircle className="size-5" aria-hidden />
      Consultoria Gratuita
    </button>
  );
}
