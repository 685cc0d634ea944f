// Which desks run in a process of their own, and how each is opened there (issue 26). What a desk answers to other
// processes is its face (desks/faces.ts): `commands` through the desk's command log, in order; `queries`, `drivers`
// and `mirrored` reads asked of the active process. A method on none of its lists is not reachable from another one.
import type { Bus } from '../bus/index.ts';
import type { Clock } from '../clock.ts';
import type { FundsDesk } from '../desks/core.ts';
import { EarnDesk } from '../desks/earn/desk.ts';
import type { DeskEvent } from '../desks/events.ts';
import { EARN_FACE, FIAT_FACE, PERP_FACE, SECONDS_FACE, SPOT_FACE, type FaceSpec } from '../desks/faces.ts';
import { PerpDesk } from '../desks/perp/desk.ts';
import { SecondsDesk } from '../desks/seconds/desk.ts';
import { SpotDesk } from '../desks/spot/desk.ts';
import { openWalletDesk } from '../desks/wallet.ts';
import type { Store } from '../store/index.ts';
import { LoggedRecord } from '../desks/seconds/logged-record.ts';

/** A clustered desk's (and the jobs') lease: short, so a standby on another host takes over within it (same host: at once). */
export const CLUSTER_LEASE_TTL_MS = 2_000;
/** How often a standby tries the lease. */
export const STANDBY_POLL_MS = 50;

export interface DeskOpenOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock: Clock;
  readonly holder: string;
  readonly leaseTtlMs: number;
  readonly onStop: (error: unknown) => void;
}

export interface DeskSpec<D extends FundsDesk = FundsDesk> extends FaceSpec<D> {
  open(o: DeskOpenOptions): Promise<D>;
}

/** Everything a process answers that is not a command: queries, drivers and the mirrored reads. */
export const askable = (spec: { readonly queries: readonly string[]; readonly drivers: readonly string[]; readonly mirrored: readonly string[] }): readonly string[] => [...spec.queries, ...spec.drivers, ...spec.mirrored];

export const SPOT_DESK = {
  ...SPOT_FACE,
  open: (o: DeskOpenOptions) => SpotDesk.open({ store: o.store, bus: o.bus, clock: o.clock, holder: o.holder, leaseTtlMs: o.leaseTtlMs, onStop: o.onStop }),
} as const satisfies DeskSpec<SpotDesk>;

/** The contract wallet's desk: the perpetuals. Its fees follow the user's spot level (desks/fee-schedule.ts perpRates). */
export const PERP_DESK = {
  ...PERP_FACE,
  open: (o: DeskOpenOptions) =>
    PerpDesk.open({ store: o.store, bus: o.bus, clock: o.clock, holder: o.holder, leaseTtlMs: o.leaseTtlMs, onStop: o.onStop }),
} as const satisfies DeskSpec<PerpDesk>;

/** The earn wallet's desk: wealth products, mining pools and their treasury. */
export const EARN_DESK = {
  ...EARN_FACE,
  open: (o: DeskOpenOptions) => EarnDesk.open({ store: o.store, bus: o.bus, clock: o.clock, holder: o.holder, leaseTtlMs: o.leaseTtlMs, onStop: o.onStop }),
} as const satisfies DeskSpec<EarnDesk>;

/** The fiat wallet: balances and transfers only. */
export const FIAT_DESK = {
  ...FIAT_FACE,
  open: (o: DeskOpenOptions) => openWalletDesk({ wallet: 'fiat', store: o.store, bus: o.bus, clock: o.clock, holder: o.holder, leaseTtlMs: o.leaseTtlMs, onStop: o.onStop }),
} as const satisfies DeskSpec<FundsDesk>;

/**
 * The seconds wallet's desk. It opens and settles contracts on the public price record, which the jobs process writes
 * (jobs.ts) and sends, a round at a time, into this desk's log with the deliveries it makes due (`recordEntries`,
 * `deliverDue`): the desk knows the record only from its log (desks/seconds/logged-record.ts).
 */
export const SECONDS_DESK = {
  ...SECONDS_FACE,
  open: async (o: DeskOpenOptions) => {
    const desk = await SecondsDesk.open({ store: o.store, bus: o.bus, clock: o.clock, holder: o.holder, leaseTtlMs: o.leaseTtlMs, onStop: o.onStop });
    try {
      desk.attachRecord(await LoggedRecord.open(o.store));
    } catch (error) {
      await desk.close();
      throw error;
    }
    return desk;
  },
} as const satisfies DeskSpec<SecondsDesk>;

export const DESK_SPECS: Readonly<Record<string, DeskSpec>> = Object.freeze({
  coin: SPOT_DESK as unknown as DeskSpec,
  contract: PERP_DESK as unknown as DeskSpec,
  earn: EARN_DESK as unknown as DeskSpec,
  fiat: FIAT_DESK as unknown as DeskSpec,
  seconds: SECONDS_DESK as unknown as DeskSpec,
});

/** A desk's name on a command line: its wallet's, or what it trades (`spot` is the coin desk, `perp` the contract desk). */
export const DESK_ALIASES: Readonly<Record<string, string>> = Object.freeze({ spot: 'coin', perp: 'contract' });

/** The spec a command line's `--desk` names, by wallet or alias; undefined for none. */
export function deskSpecNamed(name: string): DeskSpec | undefined {
  return DESK_SPECS[DESK_ALIASES[name] ?? name];
}
