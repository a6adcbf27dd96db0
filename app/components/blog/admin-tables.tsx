/**
 * The two lists of /admin (SPEC §2 "Admin blog"): posts and categories, each row with its
 * actions. The route owns the data and the dialogs; these only draw rows and report clicks.
 * Below `lg` each row is a card (the table's cells stacked, each with its label), so nothing
 * scrolls sideways on a phone.
 */
import { Link } from "react-router";
import { CellLabel, STACKED } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ExternalLink, History, Pencil, Trash2, type Icon } from "~/components/ui/icons";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate, formatDateTime } from "~/lib/dates";
import { postPageText, statusLabel, statusText } from "~/lib/messages/publishing";
import type { PostStatus } from "~/lib/publishing";
import { cn } from "~/lib/utils";
import type { ReactNode } from "react";

export type AdminPost = {
  id: number;
  title: string;
  slug: string;
  published: boolean;
  status: PostStatus;
  publishAt: string | Date | null;
  hasPendingChanges: boolean;
  createdAt: string | Date;
  updatedAt: string | Date;
};
export type AdminCategory = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  createdAt: string | Date;
  postCount: number;
};

/** An icon-only row action (a button, or a link opening in a new tab); the name says which item. */
function RowAction({
  icon: Icon,
  hint,
  label,
  href,
  to,
  destructive = false,
  onClick,
  action,
}: {
  icon: Icon;
  hint: string;
  label: string;
  href?: string;
  /** An admin page, opened in this tab. */
  to?: string;
  destructive?: boolean;
  onClick?: () => void;
  action?: string;
}) {
  const common = {
    "data-action": action,
    variant: "ghost",
    size: "icon",
    className: cn("size-10", destructive && "text-destructive hover:text-destructive"),
    "aria-label": label,
    title: hint,
  } as const;
  if (to)
    return (
      <Button asChild {...common}>
        <Link to={to}>
          <Icon aria-hidden />
        </Link>
      </Button>
    );
  if (href)
    return (
      <Button asChild {...common}>
        <a href={href} target="_blank" rel="noopener noreferrer">
          <Icon aria-hidden />
        </a>
      </Button>
    );
  return (
    <Button {...common} onClick={onClick}>
      <Icon aria-hidden />
    </Button>
  );
}

/** A row's key in the page; focus lands on its 'Editar' after the row was saved. */
export function rowKey(kind: "post" | "category", id: number): string {
  return `${kind}-${id}`;
}

