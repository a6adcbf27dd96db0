/**
 * The two lists of /admin (SPEC §2 "Admin blog"): posts and categories, each row with its
 * actions. The route owns the data and the dialogs; these only draw rows and report clicks.
 */
import { ExternalLink, Pencil, Trash2, type LucideIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate, formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/utils";
import type { ReactNode } from "react";

export type AdminPost = { id: number; title: string; slug: string; published: boolean; createdAt: string | Date; updatedAt: string | Date };
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
  destructive = false,
  onClick,
  action,
}: {
  icon: LucideIcon;
  hint: string;
  label: string;
  href?: string;
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

function Actions({ children }: { children: ReactNode }) {
  return (
    <TableCell>
      <div className="flex justify-end gap-1">{children}</div>
    </TableCell>
  );
}

function Head({ columns }: { columns: string[] }) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((column) => (
          <TableHead key={column}>{column}</TableHead>
        ))}
        <TableHead className="text-right">Ações</TableHead>
      </TableRow>
    </TableHeader>
  );
}

export function PostsTable({
  posts,
  publishing,
  onTogglePublished,
  onEdit,
  onDelete,
}: {
  posts: AdminPost[];
  /** Posts whose switch is being saved, with the value being sent. */
  publishing: Record<number, boolean>;
  onTogglePublished: (post: AdminPost, published: boolean) => void;
  onEdit: (post: AdminPost) => void;
  onDelete: (post: AdminPost) => void;
}) {
  return (
    <Table>
      <Head columns={["Título", "Slug", "Criado em", "Atualizado em", "Publicado"]} />
      <TableBody>
        {posts.map((post) => (
          <TableRow key={post.id} data-row={rowKey("post", post.id)}>
            <TableCell className="min-w-56 max-w-md font-medium">{post.title}</TableCell>
            <TableCell className="max-w-56 truncate font-mono text-xs text-muted-foreground" title={post.slug}>
              {post.slug}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(post.createdAt)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(post.updatedAt)}</TableCell>
            <TableCell>
              <Switch
                checked={publishing[post.id] ?? post.published}
                disabled={post.id in publishing}
                aria-label={`Publicado: ${post.title}`}
                onCheckedChange={(value) => onTogglePublished(post, value)}
              />
            </TableCell>
            <Actions>
              <RowAction
                icon={ExternalLink}
                hint="Abrir em nova aba"
                label={`Abrir “${post.title}” em nova aba`}
                href={`/blog/${post.slug}`}
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
    <Table>
      <Head columns={["Nome", "Slug", "Descrição", "Criada em"]} />
      <TableBody>
        {categories.map((category) => (
          <TableRow key={category.id} data-row={rowKey("category", category.id)}>
            <TableCell className="font-medium whitespace-nowrap">{category.name}</TableCell>
            <TableCell className="font-mono text-xs text-muted-foreground">{category.slug}</TableCell>
            <TableCell className="max-w-md min-w-56 text-muted-foreground">{category.description || "-"}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(category.createdAt)}</TableCell>
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
