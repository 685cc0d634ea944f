// The desks' public entry: createDesks opens every desk against the store (each rebuilding its memory and taking
// its lease), wires transfers between them, and completes transfers a crash left half done.
import { systemClock, type Clock } from '../clock.ts';
import type { FeeRates, UserId, Wallet } from '../kernel/index.ts';
import type { Bus } from '../bus/index.ts';
import type { Store } from '../store/index.ts';
import type { FundsDesk } from './core.ts';
import type { DeskEvent } from './events.ts';
import type { EarnFace, FundsFace, PerpFace, SecondsFace, SpotFace } from './faces.ts';
import { PerpDesk } from './perp/desk.ts';
import { SecondsDesk, type SecondsDeskOptions } from './seconds/desk.ts';
import { EarnDesk } from './earn/desk.ts';
import { SpotDesk } from './spot/desk.ts';
import { createTransfers, localRelay, type Transfers } from './transfers.ts';
import { openWalletDesk, type WalletDesk } from './wallet.ts';

export interface DesksOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock?: Clock | undefined;
  /** Lease holder id for all desks of this process (default host:pid:random per desk). */
  readonly holder?: string | undefined;
  readonly leaseTtlMs?: number | undefined;
  /** Told when a desk stops (a failed commit or a lost lease): it refuses everything until a restart. */
  readonly onStop?: ((wallet: Wallet, error: unknown) => void) | undefined;
  /** Told when a seconds contract settled, after its commit (the bench's lateness). */
  readonly onSecondsSettled?: SecondsDeskOptions['onSettled'];
}

/**
 * The desks as the routes, the operator commands and the jobs see them: each through its face (faces.ts), so that a
 * clustered gateway can hand them desks in other processes (server/cluster).
 */
export interface Desks {
  readonly spot: SpotFace;
  /** The contract wallet's desk: the perpetuals (`perp` in code, "contract" on screen). */
  readonly contract: PerpFace;
  readonly perp: PerpFace;
  /** The earn (wealth) wallet's desk: wealth products and mining pools (server/desks/earn/). */
  readonly earn: EarnFace;
  /** The seconds wallet's desk: seconds contracts (server/desks/seconds/). */
  readonly seconds: SecondsFace;
  readonly fiat: FundsFace;
  /** Every desk by the wallet it owns. */
  readonly byWallet: Readonly<Record<Wallet, FundsFace>>;
  readonly transfers: Transfers;
  close(): Promise<void>;
}

/** The desks of this process (the embedded server, a desk process, the tests): the desks themselves. */
export interface LocalDesks extends Desks {
  readonly spot: SpotDesk;
  readonly contract: PerpDesk;
  readonly perp: PerpDesk;
  readonly earn: EarnDesk;
  readonly seconds: SecondsDesk;
  readonly fiat: WalletDesk;
  readonly byWallet: Readonly<Record<Wallet, FundsDesk>>;
}

export { perpRates } from './fee-schedule.ts';

export async function createDesks(o: DesksOptions): Promise<LocalDesks> {
  const common = { store: o.store, bus: o.bus, clock: o.clock ?? systemClock, holder: o.holder, leaseTtlMs: o.leaseTtlMs };
  const opened: FundsDesk[] = [];
  try {
    const spot = await SpotDesk.open({ ...common, onStop: (e) => o.onStop?.('coin', e) });
    opened.push(spot);
    const wallet = async (name: Exclude<Wallet, 'coin'>) => {
      const desk = await openWalletDesk({ ...common, wallet: name, onStop: (e) => o.onStop?.(name, e) });
      opened.push(desk);
      return desk;
    };
    // Both desks keep the fee levels in force (fee-schedule.ts); contract rates follow the spot level (perpRates).
    const contract = await PerpDesk.open({ ...common, onStop: (e) => o.onStop?.('contract', e) });
    opened.push(contract);
    const earn = await EarnDesk.open({ ...common, onStop: (e) => o.onStop?.('earn', e) });
    opened.push(earn);
    const seconds = await SecondsDesk.open({ ...common, onSettled: o.onSecondsSettled, onStop: (e) => o.onStop?.('seconds', e) });
    opened.push(seconds);
    const fiat = await wallet('fiat');
    const byWallet = Object.freeze({ coin: spot, contract, earn, seconds, fiat });
    const relay = localRelay(byWallet);
    for (const desk of opened) desk.relayTo(relay);
    const transfers = createTransfers(o.store, byWallet);
    await transfers.recover();
    let closing: Promise<void> | null = null;
    return Object.freeze({
      spot, contract, perp: contract, earn, seconds, fiat, byWallet, transfers,
      close: () => (closing ??= Promise.all(opened.map((d) => d.close())).then(() => undefined)),
    });
  } catch (error) {
    await Promise.all(opened.map((d) => d.close().catch(() => undefined)));
    throw error;
  }
}

export { verifyLedger, type LedgerReport } from './verify.ts';
export { DeskUnavailableError, DESK_CODES, type DeskCode, type Reply } from './codes.ts';
export type { DeskEvent } from './events.ts';
export { topics } from './events.ts';
export type { FundsDesk } from './core.ts';
export { SPOT_FACE, PERP_FACE, EARN_FACE, SECONDS_FACE, FIAT_FACE, FUNDS_COMMANDS, FUNDS_QUERIES, type Face, type FaceSpec, type SpotFace, type PerpFace, type EarnFace, type SecondsFace, type FundsFace } from './faces.ts';
export { closePositions, setTpSl, type PerpSteps } from './perp/composite.ts';
export type { DeskMetrics } from './sequencer.ts';
export type { AdjustRequest, AdjustAction, AdjustOnceRequest, AdjustOnceResult, TransferOutRequest } from './funds.ts';
export { ADJUST_ACTIONS, adminRef, isRequestId } from './funds.ts';
export type { TransferRequest, Transfers } from './transfers.ts';
export type { BalanceView, OrderView, TransferView, RecordView, AppOrderStatus } from './views.ts';
export { SpotDesk, DEFAULT_FEES, type SpotDeskOptions, type MarketStatus } from './spot/desk.ts';
export { PerpDesk, PERP_FEES, availableLessDebt, walletBalance, type PerpAccount, type PerpPlaceRequest, type PerpPlaceResult, type PositionRisk } from './perp/desk.ts';
export type { PlaceResult, DepthSnapshot } from './spot/commands.ts';
export type { FillSummary } from './spot/settle.ts';
export type { PlaceRequest, LimitRequest, MarketRequest, ConditionalRequest, OcoRequest, OcoLegRequest, CancelRequest, CancelAllRequest, ReplaceRequest, OrderRef } from './spot/requests.ts';
export type { OcoResult } from './spot/oco.ts';
export type { OrderListView } from './events.ts';
export { LeaseHeldError } from './lease.ts';
export type { WalletDesk } from './wallet.ts';
export { EarnDesk, TREASURY, fundedPrincipal } from './earn/desk.ts';
export type { EarnReply, EarnDeskApi, EarnProductCreate, EarnProductChange, EarnPurchase, EarnRedeem, TreasuryView, AccrualReport } from './earn/api.ts';
export { SecondsDesk, type RecordReader, type SecondsPlace, type SecondsReply } from './seconds/desk.ts';
export { assetRecords, orderHistory, orderDetail, transferHistory, tradeView, type Page, type PageRequest, type RecordQuery, type OrderQuery, type TradeView } from './queries.ts';
export { RECORD_TYPES, PAGE_SIZES, DEFAULT_PAGE_SIZE, type RecordType } from './records.ts';
