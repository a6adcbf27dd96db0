/**
 * Every text of the free-consultation chat widget (SPEC §2, §4, §8), shared by the widget and the
 * server (which stores the same assistant messages the visitor sees); its contact step's are
 * app/forms/chat/messages.ts.
 */
export const chatTexts = {
  launcher: "Consultoria Gratuita",
  title: "Consultoria Gratuita",
  subtitle: "Nossos especialistas estão aqui para ajudar",
  /** SPEC §9 reply promises of the widget. */
  responsePromise: "Resposta em até 24 horas",
  implementationPromise: "Implementação em até 30 dias",
  firstMessage:
    "Olá! Para iniciar nossa consultoria gratuita, precisamos do seu email e telefone. Por favor, preencha o formulário abaixo.",
  greeting: "Obrigado! Agora podemos começar nossa consultoria. Como posso ajudar você hoje?",
  /** Above the company name the widget sends for the visitor (not typed in the chat). */
  autoLabel: "Enviado automaticamente com o nome da empresa",
  inputLabel: "Sua mensagem",
  inputPlaceholder: "Digite sua mensagem...",
  send: "Enviar mensagem",
  messagesLabel: "Mensagens da conversa",
} as const;

export const chatToasts = {
  sessionWithoutId: { title: "Erro na conexão", description: "Não foi possível iniciar o chat. Modo offline ativado." },
  sessionFailure: {
    title: "Erro de conexão",
    description: "Não foi possível conectar ao serviço de chat. Modo offline ativado.",
  },
  sending: { title: "Processando", description: "Enviando mensagem para o assistente..." },
  parseError: {
    title: "Erro ao processar resposta",
    description: "Houve um problema ao processar a resposta do assistente.",
  },
  sendFailure: {
    title: "Problema na comunicação",
    description: "Não foi possível obter resposta do assistente. Continuando em modo offline.",
  },
} as const;

/**
 * SPEC §4: the offline-mode answer, 1.5 s after each visitor message. The whole promise answers
 * the visitor's first message; a later one gets a short receipt, not the same canned text again.
 */
export function offlineReply(email: string, later = false): string {
  if (later) return `Mensagem recebida! O especialista que vai falar com você pelo email ${email} lerá toda a conversa.`;
  return `Obrigado pela sua mensagem! Ela foi recebida e um de nossos especialistas entrará em contato pelo email ${email} em até 24 horas.`;
}

/** SPEC §8: fallback assistant message when the assistant's reply cannot be read. */
export const PARSE_ERROR_REPLY =
  "Desculpe, não consegui processar a resposta agora. Um de nossos especialistas entrará em contato para oferecer uma consultoria personalizada para a sua empresa.";

/** SPEC §8: fallback assistant message when the assistant cannot be reached. */
export function sendFailureReply(email: string): string {
  return `Estamos com dificuldades técnicas no momento. Sua mensagem foi registrada e um de nossos especialistas entrará em contato pelo email ${email} em até 24 horas.`;
}

/** SPEC §3: sessions whose id starts with this prefix (plus a timestamp) are offline. */
export const OFFLINE_SESSION_PREFIX = "offline-";

/** SPEC §9 delays of the widget. */
export const OFFLINE_REPLY_DELAY_MS = 1500;
export const AUTO_FIRST_MESSAGE_DELAY_MS = 100;
