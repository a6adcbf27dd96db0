// Conteúdo inicial (seed) do blog da Agile.
// Arquivo de dados puro: sem dependências externas.

export interface SeedCategory {
  name: string;
  slug: string;
  description: string;
}

export interface SeedPost {
  title: string;
  slug: string;
  categorySlug: string;
  summary: string;
  content: string;
  imageUrl: string;
  published: boolean;
  publishedDaysAgo: number | null;
}

export const seedCategories: SeedCategory[] = [
  {
    name: "Agentes de IA",
    slug: "agentes-de-ia",
    description:
      "Como agentes inteligentes atendem clientes, apoiam equipes e executam tarefas de ponta a ponta integrados aos sistemas da empresa.",
  },
  {
    name: "Automação de Processos",
    slug: "automacao-de-processos",
    description: "Automação inteligente de fluxos, documentos e rotinas operacionais com IA generativa, RPA e integração de sistemas.",
  },
  {
    name: "Dados e Analytics",
    slug: "dados-e-analytics",
    description:
      "Análise preditiva, qualidade de dados e modelos de aprendizado de máquina que transformam informação em decisões de negócio.",
  },
  {
    name: "Estratégia e Governança",
    slug: "estrategia-e-governanca",
    description:
      "Planejamento, retorno sobre investimento, capacitação de equipes e conformidade com a LGPD na adoção de inteligência artificial.",
  },
];

