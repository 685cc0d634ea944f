// Where a dragged tab would land: over a tab strip it joins that group (at the place among the tabs under the
// pointer); over a group's body, the outer EDGE of each side splits the group that way and the middle joins it.
import type { Zone } from './types.ts';

export const EDGE = 0.28;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function zoneAt(box: Box, x: number, y: number): Zone {
  const fx = (x - box.left) / Math.max(box.width, 1);
  const fy = (y - box.top) / Math.max(box.height, 1);
  // The nearest side wins when the pointer is in a corner.
  const sides: Array<[Zone, number]> = [
    ['left', fx],
    ['right', 1 - fx],
    ['top', fy],
    ['bottom', 1 - fy],
  ];
  const [zone, distance] = sides.reduce((a, b) => (b[1] < a[1] ? b : a));
  return distance < EDGE ? zone : 'center';
}

/** The place among tabs (their horizontal centres, in order) for a pointer at x. */
export const tabIndexAt = (centres: readonly number[], x: number): number => centres.filter((c) => c < x).length;
