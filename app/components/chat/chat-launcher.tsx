import { MessageCircle } from "lucide-react";
import { chatInvoker } from "~/components/overlay-buttons";
import { ChatWidget } from "./chat-widget";
import { Island } from "~/components/island";

/**
 * SPEC §2: the floating 'Consultoria Gratuita' button (bottom right; the messaging button sits
 * bottom left) and the sheet it opens. The button is an invoker: it opens the sheet on the first
 * tap, before (or without) React.
 */
export function ChatLauncher() {
  return (
    <>
      <button
        type="button"
        {...chatInvoker}
        data-testid="chat-launcher"
        className="fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full bg-primary px-4 py-2.5 text-sm font-semibold sm:px-5 sm:py-3 sm:text-base text-primary-foreground shadow-lift transition-colors hover:bg-primary-hover focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <MessageCircle className="size-5" aria-hidden />
        Consultoria Gratuita
      </button>
      <Island name="chat" component={ChatWidget} props={{}} />
    </>
  );
}
