// One leaf of the dock: a tab strip (drag a tab to move it, × to close it, the ⋯ menu to do the same from the
// keyboard), the active panel's own controls at the strip's right end, and the active panel filling the rest.
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react';
import { pairName } from '../../quotation/market-rows.ts';
import { DockSlotContext } from './context.ts';
import { useDrag } from './drag.ts';
import { usePanelLabel } from './labels.ts';
import type { DockScreen } from './screen.ts';
import type { GroupNode, PanelRef, Zone } from './types.ts';
import * as d from './dock.css.ts';

export interface GroupActions {
  activate(panelId: string): void;
  close(panelId: string): void;
  move(panelId: string, targetId: string, zone: Zone): void;
  setSymbol(panelId: string, symbol: string | undefined): void;
  beginDrag(e: PointerEvent<HTMLElement>, panelId: string, label: string): void;
}

export interface GroupProps<K extends string> {
  screen: DockScreen<K>;
  group: GroupNode<K>;
  pageSymbol: string;
  symbols: readonly string[];
  /** The other groups, named by their shown panel, for the keyboard "move into" menu. */
  others: ReadonlyArray<{ id: string; panel: PanelRef<K> }>;
  actions: GroupActions;
  renderPanel(panel: PanelRef<K>, symbol: string): ReactNode;
  style?: CSSProperties;
}

const ZONE_BOX: Record<Zone, CSSProperties> = {
  center: { inset: 4 },
  left: { top: 4, bottom: 4, left: 4, width: '48%' },
  right: { top: 4, bottom: 4, right: 4, width: '48%' },
  top: { left: 4, right: 4, top: 4, height: '48%' },
  bottom: { left: 4, right: 4, bottom: 4, height: '48%' },
};

function Indicator({ groupId }: { groupId: string }) {
  const drag = useDrag();
  const target = drag?.target;
  if (!target || target.groupId !== groupId) return null;
  const box = target.strip ? { top: 0, left: 0, right: 0, height: 28 } : ZONE_BOX[target.zone];
  return <div className={d.indicator} style={box} data-testid="drop-indicator" data-zone={target.strip ? 'tabs' : target.zone} />;
}

function GroupMenu<K extends string>({ screen, group, others, actions, symbols, pageSymbol }: Omit<GroupProps<K>, 'renderPanel' | 'style'>) {
  const { _ } = useLingui();
  const label = usePanelLabel(screen);
  // Where the menu opens: under the button, in the page's coordinates (the strip clips what overflows it).
  const [open, setOpen] = useState<{ top: number; right: number } | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const active = group.panels.find((p) => p.id === group.active);
  const anchor = () => {
    const rect = box.current?.getBoundingClientRect();
    return rect ? { top: rect.bottom + 4, right: Math.max(window.innerWidth - rect.right, 4) } : null;
  };
  useEffect(() => {
    if (!open) return;
    const away = (e: globalThis.PointerEvent) => {
      const target = e.target as Node;
      if (!box.current?.contains(target) && !list.current?.contains(target)) setOpen(null);
    };
    // Follows its button when the page scrolls or resizes.
    const place = () => setOpen(anchor());
    document.addEventListener('pointerdown', away);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    list.current?.querySelector<HTMLElement>('[role="menuitem"]:not(:disabled)')?.focus();
    return () => {
      document.removeEventListener('pointerdown', away);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open !== null]);
  const toggle = () => setOpen((o) => (o ? null : anchor()));
  if (!active) return null;
  const run = (work: () => void) => () => {
    setOpen(null);
    work();
  };
  const keys = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(null);
      box.current?.querySelector<HTMLElement>('button')?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  };
  const other = symbols.find((s) => s !== (active.symbol ?? pageSymbol));
  const alone = group.panels.length === 1;
  return (
    <span ref={box} style={{ position: 'relative', display: 'flex' }}>
      <button
        type="button"
        className={d.more}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-label={_('spot.layout.panelMenu', { panel: label(active) })}
        data-testid="dock-group-menu"
        onPointerDown={(e) => e.stopPropagation()}
        onClick={toggle}
      >
        ⋯
      </button>
      {open ? createPortal(
        <div ref={list} className={`${d.menu} ${d.menuFixed}`} style={open} role="menu" onKeyDown={keys} data-testid="dock-group-menu-list">
          {others.map((o) => (
            <button key={o.id} type="button" role="menuitem" className={d.menuItem} onClick={run(() => actions.move(active.id, o.id, 'center'))}>
              {_('spot.layout.moveInto', { panel: `${label(o.panel)}${o.panel.symbol ? ` · ${pairName(o.panel.symbol)}` : ''}` })}
            </button>
          ))}
          <button type="button" role="menuitem" className={d.menuItem} disabled={alone} onClick={run(() => actions.move(active.id, group.id, 'right'))}>
            {_('spot.layout.splitRight')}
          </button>
          <button type="button" role="menuitem" className={d.menuItem} disabled={alone} onClick={run(() => actions.move(active.id, group.id, 'bottom'))}>
            {_('spot.layout.splitDown')}
          </button>
          {screen.symbolKinds.includes(active.kind) && !active.symbol && other ? (
            <button type="button" role="menuitem" className={d.menuItem} onClick={run(() => actions.setSymbol(active.id, other))}>
              {_('spot.layout.ownMarket')}
            </button>
          ) : null}
          <div className={d.menuSep} />
          <button type="button" role="menuitem" className={d.menuItem} onClick={run(() => actions.close(active.id))}>
            {_('spot.layout.close', { panel: label(active) })}
          </button>
        </div>,
        document.body,
      ) : null}
    </span>
  );
}

