// The dock: renders a screen's layout tree (splits with their splitters, groups with their tabs) and turns pointer
// and keyboard gestures into model operations. Panels themselves come from the page through renderPanel.
import { memo, useCallback, useMemo, useRef, type CSSProperties, type PointerEvent, type ReactNode } from 'react';
import { getDrag, setDrag, useDrag, type DropTarget } from './drag.ts';
import { Group, type GroupActions } from './Group.tsx';
import { activate, closePanel, movePanel, resize, setPanelSymbol } from './model.ts';
import { Splitter } from './Splitter.tsx';
import { groupOf, groups } from './tree.ts';
import type { DockScreen } from './screen.ts';
import type { DockNode, Edge, GroupNode, Layout, PanelRef, Zone } from './types.ts';
import { tabIndexAt, zoneAt } from './zones.ts';
import * as d from './dock.css.ts';

export interface DockProps<K extends string> {
  screen: DockScreen<K>;
  layout: Layout<K>;
  update(change: (layout: Layout<K>) => Layout<K>): void;
  pageSymbol: string;
  symbols: readonly string[];
  renderPanel(panel: PanelRef<K>, symbol: string): ReactNode;
}

/** Distance the pointer must travel before a press on a tab becomes a drag (a shorter one is a click). */
const DRAG_START_PX = 5;

/**
 * Within this distance of the desk's left, right or bottom border a drop docks along that whole side (not the
 * top, where the tab strips are).
 */
const OUTER_PX = 12;

function outerEdge(dock: Element | null, x: number, y: number): Edge | null {
  const r = dock?.getBoundingClientRect();
  if (!r || x < r.left || x > r.right || y < r.top || y > r.bottom) return null;
  const sides: Array<[Edge, number]> = [
    ['left', x - r.left],
    ['right', r.right - x],
    ['bottom', r.bottom - y],
  ];
  const [edge, distance] = sides.reduce((a, b) => (b[1] < a[1] ? b : a));
  return distance <= OUTER_PX ? edge : null;
}

/** The drop target under the pointer, or null where a drop would change nothing. */
function targetAt<K extends string>(layout: Layout<K>, panelId: string, x: number, y: number): DropTarget | null {
  const outer = layout.root.type === 'split' ? outerEdge(document.querySelector('[data-dock-root]'), x, y) : null;
  if (outer) return { groupId: layout.root.id, zone: outer, strip: false };
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-dock-group]');
  const groupId = el?.dataset.dockGroup;
  if (!el || !groupId) return null;
  const source = groupOf(layout.root, panelId);
  const strip = el.querySelector<HTMLElement>('[data-dock-strip]');
  const stripBox = strip?.getBoundingClientRect();
  if (strip && stripBox && y <= stripBox.bottom) {
    if (source?.id === groupId && source.panels.length === 1) return null;
    const centres = [...strip.querySelectorAll<HTMLElement>('[data-dock-tab]')]
      .filter((t) => t.dataset.panel !== panelId)
      .map((t) => {
        const r = t.getBoundingClientRect();
        return r.left + r.width / 2;
      });
    return { groupId, zone: 'center', index: tabIndexAt(centres, x), strip: true };
  }
  const body = el.querySelector<HTMLElement>('[data-dock-body]')?.getBoundingClientRect() ?? el.getBoundingClientRect();
  const zone = zoneAt(body, x, y);
  if (source?.id === groupId && (zone === 'center' || source.panels.length === 1)) return null;
  return { groupId, zone, strip: false };
}

const OUTER_BOX: Record<Zone, CSSProperties> = {
  center: {},
  left: { top: 0, bottom: 0, left: 0, width: '22%' },
  right: { top: 0, bottom: 0, right: 0, width: '22%' },
  top: { left: 0, right: 0, top: 0, height: '22%' },
  bottom: { left: 0, right: 0, bottom: 0, height: '22%' },
};

/** The indicator of a drop along a whole side of the desk. */
function OuterIndicator({ rootId }: { rootId: string }) {
  const target = useDrag()?.target;
  if (!target || target.groupId !== rootId || target.zone === 'center') return null;
  return <div className={d.indicator} style={OUTER_BOX[target.zone]} data-testid="drop-indicator" data-zone={`desk-${target.zone}`} />;
}

function Ghost() {
  const drag = useDrag();
  if (!drag) return null;
  return (
    // Near the right border of the window the label goes on the pointer's left, so it stays in view.
    <div
      className={d.ghost}
      style={{ left: drag.x, top: drag.y, ...(drag.x > window.innerWidth - 200 ? { transform: 'translate(calc(-100% - 12px), 10px)' } : {}) }}
      data-testid="dock-ghost"
    >
      {drag.label}
    </div>
  );
}

