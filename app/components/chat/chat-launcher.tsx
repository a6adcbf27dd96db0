import { Island } from "~/components/island";
import { chatInvoker } from "~/components/overlay-buttons";
import { MessageCircle } from "~/components/ui/icons";
import { ChatWidget } from "./chat-widget";

/**
 * SPEC §2: the floating 'Consultoria Gratuita' button (bottom right; the messaging button sits
 * bottom left) and the sheet it opens. The button is an invoker: it opens the sheet on the first
 * tap, before (or without) React. It is there, with its label, at every scroll position
 * (docs/decisions/0059).
 */
export function ChatLauncher({ floating = true }: { floating?: boolean }) {
  return (
    <>
      {floating && (
        <button
          type="button"
          {...chatInvoker}
          data-testid="chat-launcher"
          // Always shown and labelled; never over the focused element (app/shell/early/floating-controls.ts).
          data-floating-control="right"
          className="fixed right-4 bottom-4 z-40 flex h-11 items-center gap-2 rounded-full bg-primary px-4 text-sm font-semibold sm:h-12 sm:px-5 sm:text-base text-primary-foreground shadow-lift hover:bg-primary-hover focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <MessageCircle className="size-5 shrink-0" aria-hidden />
          Consultoria Gratuita
        </button>
      )}
      <Island name="chat" component={ChatWidget} props={{}} />
    </>
  );
}