function Tab<K extends string>({ screen, panel, selected, actions }: { screen: DockScreen<K>; panel: PanelRef<K>; selected: boolean; actions: GroupActions }) {
  const { _ } = useLingui();
  const name = usePanelLabel(screen)(panel);
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      actions.activate(panel.id);
    } else if (e.key === 'Delete') {
      actions.close(panel.id);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const sibling = e.key === 'ArrowLeft' ? e.currentTarget.previousElementSibling : e.currentTarget.nextElementSibling;
      if (sibling instanceof HTMLElement) {
        sibling.focus();
        const id = sibling.dataset.panel;
        if (id) actions.activate(id);
      }
    }
  };
  return (
    <div
      className={d.tab}
      role="tab"
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-testid="dock-tab"
      data-dock-tab=""
      data-panel={panel.id}
      data-kind={panel.kind}
      data-symbol={panel.symbol}
      onPointerDown={(e) => actions.beginDrag(e, panel.id, name)}
      onClick={() => actions.activate(panel.id)}
      onKeyDown={key}
    >
      <span className={d.tabLabel}>
        {name}
        {/* The shown panel's market is in the picker beside the tabs. */}
        {panel.symbol && !selected ? <span className={d.tabSymbol}> {pairName(panel.symbol)}</span> : null}
      </span>
      <button
        type="button"
        className={d.close}
        aria-label={_('spot.layout.close', { panel: name })}
        data-testid="dock-close"
        tabIndex={-1}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          e.stopPropagation();
          actions.close(panel.id);
        }}
      >
        ×
      </button>
    </div>
  );
}

interface PanelViewProps<K extends string> {
  panel: PanelRef<K>;
  symbol: string;
  render: GroupProps<K>['renderPanel'];
}

/**
 * The active panel, re-rendered only when it, its market or the page's renderer changes. (memo keeps the props'
 * type but drops the kind parameter; the casts here and on Group give it back.)
 */
const PanelView = memo(function PanelView<K extends string>({ panel, symbol, render }: PanelViewProps<K>) {
  return <>{render(panel, symbol)}</>;
}) as <K extends string>(props: PanelViewProps<K>) => ReactNode;

export const Group = memo(function Group<K extends string>({ screen, group, pageSymbol, symbols, others, actions, renderPanel, style }: GroupProps<K>) {
  const { _ } = useLingui();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const active = group.panels.find((p) => p.id === group.active);
  const context = useMemo(() => ({ actions: slot }), [slot]);
  return (
    <div className={d.group} style={style} data-dock-group={group.id} data-testid="dock-group">
      <div className={d.strip} data-dock-strip="">
        <div className={d.tabs} role="tablist">
          {group.panels.map((p) => (
            <Tab key={p.id} screen={screen} panel={p} selected={p.id === group.active} actions={actions} />
          ))}
        </div>
        {active && active.symbol && screen.symbolKinds.includes(active.kind) ? (
          <select
            className={d.picker}
            aria-label={_('spot.layout.market')}
            data-testid="dock-symbol"
            value={active.symbol}
            onPointerDown={(e) => e.stopPropagation()}
            onChange={(e) => actions.setSymbol(active.id, e.target.value || undefined)}
          >
            <option value="">{_('spot.layout.followPage')}</option>
            {symbols.map((s) => (
              <option key={s} value={s}>
                {pairName(s)}
              </option>
            ))}
          </select>
        ) : null}
        <span className={d.fill} />
        <span ref={setSlot} className={d.slot} />
        <GroupMenu screen={screen} group={group} others={others} actions={actions} symbols={symbols} pageSymbol={pageSymbol} />
      </div>
      <div className={d.body} data-dock-body="">
        {active ? (
          <DockSlotContext.Provider value={context}>
            <PanelView panel={active} symbol={active.symbol ?? pageSymbol} render={renderPanel} />
          </DockSlotContext.Provider>
        ) : (
          <div className={d.empty} data-testid="dock-empty">
            {_('spot.layout.empty')}
          </div>
        )}
      </div>
      <Indicator groupId={group.id} />
    </div>
  );
}) as <K extends string>(props: GroupProps<K>) => ReactNode;
