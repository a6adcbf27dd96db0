/**
 * The table layouts of the admin list pages, with their empty states. Every admin table is one
 * markup drawn twice (docs/decisions/0063): from `lg` a table; below, each row a card whose
 * cells flow in two columns, each cell showing its column's name (`StackedCell`'s label), so no
 * list scrolls sideways on a phone.
 */
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import type { ComponentProps, ReactNode } from "react";

/** The classes of a table that stacks into cards below `lg`. */
export const STACKED = {
  /** The table itself: a block of cards. */
  table: "max-lg:block",
  /** Its scroll container: nothing to scroll once the rows are cards. */
  container: "max-lg:overflow-visible",
  /** The head is hidden: each cell names its column. */
  head: "max-lg:hidden",
  // The table's body drops the last row's rule; a card keeps all four sides.
  body: "max-lg:grid max-lg:gap-3 max-lg:p-3 max-lg:[&_tr:last-child]:border",
  /** Each row: a card whose cells flow in two columns. */
  row: "max-lg:grid max-lg:grid-flow-row-dense max-lg:grid-cols-2 max-lg:gap-x-4 max-lg:gap-y-2 max-lg:rounded-lg max-lg:border max-lg:border-border max-lg:bg-background max-lg:p-4",
  cell: "max-lg:block max-lg:min-w-0 max-lg:p-0 max-lg:max-w-none max-lg:text-left",
  /** A cell across both columns of the card. */
  wide: "max-lg:col-span-2",
  /** The row's actions: across the card, under a rule. */
  actions: "max-lg:col-span-2 max-lg:border-t max-lg:border-border max-lg:pt-2",
} as const;

/** A cell's column name, shown inside the cell when the row is a card (the table's head is hidden then). */
export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-semibold text-muted-foreground lg:hidden">{children}</span>;
}

/** A row that is a card below `lg`. */
export function StackedRow({ className, ...props }: ComponentProps<typeof TableRow>) {
  return <TableRow className={cn(STACKED.row, className)} {...props} />;
}

/**
 * A cell of a stacking table: `label` is its column's name, shown on the card; `wide` spans the
 * card; `actions` is the row's links and buttons, last, across the card.
 */
export function StackedCell({
  label,
  wide = false,
  actions = false,
  className,
  children,
  ...props
}: ComponentProps<typeof TableCell> & { label?: ReactNode; wide?: boolean; actions?: boolean }) {
  return (
    <TableCell className={cn(STACKED.cell, wide && STACKED.wide, actions && STACKED.actions, className)} {...props}>
      {label ? <CellLabel>{label}</CellLabel> : null}
      {children}
    </TableCell>
  );
}

/**
 * A table that stacks into cards below `lg`; `head` holds its `TableHead` cells. `stacked={false}`
 * for a table whose rows lay themselves out on phones (the funnel's one column).
 */
export function StackedTable({ head, children, stacked = true }: { head: ReactNode; children: ReactNode; stacked?: boolean }) {
  return (
    <Table className={cn(stacked && STACKED.table)} containerClassName={cn(stacked && STACKED.container)}>
      <TableHeader className={cn(stacked && STACKED.head)}>
        <TableRow>{head}</TableRow>
      </TableHeader>
      <TableBody className={cn(stacked && STACKED.body)}>{children}</TableBody>
    </Table>
  );
}

/**
 * A list in a card (the funnel, a lead type). With no rows the message spans one full-width row,
 * so the column heads stay in place.
 */
export function AdminTable({
  head,
  columnCount,
  isEmpty,
  emptyText,
  stacked = true,
  children,
}: {
  /** The `TableHead` cells. */
  head: ReactNode;
  /** False when the rows draw their own phone layout (see StackedTable). */
  stacked?: boolean;
  columnCount: number;
  isEmpty: boolean;
  emptyText: ReactNode;
  /** The rows (`StackedRow`s of `StackedCell`s). */
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-border bg-card shadow-soft">
      <StackedTable head={head} stacked={stacked}>
        {isEmpty ? (
          <TableRow className="max-lg:block max-lg:border-0!">
            <TableCell colSpan={columnCount} className="py-10 text-center text-muted-foreground max-lg:block">
              {emptyText}
            </TableCell>
          </TableRow>
        ) : (
          children
        )}
      </StackedTable>
    </div>
  );
}

/** A titled section holding one table (orders, subscriptions, the audit log); with no rows, only the message. */
export function AdminTableSection({
  id,
  title,
  titleSize = "text-lg",
  head,
  isEmpty,
  emptyText,
  emptyPadding = "py-8",
  children,
}: {
  id: string;
  title: ReactNode;
  titleSize?: "text-lg" | "text-sm";
  head: ReactNode;
  isEmpty: boolean;
  emptyText: ReactNode;
  emptyPadding?: "py-8" | "py-10";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-background">
      <h2 id={id} className={cn("border-b border-border px-4 py-3", titleSize, "font-semibold")}>
        {title}
      </h2>
      {isEmpty ? (
        <p className={cn("px-4", emptyPadding, "text-center text-muted-foreground")}>{emptyText}</p>
      ) : (
        <StackedTable head={head}>{children}</StackedTable>
      )}
    </section>
  );
}

/** The head of a column of row links or buttons: named for screen readers only. */
export function ActionsHead() {
  return (
    <TableHead>
      <span className="sr-only">Ações</span>
    </TableHead>
  );
}
