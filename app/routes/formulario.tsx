import { Island } from "~/components/island";
import { QUESTIONNAIRE_HERO, QUESTIONNAIRE_META } from "~/components/marketing/formulario/content";
import { PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { QuestionnaireForm } from "~/forms/questionnaire/form";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/formulario";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const handle: RouteHandle = { policy: publicPage() };

export const meta: Route.MetaFunction = (args) => seo(args, QUESTIONNAIRE_META);

export default function QuestionnairePage() {
  return (
    <>
      <PageHero copy={QUESTIONNAIRE_HERO}>
        <ul className="flex flex-wrap gap-x-8 gap-y-3 text-sm text-white/85">
          {QUESTIONNAIRE_HERO.promises.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon className="size-4 text-cyan" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
      </PageHero>

      <section className="bg-muted py-12 sm:py-16">
        <Island name="questionnaire" component={QuestionnaireForm} props={{}} />
      </section>
    </>
  );
}
