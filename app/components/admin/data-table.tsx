/** The table layouts of the admin list pages, with their empty states. */
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import type { ReactNode } from "react";

/**
 * A list in a card (the funnel, a lead type). With no rows the message spans one full-width row,
 * so the column heads stay in place.
 */
export function AdminTable({
  head,
  columnCount,
  isEmpty,
  emptyText,
  children,
}: {
  /** The `TableHead` cells. */
  head: ReactNode;
  columnCount: number;
  isEmpty: boolean;
  emptyText: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-border bg-card shadow-soft">
      <Table>
        <TableHeader>
          <TableRow>{head}</TableRow>
        </TableHeader>
        <TableBody>
          {isEmpty ? (
            <TableRow>
              <TableCell colSpan={columnCount} className="py-10 text-center text-muted-foreground">
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            children
          )}
        </TableBody>
      </Table>
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
        <Table>
          <TableHeader>
            <TableRow>{head}</TableRow>
          </TableHeader>
          <TableBody>{children}</TableBody>
        </Table>
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
