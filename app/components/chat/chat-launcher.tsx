import { Island } from "~/components/island";
import { chatInvoker } from "~/components/overlay-buttons";
import { MessageCircle } from "~/components/ui/icons";
import { ChatWidget } from "./chat-widget";

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
        // Folds to its icon or steps aside where it would cover text (app/lib/early-script.ts).
        data-floating-control="right"
        className="fixed right-4 bottom-4 z-40 flex h-(--float-size) items-center gap-2 rounded-full bg-primary px-4 text-sm font-semibold [--float-size:2.75rem] sm:px-5 sm:text-base sm:[--float-size:3rem] text-primary-foreground shadow-lift hover:bg-primary-hover focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <MessageCircle className="size-5 shrink-0" aria-hidden />
        <span data-float-label="">Consultoria Gratuita</span>
      </button>
      <Island name="chat" component={ChatWidget} props={{}} />
    </>
  );
}
