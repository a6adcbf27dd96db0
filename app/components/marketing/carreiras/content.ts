/** Copy of /carreiras (SPEC §2 "Careers page"). Position names keep the spec's English titles. */
import { BookOpen, Clock, HeartPulse, Home, Laptop, Rocket } from "~/components/ui/icons";
import { careersMessages } from "~/forms/careers/messages";

/** Title and description of the page (its <head>, and its result in the site search). */
export const CAREERS_META = {
  title: "Carreiras: vagas remotas em inteligência artificial",
  description:
    "Trabalhe na Agile IA: vagas remotas em tempo integral para engenharia de IA, consultoria, desenvolvimento frontend e vendas B2B. Veja os benefícios e candidate-se.",
};

export const CAREERS_HERO = {
  eyebrow: "Carreiras",
  title: "Construa com a gente o futuro da",
  highlight: "IA nas empresas brasileiras",
  lead: "Procuramos pessoas curiosas, que gostam de resolver problemas reais e querem ver o próprio trabalho fazer diferença para os clientes. Todas as vagas são remotas e em tempo integral.",
  positions: "Ver vagas abertas",
  apply: "Enviar candidatura",
};

export const BENEFITS_HEADER = {
  eyebrow: "Por que trabalhar aqui",
  title: "Benefícios pensados para quem trabalha de qualquer lugar",
};

export const BENEFITS = [
  { icon: Home, title: "Trabalho 100% remoto", text: "Trabalhe de onde render mais, com encontros presenciais opcionais da equipe." },
  { icon: Clock, title: "Horários flexíveis", text: "Organize sua rotina com autonomia, respeitando os combinados com o time." },
  { icon: HeartPulse, title: "Saúde e bem-estar", text: "Plano de saúde e odontológico, além de auxílio para atividade física." },
  { icon: BookOpen, title: "Aprendizado contínuo", text: "Auxílio para cursos, certificações e eventos de tecnologia e negócios." },
  { icon: Laptop, title: "Equipamento de ponta", text: "Notebook e auxílio para montar um home office confortável." },
  { icon: Rocket, title: "Crescimento acelerado", text: "Projetos desafiadores com IA de ponta e plano de carreira claro." },
];

export interface Job {
  id: string;
  /** Position name, also the value the application form receives. */
  title: string;
  department: string;
  location: string;
  type: string;
  description: string;
  requirements: string[];
  responsibilities: string[];
}

export const JOBS_HEADER = {
  eyebrow: "Vagas abertas",
  title: "Encontre a sua próxima oportunidade",
  lead: "Quatro posições abertas para quem quer crescer com a gente.",
};

export const JOBS: Job[] = [
  {
    id: "senior-ai-engineer",
    title: "Senior AI Engineer",
    department: "Tecnologia",
    location: "Remoto",
    type: "Tempo integral",
    description:
      "Você vai projetar e construir agentes de IA que automatizam processos críticos dos nossos clientes, da arquitetura à operação em produção.",
    requirements: [
      "Experiência sólida com Python e desenvolvimento de APIs",
      "Vivência com modelos de linguagem (LLMs), RAG e engenharia de prompts",
      "Conhecimento de bancos de dados vetoriais e relacionais",
      "Experiência com nuvem (AWS, Azure ou Google Cloud)",
    ],
    responsibilities: [
      "Desenhar a arquitetura de agentes autônomos e suas integrações",
      "Desenvolver, testar e monitorar soluções em produção",
      "Avaliar a qualidade das respostas e a segurança dos agentes",
      "Orientar desenvolvedores e participar das decisões técnicas",
    ],
  },
  {
    id: "ai-business-consultant",
    title: "AI Business Consultant",
    department: "Consultoria",
    location: "Remoto",
    type: "Tempo integral",
    description:
      "Você vai traduzir desafios de negócio em projetos de IA com retorno claro, conduzindo diagnósticos e acompanhando os clientes do início ao fim.",
    requirements: [
      "Experiência em consultoria, processos ou transformação digital",
      "Capacidade de análise e de comunicação com a alta gestão",
      "Conhecimento dos usos de IA generativa nas empresas",
      "Facilidade para conduzir workshops e entrevistas",
    ],
    responsibilities: [
      "Conduzir diagnósticos e mapeamentos de processos",
      "Identificar e priorizar casos de uso por impacto e retorno",
      "Elaborar propostas e roteiros de implementação",
      "Acompanhar os indicadores de sucesso dos projetos",
    ],
  },
  {
    id: "mid-level-frontend-developer",
    title: "Mid-level Frontend Developer",
    department: "Tecnologia",
    location: "Remoto",
    type: "Tempo integral",
    description:
      "Você vai criar as interfaces por onde clientes e equipes conversam com os nossos agentes: painéis, chats e ferramentas internas rápidas e acessíveis.",
    requirements: [
      "Experiência com React e TypeScript",
      "Domínio de HTML, CSS e boas práticas de acessibilidade",
      "Vivência com integração de APIs REST",
      "Atenção a desempenho e experiência do usuário",
    ],
    responsibilities: [
      "Desenvolver interfaces web para as soluções de IA",
      "Construir componentes reutilizáveis e bem testados",
      "Trabalhar com design e backend na definição das funcionalidades",
      "Cuidar da qualidade, da acessibilidade e do desempenho das telas",
    ],
  },
  {
    id: "b2b-sales-specialist",
    title: "B2B Sales Specialist",
    department: "Comercial",
    location: "Remoto",
    type: "Tempo integral",
    description:
      "Você vai apresentar as soluções de IA da Agile IA a empresas de médio e grande porte e construir relações de longo prazo com os clientes.",
    requirements: [
      "Experiência em vendas consultivas B2B, de preferência em tecnologia",
      "Habilidade de negociação e de apresentação",
      "Organização para gerir funil e oportunidades em CRM",
      "Interesse genuíno por inteligência artificial",
    ],
    responsibilities: [
      "Prospectar e qualificar oportunidades",
      "Conduzir reuniões de descoberta com os consultores",
      "Negociar propostas e fechar contratos",
      "Acompanhar a satisfação e a expansão das contas",
    ],
  },
];

/** The application form's heading: the same texts as its page without JavaScript (app/forms/careers). */
export const APPLICATION = { eyebrow: "Candidatura", ...careersMessages.page, apply: "Candidatar-se" };
