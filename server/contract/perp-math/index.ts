// The perpetuals' formulas the browser and the server both need (position P&L and ROE, margins, order cost,
// maintenance brackets, liquidation and bankruptcy prices, a position's and an account's risk at the mark, and the
// API's text of those figures), in exact integers with one rounding rule each. The server's engine
// (server/kernel/perp) and the stream layer (streams/) import these same functions.
export * from './units.ts';
export * from './brackets.ts';
export * from './margin.ts';
export * from './liquidation.ts';
export * from './risk.ts';
export * from './format.ts';
