/** Copy of /sobre (SPEC §2 "About page"). */
import { Eye, Handshake, HeartHandshake, Lightbulb, Scale, Target, Telescope, Trophy } from "~/components/ui/icons";

/** Title and description of the page (its <head>, and its result in the site search). */
export const ABOUT_META = {
  title: "Sobre nós: a consultoria de IA que une estratégia e tecnologia",
  description:
    "Conheça a história, a missão e os fundadores da Agile IA, consultoria brasileira especializada em agentes de inteligência artificial para empresas.",
};

export const ABOUT_HERO = {
  eyebrow: "Sobre nós",
  title: "Estratégia de negócio e engenharia de IA",
  highlight: "na mesma mesa",
  lead: "Somos uma consultoria brasileira especializada em agentes de inteligência artificial para empresas. Ajudamos líderes a sair do discurso e colocar a IA para gerar resultado real na operação.",
};

export const STORY = {
  eyebrow: "Nossa história",
  title: "Nascemos para encurtar a distância entre a promessa da IA e o dia a dia das empresas",
  paragraphs: [
    "A Agile IA surgiu quando nossos fundadores perceberam um padrão repetido em empresas de todos os portes: muito interesse por inteligência artificial, muitos testes isolados e poucos resultados em produção. Faltava quem unisse visão de negócio e domínio técnico no mesmo projeto.",
    "Começamos automatizando o atendimento de empresas de varejo e serviços. Os resultados abriram portas para projetos de documentos, análise preditiva e integração com sistemas de gestão. Hoje desenvolvemos agentes autônomos que executam processos completos, sempre com indicadores claros e a equipe do cliente preparada para usar a tecnologia.",
    "Trabalhamos de forma 100% remota, com clientes em todo o Brasil, e mantemos o mesmo princípio do primeiro dia: cada solução precisa se pagar.",
  ],
  milestones: [
    { year: "Início", text: "Primeiros projetos de atendimento automatizado para varejo e serviços." },
    { year: "Expansão", text: "Soluções de documentos, análise de dados e integração com ERPs." },
    { year: "Hoje", text: "Agentes autônomos, treinamento de equipes e mapeamento estratégico." },
  ],
};

export const MVV = {
  eyebrow: "O que nos guia",
  title: "Missão, visão e valores",
  items: [
    {
      icon: Target,
      title: "Missão",
      text: "Tornar a inteligência artificial acessível e útil para empresas brasileiras, com soluções sob medida que aumentam a produtividade e melhoram a experiência de clientes e equipes.",
    },
    {
      icon: Telescope,
      title: "Visão",
      text: "Ser a principal parceira de IA aplicada das empresas que querem crescer com eficiência, reconhecida pelos resultados mensuráveis que entrega.",
    },
  ],
  valuesTitle: "Valores",
  values: [
    { icon: Scale, title: "Transparência", text: "Escopo, prazos e resultados claros desde a primeira conversa." },
    { icon: Trophy, title: "Excelência técnica", text: "Engenharia cuidadosa, testes rigorosos e atualização constante." },
    { icon: HeartHandshake, title: "Foco no cliente", text: "Cada decisão começa pelo impacto no negócio de quem nos contrata." },
    { icon: Lightbulb, title: "Inovação responsável", text: "IA ética, segura e em conformidade com a LGPD." },
  ],
};

export interface Founder {
  name: string;
  initials: string;
  role: string;
  bio: string;
  experience: string[];
}

export const FOUNDERS_HEADER = {
  eyebrow: "Liderança",
  title: "Quem está por trás da Agile IA",
  lead: "Dois fundadores com trajetórias complementares: um olhar para o mercado e o cliente, outro para a tecnologia e a execução.",
};

export const FOUNDERS: Founder[] = [
  {
    name: "Mariana Albuquerque",
    initials: "MA",
    role: "Cofundadora e CMO",
    bio: "Lidera a estratégia de mercado, a experiência do cliente e o desenho das soluções a partir das necessidades de cada negócio.",
    experience: [
      "Mais de 15 anos em marketing estratégico e crescimento de empresas de tecnologia",
      "Conduziu a transformação digital de marcas do varejo e de serviços financeiros",
      "Especialista em jornada do cliente e decisões orientadas por dados",
      "MBA em Marketing e pós-graduação em Ciência de Dados para Negócios",
    ],
  },
  {
    name: "Rafael Monteiro",
    initials: "RM",
    role: "Cofundador e CEO",
    bio: "Responsável pela visão da empresa, pela engenharia das soluções e pela qualidade de cada projeto entregue.",
    experience: [
      "Mais de 15 anos em engenharia de software, arquitetura de sistemas e IA",
      "Liderou projetos de aprendizado de máquina em bancos, indústrias e empresas de logística",
      "Mestre em Ciência da Computação com foco em processamento de linguagem natural",
      "Mentor de startups e palestrante sobre IA aplicada a negócios",
    ],
  },
];

export const SYNERGY = {
  eyebrow: "Nossa sinergia",
  title: "Quando mercado e tecnologia trabalham juntos, a IA gera resultado",
  lead: "A combinação entre a visão de cliente da nossa CMO e a profundidade técnica do nosso CEO está no DNA de cada projeto: soluções que as pessoas querem usar e que funcionam em escala.",
  pillars: [
    {
      icon: Eye,
      title: "Visão de negócio",
      text: "Entendemos o mercado, a jornada do cliente e os indicadores que importam para a diretoria.",
    },
    {
      icon: Handshake,
      title: "Execução técnica",
      text: "Construímos agentes robustos, seguros e integrados aos sistemas que a empresa já usa.",
    },
  ],
  result: "O resultado: projetos que começam pelo problema certo e terminam em produção.",
};

export const ABOUT_CONTACT = {
  title: "Fale com os nossos especialistas",
  lead: "Conte um pouco sobre a sua empresa e o seu desafio. Respondemos em até 24 horas.",
};
