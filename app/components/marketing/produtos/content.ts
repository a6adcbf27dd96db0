/** Copy of /produtos around the catalog (prices and item texts live in ~/lib/catalog). */
/** Title and description of the page (its <head>, and its result in the site search). */
export const PRODUCTS_META = {
  title: "Produtos e Assinaturas: planos mensais e soluções de IA",
  description:
    "Planos mensais Essencial, Estratégico e Inovador e soluções avulsas: chatbot, consultoria de 8 horas, treinamento de equipe, implementação de agente e mapeamento de processos.",
};

export const PRODUCTS_HERO = {
  eyebrow: "Produtos e Assinaturas",
  title: "Planos e soluções de IA para",
  highlight: "cada momento da sua empresa",
  lead: "Assine um plano mensal com acompanhamento contínuo ou contrate uma solução avulsa com escopo e preço definidos. Pagamento com cartão em ambiente seguro.",
  plans: "Ver planos mensais",
  products: "Ver soluções avulsas",
};

export const PLANS_HEADER = {
  eyebrow: "Assinaturas mensais",
  title: "Planos com evolução contínua",
  lead: "Agentes de IA em operação, acompanhamento da nossa equipe e melhorias todos os meses.",
};

export const ONE_OFF_HEADER = {
  eyebrow: "Soluções avulsas",
  title: "Projetos com escopo e preço fechados",
  lead: "Contrate exatamente o que a sua empresa precisa agora, com pagamento único.",
};

export const HELP_BLOCK = {
  title: "Não sabe qual opção escolher?",
  lead: "Um especialista ajuda a montar a combinação ideal para o seu momento, sem compromisso.",
  chat: "Falar com um consultor",
  contact: "Ir para o formulário de contato",
};

export const FAQ = [
  {
    q: "Como funciona o pagamento?",
    a: "O pagamento é feito com cartão em uma página de checkout segura do nosso provedor de pagamentos. Os dados do cartão não passam pelos nossos servidores.",
  },
  {
    q: "Posso cancelar um plano mensal?",
    a: "Sim. Os planos não têm fidelidade: você pode cancelar quando quiser, e o cancelamento vale a partir do ciclo seguinte.",
  },
  {
    q: "Quanto tempo leva para começar?",
    a: "Depois da confirmação do pagamento, nossa equipe entra em contato em até 24 horas para agendar o início. A primeira solução entra em produção em até 30 dias.",
  },
  {
    q: "Vocês emitem nota fiscal?",
    a: "Sim. Emitimos nota fiscal de serviço para todas as contratações, em nome da sua empresa.",
  },
];
