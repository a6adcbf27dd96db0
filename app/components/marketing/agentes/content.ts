/** Copy of /agentes (SPEC §2 "Agents page"). */
import {
  BarChart3,
  Cable,
  Clock,
  Coins,
  DatabaseZap,
  FlaskConical,
  Headset,
  LineChart,
  Settings2,
  ShieldAlert,
  ShieldCheck,
  TrendingUp,
} from "~/components/ui/icons";
import type { Icon } from "../ui";

/** Title and description of the page (its <head>, and its result in the site search). */
export const AGENTS_META = {
  title: "Agentes Autônomos de IA para empresas",
  description:
    "Agentes de IA para atendimento, finanças, operações, P&D, cibersegurança e integração de dados. Veja exemplos, benefícios e agende uma consultoria gratuita.",
};

export const AGENTS_HERO = {
  eyebrow: "Agentes Autônomos",
  title: "Agentes de IA que executam, aprendem e",
  highlight: "entregam resultados",
  lead: "Agentes autônomos vão além de responder perguntas: eles entendem objetivos, consultam os sistemas da empresa, tomam ações e prestam contas. Conheça exemplos do que podemos construir para o seu negócio.",
  primary: "Agendar consultoria gratuita",
  secondary: "Ver exemplos de agentes",
};

export interface AgentExample {
  id: string;
  icon: Icon;
  name: string;
  area: string;
  description: string;
  capabilities: string[];
}

export const AGENTS_HEADER = {
  eyebrow: "Exemplos de agentes",
  title: "Seis agentes que já podem trabalhar na sua empresa",
  lead: "Cada agente é adaptado aos seus processos, às suas regras e aos sistemas que você já usa.",
};

export const AGENT_EXAMPLES: AgentExample[] = [
  {
    id: "atendimento",
    icon: Headset,
    name: "Assistente de Atendimento ao Cliente",
    area: "Atendimento",
    description:
      "Atende clientes no site, no WhatsApp e por e-mail a qualquer hora, resolve as solicitações mais comuns e transfere os casos complexos com todo o contexto.",
    capabilities: ["Consulta pedidos, faturas e contratos", "Responde com a voz da sua marca", "Transfere para humanos quando necessário"],
  },
  {
    id: "financeiro",
    icon: LineChart,
    name: "Analista de Dados Financeiros",
    area: "Finanças",
    description:
      "Consolida dados de vendas, custos e fluxo de caixa, aponta desvios e prepara relatórios gerenciais prontos para a reunião de diretoria.",
    capabilities: ["Conciliação e análise de lançamentos", "Projeções de fluxo de caixa", "Alertas de desvios de orçamento"],
  },
  {
    id: "operacoes",
    icon: Settings2,
    name: "Gestor de Operações",
    area: "Operações",
    description:
      "Acompanha pedidos, estoques e prazos, antecipa gargalos e aciona as equipes certas antes que os problemas cheguem ao cliente.",
    capabilities: ["Monitoramento de prazos e estoques", "Priorização automática de tarefas", "Relatórios diários de operação"],
  },
  {
    id: "pd",
    icon: FlaskConical,
    name: "Assistente de P&D",
    area: "Pesquisa e Desenvolvimento",
    description:
      "Pesquisa artigos, patentes e tendências, resume o que importa e organiza o conhecimento técnico da empresa para acelerar a inovação.",
    capabilities: [
      "Pesquisa e resumo de estudos técnicos",
      "Base de conhecimento consultável",
      "Comparação de alternativas e fornecedores",
    ],
  },
  {
    id: "ciberseguranca",
    icon: ShieldAlert,
    name: "Agente de Cibersegurança",
    area: "Segurança da informação",
    description:
      "Analisa registros de acesso e alertas, identifica comportamentos suspeitos e orienta a resposta a incidentes em tempo real.",
    capabilities: ["Triagem de alertas de segurança", "Detecção de acessos anômalos", "Roteiros de resposta a incidentes"],
  },
  {
    id: "integracao",
    icon: DatabaseZap,
    name: "Gerente de Integração de Dados",
    area: "Dados e TI",
    description:
      "Conecta ERPs, CRMs, planilhas e bancos de dados, mantém as informações sincronizadas e garante a qualidade dos dados que alimentam as decisões.",
    capabilities: ["Sincronização entre sistemas", "Validação e limpeza de dados", "Monitoramento de integrações"],
  },
];

export const AGENT_BENEFITS_HEADER = {
  eyebrow: "Benefícios",
  title: "O que muda quando os agentes entram em operação",
};

export const AGENT_BENEFITS = [
  { icon: Clock, title: "Disponibilidade 24/7", text: "Processos e atendimento funcionando a qualquer hora, inclusive em feriados." },
  { icon: Coins, title: "Redução de custos", text: "Menos retrabalho e tarefas manuais, com a equipe dedicada ao que gera valor." },
  { icon: TrendingUp, title: "Escalabilidade", text: "Atenda picos de demanda sem contratar às pressas nem perder qualidade." },
  { icon: BarChart3, title: "Decisões baseadas em dados", text: "Informações consolidadas e atualizadas para decidir com segurança." },
  { icon: Cable, title: "Integração com seus sistemas", text: "Os agentes trabalham com o ERP, o CRM e as ferramentas que você já usa." },
  { icon: ShieldCheck, title: "Segurança e conformidade", text: "Controle de acesso, registro de cada ação e aderência à LGPD." },
];

export const AGENTS_CTA = {
  title: "Qual agente faria mais diferença na sua empresa?",
  lead: "Converse com um especialista e descubra, sem compromisso, por onde começar. Implementação em até 30 dias.",
  chat: "Iniciar consultoria gratuita",
  contact: "Falar com um especialista",
};

export const AGENTS_CONTACT = {
  eyebrow: "Contato",
  title: "Vamos desenhar o seu primeiro agente",
  lead: "Conte qual processo você quer automatizar. Um especialista retorna em até 24 horas.",
};
