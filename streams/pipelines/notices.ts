// The bell (`notices`, private), unshared and unthrottled (the runtime shares it and thins it to frames): per
// session, the UnreadView read on every fresh run of the topic, then each announcement event applied at once
// (reducers/notices.ts) and the view read again shortly after, since an event carries no title. The server sends
// `published` when an announcement has become public (a scheduled one at its time), so an event is never early; its
// publishAt is not compared with this tab's clock, which may lag the server's. A view the app got itself (marking
// read) replaces the held one; a read already under way then is started again, as its reply may predate the mark.
import { Observable } from 'rxjs';
import { CONTENT_PATHS, CONTENT_TOPIC, type UnreadView } from '../contract.ts';
import { failure, pending, success, toStreamError, type Loadable, type StreamError } from '../loadable.ts';
import { parseContentEvent, parseUnreadView } from '../parse/content.ts';
import { applyNoticeEvent, isBellEvent, noNotices, seedNotices } from '../reducers/notices.ts';
import { RestError, type Http } from '../rest/http.ts';
import type { TopicHub } from '../socket/topics.ts';
import type { Timers } from '../timers.ts';
import { perSession } from './account.ts';

export interface NoticesSources {
  readonly hub: Pick<TopicHub, 'topic$' | 'ticket$'>;
  readonly timers: Timers;
  readonly load: (signal: AbortSignal) => Promise<UnreadView>;
  /** Views the app read itself (the reply of marking read), for the current session. */
  readonly local$: Observable<UnreadView>;
  /** How long after an event the view is read again (several events in a burst make one read). */
  readonly settleMs?: number;
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
}

export const NOTICES_SETTLE_MS = 250;

export const noticesPipeline = (src: NoticesSources): Observable<Loadable<UnreadView>> =>
  perSession(src, () => noticesRun(src));

function noticesRun(src: NoticesSources): Observable<Loadable<UnreadView>> {
  const { timers } = src;
  const settleMs = src.settleMs ?? NOTICES_SETTLE_MS;
  const retryMs = src.retryMs ?? 1_000;
  const maxRetryMs = src.maxRetryMs ?? 30_000;

  return new Observable<Loadable<UnreadView>>((subscriber) => {
    let view: UnreadView | null = null;
    let live = false;
    let error: StreamError | null = null;
    let loading: AbortController | null = null;
    let again: unknown = null;
    let failures = 0;

    const emit = () => {
      if (error) subscriber.next(failure(error, view ?? undefined));
      else subscriber.next(view !== null && live ? success(view) : pending(view ?? undefined));
    };
    const stopTimer = () => {
      if (again !== null) timers.clearTimeout(again);
      again = null;
    };
    const load = () => {
      stopTimer();
      loading?.abort();
      const controller = new AbortController();
      loading = controller;
      src.load(controller.signal).then(
        (next) => {
          if (loading !== controller) return;
          loading = null;
          failures = 0;
          error = null;
          view = seedNotices(view ?? noNotices, next);
          emit();
        },
        (e: unknown) => {
          if (loading !== controller) return;
          loading = null;
          error = toStreamError(e);
          emit();
          again = timers.setTimeout(load, Math.min(retryMs * 2 ** failures++, maxRetryMs));
        },
      );
    };
    /** A read soon, unless one is already waiting. */
    const settle = () => {
      if (again !== null) return;
      loading?.abort();
      loading = null;
      again = timers.setTimeout(load, settleMs);
    };

    const topic = src.hub.topic$(CONTENT_TOPIC).subscribe((message) => {
      switch (message.kind) {
        case 'subscribed':
          live = true;
          error = null;
          failures = 0;
          return load();
        case 'interrupted':
          stopTimer();
          loading?.abort();
          loading = null;
          live = false;
          return emit();
        case 'error':
          error = message.error;
          return emit();
        case 'event': {
          const event = parseContentEvent(message.data);
          if (!event || !isBellEvent(event)) return;
          if (view !== null) {
            const next = applyNoticeEvent(view, event);
            if (next !== view) {
              view = next;
              emit();
            }
          }
          return settle();
        }
      }
    });
    const local = src.local$.subscribe((next) => {
      // A read under way may have been answered before the mark: ask again after this view.
      const rereading = loading !== null;
      view = seedNotices(view ?? noNotices, next);
      emit();
      if (rereading) load();
    });
    emit();
    return () => {
      topic.unsubscribe();
      local.unsubscribe();
      stopTimer();
      loading?.abort();
    };
  });
}

/** The view when the app hands in no reader: GET /app/content/unread, enveloped, with the session's ticket. */
export const unreadReader =
  (http: Pick<Http, 'getEnvelope'>) =>
  async (signal?: AbortSignal): Promise<UnreadView> => {
    const view = parseUnreadView(await http.getEnvelope(CONTENT_PATHS.unread, undefined, signal));
    if (view === null) throw new RestError('client.reply', 'unexpected reply');
    return view;
  };
