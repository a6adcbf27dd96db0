/**
 * "Public content changed": the one signal every cache of rendered pages listens to. A route's
 * policy names the tags its writes change (app/lib/route-policy.ts); code that changes content
 * outside a request (a scheduled publication) calls `contentChanged` itself. Listeners are the
 * caches of this process; other instances see the change when their copies expire.
 */
import type { ContentTag } from "~/lib/route-policy";

export type { ContentTag };

type Listener = (tags: readonly ContentTag[]) => void;
const listeners = new Set<Listener>();

export function onContentChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function contentChanged(...tags: ContentTag[]): void {
  if (tags.length === 0) return;
  for (const listener of listeners) listener(tags);
}
