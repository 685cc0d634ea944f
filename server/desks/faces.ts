// What the rest of the exchange may call on each desk (issue 26's rule: a desk talks to the rest only through
// commands in and events out). A face lists a desk's methods by kind:
// - `commands` change state; in a cluster they go through the desk's command log, in order (server/cluster);
// - `queries` only read, and answer a promise; in a cluster they are asked of the active desk process;
// - `drivers` run several commands of the desk from inside its process, not through its log: each of those is a
//   command in sequence, and running a driver again does nothing twice, so in a cluster it is asked of the active
//   desk process as a query is. No desk has one any more (the embedded server's timers call its desks directly): an
//   accrual run is the earn desk's `payDue` commands (earn/accrual.ts), the demo's products one `seedDemo`, the
//   robots' tick one `botTick` with its tapes, a clustered seconds desk's record and deliveries `recordEntries` and
//   `deliverDue` (seconds/logged-record.ts), all sent by the jobs like any other command;
// - `mirrored` are synchronous reads of slowly changing settings (the markets, a product list), which a gateway
//   answers from a copy it keeps fresh (server/cluster/remote-desks.ts).
// The routes, the operator commands and the jobs see desks only through these faces (desks/index.ts `Desks`); the
// embedded server hands them the local desks, a clustered gateway the remote ones. A method on no list is internal
// to its desk's process.
import type { EarnDesk } from './earn/desk.ts';
import type { FundsDesk } from './core.ts';
import type { PerpDesk } from './perp/desk.ts';
import type { SecondsDesk } from './seconds/desk.ts';
import type { SpotDesk } from './spot/desk.ts';

export interface FaceSpec<D> {
  /** The desk's wallet: its name in the lease, the log and the log position. */
  readonly name: string;
  readonly commands: readonly (keyof D & string)[];
  readonly queries: readonly (keyof D & string)[];
  readonly drivers: readonly (keyof D & string)[];
  readonly mirrored: readonly (keyof D & string)[];
}

/** The balance side every desk has (core.ts FundsDesk). */
/** `creditTransfer` is on no face: only a source desk's relay sends it (core.ts relayTo, desk-host.ts). */
export const FUNDS_COMMANDS = ['adjust', 'adjustOnce', 'transferOut', 'transferIn', 'relayTransfer'] as const satisfies readonly (keyof FundsDesk)[];
export const FUNDS_QUERIES = ['balances', 'locked', 'metrics'] as const satisfies readonly (keyof FundsDesk)[];

export const SPOT_FACE = {
  name: 'coin',
  commands: [
    ...FUNDS_COMMANDS,
    'place', 'placeOco', 'cancel', 'cancelAll', 'replace', 'setMarketStatus', 'setQuantMinimum', 'setFeeLevels',
    'startBot', 'stopBot', 'payCommission', 'deposit', 'withdrawHold', 'withdrawRelease', 'withdrawSettle',
    // The robots' tick, with the tapes the quant job read (jobs/quant.ts).
    'botTick',
  ],
  queries: [...FUNDS_QUERIES, 'check', 'depth', 'openOrders', 'bot', 'runningViews', 'feesOf', 'robotsRunning'],
  drivers: [],
  mirrored: ['markets', 'quantMinimums'],
} as const satisfies FaceSpec<SpotDesk>;

export const PERP_FACE = {
  name: 'contract',
  commands: [
    ...FUNDS_COMMANDS,
    'place', 'placeConditional', 'placeConditionalOnce', 'cancel', 'cancelAll', 'setLeverage', 'setMarginMode', 'adjustMargin',
    // The jobs' inputs: marks (liquidations and triggers ride them), funding, and an operator's insurance contribution.
    'mark', 'funding', 'settleMissedFunding', 'fundInsurance', 'setFeeLevels',
  ],
  // A position's close and its take-profit/stop-loss are several commands each: composite.ts, over this face.
  queries: [
    ...FUNDS_QUERIES, 'conditionals', 'fundingState', 'positions', 'portfolio', 'settings', 'openOrders', 'depth', 'book',
    'appliedBook', 'appliedOpenOrders', 'applied', 'insurance', 'openPositions',
  ],
  drivers: [],
  mirrored: ['markets'],
} as const satisfies FaceSpec<PerpDesk>;

export const EARN_FACE = {
  name: 'earn',
  // An accrual run is payDue commands until nothing is due (earn/accrual.ts runDue), sent by whoever drives it.
  commands: [...FUNDS_COMMANDS, 'createProduct', 'updateProduct', 'purchase', 'redeem', 'fundTreasury', 'payDue', 'seedDemo'],
  queries: [...FUNDS_QUERIES, 'order', 'orders', 'incomes', 'products', 'product', 'treasury'],
  drivers: [],
  mirrored: [],
} as const satisfies FaceSpec<EarnDesk>;

export const SECONDS_FACE = {
  name: 'seconds',
  commands: [
    ...FUNDS_COMMANDS, 'setSettings', 'setConfig', 'setLimit', 'seedDefaults', 'fundHouse', 'place', 'cancelScheduled',
    // A clustered desk's record and deliveries: each round of the price record, then what it made due (the jobs).
    'recordEntries', 'deliverDue',
  ],
  queries: [...FUNDS_QUERIES, 'openOf', 'house', 'settings', 'limitList', 'configList'],
  drivers: [],
  mirrored: [],
} as const satisfies FaceSpec<SecondsDesk>;

export const FIAT_FACE = {
  name: 'fiat',
  commands: FUNDS_COMMANDS,
  queries: FUNDS_QUERIES,
  drivers: [],
  mirrored: [],
} as const satisfies FaceSpec<FundsDesk>;

type Awaitable<F> = F extends (...args: infer A) => infer R ? (...args: A) => R | Promise<Awaited<R>> : never;

/**
 * A desk as the rest sees it: its commands and mirrored reads typed as its own, its queries answering a value or a
 * promise of it (the local desk answers some at once; a remote one always asks).
 */
export type Face<D, S extends { readonly commands: readonly (keyof D)[]; readonly queries: readonly (keyof D)[]; readonly drivers: readonly (keyof D)[]; readonly mirrored: readonly (keyof D)[] }> = {
  readonly [K in S['commands'][number] | S['mirrored'][number]]: D[K];
} & { readonly [K in S['queries'][number] | S['drivers'][number]]: Awaitable<D[K]> } & { readonly wallet: FundsDesk['wallet'] };

export type SpotFace = Face<SpotDesk, typeof SPOT_FACE>;
export type PerpFace = Face<PerpDesk, typeof PERP_FACE>;
export type EarnFace = Face<EarnDesk, typeof EARN_FACE>;
export type SecondsFace = Face<SecondsDesk, typeof SECONDS_FACE>;
export type FundsFace = Face<FundsDesk, typeof FIAT_FACE>;
