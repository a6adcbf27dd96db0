/**
 * The deals board (docs/decisions/0143-the-deals-board.md): a column per sales stage with its
 * count, value and weighted value, the newest cards of each, and the stage probabilities. Every
 * card has a plain form (a `<details>` "Mover") that works without JavaScript. The script adds:
 * dragging a card onto a column, and ArrowLeft/ArrowRight on a focused card; each move is posted
 * through one fetcher (in order), shown at once, and announced in the page's live region. A move
 * to 'Perdido' first asks for the reason in a dialog. Below `lg` the columns are a list grouped by
 * stage, one under the other (no horizontal scroller).
 */
import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent, type KeyboardEvent } from "react";
import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SavedNotice } from "~/components/admin/saved-notice";
import { useAdminSubmit } from "~/components/admin/use-admin-submit";
import { Button } from "~/components/ui/button";
import { Handshake } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { BoardCard, PipelineTotals } from "~/domain/deals.server";
import { BOARD_CARDS_PER_STAGE, DEAL_STAGES, dealMessages, formatBRL, formatBRLShort, LOST_REASON_MAX_LENGTH } from "~/lib/deals";
import { formatDay, leadPagePath, pipelineTypeInfo, stageLabel, type SalesStage } from "~/lib/pipeline";
import { cn } from "~/lib/utils";
import type { BoardActionData } from "~/routes/admin/leads.negocios";

const BOARD_PATH = "/admin/leads/negocios";
const HINT_ID = "board-keyboard-hint";
/** A phone shows this many cards per stage (CSS only: the markup is the same at every width). */
const PHONE_CARDS = 5;
const PHONE_CARDS_CLASS = "max-lg:[&>li:nth-child(n+6)]:hidden";
const cardKey = (card: Pick<BoardCard, "type" | "id">) => `${card.type}-${card.id}`;
const cardName = (card: BoardCard) => card.name || card.email || `Lead nº ${card.id}`;

/** The inbox's way to the board. */
export function DealsBoardLink() {
  return (
    <Button asChild variant="outline">
      <Link to={BOARD_PATH}>
        <Handshake aria-hidden />
        Ver negócios por etapa
      </Link>
    </Button>
  );
}

type Pending = { key: string; stage: SalesStage; lostReason: string; name: string };

const subscribeNever = () => () => {};
/** False on the server and in hydration, true once the page script runs: controls that need it appear then. */
const useScript = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

