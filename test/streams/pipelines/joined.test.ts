import { describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import { joinTopics } from '../../../streams/pipelines/joined.ts';
import type { TopicMessage } from '../../../streams/socket/topics.ts';

describe('joined topics', () => {
  it('are live once every topic is, broken when any is, and tag events with their topic', () => {
    const a = new Subject<TopicMessage>();
    const b = new Subject<TopicMessage>();
    const seen: TopicMessage[] = [];
    const s = joinTopics({ a, b }).subscribe((m) => seen.push(m));
    a.next({ kind: 'subscribed' });
    a.next({ kind: 'event', data: 1 });
    expect(seen).toEqual([{ kind: 'event', data: { topic: 'a', data: 1 } }]);
    b.next({ kind: 'subscribed' });
    expect(seen.at(-1)).toEqual({ kind: 'subscribed' });
    // A gap on one topic: the joined run breaks, and starts afresh (a new seed) when it resumes.
    b.next({ kind: 'interrupted' });
    a.next({ kind: 'interrupted' });
    b.next({ kind: 'subscribed' });
    a.next({ kind: 'subscribed' });
    expect(seen.slice(2).map((m) => m.kind)).toEqual(['interrupted', 'subscribed']);
    b.next({ kind: 'error', error: { code: 'x', message: 'x' } });
    expect(seen.at(-1)?.kind).toBe('error');
    s.unsubscribe();
    expect(a.observed || b.observed).toBe(false);
  });
});
