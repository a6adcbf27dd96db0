/** SPEC §2, §4 and §8 texts of the checkout, the demo checkout, the success page and the orders admin. */
export const paymentMessages = {
  // SPEC §8 "Checkout"
  errorTitle: "Erro ao iniciar o pagamento",
  sessionFailed: "Não foi possível criar a sessão de pagamento",
  missingId: "É necessário fornecer um productId ou planId",
  productNotFound: "Produto não encontrado. Escolha um item na página de produtos.",
  planNotFound: "Plano não encontrado. Escolha um plano na página de produtos.",
  tooManyAttempts: "Muitas tentativas de pagamento em pouco tempo. Aguarde alguns minutos e tente novamente.",
  networkError: "Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.",

  // Checkout page states (SPEC §4)
  loading: "Preparando um checkout seguro...",
  readyTitle: "Tudo pronto para o pagamento",
  readyDescription: "O pagamento é feito na página segura do nosso parceiro de pagamentos, em uma nova aba.",
  readyLink: "Ir para o pagamento seguro",
  demoReadyDescription: "Este site está em modo de demonstração: o pagamento será simulado, sem nenhuma cobrança.",
  waiting: "Aguardando a confirmação do pagamento na nova aba...",
  confirmed: "Pagamento confirmado! Redirecionando...",
  back: "Voltar para produtos",
  retry: "Tentar novamente",

  // Demo checkout
  demoBanner: "Modo de demonstração — nenhuma cobrança real",
  demoIntro:
    "Este é um checkout simulado. Confirme para registrar o pedido como pago e ver a página de confirmação; nenhum cartão é pedido e nada é cobrado.",
  demoConfirm: "Confirmar pagamento de demonstração",
  demoCancel: "Cancelar e voltar aos produtos",
  demoConfirming: "Confirmando...",
  demoAlreadyClosed: "Este checkout de demonstração já foi encerrado.",
  demoNameLabel: "Nome (opcional)",
  demoEmailLabel: "E-mail (opcional)",
  demoEmailInvalid: "Email inválido",
  demoCanceledToast: { title: "Pagamento cancelado", description: "Nenhuma cobrança foi feita." },

  // Payment success (SPEC §2, §4: 5-second countdown)
  successTitle: "Pagamento realizado com sucesso!",
  successText: "Obrigado pela sua compra. Em breve nossa equipe entrará em contato para os próximos passos.",
  pendingTitle: "Pagamento em processamento",
  pendingText: "Recebemos seu pedido. Assim que o pagamento for confirmado, nossa equipe entrará em contato.",
  // Without a payment to confirm (no session, or one we do not know): said so, never a success.
  noPaymentTitle: "Nenhum pagamento encontrado",
  noPaymentText:
    "Este endereço não traz a confirmação de nenhum pagamento. Se você acabou de pagar, a confirmação chega por e-mail; para comprar, escolha um plano ou produto.",
  countdown: (seconds: number) => `Você será redirecionado para a página de produtos em ${seconds} segundo${seconds === 1 ? "" : "s"}.`,
  countdownPaused: (seconds: number) =>
    `Redirecionamento pausado enquanto você usa a página (faltam ${seconds} segundo${seconds === 1 ? "" : "s"}).`,
  stayHere: "Permanecer nesta página",
  redirectStopped: "Redirecionamento automático cancelado.",
  goHome: "Voltar ao início",
  goProducts: "Ver produtos",
} as const;

/** A checkout not paid within this long has expired, as a Stripe Checkout Session does after 24 h. */
export const CHECKOUT_EXPIRY_HOURS = 24;
export const orderExpiryNote = `Um pagamento não concluído em ${CHECKOUT_EXPIRY_HOURS} horas expira, como no Stripe, e o pedido passa a Cancelado.`;

/** Portuguese labels of order and subscription statuses (admin badges, success page). */
export const orderStatusLabels: Record<string, string> = {
  pending: "Pendente",
  paid: "Pago",
  failed: "Falhou",
  canceled: "Cancelado",
};

export const subscriptionStatusLabels: Record<string, string> = {
  active: "Ativa",
  trialing: "Em teste",
  past_due: "Pagamento em atraso",
  unpaid: "Não paga",
  incomplete: "Incompleta",
  incomplete_expired: "Expirada",
  paused: "Pausada",
  canceled: "Cancelada",
};