const flexOf = (size: number): CSSProperties => ({ flex: `${size * 1000} 1 0px` });

interface NodeProps<K extends string> {
  node: DockNode<K>;
  style: CSSProperties;
  props: Omit<DockProps<K>, 'layout' | 'update'>;
  actions: GroupActions;
  all: readonly GroupNode<K>[];
  onDrag(splitId: string, index: number): (delta: number, min: number) => void;
  onStep(splitId: string, index: number, delta: number, min: number): void;
}

function NodeView<K extends string>({ node, style, props, actions, all, onDrag, onStep }: NodeProps<K>) {
  if (node.type === 'group') {
    const others = all
      .filter((g) => g.id !== node.id)
      .flatMap((g) => {
        const panel = g.panels.find((p) => p.id === g.active);
        return panel ? [{ id: g.id, panel }] : [];
      });
    return <Group screen={props.screen} group={node} style={style} pageSymbol={props.pageSymbol} symbols={props.symbols} others={others} actions={actions} renderPanel={props.renderPanel} />;
  }
  const children: ReactNode[] = [];
  let position = 0;
  node.children.forEach((child, i) => {
    if (i > 0) {
      children.push(
        <Splitter key={`bar-${child.id}`} splitId={node.id} index={i - 1} dir={node.dir} position={position * 100} onDrag={onDrag} onStep={onStep} />,
      );
    }
    const size = node.sizes[i] ?? 0;
    position += size;
    children.push(<NodeView key={child.id} node={child} style={flexOf(size)} props={props} actions={actions} all={all} onDrag={onDrag} onStep={onStep} />);
  });
  return (
    <div className={d.split[node.dir]} style={style} data-dock-split={node.id}>
      {children}
    </div>
  );
}

/** memo keeps the props' type but drops the kind parameter; the cast gives it back. */
export const Dock = memo(function Dock<K extends string>({ layout, update, ...props }: DockProps<K>) {
  const current = useRef(layout);
  current.current = layout;

  const beginDrag = useCallback(
    (e: PointerEvent<HTMLElement>, panelId: string, label: string) => {
      if (e.button !== 0) return;
      const sx = e.clientX;
      const sy = e.clientY;
      let dragging = false;
      const move = (ev: globalThis.PointerEvent) => {
        if (!dragging && Math.hypot(ev.clientX - sx, ev.clientY - sy) < DRAG_START_PX) return;
        dragging = true;
        document.body.classList.add(d.dragging);
        setDrag({ panelId, label, x: ev.clientX, y: ev.clientY, target: targetAt(current.current, panelId, ev.clientX, ev.clientY) });
      };
      const end = (drop: boolean) => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cancel);
        window.removeEventListener('keydown', escape);
        document.body.classList.remove(d.dragging);
        const target = getDrag()?.target;
        setDrag(null);
        if (drop && dragging && target) update((l) => movePanel(l, panelId, target.groupId, target.zone, target.index));
      };
      const up = () => end(true);
      const cancel = () => end(false);
      const escape = (ev: KeyboardEvent) => ev.key === 'Escape' && end(false);
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cancel);
      window.addEventListener('keydown', escape);
    },
    [update],
  );

  const actions = useMemo<GroupActions>(
    () => ({
      activate: (id) => update((l) => activate(l, id)),
      close: (id) => update((l) => closePanel(l, id)),
      move: (id, target, zone) => update((l) => movePanel(l, id, target, zone)),
      setSymbol: (id, symbol) => update((l) => setPanelSymbol(l, id, symbol)),
      beginDrag,
    }),
    [update, beginDrag],
  );

  // A splitter drag resizes from the layout as it was when the drag began, so rounding never accumulates.
  const onDrag = useCallback(
    (splitId: string, index: number) => {
      const start = current.current;
      return (delta: number, min: number) => update(() => resize(start, splitId, index, delta, min));
    },
    [update],
  );
  const onStep = useCallback(
    (splitId: string, index: number, delta: number, min: number) => update((l) => resize(l, splitId, index, delta, min)),
    [update],
  );

  return (
    <div className={d.dock} data-testid="dock" data-dock-root="">
      <NodeView node={layout.root} style={{ flex: '1 1 0px' }} props={props} actions={actions} all={groups(layout.root)} onDrag={onDrag} onStep={onStep} />
      {layout.root.type === 'split' ? <OuterIndicator rootId={layout.root.id} /> : null}
      <Ghost />
    </div>
  );
}) as <K extends string>(props: DockProps<K>) => ReactNode;
