/** Copy of the home page (SPEC §2 "Home page"), in the spec's section order. */
import {
  BarChart3,
  Blocks,
  BrainCircuit,
  Cloud,
  CloudCog,
  Compass,
  FileText,
  GraduationCap,
  Headset,
  LineChart,
  Map as MapIcon,
  Link2,
  PenTool,
  Rocket,
  Server,
  ShieldCheck,
  Smile,
  Sparkles,
  Workflow,
  Zap,
} from "~/components/ui/icons";
import { SITE_NAME } from "~/lib/site";
import type { Icon } from "../ui";

/** Title and description of the page (its <head>, and its result in the site search). */
export const HOME_META = {
  title: `${SITE_NAME} | Agentes de IA e consultoria em inteligência artificial para empresas`,
  description:
    "Agentes de IA sob medida, chatbots, automação de processos, treinamento de equipes e mapeamento estratégico. Consultoria gratuita e implementação em até 30 dias.",
};

export const HERO = {
  eyebrow: "Consultoria em IA empresarial",
  titleStart: "Agentes de IA sob medida que",
  titleHighlight: "transformam a operação",
  titleEnd: "da sua empresa",
  lead: "Automatizamos processos, elevamos o atendimento e transformamos dados em decisões com agentes de inteligência artificial desenhados para o seu negócio, do diagnóstico à operação.",
  primary: "Solicitar consultoria exclusiva",
  secondary: "Explorar soluções premium",
  proof: ["Implementação em até 30 dias", "Agentes que atendem 24/7", "Projetos em conformidade com a LGPD"],
};

/** SPEC §1: the mock assistant card lists these capabilities. */
export const ASSISTANT_CARD = {
  title: "Assistente de IA Empresarial",
  status: "Online agora",
  items: [
    { label: "Automação de processos internos", detail: "Fluxos de aprovação e documentos" },
    { label: "Atendimento ao cliente 24/7", detail: "Site, WhatsApp e e-mail" },
    { label: "Análise de dados", detail: "Indicadores atualizados em tempo real" },
    { label: "Insights estratégicos", detail: "Recomendações para a diretoria" },
  ],
  question: "Quais pedidos estão com risco de atraso esta semana?",
  answer: "Encontrei 12 pedidos em risco. Já avisei os clientes e sugeri novas rotas à logística.",
};

export interface ServiceCard {
  index: number;
  title: string;
  description: string;
  features: string[];
  icon: Icon;
  /** SPEC §2: carried by each card but not used for navigation. */
  learnMoreUrl: string;
}

export const SERVICES_HEADER = {
  eyebrow: "Soluções",
  title: "Inteligência artificial aplicada ao que move o seu negócio",
  lead: "Três frentes de atuação, combinadas conforme a maturidade e os objetivos da sua empresa.",
};

export const SERVICES: ServiceCard[] = [
  {
    index: 1,
    title: "Enterprise Document Intelligence",
    description:
      "Agentes que leem, classificam e extraem informações de contratos, notas fiscais e relatórios, levando os dados direto para os seus sistemas.",
    features: [
      "Extração automática de dados de documentos",
      "Classificação e roteamento inteligentes",
      "Integração com ERP e sistemas internos",
    ],
    icon: FileText,
    learnMoreUrl: "/solucoes/documentos",
  },
  {
    index: 2,
    title: "Client Experience Intelligence",
    description:
      "Atendimento 24/7 com agentes que entendem o contexto do cliente, resolvem solicitações e encaminham os casos complexos para a pessoa certa.",
    features: [
      "Atendimento no site, no WhatsApp e por e-mail",
      "Respostas com a voz da sua marca",
      "Transferência inteligente para especialistas",
    ],
    icon: Headset,
    learnMoreUrl: "/solucoes/atendimento",
  },
  {
    index: 3,
    title: "Strategic Insight Intelligence",
    description:
      "Análise preditiva que transforma dados dispersos em indicadores claros e recomendações para decisões mais rápidas e seguras.",
    features: ["Painéis e relatórios gerados automaticamente", "Previsão de demanda e tendências", "Alertas sobre riscos e oportunidades"],
    icon: BarChart3,
    learnMoreUrl: "/solucoes/analytics",
  },
];

export const CONSULTATION_PANEL = {
  title: "Consultoria Estratégica Exclusiva",
  text: "Em uma sessão com nossos especialistas, avaliamos seus processos, apontamos as oportunidades de maior retorno e apresentamos casos reais de empresas do seu setor.",
  cases: "Solicitar Apresentação de Cases",
  schedule: "Agendar Consultoria Exclusiva",
  note: "Resposta em até 24 horas",
};