export function DealsBoard({
  totals,
  cards,
  notice,
  actionData,
}: {
  totals: PipelineTotals;
  cards: BoardCard[];
  notice: string | null;
  actionData?: BoardActionData;
}) {
  const hydrated = useScript();
  // Where a moved card is shown at once (the server's answer confirms it, or takes it back).
  const [placed, setPlaced] = useState<Record<string, SalesStage>>({});
  const [announcement, setAnnouncement] = useState("");
  const [askLost, setAskLost] = useState<{ key: string; name: string } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<SalesStage | null>(null);
  const focusAfter = useRef<string | null>(null);
  const queue = useRef<Pending[]>([]);
  const inFlight = useRef<Pending | null>(null);
  // One move at a time, in the order made: the router reloads the board after each.
  const mover = useAdminSubmit<BoardActionData>(BOARD_PATH, { key: "deals-board-move" });

  const announce = (text: string) => {
    // Cleared first, so the same sentence twice is read twice.
    setAnnouncement("");
    window.setTimeout(() => setAnnouncement(text), 50);
  };

  useEffect(() => {
    const key = focusAfter.current;
    if (!key) return;
    focusAfter.current = null;
    document.querySelector<HTMLElement>(`[data-card-key="${key}"] [data-card-link]`)?.focus();
  });

  function sendNext() {
    if (inFlight.current || queue.current.length === 0) return;
    const next = queue.current.shift()!;
    inFlight.current = next;
    const cut = next.key.lastIndexOf("-");
    const fields = {
      intent: "move",
      via: "script",
      type: next.key.slice(0, cut),
      id: next.key.slice(cut + 1),
      stage: next.stage,
      lostReason: next.lostReason,
    };
    mover.submit(fields, (answer) => {
      inFlight.current = null;
      if (answer && answer.ok) {
        announce(answer.message);
      } else {
        const reason = answer && !answer.ok ? Object.values(answer.errors ?? {})[0] : undefined;
        announce(reason ? `${dealMessages.moveFailed(next.name)} ${reason}` : dealMessages.moveFailed(next.name));
        setPlaced((p) => {
          const rest = { ...p };
          delete rest[next.key];
          return rest;
        });
      }
      sendNext();
    });
  }

  const stageOf = (card: BoardCard): SalesStage => placed[cardKey(card)] ?? card.stage;

  function move(card: BoardCard, stage: SalesStage, lostReason = "", refocus = false) {
    const key = cardKey(card);
    if (stage === stageOf(card) && stage !== "perdido") {
      announce(dealMessages.edge(cardName(card), stageLabel(stage)));
      return;
    }
    if (stage === "perdido" && !lostReason) {
      setAskLost({ key, name: cardName(card) });
      return;
    }
    if (refocus) focusAfter.current = key;
    setPlaced((p) => ({ ...p, [key]: stage }));
    queue.current.push({ key, stage, lostReason, name: cardName(card) });
    sendNext();
  }

  function onCardKey(event: KeyboardEvent, card: BoardCard) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const at = DEAL_STAGES.indexOf(stageOf(card));
    const to = DEAL_STAGES[at + (event.key === "ArrowRight" ? 1 : -1)];
    if (!to) {
      announce(dealMessages.edge(cardName(card), stageLabel(stageOf(card))));
      return;
    }
    move(card, to, "", true);
  }

  function onDrop(event: DragEvent, stage: SalesStage) {
    event.preventDefault();
    setDropTarget(null);
    const key = event.dataTransfer.getData("text/plain");
    const card = cards.find((c) => cardKey(c) === key);
    setDragging(null);
    if (card) move(card, stage);
  }

  const lostCard = askLost ? cards.find((c) => cardKey(c) === askLost.key) : undefined;
  const moveError = actionData && !actionData.ok && actionData.intent === "move" ? actionData : undefined;
  const probabilityError = actionData && !actionData.ok && actionData.intent === "probabilities" ? actionData : undefined;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <AdminPageHeader
        title={dealMessages.boardTitle}
        description={dealMessages.boardDescription}
        icon={Handshake}
        narrow
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/leads">Ver a lista de leads</Link>
          </Button>
        }
      />
      {notice ? <SavedNotice data-testid="board-notice">{notice}</SavedNotice> : null}
      {moveError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
          <p className="font-medium">Não foi possível mover o lead.</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.values(moveError.errors).map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <Totals totals={totals} />

      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="board-announcer">
        {announcement}
      </p>
      {/* Drawn invisible until the script runs (it is what makes it true): its space is kept, so
          nothing moves under a pointer at hydration. */}
      <p id={HINT_ID} className={cn("text-sm text-muted-foreground", !hydrated && "invisible")}>
        Arraste um cartão para outra coluna, ou, com o foco no nome do lead, use as setas para a esquerda e para a direita para mudar a
        etapa. Cada cartão também tem o botão “Mover”.
      </p>

      <div className="grid gap-4 lg:grid-cols-3 xl:grid-cols-6" data-testid="board">
        {totals.stages.map((column) => {
          // A card just moved here comes first, where the reloaded board will have it (the most recently changed).
          const inColumn = cards
            .filter((c) => stageOf(c) === column.stage)
            .sort((a, b) => Number(cardKey(b) in placed) - Number(cardKey(a) in placed));
          return (
            <section
              key={column.stage}
              id={`etapa-${column.stage}`}
              aria-labelledby={`etapa-${column.stage}-titulo`}
              data-stage={column.stage}
              data-testid="board-column"
              className={cn(
                "flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-background p-3",
                dropTarget === column.stage && "border-primary ring-2 ring-primary/40",
              )}
              onDragOver={(event) => {
                if (!dragging) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                setDropTarget(column.stage);
              }}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
              }}
              onDrop={(event) => onDrop(event, column.stage)}
            >
              <header className="grid gap-1.5">
                <h2 id={`etapa-${column.stage}-titulo`} className="flex items-baseline justify-between gap-2 text-base font-semibold">
                  <span>{stageLabel(column.stage)}</span>
                  <span className="text-sm font-normal text-muted-foreground">{column.probability} %</span>
                </h2>
                <dl
                  className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-2 text-sm xl:gap-x-1 xl:text-xs"
                  data-testid="column-totals"
                >
                  <dt className="text-muted-foreground">Negócios</dt>
                  <dd className="text-right font-medium whitespace-nowrap tabular-nums">{column.count.toLocaleString("pt-BR")}</dd>
                  <dt className="text-muted-foreground">Valor</dt>
                  <dd className="text-right font-medium whitespace-nowrap tabular-nums">
                    <span title={formatBRL(column.valueCents)}>{formatBRLShort(column.valueCents)}</span>
                  </dd>
                  <dt className="text-muted-foreground">Ponderado</dt>
                  <dd className="text-right font-medium whitespace-nowrap tabular-nums">
                    <span title={formatBRL(column.weightedCents)}>{formatBRLShort(column.weightedCents)}</span>
                  </dd>
                </dl>
              </header>
              {inColumn.length === 0 ? (
                <p className="rounded-lg border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">
                  Nenhum negócio nesta etapa.
                </p>
              ) : (
                // A phone lists the first few of each stage; the link below leads to the rest.
                <ol className={cn("grid gap-2", PHONE_CARDS_CLASS)} aria-label={`Leads em ${stageLabel(column.stage)}`}>
                  {inColumn.map((card) => (
                    <BoardCardItem
                      key={cardKey(card)}
                      card={card}
                      stage={stageOf(card)}
                      draggable={hydrated}
                      dragging={dragging === cardKey(card)}
                      onDragStart={(event) => {
                        event.dataTransfer.setData("text/plain", cardKey(card));
                        event.dataTransfer.effectAllowed = "move";
                        setDragging(cardKey(card));
                      }}
                      onDragEnd={() => {
                        setDragging(null);
                        setDropTarget(null);
                      }}
                      onKeyDown={(event) => onCardKey(event, card)}
                      onMove={hydrated ? (stage, reason) => move(card, stage, reason, true) : undefined}
                      error={moveError && moveError.key === cardKey(card) ? moveError : undefined}
                      hint={hydrated}
                    />
                  ))}
                </ol>
              )}
              {column.count > inColumn.length || column.count > PHONE_CARDS ? (
                <Link
                  to={`/admin/leads?etapa=${column.stage}`}
                  className={cn("text-sm font-medium text-primary hover:underline", column.count <= inColumn.length && "lg:hidden")}
                >
                  Ver todos os {column.count.toLocaleString("pt-BR")} em {stageLabel(column.stage)}
                  <span className="max-lg:hidden">
                    {column.count > BOARD_CARDS_PER_STAGE ? ` (aqui, os ${BOARD_CARDS_PER_STAGE} mais recentes)` : ""}
                  </span>
                </Link>
              ) : null}
            </section>
          );
        })}
      </div>

      <ProbabilitiesForm totals={totals} error={probabilityError} />

      {askLost ? (
        <LostReasonDialog
          name={askLost.name}
          onCancel={() => {
            focusAfter.current = askLost.key;
            setAskLost(null);
            announce("Movimento cancelado.");
          }}
          onConfirm={(reason) => {
            setAskLost(null);
            if (lostCard) move(lostCard, "perdido", reason, true);
          }}
        />
      ) : null}
    </div>
  );
}

