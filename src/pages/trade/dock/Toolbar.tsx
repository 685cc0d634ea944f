// The terminal's layout controls above the dock: the Panels menu (bring back a closed panel, add one of the
// screen's market panels for another market) and Reset layout.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import { pairName } from '../../quotation/market-rows.ts';
import { usePanelLabel } from './labels.ts';
import { addPanel, restorePanel } from './model.ts';
import type { DockScreen } from './screen.ts';
import type { Layout } from './types.ts';
import * as d from './dock.css.ts';

interface Props<K extends string> {
  screen: DockScreen<K>;
  layout: Layout<K>;
  update(change: (layout: Layout<K>) => Layout<K>): void;
  reset(): void;
  pageSymbol: string;
  symbols: readonly string[];
}

export function DockToolbar<K extends string>({ screen, layout, update, reset, pageSymbol, symbols }: Props<K>) {
  const { _ } = useLingui();
  const label = usePanelLabel(screen);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const others = symbols.filter((s) => s !== pageSymbol);
  const [market, setMarket] = useState<string>('');
  const chosen = market && symbols.includes(market) ? market : (others[0] ?? pageSymbol);

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const escape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    setOpen(false);
    box.current?.querySelector<HTMLElement>('button')?.focus();
  };
  const run = (change: (l: Layout<K>) => Layout<K>) => () => {
    setOpen(false);
    update(change);
  };

  return (
    <div className={d.toolbar} ref={box} onKeyDown={escape}>
      <button type="button" className={d.toolButton} aria-haspopup="menu" aria-expanded={open} data-testid="dock-panels" onClick={() => setOpen((o) => !o)}>
        {_('spot.layout.panels')} ▾
      </button>
      <button type="button" className={d.toolButton} data-testid="dock-reset" onClick={reset}>
        {_('spot.layout.reset')}
      </button>
      {open ? (
        <div className={`${d.menu} ${d.menuLeft}`} role="menu" data-testid="dock-panels-menu">
          <div className={d.menuTitle}>{_('spot.layout.closed')}</div>
          {layout.closed.length === 0 ? <div className={d.menuNote}>{_('spot.layout.noneClosed')}</div> : null}
          {[...layout.closed].reverse().map((p) => (
            <button key={p.id} type="button" role="menuitem" className={d.menuItem} data-testid="dock-restore" data-kind={p.kind} onClick={run((l) => restorePanel(screen, l, p.id))}>
              + {label(p)}
              {p.symbol ? ` · ${pairName(p.symbol)}` : ''}
            </button>
          ))}
          <div className={d.menuSep} />
          <div className={d.menuTitle}>{_('spot.layout.otherMarket')}</div>
          <div className={d.menuRow}>
            <select className={d.picker} style={{ margin: 0, maxWidth: 'none', flex: 1 }} aria-label={_('spot.layout.market')} data-testid="dock-add-symbol" value={chosen} onChange={(e) => setMarket(e.target.value)}>
              {symbols.map((s) => (
                <option key={s} value={s}>
                  {pairName(s)}
                </option>
              ))}
            </select>
          </div>
          {screen.addMenu.map((a) => (
            <button key={a.kind} type="button" role="menuitem" className={d.menuItem} data-testid={`dock-add-${a.kind}`} disabled={!chosen} onClick={run((l) => addPanel(screen, l, a.kind, chosen))}>
              + {_(a.labelId, { market: pairName(chosen) })}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
