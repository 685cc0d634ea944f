// What a content page shows for a reply: the article, "not published" (the server answers not found for a draft, a
// scheduled article before its time, one taken down, or an id that never was), or a failure to retry.
import { isApiError } from '../../api/index.ts';
import type { Loadable } from '../../ui/useLoadable.ts';

export type ContentState<T> = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; message: string | null } | { kind: 'shown'; data: T };

/** A not-found code of any area (request.not.found, content.not.found, …). */
export const isNotFound = (error: unknown): boolean => isApiError(error) && /(^|\.)not\.found$/.test(error.code);

export function contentState<T>(loaded: Loadable<T>): ContentState<T> {
  if (loaded.status === 'pending') return { kind: 'loading' };
  if (loaded.status === 'success') return { kind: 'shown', data: loaded.data };
  if (isNotFound(loaded.error)) return { kind: 'missing' };
  return { kind: 'failed', message: isApiError(loaded.error) && loaded.error.msg ? loaded.error.msg : null };
}

/** An article id from the address (`?id=12`): a positive whole number, else none. */
export function articleId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Titles and summaries that contain every word of the query (case- and width-insensitive), in their order. */
export function matchesQuery(query: string, ...texts: string[]): boolean {
  const words = query.normalize('NFKC').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = texts.join('\n').normalize('NFKC').toLocaleLowerCase();
  return words.every((w) => hay.includes(w));
}
