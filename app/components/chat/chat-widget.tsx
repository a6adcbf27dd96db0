import { Bot, Clock, Rocket, SendHorizontal } from "lucide-react";
import { fieldErrors } from "~/lib/form-errors";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { Spinner } from "~/components/ui/spinner";
import { chatTexts } from "~/lib/messages/chat";
import { LEGAL_PATHS } from "~/lib/privacy";
import { CHAT_COMPANY_MAX, CHAT_MESSAGE_MAX, chatContactSchema, type ChatContactInput } from "~/lib/schemas/chat";
import { cn } from "~/lib/utils";
import { useChat, type ChatMessage } from "./use-chat";

export interface ChatWidgetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts focus back on whatever opened the widget. */
  returnFocus?: () => void;
}

/**
 * The free-consultation chat (SPEC §2, §4): a side sheet with the contact form first, then the
 * conversation. Loaded lazily by ChatLauncher; it stays mounted after the first open, so closing
 * and reopening keeps the conversation.
 */
export default function ChatWidget({ open, onOpenChange, returnFocus }: ChatWidgetProps) {
  const chat = useChat(open);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        className="gap-0 overflow-hidden p-0"
        closeLabel="Fechar chat"
        onCloseAutoFocus={(event) => {
          if (!returnFocus) return;
          event.preventDefault();
          returnFocus();
        }}
      >
        <SheetHeader className="border-b border-border bg-secondary/60 p-5 pr-14">
          <div className="flex items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <Bot className="size-5" aria-hidden />
            </span>
            <div>
              <SheetTitle>{chatTexts.title}</SheetTitle>
              <SheetDescription>{chatTexts.subtitle}</SheetDescription>
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
        </SheetHeader>

        <MessageList messages={chat.messages} waiting={chat.loading && Boolean(chat.contact)} />
        {/* The modal sheet hides the page's toast region from assistive technology: repeat them here. */}
        <p role="status" className="sr-only">
          {chat.announcement}
        </p>

        <div className="border-t border-border bg-background p-4">
          {chat.contact ? (
            <ChatInput disabled={chat.loading || !chat.hasSession} onSend={chat.send} />
          ) : (
            <ContactForm loading={chat.loading || !chat.hasSession} onSubmit={chat.submitContact} />
          )}
        </div>
      </SheetContent>
    </Sheet>
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
                  visitor
                    ? "rounded-br-sm bg-primary text-primary-foreground"
                    : "rounded-bl-sm border border-border bg-card text-card-foreground",
                )}
                data-role={m.role}
              >
                <span className="sr-only">{visitor ? "Você: " : "Especialista: "}</span>
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

type ContactErrors = Partial<Record<keyof ChatContactInput, string>>;

function ContactForm({ loading, onSubmit }: { loading: boolean; onSubmit: (values: ChatContactInput) => void }) {
  const [errors, setErrors] = useState<ContactErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const form = new FormData(event.currentTarget);
    const parsed = chatContactSchema.safeParse({
      email: form.get("email") ?? "",
      phone: form.get("phone") ?? "",
      message: form.get("message") ?? "",
    });
    if (!parsed.success) {
      const next: ContactErrors = fieldErrors(parsed.error);
      setErrors(next);
      const first = (["email", "phone", "message"] as const).find((k) => next[k]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`#chat-${first}`)?.focus();
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Seus dados para a consultoria">
      <FormField id="chat-email" label={chatTexts.emailLabel} error={errors.email} required>
        <Input name="email" type="email" autoComplete="email" inputMode="email" {...fieldA11y("chat-email", errors.email)} />
      </FormField>
      <FormField id="chat-phone" label={chatTexts.phoneLabel} error={errors.phone} required>
        <Input
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder="(11) 99999-9999"
          {...fieldA11y("chat-phone", errors.phone)}
        />
      </FormField>
      <FormField id="chat-message" label={chatTexts.companyLabel} error={errors.message}>
        <Input name="message" autoComplete="organization" maxLength={CHAT_COMPANY_MAX} {...fieldA11y("chat-message", errors.message)} />
      </FormField>
      <Button type="submit" disabled={loading} className="w-full">
        {loading ? chatTexts.submitting : chatTexts.submit}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        {chatTexts.privacyNote}{" "}
        <a href={LEGAL_PATHS.privacy} target="_blank" rel="noopener" className="underline underline-offset-2 hover:text-foreground">
          Política de Privacidade<span className="sr-only"> (abre em nova aba)</span>
        </a>
      </p>
    </form>
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
