import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Bot, Clock, Rocket, SendHorizontal } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { DialogCloseButton, sheetDialogClassName, useDialogState } from "~/components/ui/native-dialog";
import { Spinner } from "~/components/ui/spinner";
import { ChatContactForm } from "~/forms/chat/contact-form";
import { BOOKING_PATH, bookingMessages } from "~/lib/booking";
import { chatTexts } from "~/lib/messages/chat";
import { CHAT_MESSAGE_MAX } from "~/lib/schemas/chat";
import { cn } from "~/lib/utils";
import { CHAT_DIALOG_ID } from "~/lib/widget-events";
import { useChat, type ChatMessage } from "./use-chat";

/**
 * The free-consultation chat (SPEC §2, §4): a side sheet with the contact form first, then the
 * conversation. The sheet is a native <dialog> in every public page's HTML, opened by invoker
 * buttons (app/components/overlay-buttons.tsx): it appears on the first tap, before React runs,
 * and its contact step posts like any form without JavaScript (/enviar/chat). React adds the
 * session, validation and the conversation; the conversation survives closing and reopening.
 */
export function ChatWidget() {
  const dialog = useRef<HTMLDialogElement>(null);
  const { open } = useDialogState(dialog);
  const chat = useChat(open);
  return (
    <dialog
      ref={dialog}
      id={CHAT_DIALOG_ID}
      // The browser owns `open` (a tap may open it before the island wakes): not a mismatch.
      suppressHydrationWarning
      aria-labelledby="consultoria-title"
      aria-describedby="consultoria-subtitle"
      closedby="any"
      className={sheetDialogClassName}
    >
      <header className="relative border-b border-border bg-secondary/60 p-5 pr-14">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Bot className="size-5" aria-hidden />
          </span>
          <div>
            <h2 id="consultoria-title" className="font-display text-lg leading-tight font-semibold text-foreground">
              {chatTexts.title}
            </h2>
            <p id="consultoria-subtitle" className="text-sm text-muted-foreground">
              {chatTexts.subtitle}
            </p>
          </div>
        </div>
        <ul className="mt-3 flex flex-wrap gap-2 text-xs font-medium text-secondary-foreground">
          <li className="flex items-center gap-1.5 rounded-full bg-background px-3 py-1">
            <Clock className="size-3.5 text-primary" aria-hidden />
            {chatTexts.responsePromise}
          </li>
          <li className="flex items-center gap-1.5 rounded-full bg-background px-3 py-1">
            <Rocket className="size-3.5 text-primary" aria-hidden />
            {chatTexts.implementationPromise}
          </li>
        </ul>
        <DialogCloseButton label="Fechar chat" />
      </header>

      <MessageList messages={chat.messages} waiting={chat.loading && Boolean(chat.contact)} />
      {/* The modal sheet hides the page's toast region from assistive technology: repeat them here. */}
      <p role="status" className="sr-only">
        {chat.announcement}
      </p>

      <div className="border-t border-border bg-background p-4">
        {chat.contact ? (
          <>
            <ChatInput disabled={chat.loading} onSend={chat.send} />
            {/* The contact step is done: a meeting time is one link away (docs/decisions/0082). */}
            <p className="mt-2 text-xs text-muted-foreground" data-testid="chat-booking-link">
              Prefere conversar por vídeo?{" "}
              <a href={BOOKING_PATH} className="font-semibold text-primary underline-offset-4 hover:underline">
                {bookingMessages.entryLink}
              </a>
            </p>
          </>
        ) : (
          <ChatContactForm loading={chat.loading} onSubmit={chat.submitContact} />
        )}
      </div>
    </dialog>
  );
}

function MessageList({ messages, waiting }: { messages: ChatMessage[]; waiting: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  // Keep the latest message in view (also when the sheet is opened again).
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
  }, [messages, waiting]);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto bg-muted/50 px-4 py-5">
      <div role="log" aria-live="polite" aria-label={chatTexts.messagesLabel} className="flex flex-col gap-3">
        {messages.map((m) => {
          const visitor = m.role === "user";
          return (
            <div key={m.id} className={cn("flex", visitor ? "justify-end" : "justify-start")}>
              <p
                className={cn(
                  "max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-sm leading-relaxed shadow-xs",
                  m.auto
                    ? "rounded-br-sm border border-dashed border-primary/40 bg-card text-card-foreground"
                    : visitor
                      ? "rounded-br-sm bg-primary text-primary-foreground"
                      : "rounded-bl-sm border border-border bg-card text-card-foreground",
                )}
                data-role={m.role}
                data-auto={m.auto ? "true" : undefined}
              >
                {m.auto ? (
                  <span className="block text-xs text-muted-foreground">{chatTexts.autoLabel}: </span>
                ) : (
                  <span className="sr-only">{visitor ? "Você: " : "Especialista: "}</span>
                )}
                {m.content}
              </p>
            </div>
          );
        })}
      </div>
      {waiting && (
        <div className="mt-3 flex items-center gap-2 text-xs text-muted-foreground" aria-hidden>
          <Spinner className="size-3.5" /> Digitando...
        </div>
      )}
    </div>
  );
}

function ChatInput({ disabled, onSend }: { disabled: boolean; onSend: (text: string) => void }) {
  const [value, setValue] = useState("");
  const input = useRef<HTMLInputElement>(null);

  // The contact form just gave way to the chat: keep the keyboard where the visitor types next.
  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text || disabled) return;
    setValue("");
    onSend(text);
  };

  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <label htmlFor="chat-input" className="sr-only">
        {chatTexts.inputLabel}
      </label>
      <Input
        ref={input}
        id="chat-input"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={chatTexts.inputPlaceholder}
        maxLength={CHAT_MESSAGE_MAX}
        autoComplete="off"
      />
      <Button type="submit" size="icon" disabled={disabled || !value.trim()} aria-label={chatTexts.send}>
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
