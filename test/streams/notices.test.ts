// The bell in the stream layer: the parsers of an article's list item, the UnreadView and the `notices` event; the
// reducer (an event moves the count at once where it can tell; a reply is the truth and keeps the held view when
// equal); and the runtime's `notices` topic over a socket (private, idle signed out, seeded, each announcement event
// counted at once and read again shortly after, whatever this tab's clock says of its time, a view the app read
// itself taken at once, a reconnect reading again).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { asyncScheduler } from 'rxjs';
import type { ArticleListItem, UnreadView } from '../../streams/contract.ts';
import { noticesAtom, setNoticesView, setStreamsTicket, setUpStreams } from '../../streams/index.ts';
import { parseArticleListItem, parseContentEvent, parseUnreadView } from '../../streams/parse/content.ts';
import { applyNoticeEvent, noNotices, seedNotices } from '../../streams/reducers/notices.ts';
import { isPrivateStreamTopic, isStreamTopic } from '../../streams/socket/protocol.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from './support.ts';

const item = (id: number, extra: Partial<ArticleListItem> = {}): ArticleListItem => ({
  id, kind: 'announcement', category: null, slug: null, title: `Notice ${id}`, summary: `About ${id}`, pinned: false, publishAt: 1_000 + id, locale: 'en', read: false, ...extra,
});
const unread = (count: number, ...latest: ArticleListItem[]): UnreadView => ({ count, latest });

describe('content parsers', () => {
  it('read a list item, the bell view and an event as the contract shapes them', () => {
    const a = item(3, { pinned: true, locale: 'th', title: 'ประกาศ', read: true });
    expect(parseArticleListItem(a)).toEqual(a);
    const { read: _read, ...noRead } = item(4);
    expect(parseArticleListItem(noRead)).toEqual(noRead);
    expect(parseArticleListItem({ ...item(5, { kind: 'help', category: 'account' }) })?.category).toBe('account');
    expect(parseUnreadView(unread(2, item(1), item(2)))).toEqual(unread(2, item(1), item(2)));
    expect(parseContentEvent({ type: 'published', id: 9, kind: 'announcement', publishAt: 5 })).toEqual({ type: 'published', id: 9, kind: 'announcement', publishAt: 5 });
  });

  it('refuse an unknown kind or language, a bad id, time, count or flag, and a half-readable list', () => {
    expect(parseArticleListItem(item(1, { kind: 'advert' as never }))).toBeNull();
    expect(parseArticleListItem(item(1, { locale: 'xx' as never }))).toBeNull();
    expect(parseArticleListItem(item(0))).toBeNull();
    expect(parseArticleListItem(item(1, { publishAt: 1.5 }))).toBeNull();
    expect(parseArticleListItem(item(1, { pinned: 'yes' as never }))).toBeNull();
    expect(parseArticleListItem(item(1, { read: 1 as never }))).toBeNull();
    expect(parseArticleListItem(item(1, { title: null as never }))).toBeNull();
    expect(parseUnreadView(unread(-1))).toBeNull();
    expect(parseUnreadView({ count: 1, latest: [item(1), { id: 'x' }] })).toBeNull();
    expect(parseContentEvent({ type: 'edited', id: 1, kind: 'announcement', publishAt: 1 })).toBeNull();
    expect(parseContentEvent({ type: 'published', id: 1, kind: 'announcement' })).toBeNull();
  });

  it('name `notices` a private stream topic', () => {
    expect(isStreamTopic('notices')).toBe(true);
    expect(isPrivateStreamTopic('notices')).toBe(true);
  });
});

describe('the bell reducer', () => {
  it('counts a new announcement at once, and one already listed not again', () => {
    const held = unread(1, item(1));
    expect(applyNoticeEvent(held, { type: 'published', id: 2, kind: 'announcement', publishAt: 1 })).toEqual(unread(2, item(1)));
    expect(applyNoticeEvent(held, { type: 'published', id: 1, kind: 'announcement', publishAt: 1 })).toBe(held);
  });

  it('takes a taken-down announcement off the list, and off the count only when it was unread', () => {
    const held = unread(1, item(1), item(2, { read: true }));
    expect(applyNoticeEvent(held, { type: 'unpublished', id: 1, kind: 'announcement', publishAt: 1 })).toEqual(unread(0, item(2, { read: true })));
    expect(applyNoticeEvent(held, { type: 'unpublished', id: 2, kind: 'announcement', publishAt: 1 })).toEqual(unread(1, item(1)));
    // Not listed: read or not is unknown, so the count waits for the reply.
    expect(applyNoticeEvent(held, { type: 'unpublished', id: 7, kind: 'announcement', publishAt: 1 })).toBe(held);
  });

  it('ignores other kinds of article', () => {
    const held = unread(0);
    expect(applyNoticeEvent(held, { type: 'published', id: 3, kind: 'help', publishAt: 1 })).toBe(held);
    expect(applyNoticeEvent(held, { type: 'published', id: 3, kind: 'information', publishAt: 1 })).toBe(held);
  });

  it('keeps the held view for an equal reply and takes a different one', () => {
    const held = unread(1, item(1));
    expect(seedNotices(held, unread(1, item(1)))).toBe(held);
    const read = unread(0, item(1, { read: true }));
    expect(seedNotices(held, read)).toBe(read);
    expect(seedNotices(noNotices, unread(0))).toBe(noNotices);
  });
});

