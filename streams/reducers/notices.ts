// The bell: how many published announcements the user has not opened, and the newest few with their read flags
// (contract/content.ts UnreadView). The server's reply is the truth; a `notices` event (an announcement went public
// or was taken down) carries no title, so it moves the count at once where it can tell, and the pipeline then reads
// the reply again for the rest.
import type { ArticleListItem, ContentEvent, UnreadView } from '../contract.ts';

export const noNotices: UnreadView = { count: 0, latest: [] };

/** Whether an event concerns the bell: only announcements are counted. */
export const isBellEvent = (e: ContentEvent): boolean => e.kind === 'announcement';

/**
 * An event applied before the reply is read again: a newly public announcement is one more unread (unless the list
 * already holds it); one taken down leaves the list, and the count too when the list says it was unread. One taken
 * down that the list does not hold may or may not have been read: the count waits for the reply.
 */
export function applyNoticeEvent(view: UnreadView, e: ContentEvent): UnreadView {
  if (!isBellEvent(e)) return view;
  const held = view.latest.find((a) => a.id === e.id);
  if (e.type === 'published') return held ? view : { count: view.count + 1, latest: view.latest };
  if (!held) return view;
  return { count: held.read === false ? Math.max(0, view.count - 1) : view.count, latest: view.latest.filter((a) => a.id !== e.id) };
}

/** A reply keeps the held object when nothing in it differs, so the bell does not repaint for an equal reply. */
export function seedNotices(held: UnreadView, next: UnreadView): UnreadView {
  const same = (a: ArticleListItem, b: ArticleListItem) =>
    a.id === b.id && a.title === b.title && a.summary === b.summary && a.read === b.read && a.pinned === b.pinned && a.publishAt === b.publishAt && a.locale === b.locale;
  if (held.count === next.count && held.latest.length === next.latest.length && held.latest.every((a, i) => same(a, next.latest[i]!))) return held;
  return next;
}
