import { MessageCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { OPEN_CHAT_EVENT, openChatWidget } from "~/lib/widget-events";

// The widget (sheet, forms, chat logic) is its own chunk, fetched on first open or on intent.
const loadWidget = () => import("./chat-widget");
const ChatWidget = lazy(loadWidget);

/**
 * SPEC §2: the floating 'Consultoria Gratuita' button (bottom right; the messaging button sits
 * bottom left) and the global `window.openConsultationWidget()` other sections call.
 */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Where focus goes back on close: the button that opened the widget (there is no Radix trigger).
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    window.openConsultationWidget = openChatWidget;
    const onOpen = () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.closest("[role=dialog]")) return setOpen(true); // already open
      opener.current = active instanceof HTMLElement && active !== document.body ? active : button.current;
      setMounted(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_CHAT_EVENT, onOpen);
    return () => {
      window.removeEventListener(OPEN_CHAT_EVENT, onOpen);
      if (window.openConsultationWidget === openChatWidget) delete window.openConsultationWidget;
    };
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={openChatWidget}
        onPointerEnter={loadWidget}
        onFocus={loadWidget}
        aria-haspopup="dialog"
        data-testid="chat-launcher"
        className="fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full bg-primary px-4 py-2.5 text-sm font-semibold sm:px-5 sm:py-3 sm:text-base text-primary-foreground shadow-lift transition-colors hover:bg-primary-hover focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <MessageCircle className="size-5" aria-hidden />
        Consultoria Gratuita
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <ChatWidget open={open} onOpenChange={setOpen} returnFocus={() => opener.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
