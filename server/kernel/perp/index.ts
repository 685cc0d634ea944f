// Linear (USDT-margined) perpetuals: the pure formulas of notes/perp-formulas.md, in exact integers.
export * from './units.ts';
export * from '../../contract/perp-math/brackets.ts';
export * from '../../contract/perp-math/margin.ts';
export * from '../../contract/perp-math/liquidation.ts';
export * from './mark.ts';
export * from './funding.ts';
export * from './adl.ts';
export * from './liq-index.ts';
export type * from './types.ts';
export { PerpEngine, type PerpEngineOptions } from './engine.ts';
export type { Holding } from './holdings.ts';
