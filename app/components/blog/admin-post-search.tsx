/**
 * The admin post list's search box (docs/decisions/0070) and category filter: a GET form to
 * /admin, filtered on the server by title, slug and text, so it works before and without
 * JavaScript. The list is paginated; the total says how many posts there are in all.
 */
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Search, X } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { adminSearchText } from "~/lib/messages/search";
import { SEARCH_MAX_LENGTH, SEARCH_PARAM } from "~/lib/search";

export function AdminPostSearch({
  q,
  error,
  found,
  total,
  categories,
  categoryId,
}: {
  q: string;
  error: string | null;
  found: number | null;
  total: number | null;
  categories: ReadonlyArray<{ id: number; name: string }>;
  categoryId: number | null;
}) {
  return (
    <div className="border-b border-border p-4">
      {/* On a phone the list's table may be wider than the screen: the form stays within sight. */}
      <Form method="get" action="/admin" role="search" className="flex flex-wrap items-end gap-2 max-sm:max-w-[calc(100vw-4rem)]">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5 sm:max-w-md">
          <label htmlFor="busca-posts" className="text-sm font-semibold">
            {adminSearchText.label}
          </label>
          <Input
            key={q}
            id="busca-posts"
            type="search"
            name={SEARCH_PARAM}
            defaultValue={q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={adminSearchText.placeholder}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "busca-posts-erro" : undefined}
          />
        </div>
        {categories.length > 0 && (
          <div className="grid gap-1.5">
            <label htmlFor="categoria-posts" className="text-sm font-semibold">
              Categoria
            </label>
            <NativeSelect key={categoryId ?? ""} id="categoria-posts" name="categoria" defaultValue={categoryId ?? ""} className="w-auto">
              <option value="">Todas as categorias</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button type="submit" variant="outline">
          <Search aria-hidden />
          {adminSearchText.submit}
        </Button>
        {(q || categoryId) && (
          <Button asChild variant="ghost">
            <Link to="/admin">
              <X aria-hidden />
              {adminSearchText.clear}
            </Link>
          </Button>
        )}
      </Form>
      {error ? (
        <p id="busca-posts-erro" role="alert" className="mt-2 text-sm font-semibold text-destructive">
          {error}
        </p>
      ) : (
        <p role="status" className="mt-2 text-sm text-muted-foreground" data-testid="posts-total">
          {found !== null ? adminSearchText.found(found, q) : total !== null ? (total === 1 ? "1 post" : `${total} posts`) : null}
        </p>
      )}
    </div>
  );
}
