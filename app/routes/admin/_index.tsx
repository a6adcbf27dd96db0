/**
 * /admin (SPEC §2 "Admin blog"): posts and categories, the publish switch, the forms and the
 * confirmations, with every toast of SPEC §8. Reads come from the loader; every write is a form
 * posted to this route's action and read with one schema (docs/decisions/0064), after which the
 * router reloads the lists.
 */
import { useEffect, useRef, useState } from "react";
import { data, Link, useSearchParams } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPagination } from "~/components/admin/pagination";
import { useAdminSubmit } from "~/components/admin/use-admin-submit";
import { BLOG_ACTION, type BlogAnswer, type BlogRefusal } from "~/components/blog/admin-api";
import { AdminPostSearch } from "~/components/blog/admin-post-search";
import { type AdminCategory, type AdminPost, CategoriesTable, PostsTable, rowFocusTarget, rowKey } from "~/components/blog/admin-tables";
import { CategoryFormDialog, type EditableCategory } from "~/components/blog/category-form-dialog";
import { PostFormDialog } from "~/components/blog/post-form-dialog";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { ExternalLink, Plus } from "~/components/ui/icons";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/use-toast";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { blogAdminForm } from "~/domain/blog/admin-form.server";
import { createPost, deletePost, updatePost } from "~/domain/blog/editing.server";
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { createCategory, deleteCategory, listAdminPosts, listCategoriesWithCounts, updateCategory } from "~/domain/blog.server";
import { adminPostFilter } from "~/domain/search/query.server";
import { formError, parseForm, refusedForm } from "~/infra/forms.server";
import { logger } from "~/infra/logger.server";
import { FORM_INVALID_MESSAGE } from "~/lib/forms";
import { adminBlogText, blogToasts } from "~/lib/messages/blog";
import { postStatus } from "~/lib/publishing";
import { adminOnly } from "~/lib/route-policy";
import { pageNumber } from "~/lib/schemas/form-fields";
import { parseSearchQuery } from "~/lib/search";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/_index";

const listQuery = z.object({
  pagina: pageNumber(),
  categoria: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});

/** Its writes change the blog's public pages. */
export const handle = { policy: adminOnly({ invalidates: ["blog"] }) };