/** First extra marketing block: the autonomous agents (anchor ai-agents). */
export const AGENTS_BLOCK = {
  eyebrow: "Agentes Autônomos",
  title: "Agentes que trabalham ao lado da sua equipe, 24 horas por dia",
  lead: "Diferente de um chatbot comum, um agente autônomo entende o objetivo, consulta os sistemas da empresa, toma ações e presta contas. Sua equipe fica com o que exige julgamento humano.",
  points: [
    { icon: Workflow, title: "Executam processos de ponta a ponta", text: "Do pedido à baixa no sistema, sem planilhas intermediárias." },
    { icon: BrainCircuit, title: "Aprendem com os dados da empresa", text: "Treinados com as suas políticas, produtos e histórico." },
    { icon: Blocks, title: "Integram-se ao que você já usa", text: "ERP, CRM, e-mail, WhatsApp e bancos de dados." },
    { icon: ShieldCheck, title: "Operam com segurança", text: "Acesso controlado, registro de cada ação e conformidade com a LGPD." },
  ],
  link: "Conhecer os agentes autônomos",
  flowTitle: "Um pedido, do início ao fim",
  flow: [
    { step: "Solicitação recebida", text: "Cliente pede segunda via de boleto pelo WhatsApp" },
    { step: "Análise do agente", text: "Identifica o cliente e confere o contrato no ERP" },
    { step: "Ação nos sistemas", text: "Gera o boleto atualizado e envia na conversa" },
    { step: "Registro e relatório", text: "Atendimento registrado no CRM, gestor informado" },
  ],
};

/** Second extra marketing block: results and promises. */
export const RESULTS_BLOCK = {
  eyebrow: "Por que a Agile IA",
  title: "Tecnologia de ponta com foco em resultado de negócio",
  lead: "Cada projeto começa pelos indicadores que importam para a sua diretoria e termina com a equipe preparada para usar a solução.",
  stats: [
    { value: "30 dias", label: "para colocar a primeira solução em produção" },
    { value: "24/7", label: "de atendimento automatizado, sem pausas" },
    { value: "24 h", label: "para responder ao seu pedido de consultoria" },
    { value: "100%", label: "das soluções desenhadas sob medida" },
  ],
  sectorsTitle: "Setores que atendemos",
  sectors: ["Varejo e e-commerce", "Serviços financeiros", "Saúde", "Indústria", "Logística", "Educação", "Jurídico", "Agronegócio"],
};

export interface Phase {
  number: number;
  title: string;
  description: string;
  icon: Icon;
  deliverables: string[];
  /** Behind 'Saiba mais sobre esta fase': what happens, how long it takes. */
  steps: string[];
  duration: string;
}

export const METHODOLOGY_HEADER = {
  eyebrow: "Metodologia",
  title: "Um caminho claro da ideia ao resultado",
  lead: "Quatro fases com entregas definidas, para que você saiba exatamente o que acontece em cada etapa do projeto.",
  more: "Saiba mais sobre esta fase",
  stepsTitle: "O que acontece",
  durationTitle: "Quanto tempo leva",
  deliverablesTitle: "O que você recebe",
  talk: "Conversar sobre esta fase",
};

export const PHASES: Phase[] = [
  {
    number: 1,
    title: "Descoberta Estratégica",
    description: "Imersão nos seus processos, dados e metas para identificar onde a IA gera mais valor e com qual retorno.",
    icon: Compass,
    deliverables: ["Diagnóstico de processos", "Mapa de oportunidades"],
    steps: [
      "Entrevistas com as áreas envolvidas e análise dos dados disponíveis",
      "Priorização das oportunidades por impacto, esforço e risco",
      "Estimativa de retorno de cada caso de uso escolhido",
    ],
    duration: "1 a 2 semanas.",
  },
  {
    number: 2,
    title: "Design Personalizado",
    description: "Desenho da solução sob medida, com arquitetura, integrações e indicadores de sucesso definidos com o seu time.",
    icon: PenTool,
    deliverables: ["Arquitetura da solução", "Plano de implementação"],
    steps: [
      "Arquitetura, integrações e regras de segurança e LGPD",
      "Protótipo validado com quem vai usar a solução",
      "Indicadores de sucesso combinados com a diretoria",
    ],
    duration: "1 a 2 semanas.",
  },
  {
    number: 3,
    title: "Implementação Precisa",
    description: "Desenvolvimento, testes e implantação em ciclos curtos, com a primeira entrega em produção em até 30 dias.",
    icon: Rocket,
    deliverables: ["Agente em produção", "Treinamento da equipe"],
    steps: [
      "Desenvolvimento em ciclos curtos, com entregas a cada duas semanas",
      "Testes com dados reais e ajustes junto com a equipe",
      "Implantação em produção e treinamento dos usuários",
    ],
    duration: "A primeira solução entra em produção em até 30 dias do início do projeto.",
  },
  {
    number: 4,
    title: "Otimização Contínua",
    description: "Acompanhamento dos resultados e ajustes constantes para que os agentes evoluam junto com o negócio.",
    icon: LineChart,
    deliverables: ["Relatórios de desempenho", "Melhorias mensais"],
    steps: [
      "Acompanhamento dos indicadores combinados no design",
      "Ajustes e novas automações a partir do uso real",
      "Reunião mensal de resultados e próximos passos",
    ],
    duration: "Contínua, com revisão mensal dos resultados.",
  },
];

