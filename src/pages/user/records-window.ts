// The scrolling view's data: every record matching the filters as one list of `total` rows, read from the server
// in pages of CHUNK rows as they come into view (and one page ahead), so scrolling 100,000 records holds only the
// pages near the view in memory and asks only for the rows the user reaches. The view is looked at every SETTLE_MS
// while it moves: if it moved more than a page since the last look (a fling, a drag of the scrollbar) nothing is
// read yet; once it slows, the pages in view are read, and reads for pages it has left are cancelled. So a fling
// across 20,000 rows asks for the pages where it stops, not for the hundred it passed. When the records can have changed (a balance moved), the pages in view are read again
// while the old rows stay on screen, so nothing blinks.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssetRecordItem, AssetRecordsRequest } from '../../contract.ts';
import { fetchAssetRecords } from '../../api/records.ts';

/** Rows per server read: the largest page the server offers (spec §9). */
export const CHUNK = 200;
/** Pages kept around the view; farther ones are dropped and read again if the user comes back. */
const KEEP_CHUNKS = 40;
const SETTLE_MS = 120;

export interface RecordWindow {
  /** null until the first page arrives. */
  total: number | null;
  error: unknown;
  /** Moves whenever rows arrive: the list re-renders the rows in view. */
  version: number;
  rowAt(index: number): AssetRecordItem | undefined;
  /** Virtuoso's rangeChanged: the rows now in view. */
  onRange(range: { startIndex: number; endIndex: number }): void;
}

interface Chunk {
  rows: readonly AssetRecordItem[];
  generation: number;
}

/** `base` is the filter (its paging is replaced); `generation` moves when the records may have changed. */
export function useRecordWindow(base: AssetRecordsRequest | null, generation: number): RecordWindow {
  const key = base ? JSON.stringify({ ...base, pageIndex: 0, pageSize: 0 }) : null;
  const chunks = useRef(new Map<number, Chunk>());
  const inflight = useRef(new Map<number, { controller: AbortController; generation: number }>());
  const view = useRef({ first: 0, last: 0 });
  /** Where the view was at the last look. */
  const looked = useRef(0);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const current = useRef({ key, generation, base });
  current.current = { key, generation, base };

  const load = useCallback((chunk: number) => {
    const { base: request, generation: gen, key: forKey } = current.current;
    if (!request) return;
    const have = chunks.current.get(chunk);
    const running = inflight.current.get(chunk);
    if ((have && have.generation === gen) || (running && running.generation === gen)) return;
    running?.controller.abort();
    const controller = new AbortController();
    inflight.current.set(chunk, { controller, generation: gen });
    fetchAssetRecords({ ...request, pageIndex: chunk + 1, pageSize: CHUNK }, { signal: controller.signal, notify: false }).then(
      (page) => {
        if (controller.signal.aborted || current.current.key !== forKey) return;
        inflight.current.delete(chunk);
        chunks.current.set(chunk, { rows: page.list, generation: gen });
        evict();
        setTotal(page.total);
        setError(null);
        setVersion((v) => v + 1);
      },
      (failure: unknown) => {
        if (controller.signal.aborted || current.current.key !== forKey) return;
        inflight.current.delete(chunk);
        setError(failure);
      },
    );
  }, []);

  function evict(): void {
    if (chunks.current.size <= KEEP_CHUNKS) return;
    const centre = (view.current.first + view.current.last) / 2 / CHUNK;
    const far = [...chunks.current.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const chunk of far.slice(0, chunks.current.size - KEEP_CHUNKS)) chunks.current.delete(chunk);
  }

  /** The pages covering the view, and the next one. */
  const loadView = useCallback(() => {
    const first = Math.floor(view.current.first / CHUNK);
    const last = Math.floor(view.current.last / CHUNK) + 1;
    // Reads for pages the view left are of no use now.
    for (const [chunk, running] of inflight.current) {
      if (chunk < first || chunk > last) {
        running.controller.abort();
        inflight.current.delete(chunk);
      }
    }
    for (let chunk = first; chunk <= last; chunk += 1) load(chunk);
  }, [load]);

  // A new filter starts over from the top.
  useEffect(() => {
    chunks.current.clear();
    for (const running of inflight.current.values()) running.controller.abort();
    inflight.current.clear();
    view.current = { first: 0, last: 0 };
    looked.current = 0;
    setTotal(null);
    setError(null);
    setVersion((v) => v + 1);
    if (key !== null) load(0);
    return () => {
      for (const running of inflight.current.values()) running.controller.abort();
      inflight.current.clear();
      if (settle.current !== null) clearTimeout(settle.current);
      settle.current = null;
    };
  }, [key, load]);

  // Records may have changed: read the pages in view again (the old rows stay until the new arrive).
  useEffect(() => {
    if (key !== null) loadView();
  }, [generation]);

  const onRange = useCallback(
    (range: { startIndex: number; endIndex: number }) => {
      view.current = { first: range.startIndex, last: range.endIndex };
      if (settle.current !== null) return;
      const look = () => {
        const moved = Math.abs(view.current.first - looked.current);
        looked.current = view.current.first;
        if (moved > CHUNK) {
          settle.current = setTimeout(look, SETTLE_MS);
          return;
        }
        settle.current = null;
        loadView();
      };
      settle.current = setTimeout(look, SETTLE_MS);
    },
    [loadView],
  );

  const rowAt = useCallback((index: number) => chunks.current.get(Math.floor(index / CHUNK))?.rows[index % CHUNK], []);
  return { total, error, version, rowAt, onRange };
}
