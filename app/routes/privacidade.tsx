import { Facts, LegalPage, type LegalSection } from "~/components/legal-page";
import { env } from "~/config.server";
import { Link } from "~/lib/navigation";
import { formatPeriod, LEGAL_PATHS, PRIVACY_POLICY_VERSION, RETENTION, versionDate } from "~/lib/privacy";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/privacidade";

export const handle = { policy: publicPage() };

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Política de Privacidade",
    description: `Como a ${SITE_NAME} trata dados pessoais conforme a LGPD: o que coletamos, por quê, com quem compartilhamos, por quanto tempo guardamos e como exercer seus direitos.`,
  });

export function loader() {
  return { dpoEmail: env.DPO_EMAIL };
}

const period = (kind: keyof typeof RETENTION) => formatPeriod(RETENTION[kind]);

function sections(dpoEmail: string): LegalSection[] {
  const dpo = <a href={`mailto:${dpoEmail}?subject=${encodeURIComponent("Solicitação LGPD")}`}>{dpoEmail}</a>;
  return [
    {
      id: "quem-somos",
      title: "Quem somos e a quem esta política se aplica",
      body: (
        <>
          <p>
            A {SITE_NAME} é uma consultoria de inteligência artificial para empresas. Nesta política, “{SITE_NAME}”, “nós” e “nosso” se
            referem a ela, que atua como <strong>controladora</strong> dos dados pessoais tratados neste site, nos termos da Lei Geral de
            Proteção de Dados Pessoais (Lei nº 13.709/2018, “LGPD”).
          </p>
          <p>
            Ela vale para quem visita o site, fala conosco pelos formulários ou pelo chat, assina a newsletter, se candidata a uma vaga ou
            contrata um plano ou produto. O site é voltado a empresas e profissionais; não coletamos de propósito dados de crianças ou
            adolescentes.
          </p>
        </>
      ),
    },
    {
      id: "dados-coletados",
      title: "Quais dados coletamos, para quê e com qual base legal",
      body: (
        <>
          <p>
            Só pedimos o necessário para atender ao que você nos pediu. Abaixo, cada ponto de coleta com os dados, a finalidade e a base
            legal do art. 7º da LGPD.
          </p>

          <h3>Formulário de contato (página inicial e “Sobre”)</h3>
          <Facts
            items={[
              { term: "Dados", value: "Nome, empresa, e-mail, telefone (opcional) e a sua mensagem." },
              { term: "Finalidade", value: "Responder ao seu contato e, se for o caso, preparar uma proposta." },
              {
                term: "Base legal",
                value:
                  "Procedimentos preliminares a um contrato, a seu pedido (art. 7º, V), e legítimo interesse para o acompanhamento comercial desse contato (art. 7º, IX).",
              },
              {
                term: "Aceite",
                value:
                  "Ao marcar a caixa de concordância, registramos a versão desta política que você aceitou, a data e a hora, o formulário de origem, o endereço IP e o navegador.",
              },
            ]}
          />

          <h3>Solicitação de consultoria</h3>
          <Facts
            items={[
              { term: "Dados", value: "Nome, e-mail, telefone, empresa, área de atuação e o botão do site que abriu o pedido." },
              { term: "Finalidade", value: "Agendar e realizar a consultoria solicitada." },
              {
                term: "Base legal",
                value: "Procedimentos preliminares a um contrato, a seu pedido (art. 7º, V), e legítimo interesse (art. 7º, IX).",
              },
            ]}
          />

          <h3>Questionário de otimização (/formulario)</h3>
          <Facts
            items={[
              {
                term: "Dados",
                value:
                  "Nome da empresa, nome e cargo do contato, e-mail, telefone, setor, porte, e as respostas sobre processos, desafios, objetivos, dados, tecnologia, equipe, orçamento e prazo.",
              },
              { term: "Finalidade", value: "Fazer o diagnóstico da sua operação e enviar uma proposta personalizada." },
              { term: "Base legal", value: "Procedimentos preliminares a um contrato, a seu pedido (art. 7º, V)." },
              {
                term: "Cuidado",
                value:
                  "As respostas devem descrever a empresa. Não inclua dados de clientes, de colaboradores nem dados sensíveis (saúde, religião, biometria etc.).",
              },
            ]}
          />

          <h3>Chat “Consultoria Gratuita”</h3>
          <Facts
            items={[
              {
                term: "Dados",
                value: "E-mail, telefone, nome da empresa (opcional), o conteúdo das mensagens trocadas e o endereço IP da conexão.",
              },
              {
                term: "Finalidade",
                value:
                  "Responder às suas perguntas e encaminhar a conversa à nossa equipe. As mensagens são enviadas ao serviço de assistente de chat que gera as respostas; se ele estiver indisponível, a conversa fica guardada para a equipe responder.",
              },
              {
                term: "Base legal",
                value: "Procedimentos preliminares a um contrato, a seu pedido (art. 7º, V), e legítimo interesse (art. 7º, IX).",
              },
              {
                term: "Decisões",
                value:
                  "O assistente apenas responde perguntas. Não tomamos decisões automatizadas que afetem seus interesses (art. 20); uma pessoa da equipe sempre faz o contato comercial.",
              },
            ]}
          />

          <h3>Candidaturas (/carreiras)</h3>
          <Facts
            items={[
              {
                term: "Dados",
                value:
                  "Nome, e-mail, telefone, vaga, experiência, motivação e, se você informar, LinkedIn, portfólio e currículo (PDF, DOC ou DOCX). O currículo anexado ao formulário fica guardado com a candidatura, só a nossa equipe o acessa, e é apagado junto com ela; o currículo enviado por e-mail segue as mesmas regras.",
              },
              { term: "Finalidade", value: "Conduzir o processo seletivo da vaga escolhida." },
              {
                term: "Base legal",
                value: "Procedimentos preliminares à celebração de um contrato de trabalho, a seu pedido (art. 7º, V).",
              },
            ]}
          />

          <h3>Newsletter</h3>
          <Facts
            items={[
              { term: "Dados", value: "E-mail, formulário de origem, versão desta política e data e hora do consentimento." },
              { term: "Finalidade", value: "Enviar conteúdos e novidades sobre inteligência artificial para empresas." },
              {
                term: "Base legal",
                value:
                  "Consentimento (art. 7º, I, e art. 8º). Você pode revogá-lo a qualquer momento pelo link de cancelamento de cada e-mail ou escrevendo ao encarregado; a revogação também fica registrada.",
              },
            ]}
          />

          <h3>Compras e assinaturas</h3>
          <Facts
            items={[
              {
                term: "Dados",
                value:
                  "Plano ou produto, valor, situação do pagamento, datas, nome e e-mail informados no pagamento e os identificadores da transação no provedor de pagamento.",
              },
              { term: "Finalidade", value: "Processar o pagamento, prestar o serviço contratado e emitir documentos fiscais." },
              {
                term: "Base legal",
                value: "Execução de contrato (art. 7º, V) e cumprimento de obrigação legal, como a legislação tributária (art. 7º, II).",
              },
              {
                term: "Cartão",
                value:
                  "Os dados do cartão são digitados na página segura do provedor de pagamento (Stripe). Nós não recebemos nem guardamos o número do cartão.",
              },
            ]}
          />

          <h3>Estatísticas de visitas (sem cookies)</h3>
          <Facts
            items={[
              {
                term: "Dados",
                value:
                  "Para cada página vista: o endereço da página, o site de onde você veio (só o domínio, como google.com), os parâmetros de campanha do link (utm_source, utm_medium e utm_campaign), o tipo de aparelho (celular, tablet ou computador) e o dia. Também contamos, sem conteúdo, quando o chat ou a solicitação de consultoria é aberto e quando um formulário começa a ser preenchido.",
              },
              {
                term: "Como",
                value:
                  "Sem cookies e sem guardar nada no seu navegador. O próprio servidor conta a página quando a entrega. Para saber quantas pessoas diferentes visitaram o site num dia, calculamos um código embaralhado (hash) a partir do endereço IP, do navegador e de um valor secreto sorteado a cada dia. O endereço IP e o navegador não são gravados, e o valor secreto é apagado no dia seguinte: depois disso, nem nós conseguimos ligar o código a alguém ou a visitas de outros dias.",
              },
              {
                term: "Finalidade",
                value:
                  "Saber quais páginas, conteúdos e campanhas interessam aos visitantes e trazem contatos, para melhorar o site. Quando você nos escreve por um formulário, pelo chat ou faz uma compra, guardamos junto com o seu pedido a página por onde entrou no site, o site de origem e a campanha, para sabermos o que trouxe o seu contato.",
              },
              { term: "Base legal", value: "Legítimo interesse (art. 7º, IX), com dados que não identificam você." },
              {
                term: "Não contamos",
                value: "Robôs e buscadores, a área administrativa e os nossos próprios testes de desempenho.",
              },
            ]}
          />

          <h3>Segurança do site e da área administrativa</h3>
          <Facts
            items={[
              {
                term: "Dados",
                value:
                  "Endereço IP e navegador em tentativas de login e nos envios de formulário, contadores temporários de requisições por endereço IP (contra abuso e spam), o conteúdo de envios suspeitos de spam e o registro de auditoria das ações administrativas. Contra robôs, os formulários resolvem no seu navegador um pequeno cálculo gerado pelo nosso próprio servidor (prova de trabalho), sem serviços de terceiros.",
              },
              { term: "Finalidade", value: "Proteger o site, os dados que ele guarda e comprovar quem fez o quê na administração." },
              { term: "Base legal", value: "Legítimo interesse (art. 7º, IX) e o dever de segurança do art. 46." },
            ]}
          />
        </>
      ),
    },
    {
      id: "consentimento",
      title: "Como registramos o consentimento",
      body: (
        <p>
          Sempre que o consentimento é a base legal (newsletter) ou quando você aceita esta política (formulário de contato), guardamos um
          registro com a finalidade, a versão da política, a data e a hora, o formulário de origem, o endereço IP e o navegador. A revogação
          gera um novo registro. Assim conseguimos comprovar o consentimento, como exige o art. 8º, § 2º, da LGPD.
        </p>
      ),
    },
    {
      id: "compartilhamento",
      title: "Com quem compartilhamos",
      body: (
        <>
          <p>
            Não vendemos nem alugamos dados pessoais. Eles são compartilhados apenas com fornecedores que nos ajudam a operar o site, na
            medida do necessário:
          </p>
          <ul>
            <li>
              <strong>Provedor de e-mail</strong>: envia as notificações internas dos formulários e a newsletter.
            </li>
            <li>
              <strong>Provedor de pagamento (Stripe)</strong>: processa os pagamentos com cartão e as assinaturas.
            </li>
            <li>
              <strong>Serviço de assistente de chat</strong>: recebe as mensagens do chat para gerar as respostas.
            </li>
            <li>
              <strong>Hospedagem e banco de dados</strong>: guardam o site e os dados em servidores protegidos.
            </li>
          </ul>
          <p>
            Esses fornecedores atuam como operadores, seguindo nossas instruções e obrigações de confidencialidade e segurança. Também
            podemos fornecer dados a autoridades quando a lei ou uma ordem judicial exigir.
          </p>
        </>
      ),
    },
    {
      id: "transferencia-internacional",
      title: "Transferência internacional",
      body: (
        <p>
          Alguns desses fornecedores, como o provedor de pagamento e o serviço de assistente de chat, podem tratar dados em servidores fora
          do Brasil, por exemplo nos Estados Unidos. Nesses casos a transferência se apoia nas hipóteses do art. 33 da LGPD, como cláusulas
          contratuais de proteção de dados com o fornecedor e a execução de um contrato ou de procedimentos preliminares pedidos por você, e
          os fornecedores são escolhidos por manterem padrões de segurança compatíveis com a LGPD.
        </p>
      ),
    },
    {
      id: "retencao",
      title: "Por quanto tempo guardamos",
      body: (
        <>
          <p>
            Guardamos os dados só pelo tempo necessário para a finalidade ou exigido por lei. Uma rotina automática diária apaga ou
            anonimiza o que passou do prazo:
          </p>
          <ul>
            <li>
              Mensagens de contato, solicitações de consultoria e questionários: <strong>{period("leads")}</strong> a partir do envio.
            </li>
            <li>
              Conversas do chat: <strong>{period("chatTranscripts")}</strong> a partir da última mensagem.
            </li>
            <li>
              Reuniões agendadas pelo site: <strong>{period("bookings")}</strong> a partir da data da reunião.
            </li>
            <li>
              Candidaturas, com o currículo enviado: <strong>{period("careerApplications")}</strong> a partir do envio, para vagas futuras
              compatíveis com o seu perfil.
            </li>
            <li>
              Newsletter: enquanto a assinatura estiver ativa; depois do cancelamento, o cadastro é apagado em até{" "}
              <strong>{period("newsletterUnsubscribed")}</strong>. Um pedido de inscrição que não foi confirmado pelo link enviado por
              e-mail é apagado em <strong>{period("newsletterUnconfirmed")}</strong>.
            </li>
            <li>
              Registros de consentimento e de revogação: <strong>{period("consentRecords")}</strong>, como prova, e enquanto o consentimento
              estiver em uso.
            </li>
            <li>
              Pedidos e assinaturas: <strong>{period("orders")}</strong> a partir da compra (o prazo da legislação tributária); depois, nome
              e e-mail são anonimizados e ficam só os valores para a contabilidade.
            </li>
            <li>
              E-mails de notificação na fila de envio, e a resposta automática que confirma o recebimento do seu formulário:{" "}
              <strong>{period("outbox")}</strong>.
            </li>
            <li>
              Envios de formulário tratados como suspeitos de spam (guardados à parte, para conferência): <strong>{period("spam")}</strong>{" "}
              a partir do envio.
            </li>
            <li>
              Estatísticas de visitas: cada página vista fica guardada por <strong>{period("analyticsRaw")}</strong>; depois restam apenas
              os totais por dia (quantas visitas teve cada página, de quais sites e campanhas), sem nenhum código de visitante. O valor
              secreto do código de cada dia é apagado no dia seguinte.
            </li>
            <li>
              Registro de auditoria da área administrativa: <strong>{period("auditLog")}</strong>. Os pedidos de titulares ficam registrados
              nele sem o e-mail, apenas com um código que não permite recuperá-lo.
            </li>
            <li>Sessão da área administrativa: até 8 horas ou até o logout.</li>
            <li>
              Registros técnicos do servidor (logs: endereço IP, página pedida, navegador e erros), usados para manter o site funcionando e
              investigar falhas e ataques: <strong>{period("serverLogs")}</strong>, depois são apagados. Eles não guardam o conteúdo dos
              formulários nem o seu e-mail.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "direitos",
      title: "Seus direitos",
      body: (
        <>
          <p>Pelo art. 18 da LGPD, você pode pedir a qualquer momento, sem custo:</p>
          <ol>
            <li>a confirmação de que tratamos seus dados;</li>
            <li>o acesso aos dados;</li>
            <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
            <li>
              a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;
            </li>
            <li>a portabilidade dos dados a outro fornecedor (entregamos uma cópia em JSON e CSV);</li>
            <li>a eliminação dos dados tratados com o seu consentimento;</li>
            <li>a informação sobre com quem compartilhamos seus dados;</li>
            <li>a informação sobre a possibilidade de não dar consentimento e as consequências disso;</li>
            <li>a revogação do consentimento.</li>
          </ol>
          <p>
            Você também pode se opor a um tratamento feito com base no legítimo interesse e apresentar reclamação à Autoridade Nacional de
            Proteção de Dados (ANPD). Alguns dados podem ser mantidos mesmo após um pedido de eliminação quando a lei exige (art. 16), como
            os dados fiscais de uma compra; nesse caso eles ficam anonimizados ou restritos a essa finalidade.
          </p>
        </>
      ),
    },
    {
      id: "como-exercer",
      title: "Como exercer seus direitos",
      body: (
        <>
          <p>
            Escreva ao nosso encarregado pelo e-mail {dpo}, de preferência a partir do mesmo endereço que você usou no site, dizendo o que
            deseja. Se precisarmos confirmar sua identidade, pediremos apenas o mínimo necessário.
          </p>
          <p>
            A confirmação e o acesso em formato simplificado são fornecidos de imediato; uma declaração completa, em até 15 dias (art. 19).
            Correções e eliminações são feitas em uma única operação em todos os nossos registros, e avisamos você quando estiverem
            concluídas.
          </p>
        </>
      ),
    },
    {
      id: "encarregado",
      title: "Encarregado pelo tratamento de dados (DPO)",
      body: (
        <p>
          O encarregado é o canal entre você, a {SITE_NAME} e a ANPD (art. 41). Contato: {dpo}.
        </p>
      ),
    },
    {
      id: "seguranca",
      title: "Como protegemos seus dados",
      body: (
        <>
          <p>Adotamos medidas técnicas e administrativas de segurança (art. 46), entre elas:</p>
          <ul>
            <li>conexão criptografada (HTTPS) e cabeçalhos de segurança em todas as páginas;</li>
            <li>acesso aos dados restrito à área administrativa, com senha guardada apenas como hash e sessões protegidas;</li>
            <li>limites de tentativas contra abuso e registro de auditoria de todas as ações administrativas;</li>
            <li>eliminação automática dos dados ao fim dos prazos de retenção.</li>
          </ul>
          <p>
            Se ocorrer um incidente de segurança que possa causar risco ou dano relevante, comunicaremos a ANPD e as pessoas afetadas, como
            determina o art. 48.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <p>
          Usamos apenas cookies estritamente necessários, e nenhum cookie de análise ou de publicidade. Os detalhes estão na{" "}
          <Link to={LEGAL_PATHS.cookies}>Política de Cookies</Link>.
        </p>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações desta política",
      body: (
        <p>
          Quando esta política mudar, publicaremos a nova versão nesta página, com novo número e data. Cada registro de consentimento guarda
          a versão aceita. Mudanças relevantes serão avisadas no site e, para quem assina a newsletter, por e-mail. Veja também os{" "}
          <Link to={LEGAL_PATHS.terms}>Termos de Uso</Link>.
        </p>
      ),
    },
  ];
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      eyebrow="LGPD"
      title="Política de Privacidade"
      version={PRIVACY_POLICY_VERSION}
      updatedAt={versionDate(PRIVACY_POLICY_VERSION)}
      current={LEGAL_PATHS.privacy}
      intro={
        <p>
          Explicamos aqui, de forma direta, quais dados pessoais a {SITE_NAME} coleta, por que, com quem compartilha, por quanto tempo
          guarda e como você exerce seus direitos. Dúvidas? Fale com o encarregado:{" "}
          <a className="text-primary underline underline-offset-2" href={`mailto:${loaderData.dpoEmail}`}>
            {loaderData.dpoEmail}
          </a>
          .
        </p>
      }
      sections={sections(loaderData.dpoEmail)}
    />
  );
}
