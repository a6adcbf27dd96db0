/** How the admin shows a lead's stage and its next follow-up (inbox and lead page). */
import { Badge } from "~/components/ui/badge";
import { formatDay, OPEN_STAGES, stageLabel, type Stage } from "~/lib/pipeline";

const STAGE_VARIANT: Record<Stage, "default" | "secondary" | "outline" | "success"> = {
  novo: "secondary",
  "em-contato": "default",
  "proposta-enviada": "default",
  ganho: "success",
  perdido: "outline",
  descartado: "outline",
  recebida: "secondary",
  "em-analise": "default",
  entrevista: "default",
  contratada: "success",
  recusada: "outline",
};

export function StageBadge({ stage }: { stage: Stage }) {
  return (
    <Badge variant={STAGE_VARIANT[stage] ?? "outline"} className="whitespace-nowrap" data-testid="stage">
      {stageLabel(stage)}
    </Badge>
  );
}

/** The day, and whether it is due: today or late, on a lead someone still has to work. */
export function FollowUp({ day, stage, today }: { day: string | null; stage: Stage; today: string }) {
  if (!day) return <span className="text-muted-foreground">Sem retorno</span>;
  const open = OPEN_STAGES.includes(stage);
  const state = !open ? null : day < today ? "Atrasado" : day === today ? "Hoje" : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="follow-up">
      <time dateTime={day}>{formatDay(day)}</time>
      {state ? <Badge variant={state === "Atrasado" ? "destructive" : "secondary"}>{state}</Badge> : null}
    </span>
  );
}
