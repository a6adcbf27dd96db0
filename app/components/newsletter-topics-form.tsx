/**
 * The topics a subscriber chooses (docs/decisions/0131): the blog's categories as checkboxes, on
 * the page after the double opt-in and on /newsletter/temas (the link in each edition). A plain
 * form, posted with the subscriber's link token: it works before any script loads. Optional: the
 * sign-up form stays one field (SPEC §5), and a subscriber who chooses nothing gets every edition
 * sent to all.
 */
import { Button } from "~/components/ui/button";

export interface TopicOption {
  id: number;
  name: string;
  chosen: boolean;
}

export const topicsText = {
  legend: "Quais temas mais interessam a você?",
  hint: "Opcional: marque os temas do blog sobre os quais quer receber novidades. Você pode mudar a escolha quando quiser pelo link “Escolher temas” de cada e-mail.",
  save: "Salvar temas",
  saving: "Salvando...",
  saved: "Temas salvos. Obrigado!",
  none: "Ainda não há temas para escolher.",
} as const;

export function NewsletterTopicsForm({
  token,
  topics,
  action = "/newsletter/temas",
}: {
  token: string;
  topics: TopicOption[];
  action?: string;
}) {
  if (!topics.length) return <p className="mt-4 text-sm text-muted-foreground">{topicsText.none}</p>;
  return (
    <form method="post" action={action} className="mt-6 text-left" data-busy-label={topicsText.saving}>
      <input type="hidden" name="token" value={token} />
      <fieldset className="grid gap-3">
        <legend className="text-base font-semibold">{topicsText.legend}</legend>
        <p className="text-sm text-muted-foreground">{topicsText.hint}</p>
        <ul className="grid gap-1">
          {topics.map((topic) => (
            <li key={topic.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-secondary">
                <input
                  type="checkbox"
                  name={`tema-${topic.id}`}
                  value="1"
                  defaultChecked={topic.chosen}
                  className="size-5 accent-primary"
                />
                <span>{topic.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Button type="submit" size="lg" className="mt-4 w-full">
        {topicsText.save}
      </Button>
    </form>
  );
}

/** The category ids a posted topics form chose. */
export function chosenTopics(body: Record<string, unknown>): number[] {
  return Object.keys(body)
    .map((key) => /^tema-([1-9]\d{0,9})$/.exec(key)?.[1])
    .filter((id): id is string => Boolean(id))
    .map(Number);
}
