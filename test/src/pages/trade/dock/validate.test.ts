import { describe, expect, it } from 'vitest';
import { SPOT_DOCK } from '../../../../../src/pages/spot/spot-dock.ts';
import { addPanel, closePanel, movePanel } from '../../../../../src/pages/trade/dock/model.ts';
import { MAX_PANELS } from '../../../../../src/pages/trade/dock/types.ts';
import { parseLayout as parseFor, parseLayoutText as parseTextFor } from '../../../../../src/pages/trade/dock/validate.ts';

// The generic checks, run as the spot screen's.
const parseLayout = (raw: unknown) => parseFor(SPOT_DOCK, raw);
const parseLayoutText = (text: string | null) => parseTextFor(SPOT_DOCK, text);
const base = SPOT_DOCK.defaultLayout();
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
/** The default layout as plain JSON with one change made by `edit`. */
function edited(edit: (l: any) => void): unknown {
  const l = json(base) as any;
  edit(l);
  return l;
}

describe('stored layouts', () => {
  it('reads back what was stored', () => {
    const l = closePanel(addPanel(SPOT_DOCK, movePanel(base, 'trades', 'g-book', 'center'), 'chart', 'ETHUSDT'), 'markets');
    expect(parseLayout(json(l))).toEqual(l);
    expect(parseLayoutText(JSON.stringify(l))).toEqual(l);
  });

  it('reads spot layouts stored before the dock served other screens, and stores the same text', () => {
    // What the spot-only dock wrote to localStorage and the server after adding an ETHUSDT chart and closing markets.
    const stored =
      '{"version":1,"closed":[{"id":"markets","kind":"markets"}],"root":{"type":"split","id":"root","dir":"column","sizes":[0.69,0.31],"children":[{"type":"split","id":"top","dir":"row","sizes":[0.5357142857142857,0.21428571428571427,0.25],"children":[{"type":"split","id":"s3","dir":"column","children":[{"type":"group","id":"g-chart","panels":[{"id":"chart","kind":"chart"}],"active":"chart"},{"type":"group","id":"g2","panels":[{"id":"p1","kind":"chart","symbol":"ETHUSDT"}],"active":"p1"}],"sizes":[0.5,0.5]},{"type":"group","id":"g-book","panels":[{"id":"book","kind":"book"}],"active":"book"},{"type":"split","id":"side","dir":"column","sizes":[0.7,0.3],"children":[{"type":"group","id":"g-entry","panels":[{"id":"entry","kind":"entry"}],"active":"entry"},{"type":"group","id":"g-trades","panels":[{"id":"trades","kind":"trades"}],"active":"trades"}]}]},{"type":"group","id":"g-account","panels":[{"id":"account","kind":"account"}],"active":"account"}]}}';
    const l = closePanel(addPanel(SPOT_DOCK, base, 'chart', 'ETHUSDT'), 'markets');
    // The default desk then gave the order form 70 % of its column (76 % since).
    const resize = (node: { id?: string; sizes?: number[]; children?: unknown[] }): void => {
      if (node.id === 'side') node.sizes = [0.7, 0.3];
      for (const child of node.children ?? []) resize(child as typeof node);
    };
    resize(l.root as unknown as Parameters<typeof resize>[0]);
    expect(parseLayoutText(stored)).toEqual(l);
    expect(JSON.stringify(l)).toBe(stored);
  });

  it('rejects another version, unknown kinds, bad sizes, repeated ids and bad symbols', () => {
    expect(parseLayout(edited((l) => (l.version = 2)))).toBeNull();
    expect(parseLayout(edited((l) => delete l.version))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.children[1].panels[0].kind = 'casino')))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.sizes = [0.7, 0.7])))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.sizes = [1, 0])))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.sizes = [0.7])))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.sizes = ['0.7', 0.3])))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.children[1].panels[0].id = 'chart')))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.children[1].id = 'root')))).toBeNull();
    expect(parseLayout(edited((l) => l.closed.push({ id: 'book', kind: 'book' })))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.children[1].panels[0].symbol = 'eth/usdt')))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.dir = 'diagonal')))).toBeNull();
    expect(parseLayout(edited((l) => (l.root.type = 'window')))).toBeNull();
    expect(parseLayout(edited((l) => (l.closed = 'none')))).toBeNull();
    expect(parseLayout(null)).toBeNull();
    expect(parseLayout([])).toBeNull();
    expect(parseLayoutText('{not json')).toBeNull();
    expect(parseLayoutText(null)).toBeNull();
  });

  it('rejects more panels than a desk may hold', () => {
    const panels = Array.from({ length: MAX_PANELS + 1 }, (_, i) => ({ id: `p${i}`, kind: 'chart' }));
    expect(parseLayout({ version: 1, closed: [], root: { type: 'group', id: 'g', panels, active: 'p0' } })).toBeNull();
    const deep = (n: number): unknown => (n === 0 ? { type: 'group', id: 'leaf', panels: [], active: '' } : { type: 'split', id: `s${n}`, dir: 'row', sizes: [1], children: [deep(n - 1)] });
    expect(parseLayout({ version: 1, closed: [], root: deep(20) })).toBeNull();
  });

  it('tidies what it accepts: one-child splits, empty groups, a missing active tab', () => {
    const l = parseLayout({
      version: 1,
      closed: [],
      root: {
        type: 'split', id: 's', dir: 'row', sizes: [0.5, 0.5],
        children: [
          { type: 'split', id: 't', dir: 'column', sizes: [1], children: [{ type: 'group', id: 'a', panels: [{ id: 'x', kind: 'book' }], active: 'gone' }] },
          { type: 'group', id: 'b', panels: [], active: '' },
        ],
      },
    });
    expect(l?.root).toEqual({ type: 'group', id: 'a', panels: [{ id: 'x', kind: 'book' }], active: 'x' });
  });
});
