import { useCallback, useEffect, useRef, useState } from "react";
import { toast, type ToastInput } from "~/components/ui/use-toast";
import type { ChatContactInput } from "~/forms/chat/schema";
import {
  AUTO_FIRST_MESSAGE_DELAY_MS,
  chatTexts,
  chatToasts,
  OFFLINE_REPLY_DELAY_MS,
  OFFLINE_SESSION_PREFIX,
  offlineReply,
  sendFailureReply,
} from "~/lib/messages/chat";
import type { ChatReplyData, ChatSessionData } from "~/lib/schemas/chat";
import { postChatApi } from "./chat-api";

export interface ChatMessage {
  id: number;
  role: "user" | "assistant";
  content: string;
  /** Sent for the visitor (SPEC §4: the company name typed in the contact step), not typed in the chat. */
  auto?: boolean;
}

interface SessionState {
  sessionId: string;
  /** Proof of ownership from our server; null when the widget could not reach it. */
  token: string | null;
  offline: boolean;
}

/**
 * The widget's state machine (SPEC §4): session on first open, contact form, then chat online
 * (through our proxy) or offline (reply after 1.5 s), with the SPEC §8 toasts.
 */
export function useChat(open: boolean) {
  // SPEC §4's first assistant message is in the server-rendered sheet already (it is the same in
  // the online and the offline case), so a sheet opened before React ran shows it too.
  const [messages, setMessages] = useState<ChatMessage[]>([{ id: 0, role: "assistant", content: chatTexts.firstMessage }]);
  const [loading, setLoading] = useState(false);
  const [contact, setContactState] = useState<ChatContactInput | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // Refs hold the truth for timers and async callbacks; state only drives rendering.
  const sessionRef = useRef<SessionState | null>(null);
  /** Settles when the first open's session request has (SPEC §4: sending waits for a session). */
  const sessionReady = useRef<Promise<SessionState> | null>(null);
  const contactRef = useRef<ChatContactInput | null>(null);
  const nextId = useRef(0);
  /** The visitor's messages sent so far (the offline reply to the first differs from later ones). */
  const sentCount = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const append = useCallback((role: ChatMessage["role"], content: string, auto = false) => {
    setMessages((list) => [...list, { id: ++nextId.current, role, content, ...(auto ? { auto } : {}) }]);
  }, []);

  const later = useCallback((ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      fn();
    }, ms);
    timers.current.add(t);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  /** A SPEC §8 toast, also announced inside the sheet (the modal hides the toast region). */
  const notify = useCallback((input: ToastInput) => {
    setAnnouncement(`${input.title}. ${input.description ?? ""}`);
    return toast(input);
  }, []);

  /**
   * The session, created once (online or offline): on the first open, or by a contact submitted
   * before the open was noticed (a submit made before the island hydrated is replayed at once, so
   * it must never find "no session yet" and be dropped). It never disables the contact form: a
   * contact sent meanwhile waits for it (a disabled button would drop an Enter or a tap).
   */
  const ensureSession = useCallback((): Promise<SessionState> => {
    sessionReady.current ??= (async () => {
      const result = await postChatApi<ChatSessionData>("/api/chat/session", {});
      let session: SessionState;
      if (result.ok) {
        const { sessionId, token, offline, notice } = result.data;
        session = { sessionId, token, offline };
        if (notice === "no-id") notify({ ...chatToasts.sessionWithoutId, variant: "destructive" });
        if (notice === "unavailable") notify({ ...chatToasts.sessionFailure, variant: "destructive" });
      } else {
        session = { sessionId: `${OFFLINE_SESSION_PREFIX}${Date.now()}`, token: null, offline: true };
        notify({ ...chatToasts.sessionFailure, variant: "destructive" });
      }
      sessionRef.current = session;
      return session;
    })();
    return sessionReady.current;
  }, [notify]);

  // First open with no session: create one.
  useEffect(() => {
    if (open) void ensureSession();
  }, [open, ensureSession]);

  /** Sends one visitor message; ignored when empty or before session and contact exist. */
  const send = useCallback(
    async (text: string, auto = false) => {
      const content = text.trim();
      const session = sessionRef.current;
      const who = contactRef.current;
      if (!content || !session || !who) return;
      const again = sentCount.current++ > 0;
      append("user", content, auto);
      const body = { sessionId: session.sessionId, token: session.token, content };

      if (session.offline) {
        setLoading(true);
        // Stored on the server (the team follows up); the reply does not wait for it.
        if (session.token) void postChatApi<ChatReplyData>("/api/chat", body);
        later(OFFLINE_REPLY_DELAY_MS, () => {
          append("assistant", offlineReply(who.email, again));
          setLoading(false);
        });
        return;
      }

      setLoading(true);
      const sending = notify(chatToasts.sending);
      const result = await postChatApi<ChatReplyData>("/api/chat", body);
      if (!result.ok) {
        notify({ ...chatToasts.sendFailure, variant: "destructive" });
        sessionRef.current = { ...session, offline: true };
        append("assistant", sendFailureReply(who.email));
      } else {
        const { status, reply, offline } = result.data;
        if (status === "ok") sending.dismiss();
        if (status === "parse-error") notify({ ...chatToasts.parseError, variant: "destructive" });
        if (status === "failed") notify({ ...chatToasts.sendFailure, variant: "destructive" });
        if (offline) sessionRef.current = { ...session, offline: true };
        append("assistant", reply);
      }
      setLoading(false);
    },
    [append, later, notify],
  );

  /** The contact form's submit: stored on the server, then the chat view and its greeting. */
  const submitContact = useCallback(
    async (values: ChatContactInput) => {
      setLoading(true);
      const session = await ensureSession();
      const result = await postChatApi<ChatSessionData>("/api/chat/contact", {
        ...values,
        ...(session.token ? { sessionId: session.sessionId, token: session.token } : {}),
      });
      if (result.ok) sessionRef.current = { sessionId: result.data.sessionId, token: result.data.token, offline: result.data.offline };
      contactRef.current = values;
      setContactState(values);
      append("assistant", chatTexts.greeting);
      setLoading(false);
      const company = values.message;
      if (company) later(AUTO_FIRST_MESSAGE_DELAY_MS, () => void send(company, true));
    },
    [append, ensureSession, later, send],
  );

  return { messages, loading, contact, announcement, send, submitContact };
}
