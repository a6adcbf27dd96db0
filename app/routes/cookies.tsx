import { Facts, LegalPage, type LegalSection } from "~/components/legal-page";
import { env } from "~/config.server";
import { Link } from "~/lib/navigation";
import { COOKIES_VERSION, LEGAL_PATHS, versionDate } from "~/lib/privacy";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/cookies";

export const handle = { policy: publicPage() };

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Política de Cookies",
    description: `O site da ${SITE_NAME} usa apenas cookies estritamente necessários: sem cookies de análise, de publicidade ou de terceiros.`,
  });

export function loader() {
  return { dpoEmail: env.DPO_EMAIL };
}

function sections(dpoEmail: string): LegalSection[] {
  return [
    {
      id: "o-que-sao",
      title: "O que são cookies",
      body: (
        <p>
          Cookies são pequenos arquivos de texto que um site guarda no seu navegador para lembrar de algo entre uma página e outra, como o
          fato de você ter feito login. Eles podem ser essenciais para o funcionamento do site ou servir para análise de audiência e
          publicidade. Nós usamos apenas os essenciais.
        </p>
      ),
    },
    {
      id: "cookies-que-usamos",
      title: "Cookies que usamos",
      body: (
        <>
          <p>São dois, ambos do próprio site (primários) e estritamente necessários:</p>
          <h3>
            <code>sid</code> — sessão da área administrativa
          </h3>
          <Facts
            items={[
              {
                term: "Para quem",
                value: "Só para o administrador do site, depois que ele faz login. Visitantes não recebem este cookie.",
              },
              { term: "Finalidade", value: "Manter a sessão do administrador aberta com segurança." },
              { term: "Duração", value: "Até 8 horas, ou até o logout." },
              {
                term: "Proteções",
                value:
                  "Inacessível a scripts (HttpOnly), enviado só ao próprio site (SameSite=Lax) e, em HTTPS, apenas por conexão segura.",
              },
            ]}
          />
          <h3>
            <code>flash</code> — aviso de confirmação
          </h3>
          <Facts
            items={[
              {
                term: "Finalidade",
                value:
                  "Mostrar uma única vez um aviso depois de uma ação, por exemplo “Login realizado com sucesso” ou a confirmação de um envio.",
              },
              { term: "Duração", value: "Apagado assim que o aviso aparece; no máximo 60 segundos." },
              { term: "Conteúdo", value: "Apenas o texto do aviso. Nenhum identificador seu." },
            ]}
          />
        </>
      ),
    },
    {
      id: "armazenamento-local",
      title: "Armazenamento local do navegador",
      body: (
        <p>
          Além dos cookies, a área administrativa guarda no armazenamento local do navegador um indicador (<code>isAuthenticated</code>)
          usado apenas para ajustar a interface; a segurança depende só do cookie de sessão. Esse dado não sai do seu navegador e não é
          usado para rastreamento.
        </p>
      ),
    },
    {
      id: "o-que-nao-usamos",
      title: "O que não usamos",
      body: (
        <>
          <ul>
            <li>cookies de análise de audiência ou de estatísticas;</li>
            <li>cookies de publicidade, remarketing ou pixels de redes sociais;</li>
            <li>cookies de terceiros: até as fontes do site são servidas pelo próprio site, sem serviços externos;</li>
            <li>qualquer técnica de identificação do seu navegador para rastreamento.</li>
          </ul>
          <p>
            As estatísticas de visitas do site são contadas pelo próprio servidor, sem cookies e sem guardar nada no seu navegador; o código
            usado para contar visitantes muda todo dia e não permite seguir você de um dia para outro. Os detalhes estão na{" "}
            <Link to={LEGAL_PATHS.privacy}>Política de Privacidade</Link>.
          </p>
        </>
      ),
    },
    {
      id: "sem-banner",
      title: "Por que não exibimos um aviso de cookies",
      body: (
        <p>
          Cookies estritamente necessários são indispensáveis para o serviço que você pediu (como o login) e não exigem consentimento. Por
          isso o site não mostra um banner de cookies. Se um dia adicionarmos qualquer cookie não essencial, ele só será ativado depois do
          seu consentimento, pedido em um aviso, e esta política será atualizada antes.
        </p>
      ),
    },
    {
      id: "controle",
      title: "Como controlar os cookies",
      body: (
        <p>
          Você pode ver, bloquear ou apagar cookies nas configurações do seu navegador. Bloquear os cookies deste site não impede a
          navegação pública; apenas o login da área administrativa e os avisos de confirmação deixam de funcionar.
        </p>
      ),
    },
    {
      id: "contato",
      title: "Dúvidas",
      body: (
        <p>
          Fale com o nosso encarregado pelo e-mail <a href={`mailto:${dpoEmail}`}>{dpoEmail}</a>. Para saber como tratamos dados pessoais em
          geral, leia a <Link to={LEGAL_PATHS.privacy}>Política de Privacidade</Link>.
        </p>
      ),
    },
  ];
}

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      eyebrow="Cookies"
      title="Política de Cookies"
      version={COOKIES_VERSION}
      updatedAt={versionDate(COOKIES_VERSION)}
      current={LEGAL_PATHS.cookies}
      intro={<p>Resumo: usamos apenas dois cookies estritamente necessários e nenhum cookie de análise, de publicidade ou de terceiros.</p>}
      sections={sections(loaderData.dpoEmail)}
    />
  );
}