describe('the notices topic', () => {
  let server: FakeWsServer;
  let cleanup: () => void;
  let reads = 0;
  let reply: UnreadView;
  beforeEach(() => {
    vi.useFakeTimers();
    server = new FakeWsServer().start();
    reads = 0;
    reply = unread(1, item(1));
    cleanup = setUpStreams({
      url: WS_URL, WebSocket: MockSocket, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0, minReconnectMs: 100, maxReconnectMs: 100 },
      loadNotices: async () => (reads++, structuredClone(reply)),
      loadSecondsConfig: async () => [],
    });
  });
  afterEach(() => {
    cleanup();
    setStreamsTicket(null);
    server.stop();
    vi.useRealTimers();
  });

  it('idle signed out; seeded; an event counts at once and is read again; the app\'s own view is taken; a reconnect reads again', async () => {
    const store = createStore();
    const off = store.sub(noticesAtom(), () => undefined);
    const bell = (): UnreadView | undefined => {
      const l = store.get(noticesAtom());
      return l.status === 'success' ? l.data : undefined;
    };
    expect(store.get(noticesAtom()).status).toBe('idle');
    setStreamsTicket('t-1');
    await advance(200);
    expect(server.topics('subscribe')).toContain('notices');
    expect(bell()).toEqual(unread(1, item(1)));
    expect(reads).toBe(1);

    // Published: one more at once; the reply read again brings its title.
    reply = unread(2, item(2), item(1));
    server.event('notices' as never, 1, { type: 'published', id: 2, kind: 'announcement', publishAt: Date.now() - 1 });
    await advance(10);
    expect(bell()?.count).toBe(2);
    expect(bell()?.latest.map((a) => a.id)).toEqual([1]);
    await advance(400);
    expect(reads).toBe(2);
    expect(bell()).toEqual(unread(2, item(2), item(1)));

    // A burst of events makes one read.
    server.event('notices' as never, 2, { type: 'published', id: 3, kind: 'help', publishAt: 0 });
    server.event('notices' as never, 3, { type: 'unpublished', id: 2, kind: 'announcement', publishAt: 0 });
    server.event('notices' as never, 4, { type: 'published', id: 4, kind: 'announcement', publishAt: 0 });
    reply = unread(2, item(4), item(1));
    await advance(10);
    expect(bell()?.count).toBe(2);
    await advance(400);
    expect(reads).toBe(3);
    expect(bell()).toEqual(unread(2, item(4), item(1)));

    // The app marked everything read: the bell takes its reply at once.
    setNoticesView(unread(0, item(4, { read: true }), item(1, { read: true })));
    await advance(10);
    expect(bell()?.count).toBe(0);
    reply = unread(0, item(4, { read: true }), item(1, { read: true }));

    // The event's publish time is the server's: a tab whose clock lags still counts it at once.
    reply = unread(1, item(5), item(4, { read: true }), item(1, { read: true }));
    server.event('notices' as never, 5, { type: 'published', id: 5, kind: 'announcement', publishAt: Date.now() + 6 * 60_000 });
    await advance(10);
    expect(bell()?.count).toBe(1);
    await advance(400);
    expect(reads).toBe(4);
    expect(bell()).toEqual(reply);

    // The socket drops; an announcement is opened elsewhere meanwhile: the fresh run reads the reply again.
    reply = unread(0, item(5, { read: true }), item(4, { read: true }), item(1, { read: true }));
    server.stop();
    await advance(50);
    server.start();
    await advance(3_000);
    expect(reads).toBe(5);
    expect(bell()?.count).toBe(0);

    // Signed out: idle again.
    setStreamsTicket(null);
    await advance(50);
    expect(store.get(noticesAtom()).status).toBe('idle');
    off();
  });

  it('a read that fails is retried, keeping the last view', async () => {
    const store = createStore();
    const off = store.sub(noticesAtom(), () => undefined);
    setStreamsTicket('t-2');
    await advance(200);
    expect(store.get(noticesAtom())).toEqual({ status: 'success', data: unread(1, item(1)) });
    const good = reply;
    reply = null as unknown as UnreadView;
    cleanup();
    let fail = true;
    cleanup = setUpStreams({
      url: WS_URL, WebSocket: MockSocket, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0, minReconnectMs: 100, maxReconnectMs: 100 },
      loadNotices: async () => {
        reads++;
        if (fail) throw Object.assign(new Error('down'), { code: 'client.network' });
        return good;
      },
      loadSecondsConfig: async () => [],
    });
    await advance(200);
    expect(store.get(noticesAtom()).status).toBe('error');
    fail = false;
    await advance(1_500);
    expect(store.get(noticesAtom())).toEqual({ status: 'success', data: good });
    off();
  });
});
