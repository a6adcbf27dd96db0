/**
 * The one catalog of plans and products (SPEC §3): ids, names, texts and prices in centavos.
 * /produtos, the checkout page and the payment server all read it; the server never takes a
 * price from the browser.
 */

export type CatalogKind = "plan" | "product";

export interface CatalogItem {
  kind: CatalogKind;
  id: string;
  name: string;
  description: string;
  /** What is included (plans) or delivered (products). */
  features: string[];
  benefits: string[];
  priceCents: number;
  /** Plans are billed monthly; products once. */
  interval: "month" | null;
  /** The name the home page's teaser gives it (SPEC §2's card titles), shown beside the name on /produtos. */
  teaserTitle?: string;
  highlight?: string; // e.g. 'Mais popular'
}

export const CURRENCY = "brl";

export const plans: CatalogItem[] = [
  {
    kind: "plan",
    id: "plano-essencial",
    name: "Plano Essencial",
    description: "Para empresas que querem dar o primeiro passo com um agente de IA dedicado e acompanhamento mensal.",
    features: [
      "1 agente de IA personalizado",
      "Integração com 1 canal de atendimento",
      "Relatório mensal de desempenho",
      "Suporte em horário comercial",
    ],
    benefits: [
      "Início rápido, sem investimento inicial alto",
      "Atendimento automatizado com a voz da sua marca",
      "Evolução guiada por dados reais",
    ],
    priceCents: 500_000,
    interval: "month",
  },
  {
    kind: "plan",
    id: "plano-estrategico",
    name: "Plano Estratégico",
    description: "Para operações que precisam integrar a IA aos sistemas da empresa e capacitar o time continuamente.",
    features: ["1 agente de IA personalizado", "Integrações com até 2 sistemas", "8 horas mensais de treinamento", "Suporte 24/7"],
    benefits: [
      "IA conectada aos seus dados e processos",
      "Equipe preparada para tirar proveito da tecnologia",
      "Atendimento contínuo, sem pausas",
    ],
    priceCents: 800_000,
    interval: "month",
    highlight: "Mais popular",
  },
  {
    kind: "plan",
    id: "plano-inovador",
    name: "Plano Inovador",
    description: "Para empresas que querem escalar a automação com mais de um agente e evolução constante da solução.",
    features: [
      "2 agentes de IA no total",
      "Integrações avançadas com seus sistemas",
      "Otimização contínua dos modelos",
      "Suporte 24/7 com gerente de sucesso dedicado",
    ],
    benefits: ["Automação em mais de uma frente do negócio", "Ganhos de produtividade que se somam", "Parceria estratégica de longo prazo"],
    priceCents: 1_000_000,
    interval: "month",
  },
];

export const products: CatalogItem[] = [
  {
    kind: "product",
    id: "chatbot",
    name: "Chatbot Inteligente",
    description: "Um chatbot com IA treinado no conteúdo da sua empresa, pronto para atender clientes no site ou no WhatsApp.",
    features: ["Treinamento com a base de conhecimento da empresa", "Instalação no site ou no WhatsApp", "Ajustes de tom de voz e fluxos"],
    benefits: ["Respostas imediatas a qualquer hora", "Menos demanda repetitiva para a equipe"],
    priceCents: 300_000,
    interval: null,
  },
  {
    kind: "product",
    id: "consultoria-8-horas",
    name: "Consultoria Estratégica (8 horas)",
    description: "Oito horas com especialistas para mapear oportunidades de IA e definir um plano de ação realista.",
    features: ["Diagnóstico de processos e dados", "Priorização de casos de uso por retorno", "Plano de ação documentado"],
    benefits: ["Clareza sobre onde a IA gera valor", "Decisões de investimento mais seguras"],
    priceCents: 500_000,
    interval: null,
  },
  {
    kind: "product",
    id: "treinamento-equipe",
    teaserTitle: "Advanced Team Training",
    name: "Treinamento de Equipe",
    description: "Capacitação prática para sua equipe usar IA generativa e agentes no dia a dia com segurança.",
    features: ["Workshops práticos com casos do seu setor", "Boas práticas de segurança e LGPD", "Material de apoio e certificado"],
    benefits: ["Equipe mais produtiva desde a primeira semana", "Adoção da IA com responsabilidade"],
    priceCents: 500_000,
    interval: null,
  },
  {
    kind: "product",
    id: "implementacao-agente",
    teaserTitle: "Enterprise AI Agents",
    name: "Implementação de Agente Autônomo",
    description: "Projeto completo de um agente autônomo integrado aos seus sistemas, do desenho à entrada em produção.",
    features: [
      "Desenho da solução com o seu time",
      "Integração com sistemas e bases de dados",
      "Testes, implantação e acompanhamento inicial",
    ],
    benefits: ["Processos executados de ponta a ponta pela IA", "Redução de custos operacionais"],
    priceCents: 1_000_000,
    interval: null,
  },
  {
    kind: "product",
    id: "mapeamento-completo",
    teaserTitle: "Strategic Process Mapping",
    name: "Mapeamento Completo de Processos",
    description: "Levantamento detalhado dos processos da empresa com um roteiro de automação e IA priorizado por impacto.",
    features: ["Entrevistas com as áreas-chave", "Mapa de processos atual e futuro", "Roteiro de implementação com estimativas"],
    benefits: ["Visão completa das oportunidades", "Base sólida para a transformação digital"],
    priceCents: 2_000_000,
    interval: null,
  },
];

export function findCatalogItem(kind: CatalogKind, id: string): CatalogItem | undefined {
  return (kind === "plan" ? plans : products).find((item) => item.id === id);
}

// Created on first use: building a number format is slow on phones, and most pages never need it.
let brl: Intl.NumberFormat | undefined;

/** 500000 → "R$ 5.000,00" */
export function formatBRL(cents: number): string {
  brl ??= new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
  return brl.format(cents / 100);
}

/** "R$ 5.000,00/mês" for plans, the plain price for products. */
export function formatItemPrice(item: CatalogItem): string {
  return item.interval === "month" ? `${formatBRL(item.priceCents)}/mês` : formatBRL(item.priceCents);
}
