// The bar between two children of a split: drag it with the pointer, or focus it and use the arrow keys (Shift
// for bigger steps). Neither side gets smaller than MIN_PX.
import type { KeyboardEvent, PointerEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { Direction } from './types.ts';
import * as d from './dock.css.ts';

export const MIN_PX: Record<Direction, number> = { row: 140, column: 90 };
const STEP = 0.02;

export interface SplitterProps {
  splitId: string;
  index: number;
  dir: Direction;
  /** Where the bar sits in its split, 0–100. */
  position: number;
  /** Starts a pointer drag; `move` gets the delta as a fraction of the split since the start. */
  onDrag(splitId: string, index: number): (delta: number, min: number) => void;
  onStep(splitId: string, index: number, delta: number, min: number): void;
}

const sizeOf = (el: HTMLElement | null, dir: Direction) => {
  const rect = el?.getBoundingClientRect();
  return Math.max(dir === 'row' ? (rect?.width ?? 0) : (rect?.height ?? 0), 1);
};

export function Splitter({ splitId, index, dir, position, onDrag, onStep }: SplitterProps) {
  const { _ } = useLingui();
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const bar = e.currentTarget;
    bar.setPointerCapture(e.pointerId);
    bar.dataset.active = 'true';
    const total = sizeOf(bar.parentElement, dir);
    const min = MIN_PX[dir] / total;
    const start = dir === 'row' ? e.clientX : e.clientY;
    const move = onDrag(splitId, index);
    const onMove = (ev: globalThis.PointerEvent) => move(((dir === 'row' ? ev.clientX : ev.clientY) - start) / total, min);
    const onUp = () => {
      bar.dataset.active = 'false';
      bar.removeEventListener('pointermove', onMove);
      bar.removeEventListener('pointerup', onUp);
      bar.removeEventListener('pointercancel', onUp);
    };
    bar.addEventListener('pointermove', onMove);
    bar.addEventListener('pointerup', onUp);
    bar.addEventListener('pointercancel', onUp);
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const back = dir === 'row' ? 'ArrowLeft' : 'ArrowUp';
    const forward = dir === 'row' ? 'ArrowRight' : 'ArrowDown';
    if (e.key !== back && e.key !== forward) return;
    e.preventDefault();
    const step = (e.shiftKey ? STEP * 5 : STEP) * (e.key === back ? -1 : 1);
    onStep(splitId, index, step, MIN_PX[dir] / sizeOf(e.currentTarget.parentElement, dir));
  };
  return (
    <div
      className={d.splitter[dir]}
      role="separator"
      tabIndex={0}
      aria-orientation={dir === 'row' ? 'vertical' : 'horizontal'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(position)}
      aria-label={_('spot.layout.resize')}
      data-testid="dock-splitter"
      data-split={splitId}
      data-index={index}
      onPointerDown={down}
      onKeyDown={key}
    />
  );
}
