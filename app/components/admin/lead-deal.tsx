/**
 * A sales lead's deal on its page (docs/decisions/0142): the value, the expected close day, the
 * stage's probability and weighted value, when it was won or lost and why; a plain form
 * (`intent=deal`) posting to the page's action. The reason of a loss is part of the stage form
 * (`LostReasonField`): it is required with the move to 'Perdido'.
 */
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { LeadDeal } from "~/domain/deals.server";
import { formatDateTime } from "~/lib/dates";
import { centsToInput, dealMessages, formatBRL, LOST_REASON_MAX_LENGTH } from "~/lib/deals";

type Reply = { intent?: string; errors?: Record<string, string>; values?: Record<string, string> } | undefined;

export function DealCard({ deal, reply, saved }: { deal: LeadDeal; reply: Reply; saved: boolean }) {
  const mine = reply?.intent === "deal" ? reply : undefined;
  const errors = mine?.errors ?? {};
  const values = mine?.values;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "deal";
  return (
    <Card data-testid="deal-card">
      <CardHeader>
        <CardTitle asChild>
          <h2>Negócio</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Valor</dt>
          <dd className="font-medium tabular-nums" data-testid="deal-value">
            {deal.valueCents === null ? "Sem valor" : formatBRL(deal.valueCents)}
          </dd>
          {deal.probability !== null ? (
            <>
              <dt className="text-muted-foreground">Ponderado ({deal.probability} %)</dt>
              <dd className="font-medium tabular-nums">{formatBRL(((deal.valueCents ?? 0) * deal.probability) / 100)}</dd>
            </>
          ) : null}
          {deal.closedAt && (deal.stage === "ganho" || deal.stage === "perdido") ? (
            <>
              <dt className="text-muted-foreground">{deal.stage === "ganho" ? "Ganho em" : "Perdido em"}</dt>
              <dd>
                <time dateTime={deal.closedAt}>{formatDateTime(deal.closedAt)}</time>
              </dd>
            </>
          ) : null}
          {deal.stage === "perdido" && deal.lostReason ? (
            <>
              <dt className="text-muted-foreground">{dealMessages.lostReasonLabel}</dt>
              <dd className="[overflow-wrap:anywhere]" data-testid="deal-lost-reason">
                {deal.lostReason}
              </dd>
            </>
          ) : null}
        </dl>
        {saved ? (
          <p role="status" className="text-sm font-medium" data-testid="deal-saved">
            {dealMessages.dealSaved}
          </p>
        ) : null}
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="deal" />
          <FormField id="valueCents" label={dealMessages.valueLabel} hint={dealMessages.valueHint} error={errors.valueCents}>
            <Input
              name="valueCents"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={values?.valueCents ?? centsToInput(deal.valueCents)}
              key={`value-${deal.valueCents}`}
              {...fieldA11y("valueCents", errors.valueCents, { hint: true })}
            />
          </FormField>
          <FormField id="expectedCloseOn" label={dealMessages.expectedCloseLabel} error={errors.expectedCloseOn}>
            <Input
              name="expectedCloseOn"
              type="date"
              defaultValue={values?.expectedCloseOn ?? deal.expectedCloseOn ?? ""}
              key={`close-${deal.expectedCloseOn}`}
              {...fieldA11y("expectedCloseOn", errors.expectedCloseOn)}
            />
          </FormField>
          <Button type="submit" variant="outline" disabled={saving}>
            {saving ? "Atualizando..." : "Atualizar negócio"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Inside the stage form: why the deal was lost (required with 'Perdido'; kept as it was otherwise). */
export function LostReasonField({ current, value, error }: { current: string | null; value?: string; error?: string }) {
  return (
    <FormField id="lostReason" label={dealMessages.lostReasonLabel} hint={dealMessages.lostReasonHint} error={error}>
      <Input
        name="lostReason"
        maxLength={LOST_REASON_MAX_LENGTH}
        defaultValue={value ?? current ?? ""}
        key={`reason-${current}`}
        {...fieldA11y("lostReason", error, { hint: true })}
      />
    </FormField>
  );
}