const deals = (n: number) => `${n.toLocaleString("pt-BR")} ${n === 1 ? "negócio" : "negócios"}`;

function Totals({ totals }: { totals: PipelineTotals }) {
  const won = totals.stages.find((s) => s.stage === "ganho");
  const items = [
    {
      label: "Em aberto (ponderado)",
      value: formatBRL(totals.open.weightedCents),
      detail: `${deals(totals.open.count)} · ${formatBRL(totals.open.valueCents)} em valor`,
      testid: "total-weighted",
    },
    {
      label: "Em aberto (valor)",
      value: formatBRL(totals.open.valueCents),
      detail: "Novo, Em contato e Proposta enviada",
      testid: "total-open",
    },
    {
      label: "Ganhos",
      value: formatBRL(won?.valueCents ?? 0),
      detail: `${(won?.count ?? 0) === 1 ? "1 negócio ganho" : `${(won?.count ?? 0).toLocaleString("pt-BR")} negócios ganhos`}`,
      testid: "total-won",
    },
    {
      label: "Total no funil",
      value: formatBRL(totals.all.valueCents),
      detail: `${totals.all.count.toLocaleString("pt-BR")} ${totals.all.count === 1 ? "lead de vendas" : "leads de vendas"}`,
      testid: "total-all",
    },
  ];
  return (
    <section aria-labelledby="totais-titulo" className="grid gap-3">
      <h2 id="totais-titulo" className="sr-only">
        Totais do funil
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="min-w-0 rounded-xl border border-border bg-background p-3 sm:p-4" data-testid={item.testid}>
            <dt className="text-sm text-muted-foreground">{item.label}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums sm:text-xl">{item.value}</dd>
            <dd className="text-sm text-muted-foreground">{item.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function BoardCardItem({
  card,
  stage,
  draggable,
  dragging,
  onDragStart,
  onDragEnd,
  onKeyDown,
  onMove,
  error,
  hint,
}: {
  card: BoardCard;
  stage: SalesStage;
  draggable: boolean;
  dragging: boolean;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  /** With the script: the form moves through the board's fetcher instead of a page load. */
  onMove?: (stage: SalesStage, lostReason: string) => void;
  error?: { errors: Record<string, string>; values?: Record<string, string> };
  hint: boolean;
}) {
  const key = cardKey(card);
  const name = cardName(card);
  return (
    <li
      data-card-key={key}
      data-testid="board-card"
      draggable={draggable || undefined}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      className={cn(
        "grid gap-1.5 rounded-lg border border-border bg-card p-3 text-sm shadow-xs",
        draggable && "cursor-grab active:cursor-grabbing",
        dragging && "opacity-50",
      )}
    >
      <Link
        to={leadPagePath(card.type, card.id)}
        data-card-link
        onKeyDown={onKeyDown}
        aria-describedby={hint ? HINT_ID : undefined}
        className="font-semibold text-foreground [overflow-wrap:anywhere] hover:text-primary hover:underline"
      >
        {name}
      </Link>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        {pipelineTypeInfo(card.type).label}
        {card.company ? ` · ${card.company}` : ""}
      </p>
      <p className={cn("tabular-nums", card.valueCents === null ? "text-muted-foreground" : "font-medium")}>
        {card.valueCents === null ? "Sem valor" : formatBRL(card.valueCents)}
      </p>
      {card.expectedCloseOn ? (
        <p className="text-xs text-muted-foreground">
          Previsão: <time dateTime={card.expectedCloseOn}>{formatDay(card.expectedCloseOn)}</time>
        </p>
      ) : null}
      {stage === "perdido" && card.lostReason ? (
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">Motivo: {card.lostReason}</p>
      ) : null}
      <MoveForm card={card} stage={stage} name={name} onMove={onMove} error={error} />
    </li>
  );
}

/** The card's plain form: works without JavaScript (303 back to the board). */
function MoveForm({
  card,
  stage,
  name,
  onMove,
  error,
}: {
  card: BoardCard;
  stage: SalesStage;
  name: string;
  onMove?: (stage: SalesStage, lostReason: string) => void;
  error?: { errors: Record<string, string>; values?: Record<string, string> };
}) {
  const key = cardKey(card);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const errors = error?.errors ?? {};
  return (
    <details ref={detailsRef} open={error ? true : undefined} className="group">
      <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-md px-2 text-sm font-medium text-primary hover:bg-muted">
        Mover<span className="sr-only"> {name}</span>
      </summary>
      <Form
        method="post"
        action={BOARD_PATH}
        className="mt-2 grid gap-2"
        noValidate
        onSubmit={(event) => {
          if (!onMove) return;
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const to = String(form.get("stage")) as SalesStage;
          const reason = String(form.get("lostReason") ?? "").trim();
          if (detailsRef.current) detailsRef.current.open = false;
          onMove(to, reason);
        }}
      >
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="type" value={card.type} />
        <input type="hidden" name="id" value={card.id} />
        <label htmlFor={`stage-${key}`} className="text-xs font-medium">
          Nova etapa
        </label>
        <NativeSelect id={`stage-${key}`} name="stage" defaultValue={error?.values?.stage ?? stage} className="h-9 text-sm">
          {DEAL_STAGES.map((s) => (
            <option key={s} value={s}>
              {stageLabel(s)}
            </option>
          ))}
        </NativeSelect>
        <label htmlFor={`reason-${key}`} className="text-xs font-medium">
          {dealMessages.lostReasonLabel} <span className="font-normal text-muted-foreground">(se Perdido)</span>
        </label>
        <Input
          id={`reason-${key}`}
          name="lostReason"
          maxLength={LOST_REASON_MAX_LENGTH}
          defaultValue={error?.values?.lostReason ?? card.lostReason ?? ""}
          className="h-9 text-sm"
          aria-invalid={errors.lostReason ? true : undefined}
          aria-describedby={errors.lostReason ? `reason-${key}-error` : undefined}
        />
        {errors.lostReason ? (
          <p id={`reason-${key}-error`} className="text-xs text-destructive">
            {errors.lostReason}
          </p>
        ) : null}
        <Button type="submit" size="sm">
          Mover
        </Button>
      </Form>
    </details>
  );
}

/** Asked on a move to 'Perdido' by dragging or by the arrow keys: the reason is required. */
function LostReasonDialog({ name, onCancel, onConfirm }: { name: string; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector("textarea")?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="lost-reason-title"
      className="fixed inset-0 m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-xl border border-border bg-card p-5 text-card-foreground shadow-lift backdrop:bg-navy/60"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (!text) {
            setError(dealMessages.lostReasonRequired);
            return;
          }
          onConfirm(text);
        }}
      >
        <h2 id="lost-reason-title" className="text-lg font-semibold">
          Marcar {name} como perdido
        </h2>
        <label htmlFor="lost-reason-input" className="text-sm font-medium">
          {dealMessages.lostReasonLabel}
        </label>
        <Textarea
          id="lost-reason-input"
          rows={3}
          maxLength={LOST_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lost-reason-error" : undefined}
        />
        {error ? (
          <p id="lost-reason-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit">Marcar como perdido</Button>
        </div>
      </form>
    </dialog>
  );
}

/** The stage probabilities, edited by the admin (0 to 100 %). */
function ProbabilitiesForm({
  totals,
  error,
}: {
  totals: PipelineTotals;
  error?: { errors: Record<string, string>; values?: Record<string, string> };
}) {
  const errors = error?.errors ?? {};
  return (
    <section aria-labelledby="probabilidades-titulo" className="grid gap-3 rounded-xl border border-border bg-background p-4">
      <h2 id="probabilidades-titulo" className="text-lg font-semibold">
        Probabilidade de fechamento por etapa
      </h2>
      <p className="text-sm text-muted-foreground">
        O valor ponderado de uma etapa é o valor dos seus negócios vezes esta probabilidade. O total em aberto soma Novo, Em contato e
        Proposta enviada.
      </p>
      <Form method="post" action={BOARD_PATH} className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="probabilities" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          {totals.stages.map((s) => {
            const name = `p-${s.stage}`;
            return (
              <div key={s.stage} className="grid content-start gap-1.5">
                <label htmlFor={name} className="text-sm font-medium">
                  {stageLabel(s.stage)} (%)
                </label>
                <Input
                  id={name}
                  name={name}
                  inputMode="numeric"
                  defaultValue={error?.values?.[name] ?? String(s.probability)}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `${name}-error` : undefined}
                />
                {errors[name] ? (
                  <p id={`${name}-error`} role="alert" className="text-sm text-destructive">
                    {errors[name]}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <Button type="submit" className="w-fit">
          Salvar probabilidades
        </Button>
      </Form>
    </section>
  );
}