export const seedPosts: SeedPost[] = [
  {
    title: "Agentes de IA no atendimento: do chatbot que responde ao assistente que resolve",
    slug: "agentes-de-ia-no-atendimento-do-chatbot-que-responde-ao-assistente-que-resolve",
    categorySlug: "agentes-de-ia",
    summary:
      "Entenda o que diferencia um agente de IA de um chatbot tradicional e como implantá-lo no atendimento para resolver demandas de ponta a ponta, sem perder a qualidade da experiência.",
    imageUrl: "/images/blog/agentes-de-ia-no-atendimento-do-chatbot-que-responde-ao-assistente-que-resolve.svg",
    published: true,
    publishedDaysAgo: 5,
    content: `<p>Durante anos, o chatbot foi sinônimo de frustração: menus rígidos, respostas genéricas e a eterna pergunta “deseja falar com um atendente?”. A nova geração de <strong>agentes de IA</strong> muda esse cenário. Em vez de seguir um roteiro fixo, o agente entende a intenção do cliente, consulta os sistemas internos e executa ações — como emitir a segunda via de um boleto, reagendar uma entrega ou abrir um pedido de reembolso — dentro de regras definidas pela empresa.</p>
<h2>O que diferencia um agente de um chatbot tradicional</h2>
<p>O chatbot clássico funciona como uma árvore de decisão: cada resposta leva a um próximo passo predefinido. Já o agente combina um modelo de linguagem com três capacidades que fazem toda a diferença:</p>
<ul>
<li><strong>Compreensão de linguagem natural:</strong> o cliente escreve como fala, com erros de digitação, abreviações e mensagens longas, e o agente identifica o que realmente precisa ser resolvido.</li>
<li><strong>Acesso a ferramentas:</strong> por meio de integrações com ERP, CRM, sistemas de cobrança e de logística, o agente consulta dados em tempo real e realiza operações.</li>
<li><strong>Memória de contexto:</strong> o agente acompanha a conversa do início ao fim e não obriga o cliente a repetir CPF, número do pedido ou o problema a cada etapa.</li>
</ul>
<p>O resultado é um atendimento que não apenas responde, mas resolve.</p>
<h2>Onde os agentes geram mais valor</h2>
<h3>Varejo e e-commerce</h3>
<p>Status de pedido, trocas, devoluções e dúvidas sobre prazo de entrega concentram boa parte do volume de contatos de uma operação de varejo. Um agente integrado ao sistema de pedidos e à transportadora resolve essas demandas no WhatsApp, a qualquer hora, e encaminha para a equipe humana apenas os casos que envolvem exceções, como um produto que chegou danificado e precisa de análise.</p>
<h3>Bancos, cooperativas e fintechs</h3>
<p>No setor financeiro, o agente pode orientar sobre renegociação de dívidas, explicar tarifas, emitir boletos e apoiar a abertura de contas. Aqui, a camada de segurança é decisiva: autenticação do cliente, limites claros de atuação e registro de todas as interações para fins de auditoria.</p>
<h3>Saúde</h3>
<p>Clínicas, laboratórios e operadoras podem usar agentes para agendar consultas e exames, enviar orientações de preparo e confirmar presença, liberando a recepção para o atendimento presencial. Como o fluxo envolve dados pessoais sensíveis, esse tipo de projeto precisa nascer alinhado à LGPD.</p>
<h2>Como implantar sem comprometer a experiência do cliente</h2>
<p>A tecnologia amadureceu, mas o sucesso de um agente depende muito mais do desenho do projeto do que do modelo escolhido. Recomendamos um caminho em cinco etapas:</p>
<ol>
<li><strong>Mapeie os motivos de contato.</strong> Analise o histórico de atendimentos e identifique as demandas mais frequentes e repetitivas. Elas são as candidatas naturais para o primeiro ciclo.</li>
<li><strong>Defina o que o agente pode e não pode fazer.</strong> Estabeleça limites de alçada, como valores máximos de reembolso, e as situações que exigem transferência imediata para uma pessoa.</li>
<li><strong>Conecte as fontes de verdade.</strong> Um agente é tão bom quanto as informações que consulta. Políticas comerciais, base de conhecimento e sistemas transacionais precisam estar atualizados e acessíveis.</li>
<li><strong>Garanta uma transferência sem atrito.</strong> Quando o caso for para a equipe humana, o atendente deve receber o resumo da conversa e os dados já coletados.</li>
<li><strong>Monitore e melhore continuamente.</strong> Acompanhe a taxa de resolução, a satisfação e os motivos de transferência, e revise as respostas que geraram dúvidas.</li>
</ol>
<h2>Quais indicadores acompanhar</h2>
<p>Para medir o impacto de forma honesta, compare o desempenho antes e depois da implantação em indicadores como:</p>
<ul>
<li>taxa de resolução no primeiro contato, sem intervenção humana;</li>
<li>tempo médio de atendimento e tempo de espera;</li>
<li>satisfação do cliente (CSAT) nas conversas conduzidas pelo agente;</li>
<li>custo por atendimento;</li>
<li>volume de transferências e seus motivos.</li>
</ul>
<p>Em um cenário ilustrativo, uma operação que recebe dez mil contatos por mês e automatiza com qualidade 40% deles libera centenas de horas da equipe para os casos complexos, que de fato exigem empatia e julgamento humano.</p>
<blockquote>Um bom agente de IA não substitui o time de atendimento: ele assume o trabalho repetitivo para que as pessoas possam cuidar do que realmente importa.</blockquote>
<h2>Próximos passos</h2>
<p>Se a sua empresa quer deixar para trás o chatbot de menus e oferecer um atendimento que resolve, conheça os <a href="/agentes">agentes de IA da Agile</a> e veja como eles se conectam aos seus sistemas. Para avaliar o potencial na sua operação, <a href="/formulario">fale com nossos especialistas</a>.</p>`,
  },
  {
    title: "Processamento inteligente de documentos: como a IA lê notas fiscais, contratos e laudos",
    slug: "processamento-inteligente-de-documentos-como-a-ia-le-notas-fiscais-contratos-e-laudos",
    categorySlug: "automacao-de-processos",
    summary:
      "Veja como o processamento inteligente de documentos combina OCR, modelos de linguagem e regras de negócio para eliminar a digitação manual em áreas como fiscal, jurídico, saúde e crédito.",
    imageUrl: "/images/blog/processamento-inteligente-de-documentos-como-a-ia-le-notas-fiscais-contratos-e-laudos.svg",
    published: true,
    publishedDaysAgo: 18,
    content: `<p>Notas fiscais, contratos, boletos, laudos médicos, guias de saúde, comprovantes de residência, documentos de identidade. Boa parte da operação das empresas brasileiras ainda depende de pessoas que abrem arquivos, leem informações e as digitam em outro sistema. É um trabalho lento, sujeito a erros e que dificilmente escala. O <strong>processamento inteligente de documentos</strong> (em inglês, <em>Intelligent Document Processing</em>, ou IDP) resolve esse gargalo ao combinar reconhecimento óptico de caracteres, modelos de linguagem e regras de negócio.</p>
<h2>Do OCR tradicional à compreensão de documentos</h2>
<p>O OCR convencional transforma imagem em texto, mas não entende o que está lendo. Ele funciona bem com formulários padronizados e sofre quando o layout muda — e, no dia a dia das empresas, o layout sempre muda: muitos municípios ainda adotam modelos próprios de nota fiscal de serviço, cada fornecedor formata o contrato de um jeito e cada laboratório emite laudos diferentes.</p>
<p>Com modelos de linguagem e visão computacional, a IA passa a compreender o documento: identifica que aquele número é o CNPJ do tomador, que aquela data é o vencimento e não a emissão, que determinada cláusula trata de multa rescisória. Isso permite extrair dados de documentos semiestruturados e até não estruturados, com muito menos configuração manual.</p>
<h2>Como funciona um fluxo de IDP</h2>
<ol>
<li><strong>Captura:</strong> os documentos chegam por e-mail, portal, aplicativo, WhatsApp ou digitalização em lote.</li>
<li><strong>Classificação:</strong> a IA identifica o tipo de documento — nota fiscal, contrato, RG, laudo — e direciona cada um para o fluxo adequado.</li>
<li><strong>Extração:</strong> os campos relevantes são lidos e estruturados, como valores, datas, partes envolvidas, itens e impostos.</li>
<li><strong>Validação:</strong> regras de negócio e consultas externas conferem os dados, verificando, por exemplo, se o CNPJ está ativo, se os valores batem com o pedido de compra e se a soma dos itens corresponde ao total.</li>
<li><strong>Revisão humana quando necessário:</strong> campos com baixa confiança vão para uma fila de conferência, em vez de seguirem adiante com erro.</li>
<li><strong>Integração:</strong> os dados validados alimentam o ERP, o sistema de gestão ou o fluxo de aprovação.</li>
</ol>
<h2>Aplicações por setor</h2>
<h3>Contas a pagar e fiscal</h3>
<p>Conferir notas fiscais contra pedidos de compra e recebimentos (o chamado <em>three-way match</em>) é uma das aplicações mais rápidas de implementar e com retorno mais visível. A equipe deixa de digitar e passa a tratar apenas as divergências.</p>
<h3>Jurídico e suprimentos</h3>
<p>A IA pode ler contratos e extrair prazos, valores, índices de reajuste, cláusulas de renovação automática e penalidades, criando um painel de obrigações que evita renovações indesejadas e multas por descumprimento.</p>
<h3>Saúde e seguros</h3>
<p>Operadoras e seguradoras recebem grandes volumes de guias, pedidos médicos, laudos e comprovantes de despesas. A extração automatizada acelera a análise de sinistros e reembolsos e ajuda a sinalizar inconsistências para a auditoria.</p>
<h3>Crédito e cadastro</h3>
<p>Em bancos, financeiras e cooperativas do agronegócio, a análise de crédito depende de documentos como comprovantes de renda, matrículas de imóveis, recibos do Cadastro Ambiental Rural (CAR) e notas de comercialização da produção. Automatizar a leitura reduz o tempo entre o pedido e a decisão.</p>
<h2>Cuidados para um projeto bem-sucedido</h2>
<ul>
<li><strong>Comece por um tipo de documento de alto volume.</strong> É melhor dominar um fluxo e depois expandir do que tentar cobrir tudo de uma vez.</li>
<li><strong>Reúna uma amostra representativa.</strong> Inclua documentos ruins: fotos tortas, digitalizações de baixa resolução, carimbos sobre o texto. É assim que eles chegam na vida real.</li>
<li><strong>Defina limites de confiança.</strong> Decida quais campos podem seguir automaticamente e quais exigem revisão, de acordo com o risco de cada um.</li>
<li><strong>Trate os dados pessoais com rigor.</strong> Documentos costumam conter CPF, endereço e, na saúde, dados sensíveis. Controle de acesso, prazos de retenção e registro das operações de tratamento precisam estar previstos desde o início.</li>
</ul>
<h2>Como medir o resultado</h2>
<p>Os principais indicadores são o percentual de documentos processados sem intervenção humana (<em>straight-through processing</em>), a acurácia por campo, o tempo de ciclo entre o recebimento e o lançamento e o custo por documento. Em um exemplo ilustrativo, se um analista leva cinco minutos para lançar uma nota e a automação reduz esse esforço para trinta segundos de conferência, a capacidade da equipe naquele fluxo se multiplica por quase dez.</p>
<blockquote>O objetivo não é eliminar a conferência humana, e sim reservá-la para os casos em que ela realmente agrega valor.</blockquote>
<p>Quer ver como isso funcionaria com os seus documentos? Conheça as <a href="/produtos">soluções da Agile</a> ou <a href="/formulario">solicite uma avaliação</a> com uma amostra real da sua operação.</p>`,
  },
  {
    title: "Análise preditiva na prática: como prever demanda, churn e inadimplência com IA",
    slug: "analise-preditiva-na-pratica-como-prever-demanda-churn-e-inadimplencia-com-ia",
    categorySlug: "dados-e-analytics",
    summary:
      "Da previsão de demanda no varejo ao risco de crédito, veja como a análise preditiva ajuda empresas a se anteciparem e quais cuidados garantem modelos úteis, confiáveis e transparentes.",
    imageUrl: "/images/blog/analise-preditiva-na-pratica-como-prever-demanda-churn-e-inadimplencia-com-ia.svg",
    published: true,
    publishedDaysAgo: 32,
    content: `<p>Relatórios e dashboards mostram o que aconteceu. A <strong>análise preditiva</strong> vai além: usa dados históricos e modelos de aprendizado de máquina para estimar o que tende a acontecer e, assim, permite agir antes. Para empresas brasileiras que convivem com sazonalidade forte, inadimplência e margens apertadas, antecipar-se faz diferença direta no resultado.</p>
<h2>Três perguntas que a análise preditiva responde bem</h2>
<h3>Quanto vamos vender?</h3>
<p>A previsão de demanda é a aplicação clássica. No varejo, ela orienta compras e reposição por loja e por produto, considerando sazonalidade, promoções, feriados regionais e datas como Black Friday e Dia das Mães. Na indústria, ajuda a planejar a produção e o estoque de insumos. No agronegócio, modelos que combinam histórico de vendas, clima e calendário de safra ajudam revendas de insumos a se prepararem para os picos de demanda.</p>
<h3>Quem vai deixar de ser cliente?</h3>
<p>Modelos de <em>churn</em> identificam clientes com maior probabilidade de cancelar um serviço ou reduzir compras — em telecomunicações, planos de saúde, assinaturas, software e distribuição. Com essa lista priorizada, o time de relacionamento concentra esforços onde há mais risco e mais valor em jogo.</p>
<h3>Quem vai atrasar o pagamento?</h3>
<p>Na concessão de crédito e na cobrança, modelos de risco estimam a probabilidade de inadimplência e ajudam a definir limites, condições e a melhor abordagem para cada perfil. Uma régua de cobrança preditiva, por exemplo, antecipa o contato com clientes de maior risco e evita acionar desnecessariamente quem costuma pagar em dia.</p>
<h2>O que é preciso para começar</h2>
<p>Ao contrário do que muitos imaginam, não é necessário ter um <em>data lake</em> perfeito. Mas alguns requisitos são inegociáveis:</p>
<ul>
<li><strong>Histórico suficiente:</strong> para previsão de demanda, em geral pelo menos dois anos de dados, para capturar a sazonalidade; para churn e crédito, exemplos suficientes do evento que se quer prever.</li>
<li><strong>Dados confiáveis:</strong> cadastros duplicados, vendas lançadas na data errada e mudanças de código de produto distorcem os modelos. Uma etapa de qualidade de dados costuma ser o primeiro entregável.</li>
<li><strong>Uma decisão clara:</strong> a previsão precisa estar ligada a uma ação. Se ninguém vai mudar a compra, a oferta ou a cobrança com base no modelo, ele não gera valor.</li>
</ul>
<h2>Da planilha ao modelo em produção</h2>
<ol>
<li><strong>Defina o problema e a métrica de negócio.</strong> Por exemplo: reduzir a ruptura de estoque sem aumentar o capital parado.</li>
<li><strong>Prepare e explore os dados.</strong> Integre fontes como ERP, CRM e dados externos, e entenda padrões e anomalias.</li>
<li><strong>Construa uma referência simples.</strong> Uma média móvel ou a regra que a empresa já usa serve de base de comparação. O modelo de IA precisa superá-la com folga.</li>
<li><strong>Valide com dados que o modelo nunca viu.</strong> Teste em períodos passados, simulando como ele teria se saído.</li>
<li><strong>Coloque em produção e integre ao processo.</strong> A previsão deve aparecer onde a decisão é tomada: no sistema de compras, no CRM, na tela do analista de crédito.</li>
<li><strong>Monitore o desempenho.</strong> Mudanças de mercado, como uma crise econômica ou a chegada de um novo concorrente, fazem os modelos perderem precisão. Acompanhamento e retreinamento periódico fazem parte do projeto.</li>
</ol>
<h2>IA generativa e análise preditiva juntas</h2>
<p>Uma tendência recente é combinar modelos preditivos com modelos de linguagem. O modelo preditivo calcula o risco de churn; o modelo de linguagem explica, em português claro, quais fatores pesaram naquele caso e sugere uma abordagem ao gerente de contas. Também é possível consultar as previsões em linguagem natural, com perguntas como “quais lojas do Nordeste têm maior risco de ruptura na próxima semana?”.</p>
<h2>Cuidados com vieses e transparência</h2>
<p>Modelos que afetam pessoas, como os de crédito, precisam ser explicáveis e auditáveis. A LGPD garante ao titular o direito de solicitar a revisão de decisões tomadas unicamente com base em tratamento automatizado. Por isso, documente as variáveis utilizadas, evite atributos que possam gerar discriminação e mantenha um processo de revisão humana para os casos contestados.</p>
<blockquote>Um modelo preditivo só gera valor quando muda uma decisão. Comece pela decisão, não pelo algoritmo.</blockquote>
<p>Se você quer descobrir quais previsões trariam mais impacto para o seu negócio, <a href="/#contact">entre em contato</a> com a equipe da Agile. Ajudamos a avaliar os dados disponíveis e a priorizar os casos de uso com melhor retorno.</p>`,
  },
  {
    title: "RPA e LLMs: a nova geração da automação de processos",
    slug: "rpa-e-llms-a-nova-geracao-da-automacao-de-processos",
    categorySlug: "automacao-de-processos",
    summary:
      "O RPA automatiza cliques; os modelos de linguagem interpretam e-mails, pedidos e documentos. Saiba como combinar os dois para automatizar processos que antes dependiam de julgamento humano.",
    imageUrl: "/images/blog/rpa-e-llms-a-nova-geracao-da-automacao-de-processos.svg",
    published: true,
    publishedDaysAgo: 47,
    content: `<p>O RPA (<em>Robotic Process Automation</em>) se popularizou nas empresas brasileiras como uma forma de automatizar tarefas repetitivas sem mexer nos sistemas legados: robôs de software que clicam, copiam e colam como um operador faria. Funciona muito bem em processos estáveis e estruturados. O problema é que boa parte do trabalho real não é assim. E-mails chegam em formatos variados, clientes descrevem problemas com as próprias palavras, documentos mudam de layout. É nesse ponto que os <strong>modelos de linguagem</strong> (LLMs) ampliam o alcance da automação.</p>
<h2>Os limites do RPA tradicional</h2>
<p>Quem já manteve uma esteira de robôs conhece bem os sintomas:</p>
<ul>
<li>robôs que quebram quando um botão muda de lugar na tela;</li>
<li>exceções que voltam para a fila manual porque a entrada não seguia o padrão esperado;</li>
<li>processos que nunca foram automatizados por exigirem interpretação — ler um e-mail, entender uma reclamação, decidir para onde encaminhar uma solicitação.</li>
</ul>
<p>Na prática, muitas iniciativas de RPA ficam restritas a uma fração do processo, enquanto a parte que depende de julgamento continua nas mãos das pessoas.</p>
<h2>O que os LLMs acrescentam</h2>
<p>Modelos de linguagem são bons justamente onde o RPA é fraco: lidar com informação não estruturada e variável. Combinados, os dois formam o que se costuma chamar de <strong>automação inteligente</strong>:</p>
<ul>
<li><strong>Interpretação:</strong> o LLM lê o e-mail de um fornecedor, identifica que se trata de uma alteração de dados bancários e extrai as informações relevantes.</li>
<li><strong>Classificação e roteamento:</strong> as solicitações chegam à fila certa, com prioridade definida, sem triagem manual.</li>
<li><strong>Geração de conteúdo:</strong> respostas a clientes, resumos de ocorrências e pareceres preliminares são redigidos para revisão.</li>
<li><strong>Execução:</strong> o robô de RPA, ou preferencialmente uma integração via API, realiza a operação no sistema de destino.</li>
</ul>
<h2>Exemplos de processos que se beneficiam</h2>
<h3>Atendimento a fornecedores</h3>
<p>Uma indústria recebe diariamente centenas de e-mails de fornecedores perguntando sobre pagamentos, enviando notas e solicitando alterações cadastrais. O LLM classifica cada mensagem, consulta o ERP, responde às dúvidas simples e prepara as alterações cadastrais para aprovação, com checagens antifraude antes de qualquer mudança de conta bancária.</p>
<h3>Backoffice bancário</h3>
<p>Pedidos de portabilidade, contestações e solicitações de clientes corporativos chegam por múltiplos canais. A automação inteligente estrutura as solicitações, verifica a documentação e executa as etapas operacionais, deixando para o analista apenas a decisão final.</p>
<h3>Chamados internos</h3>
<p>Em áreas como TI, RH e facilities, o agente entende o pedido do colaborador, consulta as políticas internas, resolve o que for possível e, quando é necessária uma ação humana, abre o chamado já categorizado.</p>
<h2>Arquitetura: quem faz o quê</h2>
<p>Uma regra prática ajuda a desenhar essas soluções: <strong>use o LLM para entender e decidir dentro de limites, e use automação determinística para executar</strong>. Cálculos, validações fiscais e movimentações financeiras devem seguir regras explícitas e auditáveis. O modelo de linguagem interpreta a entrada e propõe a ação; as regras de negócio conferem; o sistema executa e registra.</p>
<p>Também vale priorizar integrações por API sempre que o sistema oferecer essa opção. O robô que simula cliques continua útil para sistemas legados sem interface de integração, mas é mais frágil e mais caro de manter.</p>
<h2>Como evitar armadilhas</h2>
<ol>
<li><strong>Não automatize um processo ruim.</strong> Revise o fluxo antes; às vezes, metade das etapas pode simplesmente deixar de existir.</li>
<li><strong>Planeje as exceções.</strong> Defina o que acontece quando o modelo tem baixa confiança e garanta que o caso chegue a uma pessoa com todo o contexto.</li>
<li><strong>Registre tudo.</strong> Cada decisão automatizada deve deixar rastro: entrada, interpretação, regra aplicada e resultado.</li>
<li><strong>Meça de ponta a ponta.</strong> O indicador relevante é o tempo e o custo do processo completo, não apenas de uma etapa isolada.</li>
</ol>
<blockquote>O RPA deu braços à automação. Os modelos de linguagem deram a ela a capacidade de ler e interpretar.</blockquote>
<p>A Agile ajuda empresas a identificar os processos com maior potencial e a combinar RPA, integrações e IA generativa de forma segura. Conheça nossos <a href="/produtos">produtos</a> e <a href="/agentes">agentes</a>, ou <a href="/formulario">agende uma conversa</a>.</p>`,
  },
  {
    title: "Governança de IA e LGPD: como usar inteligência artificial com segurança jurídica",
    slug: "governanca-de-ia-e-lgpd-como-usar-inteligencia-artificial-com-seguranca-juridica",
    categorySlug: "estrategia-e-governanca",
    summary:
      "Saiba como estruturar um programa de governança de IA que proteja dados pessoais, atenda à LGPD e permita escalar projetos com segurança, sem travar a inovação.",
    imageUrl: "/images/blog/governanca-de-ia-e-lgpd-como-usar-inteligencia-artificial-com-seguranca-juridica.svg",
    published: true,
    publishedDaysAgo: 63,
    content: `<p>A adoção de inteligência artificial nas empresas brasileiras avançou mais rápido do que as políticas internas para orientá-la. Em muitas organizações, colaboradores já usam ferramentas de IA generativa no dia a dia — para resumir documentos, escrever e-mails ou analisar planilhas — sem que a empresa saiba quais dados estão sendo compartilhados. A <strong>governança de IA</strong> existe para transformar esse uso espontâneo em uso seguro, produtivo e em conformidade com a Lei Geral de Proteção de Dados Pessoais (LGPD).</p>
<h2>O que a LGPD tem a ver com IA</h2>
<p>A LGPD (Lei nº 13.709/2018) não foi escrita especificamente para a inteligência artificial, mas se aplica sempre que um sistema de IA trata dados pessoais, seja no treinamento, seja no uso. Alguns pontos merecem atenção especial:</p>
<ul>
<li><strong>Base legal e finalidade:</strong> todo tratamento precisa de uma base legal adequada e de uma finalidade específica. Dados coletados para um propósito não podem ser reaproveitados livremente para treinar modelos com outro objetivo.</li>
<li><strong>Minimização:</strong> use apenas os dados necessários. Muitas aplicações funcionam bem com dados anonimizados ou pseudonimizados.</li>
<li><strong>Dados sensíveis:</strong> informações de saúde, biometria, origem racial ou convicção religiosa, entre outras, exigem cuidados reforçados.</li>
<li><strong>Decisões automatizadas:</strong> o titular pode solicitar a revisão de decisões tomadas unicamente com base em tratamento automatizado que afetem seus interesses, como em análises de crédito, e tem direito a informações claras sobre os critérios utilizados, respeitados os segredos comercial e industrial.</li>
<li><strong>Transferência internacional:</strong> muitos serviços de IA processam dados fora do Brasil, o que exige atenção às hipóteses previstas na lei e às regras da Autoridade Nacional de Proteção de Dados (ANPD).</li>
</ul>
<p>Além da LGPD, um marco regulatório específico para a IA está em discussão no Congresso Nacional, com propostas que classificam os sistemas por nível de risco. Estruturar a governança agora prepara a empresa para as exigências que vierem.</p>
<h2>Os pilares de um programa de governança de IA</h2>
<h3>1. Política de uso aceitável</h3>
<p>Um documento claro, em linguagem acessível, que diga quais ferramentas estão aprovadas, que tipo de informação pode ou não ser inserido nelas e a quem recorrer em caso de dúvida. Proibir tudo costuma empurrar o uso para a informalidade; a alternativa é oferecer ferramentas corporativas seguras.</p>
<h3>2. Inventário e classificação de risco</h3>
<p>Mantenha um registro dos sistemas de IA em uso e em desenvolvimento: finalidade, dados envolvidos, fornecedores e área responsável. Classifique cada caso pelo potencial de impacto. Um assistente que resume atas de reunião tem um risco muito diferente de um modelo que aprova crédito ou prioriza pacientes.</p>
<h3>3. Avaliação de impacto</h3>
<p>Para os casos de maior risco, elabore o Relatório de Impacto à Proteção de Dados Pessoais (RIPD) e avalie também riscos específicos de IA: vieses, erros com consequências relevantes, falta de explicabilidade e dependência de um único fornecedor.</p>
<h3>4. Supervisão humana e rastreabilidade</h3>
<p>Defina em quais pontos uma pessoa revisa ou aprova o resultado da IA e garanta que as decisões fiquem registradas: entrada, versão do modelo, saída e quem validou. Isso é essencial para responder a auditorias, reclamações de clientes e solicitações de titulares.</p>
<h3>5. Gestão de fornecedores</h3>
<p>Revise os contratos de serviços de IA: onde os dados são processados, se são usados para treinar os modelos do fornecedor, por quanto tempo ficam armazenados e quais garantias de segurança existem.</p>
<h3>6. Monitoramento contínuo</h3>
<p>Modelos mudam de comportamento com o tempo, e os dados também. Acompanhe a qualidade, os incidentes e as reclamações, e revise periodicamente os casos de uso aprovados.</p>
<h2>Quem deve participar</h2>
<p>Governança de IA não é tarefa exclusiva da TI nem do jurídico. Os melhores resultados vêm de um comitê enxuto que reúne tecnologia, segurança da informação, jurídico, o encarregado pelo tratamento de dados pessoais (DPO) e representantes das áreas de negócio que usam IA. O papel desse grupo não é frear projetos, mas criar um caminho claro e rápido para aprová-los com segurança.</p>
<blockquote>Governança bem-feita não é burocracia: é o que permite escalar a IA sem sustos.</blockquote>
<h2>Por onde começar</h2>
<ol>
<li>Faça um levantamento rápido de como a IA já está sendo usada na empresa.</li>
<li>Publique uma política de uso aceitável e disponibilize uma ferramenta corporativa aprovada.</li>
<li>Crie o inventário de casos de uso e defina critérios simples de classificação de risco.</li>
<li>Estabeleça um fluxo de aprovação ágil para novos projetos.</li>
</ol>
<p>A Agile apoia empresas na construção de programas de governança de IA proporcionais ao seu porte e ao seu setor. <a href="/formulario">Converse com nossa equipe</a> e solicite um diagnóstico inicial.</p>`,
  },
  {
    title: "Como começar um projeto de IA na sua empresa e medir o retorno",
    slug: "como-comecar-um-projeto-de-ia-na-sua-empresa-e-medir-o-retorno",
    categorySlug: "estrategia-e-governanca",
    summary:
      "Um roteiro prático para escolher o primeiro caso de uso de IA, definir a linha de base, conduzir um piloto enxuto e calcular o retorno sobre o investimento com dados reais.",
    imageUrl: "/images/blog/como-comecar-um-projeto-de-ia-na-sua-empresa-e-medir-o-retorno.svg",
    published: true,
    publishedDaysAgo: 88,
    content: `<p>Muitas empresas já entenderam que a inteligência artificial pode gerar ganhos reais, mas esbarram na mesma dúvida: por onde começar? Entre provas de conceito que nunca saem do laboratório e projetos grandes demais para um primeiro passo, existe um caminho mais seguro. Ele começa pelo problema de negócio e termina com um resultado que pode ser medido.</p>
<h2>1. Comece pelo problema, não pela tecnologia</h2>
<p>“Precisamos usar IA” não é um objetivo. “Precisamos reduzir o tempo de análise de crédito de cinco dias para um” é. Reúna as lideranças das áreas e liste os gargalos que mais custam tempo, dinheiro ou clientes. Os bons candidatos costumam ter três características:</p>
<ul>
<li><strong>volume alto</strong> de tarefas repetitivas ou de decisões semelhantes;</li>
<li><strong>dados disponíveis</strong>, mesmo que imperfeitos, como documentos, históricos de atendimento e registros de sistemas;</li>
<li><strong>um dono claro</strong>: uma área que sente a dor e se compromete com a mudança.</li>
</ul>
<h2>2. Priorize por valor e viabilidade</h2>
<p>Monte uma matriz simples. Em um eixo, o valor potencial: economia, receita adicional, redução de risco, melhoria na experiência do cliente. No outro, a viabilidade: qualidade dos dados, complexidade das integrações, risco regulatório e prontidão da equipe. Os primeiros projetos devem estar no quadrante de alto valor e alta viabilidade. Casos complexos e de grande impacto entram no roteiro, mas depois que a empresa tiver ganhado experiência.</p>
<h2>3. Defina a linha de base antes de começar</h2>
<p>Este é o passo mais esquecido e o que mais compromete o cálculo do retorno. Antes de implantar qualquer solução, meça o processo atual: quanto tempo leva, quanto custa, quantos erros ocorrem, qual é a satisfação do cliente. Sem esse ponto de partida, qualquer discussão sobre resultados vira questão de opinião.</p>
<h2>4. Faça um piloto com escopo fechado</h2>
<p>Um bom piloto dura algumas semanas, não muitos meses. Ele tem escopo delimitado — um tipo de documento, um canal de atendimento, uma linha de produtos —, usuários reais e critérios de sucesso definidos de antemão. Por exemplo: “o agente deve resolver ao menos metade dos pedidos de segunda via sem transferência, com satisfação igual ou superior à do atendimento humano”.</p>
<h2>5. Calcule o retorno de forma completa</h2>
<p>O retorno sobre o investimento (ROI) de um projeto de IA considera benefícios e custos ao longo do tempo, e não apenas no mês da implantação.</p>
<h3>Benefícios mais comuns</h3>
<ul>
<li>horas de trabalho liberadas para atividades de maior valor;</li>
<li>redução de erros, retrabalho, multas e perdas;</li>
<li>aumento de receita por conversão, retenção ou velocidade de resposta;</li>
<li>redução do tempo de ciclo, como na aprovação de crédito ou no fechamento contábil.</li>
</ul>
<h3>Custos que não podem ficar de fora</h3>
<ul>
<li>desenvolvimento, integrações e implantação;</li>
<li>licenças e consumo de modelos e de infraestrutura em nuvem;</li>
<li>sustentação, monitoramento e melhoria contínua;</li>
<li>gestão da mudança e capacitação das equipes.</li>
</ul>
<p>Um exemplo ilustrativo: uma equipe de contas a pagar dedica 600 horas por mês ao lançamento de notas fiscais. Se a automação reduz esse esforço em 70%, são 420 horas liberadas por mês. Multiplicando pelo custo da hora da equipe e descontando os custos mensais da solução, chega-se ao benefício líquido e ao prazo de retorno do investimento. Os números de cada empresa serão diferentes; o importante é fazer a conta com dados reais da operação.</p>
<h2>6. Planeje a escala desde o início</h2>
<p>Um piloto bem-sucedido que nunca chega à produção é um dos desperdícios mais comuns em IA. Desde o primeiro dia, pense em segurança, integração com os sistemas corporativos, monitoramento e em quem vai sustentar a solução. Defina também os próximos casos de uso que podem reaproveitar a mesma base: conectores, bases de conhecimento e governança já construídos.</p>
<blockquote>O primeiro projeto de IA não precisa ser o maior. Precisa ser o que prova valor, ensina a organização e abre caminho para os próximos.</blockquote>
<h2>Erros frequentes</h2>
<ul>
<li>escolher o caso de uso pela novidade da tecnologia, e não pelo impacto;</li>
<li>subestimar o esforço de preparação e integração dos dados;</li>
<li>deixar as áreas usuárias fora do desenho da solução;</li>
<li>não envolver segurança da informação e jurídico desde o início.</li>
</ul>
<p>Na Agile, começamos com um diagnóstico que identifica e prioriza as oportunidades de maior retorno para a sua empresa. <a href="/formulario">Solicite o seu</a> ou <a href="/produtos">conheça nossas soluções</a>.</p>`,
  },
  {
    title: "Capacitação em IA: como preparar sua equipe para trabalhar com agentes inteligentes",
    slug: "capacitacao-em-ia-como-preparar-sua-equipe-para-trabalhar-com-agentes-inteligentes",
    categorySlug: "estrategia-e-governanca",
    summary:
      "A tecnologia só gera valor quando as pessoas sabem usá-la bem. Veja como estruturar um programa de capacitação em IA, dos fundamentos aos novos papéis criados pelos agentes.",
    imageUrl: "/images/blog/capacitacao-em-ia-como-preparar-sua-equipe-para-trabalhar-com-agentes-inteligentes.svg",
    published: false,
    publishedDaysAgo: null,
    content: `<p>A maior barreira para a adoção de inteligência artificial nas empresas raramente é a tecnologia. É a capacidade das pessoas de usá-la bem: saber quando confiar no resultado, quando questioná-lo e como redesenhar o próprio trabalho a partir das novas ferramentas. <strong>Agentes de IA</strong> só geram valor sustentável quando as equipes estão preparadas para trabalhar com eles.</p>
<h2>Por que a capacitação precisa acompanhar a tecnologia</h2>
<p>Ferramentas de IA generativa são fáceis de acessar e difíceis de dominar. Sem orientação, surgem dois extremos: profissionais que desconfiam de tudo e não adotam a ferramenta, e profissionais que confiam demais e repassam respostas sem conferir. Ambos geram prejuízo — o primeiro em produtividade perdida, o segundo em erros e riscos de segurança.</p>
<p>Um programa de capacitação estruturado reduz esses extremos e cria uma cultura de uso responsável e produtivo.</p>
<h2>Três níveis de formação</h2>
<h3>Letramento em IA para todos</h3>
<p>Todos os colaboradores precisam entender o básico: o que a IA generativa faz bem, onde costuma errar, por que ela pode “inventar” informações com aparência convincente e quais dados nunca devem ser inseridos em ferramentas não autorizadas. Esse nível inclui a política de uso da empresa e exemplos práticos do dia a dia.</p>
<h3>Aplicação prática por área</h3>
<p>Atendimento, financeiro, jurídico, marketing e operações têm necessidades diferentes. Aqui, a formação é feita com os processos reais de cada área: como um analista de crédito usa um assistente para resumir documentos, como o jurídico revisa cláusulas com apoio da IA, como o atendimento supervisiona um agente e trata as exceções que ele encaminha.</p>
<h3>Especialistas e multiplicadores</h3>
<p>Um grupo menor se aprofunda em temas como desenho de fluxos com agentes, avaliação da qualidade das respostas, engenharia de prompts e noções de governança. Esses profissionais se tornam referência interna e ajudam a identificar novos casos de uso.</p>
<h2>Novos papéis no trabalho com agentes</h2>
<p>Quando um agente de IA assume tarefas repetitivas, o trabalho das pessoas muda de natureza. Surgem funções como:</p>
<ul>
<li><strong>Supervisor de agentes:</strong> acompanha indicadores, revisa conversas, identifica falhas e propõe ajustes.</li>
<li><strong>Curador de conhecimento:</strong> mantém atualizados as políticas, os procedimentos e as bases que o agente consulta.</li>
<li><strong>Especialista em exceções:</strong> atende os casos complexos ou sensíveis que o agente encaminha, agora com mais tempo e contexto.</li>
</ul>
<p>Deixar claro como cada função evolui é também a melhor forma de reduzir a ansiedade das equipes em relação à automação.</p>
<h2>Como estruturar o programa</h2>
<ol>
<li><strong>Diagnóstico:</strong> avalie o nível atual de conhecimento e o uso que já acontece de forma espontânea.</li>
<li><strong>Trilhas por perfil:</strong> combine conteúdos curtos, oficinas práticas e desafios baseados em problemas reais da empresa.</li>
<li><strong>Aprendizado no fluxo de trabalho:</strong> guias rápidos, modelos de prompts aprovados e canais de dúvidas valem mais do que um treinamento longo e pontual.</li>
<li><strong>Patrocínio da liderança:</strong> gestores que usam a IA e compartilham aprendizados sinalizam que a mudança é prioridade.</li>
<li><strong>Medição:</strong> acompanhe adoção, produtividade e qualidade, e não apenas o número de horas de treinamento.</li>
</ol>
<blockquote>Tecnologia se compra; a capacidade de usá-la bem se constrói.</blockquote>
<h2>Um exemplo ilustrativo</h2>
<p>Imagine uma cooperativa de crédito do interior que implanta um agente para atender associados pelo WhatsApp. Antes da entrada em produção, os atendentes participam de oficinas para conhecer o agente, testar conversas difíceis e entender os critérios de transferência. Depois, dois deles assumem a supervisão do agente e revisam diariamente uma amostra das conversas. Em poucas semanas, as sugestões da própria equipe tornam o agente mais preciso, e os atendentes passam a vê-lo como um aliado, e não como uma ameaça.</p>
<p>A Agile desenvolve programas de capacitação sob medida, integrados à implantação dos <a href="/agentes">agentes de IA</a>. <a href="/#contact">Fale conosco</a> para estruturar a trilha da sua equipe.</p>`,
  },
];
