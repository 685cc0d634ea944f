// A stored layout (this device's localStorage or the account's copy on the server) is checked in full before use:
// anything off (another version, an unknown kind, bad sizes, a repeated id, too many panels) rejects the whole of
// it, and the caller falls back to the default. What passes is tidied by normalize.
import { normalize } from './tree.ts';
import { LAYOUT_VERSION, MAX_CLOSED, MAX_DEPTH, MAX_PANELS, PANEL_KINDS, type DockNode, type Layout, type PanelKind, type PanelRef } from './types.ts';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && /^[\w-]{1,40}$/.test(v);
const isKind = (v: unknown): v is PanelKind => typeof v === 'string' && (PANEL_KINDS as readonly string[]).includes(v);
export const isSymbol = (v: unknown): v is string => typeof v === 'string' && /^[A-Z0-9]{2,20}$/.test(v);

class Invalid extends Error {}
const check: (ok: boolean) => asserts ok = (ok) => {
  if (!ok) throw new Invalid();
};

function parsePanel(v: unknown, seen: Set<string>): PanelRef {
  check(isRecord(v) && isId(v.id) && isKind(v.kind) && !seen.has(v.id));
  const r = v as Json & { id: string; kind: PanelKind };
  seen.add(r.id);
  if (r.symbol === undefined) return { id: r.id, kind: r.kind };
  check(isSymbol(r.symbol));
  return { id: r.id, kind: r.kind, symbol: r.symbol as string };
}

function parseNode(v: unknown, seen: Set<string>, depth: number): DockNode {
  check(isRecord(v) && isId(v.id) && !seen.has(v.id) && depth <= MAX_DEPTH);
  const r = v as Json & { id: string };
  seen.add(r.id);
  if (r.type === 'group') {
    check(Array.isArray(r.panels) && typeof r.active === 'string');
    const panels = (r.panels as unknown[]).map((p) => parsePanel(p, seen));
    return { type: 'group', id: r.id, panels, active: r.active as string };
  }
  check(r.type === 'split' && (r.dir === 'row' || r.dir === 'column') && Array.isArray(r.children) && Array.isArray(r.sizes));
  const children = (r.children as unknown[]).map((c) => parseNode(c, seen, depth + 1));
  const sizes = r.sizes as unknown[];
  check(children.length >= 1 && sizes.length === children.length);
  check(sizes.every((s) => typeof s === 'number' && Number.isFinite(s) && s > 0 && s <= 1));
  const sum = (sizes as number[]).reduce((a, b) => a + b, 0);
  check(Math.abs(sum - 1) < 0.01);
  return { type: 'split', id: r.id, dir: r.dir as 'row' | 'column', children, sizes: sizes as number[] };
}

/** The layout in `raw`, tidied, or null when anything in it is not a layout of this version. */
export function parseLayout(raw: unknown): Layout | null {
  try {
    check(isRecord(raw) && raw.version === LAYOUT_VERSION && Array.isArray(raw.closed));
    const r = raw as Json & { closed: unknown[] };
    const seen = new Set<string>();
    const root = parseNode(r.root, seen, 0);
    const closed = r.closed.map((p) => parsePanel(p, seen));
    check(closed.length <= MAX_CLOSED);
    // Nodes and panels together; bounds a tree of many empty groups too.
    check(seen.size <= MAX_PANELS * 3);
    const layout: Layout = { version: LAYOUT_VERSION, root: normalize(root), closed };
    check(countPanels(layout.root) <= MAX_PANELS);
    return layout;
  } catch (e) {
    if (e instanceof Invalid) return null;
    throw e;
  }
}

const countPanels = (n: DockNode): number => (n.type === 'group' ? n.panels.length : n.children.reduce((a, c) => a + countPanels(c), 0));

/** parseLayout of JSON text (what localStorage and the server keep). */
export function parseLayoutText(text: string | null | undefined): Layout | null {
  if (!text) return null;
  try {
    return parseLayout(JSON.parse(text));
  } catch {
    return null;
  }
}