export const ABOUT_BLOCK = {
  eyebrow: "Sobre a Agile IA",
  title: "Especialistas em transformar IA em vantagem competitiva",
  lead: "Unimos estratégia de negócio e engenharia de inteligência artificial para entregar soluções que funcionam no dia a dia da operação, não apenas em apresentações.",
  benefits: [
    { icon: Sparkles, title: "Soluções sob medida", text: "Nada de pacotes genéricos: cada agente nasce dos seus processos." },
    { icon: Zap, title: "Implementação ágil", text: "Primeira entrega em produção em até 30 dias." },
    { icon: ShieldCheck, title: "Segurança e LGPD", text: "Dados protegidos, acesso controlado e auditoria de cada ação." },
    { icon: GraduationCap, title: "Equipe capacitada", text: "Treinamos o seu time para extrair o máximo da tecnologia." },
  ],
  impactTitle: "Áreas de Impacto",
  impact: [
    { label: "Aumento de produtividade", level: "Alto", value: 75 },
    { label: "Redução de custos operacionais", level: "Médio", value: 45 },
    { label: "Precisão na análise de dados", level: "Muito alto", value: 95 },
    { label: "Satisfação do cliente final", level: "Alto", value: 80 },
  ],
  partnersTitle: "Tecnologias com que trabalhamos",
  // Set in type with a generic glyph each: no third-party logo is copied or fetched.
  partners: [
    { name: "OpenAI", icon: Sparkles },
    { name: "Microsoft Azure", icon: Cloud },
    { name: "Google Cloud", icon: CloudCog },
    { name: "AWS", icon: Server },
    { name: "LangChain", icon: Link2 },
    { name: "Hugging Face", icon: Smile },
  ] satisfies { name: string; icon: Icon }[],
  methodology: "Conheça Nossa Metodologia",
  schedule: "Agendar Consultoria Exclusiva",
};

export const PRODUCTS_TEASER = {
  eyebrow: "Soluções Premium",
  title: "Comece pelo que traz mais retorno para a sua empresa",
  lead: "Produtos com escopo e preço claros, prontos para contratar, ou planos mensais com acompanhamento contínuo.",
  viewAll: "Ver todos os produtos e planos",
  cards: [
    {
      icon: BrainCircuit,
      catalogId: "implementacao-agente",
      description: "Agentes autônomos integrados aos seus sistemas, do desenho à entrada em produção.",
      features: ["Desenho da solução com o seu time", "Integração com ERP, CRM e WhatsApp", "Acompanhamento após a implantação"],
      premium: false,
    },
    {
      icon: GraduationCap,
      catalogId: "treinamento-equipe",
      description: "Capacitação prática para sua equipe usar IA generativa e agentes com produtividade e segurança.",
      features: ["Workshops com casos do seu setor", "Boas práticas de segurança e LGPD", "Material de apoio e certificado"],
      premium: true,
    },
    {
      icon: MapIcon,
      catalogId: "mapeamento-completo",
      description: "Mapeamento completo dos processos com um roteiro de automação priorizado por impacto.",
      features: ["Entrevistas com as áreas-chave", "Mapa de processos atual e futuro", "Roteiro com estimativas de retorno"],
      premium: false,
    },
  ],
};

export const CLOSING_CTA = {
  eyebrow: "Próximo passo",
  title: "Pronto para colocar a IA para trabalhar na sua empresa?",
  lead: "Conte o seu desafio. Em até 24 horas, um especialista retorna com uma proposta inicial, sem compromisso.",
  proposal: "Solicitar Proposta Exclusiva",
  chat: "Iniciar Chat Imediato",
};

export const WHATSAPP_EXPERT = {
  eyebrow: "Atendimento pelo WhatsApp",
  title: "Fale agora com um especialista em IA",
  lead: "Tire dúvidas, peça um orçamento ou converse sobre uma ideia diretamente com a nossa equipe.",
  hours: "Segunda a sexta, das 9h às 18h",
  reply: "Resposta em até 30 minutos",
  perks: ["Consultoria gratuita", "Sem compromisso", "Atendimento especializado"],
  button: "Conversar no WhatsApp",
};

export const HOME_CONTACT = {
  eyebrow: "Contato",
  title: "Vamos conversar sobre o seu projeto",
  lead: "Preencha o formulário e receba o contato de um especialista. Respondemos em até 24 horas.",
};
