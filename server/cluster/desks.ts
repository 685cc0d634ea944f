// Which desks run in a process of their own, and how each is opened and called there (issue 26). `commands` change
// state and go through the desk's command log, in order; `queries` only read and are asked of the active process.
// A method in neither list is not reachable from another process.
import type { Bus } from '../bus/index.ts';
import type { Clock } from '../clock.ts';
import type { FundsDesk } from '../desks/core.ts';
import type { DeskEvent } from '../desks/events.ts';
import { perpRates } from '../desks/index.ts';
import { PerpDesk } from '../desks/perp/desk.ts';
import { SpotDesk } from '../desks/spot/desk.ts';
import type { FeeRates, UserId } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';

export interface DeskOpenOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock: Clock;
  readonly holder: string;
  readonly leaseTtlMs: number;
  readonly fees: (user: UserId) => FeeRates;
  readonly onStop: (error: unknown) => void;
}

export interface DeskSpec<D extends FundsDesk = FundsDesk> {
  /** The desk's wallet: its name in the lease, the log and the log position. */
  readonly name: string;
  open(o: DeskOpenOptions): Promise<D>;
  readonly commands: readonly (keyof D & string)[];
  readonly queries: readonly (keyof D & string)[];
  /** Commands that enter the sequence only after an await and set a value, so applying one again is harmless. */
  readonly reapplicable?: readonly (keyof D & string)[];
}

/** The balance side every desk has (core.ts FundsDesk). */
const FUNDS_COMMANDS = ['adjust', 'adjustOnce', 'transferOut', 'transferIn'] as const;
const FUNDS_QUERIES = ['balances', 'locked'] as const;

const SPOT_COMMANDS = [
  ...FUNDS_COMMANDS,
  'place', 'placeOco', 'cancel', 'cancelAll', 'replace', 'setMarketStatus',
  'startBot', 'stopBot', 'payCommission', 'deposit', 'withdrawHold', 'withdrawRelease', 'withdrawSettle',
] as const satisfies readonly (keyof SpotDesk)[];
const SPOT_QUERIES = [...FUNDS_QUERIES, 'check', 'depth', 'openOrders', 'markets', 'bot', 'feesOf', 'quantMinimums'] as const satisfies readonly (keyof SpotDesk)[];

export const SPOT_DESK: DeskSpec<SpotDesk> & { readonly commands: typeof SPOT_COMMANDS; readonly queries: typeof SPOT_QUERIES } = {
  name: 'coin',
  open: (o) => SpotDesk.open({ store: o.store, bus: o.bus, clock: o.clock, holder: o.holder, leaseTtlMs: o.leaseTtlMs, fees: o.fees, onStop: o.onStop }),
  commands: SPOT_COMMANDS,
  queries: SPOT_QUERIES,
  // Writes the market's flags to the store, then re-reads them in sequence: the same flags again change nothing.
  reapplicable: ['setMarketStatus'],
};

const PERP_COMMANDS = [
  ...FUNDS_COMMANDS,
  'place', 'placeConditional', 'placeConditionalOnce', 'cancel', 'cancelAll', 'setLeverage', 'setMarginMode', 'adjustMargin',
  // The jobs' inputs: marks (liquidations and triggers ride them), funding, and an operator's insurance contribution.
  'mark', 'funding', 'settleMissedFunding', 'fundInsurance',
] as const satisfies readonly (keyof PerpDesk)[];
// closePosition is not a command: it reads the positions, then places an order per position (several commands); a
// gateway does the same with positions() and place(), each applied once.
const PERP_QUERIES = [
  ...FUNDS_QUERIES, 'markets', 'conditionals', 'fundingState', 'positions', 'portfolio', 'settings', 'openOrders', 'depth', 'book',
  'appliedBook', 'appliedOpenOrders', 'applied', 'insurance', 'openPositions',
] as const satisfies readonly (keyof PerpDesk)[];

/** The contract wallet's desk: the perpetuals. Its fees follow the user's spot level (desks/index.ts perpRates). */
export const PERP_DESK: DeskSpec<PerpDesk> & { readonly commands: typeof PERP_COMMANDS; readonly queries: typeof PERP_QUERIES } = {
  name: 'contract',
  open: (o) =>
    PerpDesk.open({ store: o.store, bus: o.bus, clock: o.clock, holder: o.holder, leaseTtlMs: o.leaseTtlMs, fees: (user) => perpRates(o.fees(user)), onStop: o.onStop }),
  commands: PERP_COMMANDS,
  queries: PERP_QUERIES,
};

export const DESK_SPECS: Readonly<Record<string, DeskSpec>> = Object.freeze({
  coin: SPOT_DESK as unknown as DeskSpec,
  contract: PERP_DESK as unknown as DeskSpec,
});