/** The control of a row that takes focus after the row changed. */
export function rowFocusTarget(key: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-row="${key}"] [data-action="edit"]`);
}

// ---------------------------------------------------------------- a table that stacks into cards
const STACKED_TABLE = STACKED.table;
const STACKED_BODY = STACKED.body;
const STACKED_ROW = STACKED.row;
const STACKED_CELL = STACKED.cell;

function Actions({ children }: { children: ReactNode }) {
  return (
    <TableCell className={cn(STACKED_CELL, "max-lg:col-span-2 max-lg:border-t max-lg:border-border max-lg:pt-2")}>
      <div className="flex justify-end gap-1">{children}</div>
    </TableCell>
  );
}

function Head({ columns }: { columns: string[] }) {
  return (
    <TableHeader className={STACKED.head}>
      <TableRow>
        {columns.map((column) => (
          <TableHead key={column}>{column}</TableHead>
        ))}
        <TableHead className="text-right">Ações</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** 'Rascunho', 'Agendado para …' or 'Publicado', and whether changes wait to go live. */
export function PostStatusText({ post }: { post: Pick<AdminPost, "status" | "publishAt" | "hasPendingChanges"> }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span
        data-testid="post-status"
        className={cn(
          "text-xs font-semibold",
          post.status === "published" ? "text-success" : post.status === "scheduled" ? "text-primary" : "text-muted-foreground",
        )}
      >
        {statusLabel(post.status, post.publishAt)}
      </span>
      {post.hasPendingChanges && <Badge variant="outline">{statusText.pendingChanges}</Badge>}
    </span>
  );
}

export function PostsTable({
  posts,
  publishControl,
  onEdit,
  onDelete,
}: {
  posts: AdminPost[];
  /** The row's publish switch (the route's: it saves). */
  publishControl: (post: AdminPost) => ReactNode;
  onEdit: (post: AdminPost) => void;
  onDelete: (post: AdminPost) => void;
}) {
  return (
    <Table className={STACKED_TABLE} containerClassName={STACKED.container}>
      <Head columns={["Título", "Slug", "Criado em", "Atualizado em", "Publicado"]} />
      <TableBody className={STACKED_BODY}>
        {posts.map((post) => (
          <TableRow key={post.id} data-row={rowKey("post", post.id)} className={STACKED_ROW}>
            <TableCell className={cn(STACKED_CELL, "min-w-56 max-w-md font-medium max-lg:col-span-2 max-lg:text-base")}>
              {post.title}
            </TableCell>
            <TableCell
              className={cn(STACKED_CELL, "max-w-56 truncate font-mono text-xs text-muted-foreground max-lg:col-span-2")}
              title={post.slug}
            >
              {post.slug}
            </TableCell>
            <TableCell className={cn(STACKED_CELL, "whitespace-nowrap")}>
              <CellLabel>Criado em</CellLabel>
              {formatDateTime(post.createdAt)}
            </TableCell>
            <TableCell className={cn(STACKED_CELL, "whitespace-nowrap")}>
              <CellLabel>Atualizado em</CellLabel>
              {formatDateTime(post.updatedAt)}
            </TableCell>
            <TableCell className={cn(STACKED_CELL, "max-lg:col-span-2")}>
              <CellLabel>Publicação</CellLabel>
              <div className="flex items-center gap-3">
                {publishControl(post)}
                <PostStatusText post={post} />
              </div>
            </TableCell>
            <Actions>
              <RowAction
                icon={ExternalLink}
                hint="Abrir em nova aba"
                label={`Abrir “${post.title}” em nova aba`}
                href={`/blog/${post.slug}`}
              />
              <RowAction
                icon={History}
                hint={postPageText.rowAction}
                label={`${postPageText.rowAction}: “${post.title}”`}
                to={`/admin/posts/${post.id}`}
              />
              <RowAction icon={Pencil} hint="Editar" label={`Editar “${post.title}”`} action="edit" onClick={() => onEdit(post)} />
              <RowAction icon={Trash2} hint="Excluir" label={`Excluir “${post.title}”`} destructive onClick={() => onDelete(post)} />
            </Actions>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function CategoriesTable({
  categories,
  onEdit,
  onDelete,
}: {
  categories: AdminCategory[];
  onEdit: (category: AdminCategory) => void;
  onDelete: (category: AdminCategory) => void;
}) {
  return (
    <Table className={STACKED_TABLE} containerClassName={STACKED.container}>
      <Head columns={["Nome", "Slug", "Descrição", "Criada em"]} />
      <TableBody className={STACKED_BODY}>
        {categories.map((category) => (
          <TableRow key={category.id} data-row={rowKey("category", category.id)} className={STACKED_ROW}>
            <TableCell className={cn(STACKED_CELL, "font-medium whitespace-nowrap max-lg:whitespace-normal max-lg:text-base")}>
              {category.name}
            </TableCell>
            <TableCell className={cn(STACKED_CELL, "font-mono text-xs text-muted-foreground max-lg:truncate")}>{category.slug}</TableCell>
            <TableCell className={cn(STACKED_CELL, "max-w-md min-w-56 text-muted-foreground max-lg:col-span-2")}>
              <CellLabel>Descrição</CellLabel>
              {category.description || "-"}
            </TableCell>
            <TableCell className={cn(STACKED_CELL, "whitespace-nowrap max-lg:col-span-2")}>
              <CellLabel>Criada em</CellLabel>
              {formatDate(category.createdAt)}
            </TableCell>
            <Actions>
              <RowAction icon={Pencil} hint="Editar" label={`Editar “${category.name}”`} action="edit" onClick={() => onEdit(category)} />
              <RowAction icon={Trash2} hint="Excluir" label={`Excluir “${category.name}”`} destructive onClick={() => onDelete(category)} />
            </Actions>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
