// A screen's layout and where it is kept. Signed out, only on this device. Signed in, the account's copy on
// the server wins when the page loads (unless this device holds a change not yet sent, which is sent instead);
// every change is written to the device at once and to the server after SAVE_DELAY_MS of quiet; reset forgets
// both. Saves go one at a time with the newest layout, and a failed save leaves the change marked unsent.
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchLayout, resetLayout, saveLayout } from '../../../api/layout.ts';
import { useSignedIn, useToken } from '../../../state/index.ts';
import { markUnsynced, readDeviceLayout, sessionMark, unsyncedMark, writeDeviceLayout } from './storage.ts';
import type { Layout } from './types.ts';
import type { DockScreen } from './screen.ts';
import { parseLayout } from './validate.ts';

export const SAVE_DELAY_MS = 1000;

export interface DockLayout<K extends string> {
  layout: Layout<K>;
  /** Applies a change (a function of the current layout, returning it unchanged when there is nothing to do). */
  update(change: (layout: Layout<K>) => Layout<K>): void;
  reset(): void;
}

/** The layout of `screen`, which must stay the same object for the life of the component (a module constant). */
export function useDockLayout<K extends string>(screen: DockScreen<K>): DockLayout<K> {
  const signedIn = useSignedIn();
  const token = useToken();
  const session = signedIn && token ? sessionMark(token) : null;
  const [layout, setLayout] = useState<Layout<K>>(() => readDeviceLayout(screen) ?? screen.defaultLayout());
  const current = useRef(layout);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Counts local changes, so a server reply that arrives after one does not undo it. */
  const edits = useRef(0);
  const saving = useRef<Promise<void> | null>(null);

  const show = useCallback((next: Layout<K>) => {
    current.current = next;
    setLayout(next);
  }, []);

  const send = useCallback(() => {
    timer.current = null;
    const mark = sessionRef.current;
    if (!mark) return;
    const layoutSent = current.current;
    const previous = saving.current ?? Promise.resolve();
    const done = previous.then(() =>
      saveLayout(screen.screen, layoutSent, { notify: false }).then(
        () => {
          if (current.current === layoutSent && unsyncedMark(screen) === mark) markUnsynced(screen, null);
        },
        () => undefined,
      ),
    );
    saving.current = done;
    void done.finally(() => {
      if (saving.current === done) saving.current = null;
    });
  }, [screen]);

  // At sign-in (and on a page load while signed in): send this device's unsent change, or take the account's copy.
  useEffect(() => {
    if (!session) return;
    if (unsyncedMark(screen) === session) {
      send();
      return;
    }
    const controller = new AbortController();
    const started = edits.current;
    fetchLayout(screen.screen, { notify: false, signal: controller.signal }).then(
      (reply) => {
        if (controller.signal.aborted || edits.current !== started) return;
        const stored = parseLayout(screen, reply.layout);
        if (!stored) return;
        show(stored);
        writeDeviceLayout(screen, stored);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [screen, session, send, show]);

  // Leaving the page sends a waiting change now rather than dropping it.
  useEffect(
    () => () => {
      if (timer.current !== null) {
        clearTimeout(timer.current);
        send();
      }
    },
    [send],
  );

  const update = useCallback(
    (change: (layout: Layout<K>) => Layout<K>) => {
      const next = change(current.current);
      if (next === current.current) return;
      edits.current++;
      show(next);
      writeDeviceLayout(screen, next);
      const mark = sessionRef.current;
      if (!mark) return;
      markUnsynced(screen, mark);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(send, SAVE_DELAY_MS);
    },
    [screen, send, show],
  );

  const reset = useCallback(() => {
    edits.current++;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    show(screen.defaultLayout());
    writeDeviceLayout(screen, null);
    markUnsynced(screen, null);
    if (sessionRef.current) {
      const previous = saving.current ?? Promise.resolve();
      void previous.then(() => resetLayout(screen.screen, { notify: false })).catch(() => undefined);
    }
  }, [screen, show]);

  return { layout, update, reset };
}