export const meta: Route.MetaFunction = () => [
  { title: `${adminBlogText.title} | ${SITE_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  await publishDueBeforeRead();
  const params = new URL(request.url).searchParams;
  // ?q= filters the posts on the server (docs/decisions/0070): the search box works without JavaScript.
  const search = parseSearchQuery(params);
  // One page of posts at a time, with its total (?pagina=), and the category filter (?categoria=).
  const { pagina: page, categoria: categoryId } = listQuery.parse(Object.fromEntries(params));
  // Each list fails on its own, so one broken list still leaves the other usable (SPEC §2 errors).
  const [posts, categories] = await Promise.allSettled([
    adminPostFilter(search).then((where) => listAdminPosts({ page, categoryId, where })),
    listCategoriesWithCounts(),
  ]);
  for (const r of [posts, categories]) if (r.status === "rejected") logger.error({ err: r.reason }, "falha ao carregar o blog no admin");
  return data(
    {
      pages: posts.status === "fulfilled" ? { total: posts.value.total, page: posts.value.page, pageCount: posts.value.pageCount } : null,
      categoryId: categoryId ?? null,
      posts:
        posts.status === "fulfilled"
          ? posts.value.rows.map((p) => ({
              id: p.id,
              title: p.title,
              slug: p.slug,
              published: p.published,
              status: postStatus(p),
              publishAt: p.publishAt,
              hasPendingChanges: p.pendingRevisionId !== null,
              createdAt: p.createdAt,
              updatedAt: p.updatedAt,
            }))
          : null,
      categories:
        categories.status === "fulfilled"
          ? categories.value.map((c) => ({
              id: c.id,
              name: c.name,
              slug: c.slug,
              description: c.description,
              createdAt: c.createdAt,
              postCount: c.postCount,
            }))
          : null,
      search: { q: search.q, error: search.ok ? null : search.message, filtered: search.ok && search.terms.length > 0 },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Every write of the page: a post or a category saved or deleted, the publish switch. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const actor = { username: user.username, ip: context.clientIp };
  const submission = await parseForm(request, blogAdminForm);
  if (!submission.ok) {
    return formError<BlogRefusal>({ ok: false, intent: submission.reply.values.intent ?? "", ...submission.reply });
  }
  const asked = submission.value;
  const done = (id?: number) => data<BlogAnswer>({ ok: true, intent: asked.intent, id }, { headers: { "Cache-Control": "no-store" } });
  try {
    switch (asked.intent) {
      case "criar-post": {
        const { intent: _, ...post } = asked;
        return done((await createPost(post, actor)).id);
      }
      case "salvar-post":
      case "salvar-rascunho": {
        const { intent, id, ...post } = asked;
        await updatePost(id, { ...post, draft: intent === "salvar-rascunho" }, actor);
        return done(id);
      }
      case "publicar":
        await updatePost(asked.id, { published: asked.published }, actor);
        return done(asked.id);
      case "excluir-post":
        await deletePost(asked.id, actor);
        return done();
      case "criar-categoria": {
        const { intent: _, ...category } = asked;
        return done((await createCategory(category, actor)).id);
      }
      case "salvar-categoria": {
        const { intent: _, id, ...category } = asked;
        await updateCategory(id, category, actor);
        return done(id);
      }
      case "excluir-categoria":
        await deleteCategory(asked.id, { movePosts: asked.moverPosts }, actor);
        return done();
    }
  } catch (error) {
    // A refusal of the editing rules (a taken slug, a category in use, a record gone) is the form's answer.
    const refused = await refusedForm(error, submission.fields);
    if (!refused) throw error;
    return formError<BlogRefusal>({ ok: false, intent: asked.intent, ...refused.reply }, refused.status);
  }
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts, categories, search, pages, categoryId } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("aba") === "categorias" ? "categorias" : "posts";

  const [postForm, setPostForm] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [categoryForm, setCategoryForm] = useState<{ open: boolean; category: EditableCategory | null }>({ open: false, category: null });
  const [postToDelete, setPostToDelete] = useState<AdminPost | null>(null);
  const [categoryToDelete, setCategoryToDelete] = useState<AdminCategory | null>(null);
  const [movePosts, setMovePosts] = useState(false);
  const deletion = useAdminSubmit<BlogAnswer>(BLOG_ACTION);

  useEffect(() => {
    if (posts === null) toast({ ...blogToasts.loadPostsError, variant: "destructive" });
  }, [posts]);
  useEffect(() => {
    if (categories === null) toast({ ...blogToasts.loadCategoriesError, variant: "destructive" });
  }, [categories]);

  // Where focus lands when the open dialog closes, if not back on its opener (decision 0031): the
  // saved row's 'Editar', or the list's heading after a delete (the row may be gone).
  const landing = useRef<(() => HTMLElement | null) | null>(null);
  const placeFocus = (event: Event) => {
    const target = landing.current?.();
    landing.current = null;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  const listHeading = (id: string) => () => document.getElementById(id);
  // The dialog calls this once the lists show the saved row (the router reloaded them).
  const afterSave = (kind: "post" | "category") => (id: number) => {
    // eslint-disable-next-line react-hooks/refs -- runs after a save, not during render
    landing.current = () => rowFocusTarget(rowKey(kind, id));
  };

  function confirmDeletePost() {
    const post = postToDelete;
    if (!post) return;
    landing.current = listHeading(LIST_HEADINGS.posts);
    setPostToDelete(null);
    deletion.submit({ intent: "excluir-post", id: String(post.id) }, (answer) =>
      toast(answer.ok ? blogToasts.postDeleted : { ...blogToasts.deletePostError, variant: "destructive" }),
    );
  }

  function confirmDeleteCategory() {
    const category = categoryToDelete;
    if (!category) return;
    landing.current = listHeading(LIST_HEADINGS.categories);
    setCategoryToDelete(null);
    const fields = { intent: "excluir-categoria", id: String(category.id), ...(movePosts ? { moverPosts: "on" } : {}) };
    deletion.submit(fields, (answer) =>
      toast(
        answer.ok
          ? blogToasts.categoryDeleted
          : {
              ...blogToasts.deleteCategoryError,
              // In use by posts (409): the server says how many, and how to delete it anyway.
              description:
                answer.message && answer.message !== FORM_INVALID_MESSAGE ? answer.message : blogToasts.deleteCategoryError.description,
              variant: "destructive",
            },
      ),
    );
  }

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title={adminBlogText.title}
        description="Escreva, publique e organize os posts do Blog Agile."
        size="compact"
        titleClassName="font-extrabold sm:text-3xl"
        actions={
          <Button asChild variant="outline">
            <Link to="/blog">
              <ExternalLink aria-hidden />
              {adminBlogText.backToBlog}
            </Link>
          </Button>
        }
      />

      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === "categorias" ? { aba: "categorias" } : {}, { replace: true, preventScrollReset: true })
        }
      >
        <TabsList aria-label="Conteúdo do blog">
          <TabsTrigger value="posts">{adminBlogText.tabPosts}</TabsTrigger>
          <TabsTrigger value="categorias">{adminBlogText.tabCategories}</TabsTrigger>
        </TabsList>

        <TabsContent value="posts" className="rounded-xl border border-border bg-background shadow-soft">
          <ListPanel
            headingId={LIST_HEADINGS.posts}
            title={adminBlogText.tabPosts}
            newLabel={adminBlogText.newPost}
            onNew={() => setPostForm({ open: true, id: null })}
            items={posts}
            errorText={adminBlogText.loadPostsError}
            emptyText={adminBlogText.emptyPosts}
            toolbar={
              <AdminPostSearch
                q={search.q}
                error={search.error}
                found={search.filtered && pages ? pages.total : null}
                total={pages?.total ?? null}
                categories={categories ?? []}
                categoryId={categoryId}
              />
            }
          >
            <PostsTable
              posts={posts ?? []}
              publishControl={(post) => <PublishSwitch post={post} />}
              onEdit={(post) => setPostForm({ open: true, id: post.id })}
              onDelete={setPostToDelete}
            />
          </ListPanel>
          {pages && (
            <div className="border-t border-border p-4 empty:hidden">
              <AdminPagination page={pages.page} pageCount={pages.pageCount} href={(n) => postsPageHref(searchParams, n)} />
            </div>
          )}
        </TabsContent>

        <TabsContent value="categorias" className="rounded-xl border border-border bg-background shadow-soft">
          <ListPanel
            headingId={LIST_HEADINGS.categories}
            title={adminBlogText.tabCategories}
            newLabel={adminBlogText.newCategory}
            onNew={() => setCategoryForm({ open: true, category: null })}
            items={categories}
            errorText={adminBlogText.loadCategoriesError}
            emptyText={adminBlogText.emptyCategories}
          >
            <CategoriesTable
              categories={categories ?? []}
              onEdit={(category) => setCategoryForm({ open: true, category })}
              onDelete={(category) => {
                setMovePosts(false);
                setCategoryToDelete(category);
              }}
            />
          </ListPanel>
        </TabsContent>
      </Tabs>

      <PostFormDialog
        open={postForm.open}
        postId={postForm.id}
        categories={categories ?? []}
        onOpenChange={(open) => setPostForm((f) => ({ ...f, open }))}
        onSaved={afterSave("post")}
        onCloseAutoFocus={placeFocus}
      />
      <CategoryFormDialog
        open={categoryForm.open}
        category={categoryForm.category}
        onOpenChange={(open) => setCategoryForm((f) => ({ ...f, open }))}
        onSaved={afterSave("category")}
        onCloseAutoFocus={placeFocus}
      />

      <AlertDialog open={postToDelete !== null} onOpenChange={(open) => !open && setPostToDelete(null)}>
        <AlertDialogContent onCloseAutoFocus={placeFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle>{adminBlogText.deletePostTitle}</AlertDialogTitle>
            <AlertDialogDescription>{postToDelete ? adminBlogText.deletePostText(postToDelete.title) : ""}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{adminBlogText.cancel}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmDeletePost}>
              {adminBlogText.delete}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={categoryToDelete !== null} onOpenChange={(open) => !open && setCategoryToDelete(null)}>
        <AlertDialogContent onCloseAutoFocus={placeFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle>{adminBlogText.deleteCategoryTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {categoryToDelete ? adminBlogText.deleteCategoryText(categoryToDelete.name) : ""}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
            {adminBlogText.deleteCategoryWarning}
          </p>
          {categoryToDelete && categoryToDelete.postCount > 0 && (
            <div className="flex items-start gap-3">
              <Checkbox id="mover-posts" checked={movePosts} onCheckedChange={(v) => setMovePosts(v === true)} className="mt-0.5" />
              <Label htmlFor="mover-posts" className="font-normal">
                {adminBlogText.moveAndDelete(categoryToDelete.postCount)}
              </Label>
            </div>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>{adminBlogText.cancel}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmDeleteCategory}>
              {adminBlogText.delete}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/**
 * A post's publish switch (SPEC §4): sends only `published`, at once (to this route's action, not
 * PUT /api/blog/posts/{id}); shows the new state while it is saved, then 'Post atualizado', or the
 * old state again with the spec's error toast if the save fails.
 */
function PublishSwitch({ post }: { post: AdminPost }) {
  const save = useAdminSubmit<BlogAnswer>(BLOG_ACTION, { key: `publicar-${post.id}` });
  const sending = save.sending?.get("published");
  return (
    <Switch
      checked={sending ? sending === "true" : post.published}
      disabled={save.busy}
      aria-label={`Publicado: ${post.title}`}
      onCheckedChange={(published) =>
        save.submit({ intent: "publicar", id: String(post.id), published: String(published) }, (answer) =>
          // Confirmed on screen (SPEC §4: an immediate update): the saved state, or the spec's error.
          toast(answer.ok ? blogToasts.postUpdated : { ...blogToasts.publishError, variant: "destructive" }),
        )
      }
    />
  );
}

/** Ids of the lists' headings, where focus lands after a delete. */
const LIST_HEADINGS = { posts: "lista-posts", categories: "lista-categorias" } as const;

/** One tab of the admin: heading, the "new" button, and the load-error / empty / list states. */
/** The list's address with another page (its search and category kept). */
function postsPageHref(current: URLSearchParams, page: number): string {
  const params = new URLSearchParams(current);
  params.delete("aba");
  if (page > 1) params.set("pagina", String(page));
  else params.delete("pagina");
  const text = params.toString();
  return text ? `/admin?${text}` : "/admin";
}

function ListPanel(props: {
  headingId: string;
  title: string;
  newLabel: string;
  onNew: () => void;
  items: readonly unknown[] | null;
  errorText: string;
  emptyText: string;
  /** Between the heading and the list (the posts' search box). */
  toolbar?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border p-4">
        <h2 id={props.headingId} tabIndex={-1} className="text-lg font-bold">
          {props.title}
        </h2>
        <Button onClick={props.onNew}>
          <Plus aria-hidden />
          {props.newLabel}
        </Button>
      </div>
      {props.toolbar}
      {props.items === null ? (
        <p role="alert" className="p-8 text-center font-semibold text-destructive">
          {props.errorText}
        </p>
      ) : props.items.length === 0 ? (
        <p className="p-8 text-center text-muted-foreground">{props.emptyText}</p>
      ) : (
        props.children
      )}
    </>
  );
}
