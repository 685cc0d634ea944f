import { describe, expect, it } from 'vitest';
import { addPanel, closePanel, defaultLayout, movePanel } from '../../../../../src/pages/spot/dock/model.ts';
import { parseLayout, parseLayoutText } from '../../../../../src/pages/spot/dock/validate.ts';
import { MAX_PANELS } from '../../../../../src/pages/spot/dock/types.ts';

const base = defaultLayout();
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
/** The default layout as plain JSON with one change made by `edit`. */
function edited(edit: (l: any) => void): unknown {
  const l = json(base) as any;
  edit(l);
  return l;
}

describe('stored layouts', () => {
  it('reads back what was stored', () => {
    const l = closePanel(addPanel(movePanel(base, 'trades', 'g-book', 'center'), 'chart', 'ETHUSDT'), 'markets');
    expect(parseLayout(json(l))).toEqual(l);
    expect(parseLayoutText(JSON.stringify(l))).toEqual(l);
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
