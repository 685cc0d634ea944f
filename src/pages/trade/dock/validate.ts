// A stored layout (this device's localStorage or the account's copy on the server) is checked in full before use,
// against the screen it belongs to: anything off (another version, a kind that screen does not have, bad sizes, a
// repeated id, too many panels) rejects the whole of it, and the caller falls back to the default. What passes is
// tidied by normalize.
import type { DockScreen } from './screen.ts';
import { normalize } from './tree.ts';
import { LAYOUT_VERSION, MAX_CLOSED, MAX_DEPTH, MAX_PANELS, type DockNode, type Layout, type PanelRef } from './types.ts';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && /^[\w-]{1,40}$/.test(v);
export const isSymbol = (v: unknown): v is string => typeof v === 'string' && /^[A-Z0-9]{2,20}$/.test(v);

class Invalid extends Error {}
const check: (ok: boolean) => asserts ok = (ok) => {
  if (!ok) throw new Invalid();
};

/** One parse: the screen's kinds and the ids seen so far (node and panel ids share one space). */
interface Parse<K extends string> {
  isKind(v: unknown): v is K;
  seen: Set<string>;
}

function parsePanel<K extends string>(v: unknown, at: Parse<K>): PanelRef<K> {
  check(isRecord(v) && isId(v.id) && at.isKind(v.kind) && !at.seen.has(v.id));
  const r = v as Json & { id: string; kind: K };
  at.seen.add(r.id);
  if (r.symbol === undefined) return { id: r.id, kind: r.kind };
  check(isSymbol(r.symbol));
  return { id: r.id, kind: r.kind, symbol: r.symbol as string };
}

function parseNode<K extends string>(v: unknown, at: Parse<K>, depth: number): DockNode<K> {
  check(isRecord(v) && isId(v.id) && !at.seen.has(v.id) && depth <= MAX_DEPTH);
  const r = v as Json & { id: string };
  at.seen.add(r.id);
  if (r.type === 'group') {
    check(Array.isArray(r.panels) && typeof r.active === 'string');
    const panels = (r.panels as unknown[]).map((p) => parsePanel(p, at));
    return { type: 'group', id: r.id, panels, active: r.active as string };
  }
  check(r.type === 'split' && (r.dir === 'row' || r.dir === 'column') && Array.isArray(r.children) && Array.isArray(r.sizes));
  const children = (r.children as unknown[]).map((c) => parseNode(c, at, depth + 1));
  const sizes = r.sizes as unknown[];
  check(children.length >= 1 && sizes.length === children.length);
  check(sizes.every((s) => typeof s === 'number' && Number.isFinite(s) && s > 0 && s <= 1));
  const sum = (sizes as number[]).reduce((a, b) => a + b, 0);
  check(Math.abs(sum - 1) < 0.01);
  return { type: 'split', id: r.id, dir: r.dir as 'row' | 'column', children, sizes: sizes as number[] };
}

/** The layout in `raw`, tidied, or null when anything in it is not a layout of this version and screen. */
export function parseLayout<K extends string>(screen: DockScreen<K>, raw: unknown): Layout<K> | null {
  const kinds: readonly string[] = screen.kinds;
  const at: Parse<K> = { isKind: (v): v is K => typeof v === 'string' && kinds.includes(v), seen: new Set() };
  try {
    check(isRecord(raw) && raw.version === LAYOUT_VERSION && Array.isArray(raw.closed));
    const r = raw as Json & { closed: unknown[] };
    const root = parseNode(r.root, at, 0);
    const closed = r.closed.map((p) => parsePanel(p, at));
    check(closed.length <= MAX_CLOSED);
    // Nodes and panels together; bounds a tree of many empty groups too.
    check(at.seen.size <= MAX_PANELS * 3);
    const layout: Layout<K> = { version: LAYOUT_VERSION, root: normalize(root), closed };
    check(countPanels(layout.root) <= MAX_PANELS);
    return layout;
  } catch (e) {
    if (e instanceof Invalid) return null;
    throw e;
  }
}

const countPanels = <K extends string>(n: DockNode<K>): number => (n.type === 'group' ? n.panels.length : n.children.reduce((a, c) => a + countPanels(c), 0));

/** parseLayout of JSON text (what localStorage and the server keep). */
export function parseLayoutText<K extends string>(screen: DockScreen<K>, text: string | null | undefined): Layout<K> | null {
  if (!text) return null;
  try {
    return parseLayout(screen, JSON.parse(text));
  } catch {
    return null;
  }
}
