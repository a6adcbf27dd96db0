import { LegalPage, type LegalSection } from "~/components/legal-page";
import { env } from "~/config.server";
import { Link } from "~/lib/navigation";
import { LEGAL_PATHS, TERMS_VERSION, versionDate } from "~/lib/privacy";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/termos";

export const handle = { policy: publicPage() };

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Termos de Uso",
    description: `Regras de uso do site da ${SITE_NAME}: formulários, chat de consultoria gratuita, planos, pagamentos, propriedade intelectual e responsabilidades.`,
  });

export function loader() {
  return { contactEmail: env.CONTACT_EMAIL };
}

function sections(contactEmail: string): LegalSection[] {
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return [
    {
      id: "aceitacao",
      title: "Aceitação",
      body: (
        <p>
          Estes Termos de Uso regulam o uso do site da {SITE_NAME}. Ao navegar, enviar um formulário, usar o chat ou contratar um plano ou
          produto, você concorda com eles e com a <Link to={LEGAL_PATHS.privacy}>Política de Privacidade</Link>. Se não concordar, não use o
          site.
        </p>
      ),
    },
    {
      id: "servicos",
      title: "O site e os nossos serviços",
      body: (
        <>
          <p>
            O site apresenta as soluções da {SITE_NAME} em inteligência artificial para empresas (agentes de IA, chatbots, consultoria,
            treinamento e mapeamento de processos), publica conteúdos no blog e permite pedir contato, consultoria e propostas.
          </p>
          <p>
            As informações do site são gerais. Propostas, prazos e resultados dependem de cada projeto e só nos obrigam depois de acordados
            por escrito com você.
          </p>
        </>
      ),
    },
    {
      id: "uso-permitido",
      title: "Uso permitido",
      body: (
        <>
          <p>Ao usar o site, você se compromete a não:</p>
          <ul>
            <li>informar dados falsos ou de outra pessoa sem autorização dela;</li>
            <li>enviar conteúdo ilícito, ofensivo, discriminatório ou que viole direitos de terceiros;</li>
            <li>tentar acessar áreas restritas, burlar limites de uso ou testar vulnerabilidades sem autorização;</li>
            <li>sobrecarregar o site, automatizar envios em massa ou coletar dados de forma automatizada;</li>
            <li>usar o chat ou os formulários para spam ou para fins diferentes de falar com a {SITE_NAME}.</li>
          </ul>
          <p>Podemos bloquear envios e acessos que descumpram estas regras.</p>
        </>
      ),
    },
    {
      id: "informacoes-enviadas",
      title: "Informações que você envia",
      body: (
        <p>
          Você é responsável pela exatidão do que envia. Use os formulários e o chat para falar da sua empresa e do seu projeto; não envie
          dados pessoais sensíveis, segredos comerciais de terceiros nem dados de clientes ou colaboradores. O tratamento dos seus dados
          segue a <Link to={LEGAL_PATHS.privacy}>Política de Privacidade</Link>.
        </p>
      ),
    },
    {
      id: "chat",
      title: "Chat de consultoria gratuita",
      body: (
        <p>
          As respostas do chat são geradas por um assistente de inteligência artificial e têm caráter informativo: podem conter imprecisões
          e não substituem a análise da nossa equipe, nem constituem proposta comercial ou parecer profissional. Se o assistente estiver
          indisponível, o chat funciona em modo offline e nossa equipe responde pelo contato que você informou.
        </p>
      ),
    },
    {
      id: "planos-pagamentos",
      title: "Planos, produtos e pagamentos",
      body: (
        <>
          <ul>
            <li>
              Os preços estão em reais (BRL) na página <Link to="/produtos">Produtos e Assinaturas</Link> e são confirmados na tela de
              pagamento.
            </li>
            <li>
              O pagamento é feito na página segura do provedor de pagamento (Stripe), que processa os dados do cartão; a {SITE_NAME} não
              recebe o número do cartão.
            </li>
            <li>
              Os planos são mensais e renovados automaticamente até o cancelamento, que pode ser pedido a qualquer momento pelo e-mail{" "}
              {mail} e vale para o ciclo seguinte.
            </li>
            <li>
              Os produtos avulsos são cobrados uma única vez; o escopo e o cronograma de entrega são combinados com você após a compra.
            </li>
            <li>
              Quando a compra for feita por um consumidor, nos termos do Código de Defesa do Consumidor, vale o direito de arrependimento em
              até 7 dias (art. 49), com devolução integral do valor pago.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "propriedade-intelectual",
      title: "Propriedade intelectual",
      body: (
        <p>
          A marca {SITE_NAME}, os textos, artigos do blog, imagens, layout e código do site pertencem à {SITE_NAME} ou a seus licenciantes.
          Você pode compartilhar links e citar trechos com indicação da fonte; qualquer outra reprodução depende de autorização por escrito.
        </p>
      ),
    },
    {
      id: "links-externos",
      title: "Links para outros sites",
      body: (
        <p>
          O site tem links para serviços de terceiros, como o aplicativo de mensagens e redes sociais. Esses serviços têm termos e políticas
          próprios, pelos quais a {SITE_NAME} não responde.
        </p>
      ),
    },
    {
      id: "responsabilidade",
      title: "Disponibilidade e responsabilidade",
      body: (
        <p>
          Trabalhamos para manter o site disponível e seguro, mas ele pode passar por interrupções de manutenção ou por falhas de terceiros.
          Na medida permitida pela lei, a {SITE_NAME} não responde por danos indiretos decorrentes do uso das informações gerais do site;
          nossas obrigações em cada projeto são as do contrato firmado com você.
        </p>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações destes termos",
      body: (
        <p>
          Podemos atualizar estes termos. A versão em vigor é sempre a publicada nesta página, com número e data; mudanças relevantes serão
          avisadas no site.
        </p>
      ),
    },
    {
      id: "lei-foro",
      title: "Lei aplicável e foro",
      body: (
        <p>
          Estes termos seguem as leis do Brasil. Fica eleito o foro da sede da {SITE_NAME}, ressalvado o direito do consumidor de propor
          ações no foro do seu domicílio.
        </p>
      ),
    },
    {
      id: "contato",
      title: "Contato",
      body: (
        <p>
          Dúvidas sobre estes termos: {mail}. Assuntos de dados pessoais: veja a{" "}
          <Link to={`${LEGAL_PATHS.privacy}#como-exercer`}>Política de Privacidade</Link>.
        </p>
      ),
    },
  ];
}

export default function TermsOfUse({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      eyebrow="Termos"
      title="Termos de Uso"
      version={TERMS_VERSION}
      updatedAt={versionDate(TERMS_VERSION)}
      current={LEGAL_PATHS.terms}
      intro={<p>As regras para usar o site da {SITE_NAME}, escritas para serem lidas de uma vez.</p>}
      sections={sections(loaderData.contactEmail)}
    />
  );
}
