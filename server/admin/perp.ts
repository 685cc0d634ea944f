// The perpetuals' side of the operator commands (the "contract" account): the insurance fund's contribution from
// outside, and the open positions with their risk figures. Both ways in give the same figures: the running
// server's perp desk from its memory, or, with no server, the same memory rebuilt from one snapshot of the store
// (rebuildPerp: positions, balances, resting orders and each market's last recorded mark) without taking the
// desk's lease. No command here chooses a user's outcome: nothing liquidates, closes or edits a position.
import { entryPrice, formatDecimal } from '../kernel/index.ts';
import { openPositionRisks, rebuildPerp, type InsuranceFundResult, type OpenPositionRisk } from '../desks/perp/desk.ts';
import { perpMarkets } from '../desks/perp/markets.ts';
import type { Store } from '../store/index.ts';

/** The memo of a contribution when the operator gives none: the journal reference is `admin:<memo>#<request id>`. */
export const INSURANCE_MEMO = 'operator insurance';
/** The journal's reason for an operator's contribution to the fund (an `admin.*` entry, found by its reference). */
export const INSURANCE_REASON = 'admin.insurance';

const dec = (minor: bigint) => formatDecimal(minor, 8, true);

export interface PositionFilter {
  readonly user?: number | undefined;
  readonly symbol?: string | undefined;
}

/** The perpetual markets' symbols (one per spot market). */
export async function perpSymbols(store: Store): Promise<string[]> {
  return perpMarkets(await store.markets.configs('spot')).map((m) => m.symbol);
}

/** The asset the fund and the margins are kept in (the perpetuals' quote, USDT). */
export async function perpAsset(store: Store): Promise<string> {
  return perpMarkets(await store.markets.configs('spot'))[0]?.market.quote ?? 'USDT';
}

/**
 * Open positions as a perp desk would see them after a restart now: its memory rebuilt from one consistent snapshot
 * of the store, at each market's last recorded mark. Only reads; safe beside a running server.
 */
export async function storePositions(store: Store, filter: PositionFilter): Promise<OpenPositionRisk[]> {
  return store.snapshot(async (repos) => openPositionRisks(await rebuildPerp({ ...store, ...repos }), filter));
}

export function fundedOutcome(r: InsuranceFundResult, amount: string, requestId: string): { data: unknown; text: string } {
  const text = `insurance fund credited ${amount} ${r.asset} from outside${r.seq === null ? '' : ` (journal entry contract#${r.seq})`}: balance ${r.balance} ${r.asset}`;
  return {
    data: { asset: r.asset, amount, balance: r.balance, ref: r.ref, seq: r.seq, ...(r.duplicate ? { duplicate: true } : {}) },
    text: r.duplicate ? `request ${requestId} had already been applied, nothing changed now; insurance fund balance ${r.balance} ${r.asset}` : text,
  };
}

export interface PositionRow {
  userId: number;
  email: string | null;
  symbol: string;
  side: 'long' | 'short';
  /** Base quantity, unsigned. */
  size: string;
  entryPrice: string;
  leverage: number;
  marginMode: 'cross' | 'isolated';
  /** Isolated: the position's margin; cross: the initial margin held for it. */
  margin: string;
  /** Entrust margin held for the user's open orders in the market. */
  orderMargin: string;
  /** The mark the figures are at (null before a market's first mark). */
  markPrice: string | null;
  unrealizedPnl: string;
  maintenanceMargin: string;
  liquidationPrice: string | null;
  /** Place in the auto-deleveraging queue, 0–4. */
  adl: number | null;
}

export async function positionsOutcome(store: Store, risks: readonly OpenPositionRisk[], filter: PositionFilter, who: string | null): Promise<{ data: PositionRow[]; text: string }> {
  const emails = new Map<number, string | null>();
  for (const user of new Set(risks.map((p) => p.user))) emails.set(user, (await store.users.findById(user))?.email ?? null);
  const data = risks.map((p): PositionRow => {
    const qty = p.size < 0n ? -p.size : p.size;
    return {
      userId: p.user,
      email: emails.get(p.user) ?? null,
      symbol: p.symbol,
      side: p.lots > 0 ? 'long' : 'short',
      size: dec(qty),
      entryPrice: dec(entryPrice({ size: p.size, cost: p.cost })),
      leverage: p.leverage,
      marginMode: p.mode,
      margin: dec(p.margin),
      orderMargin: dec(p.orderMargin),
      markPrice: p.mark === null ? null : dec(p.mark),
      unrealizedPnl: dec(p.upnl),
      maintenanceMargin: dec(p.maintenance),
      liquidationPrice: p.liquidationPrice === null || p.liquidationPrice <= 0n ? null : dec(p.liquidationPrice),
      adl: p.adl,
    };
  });
  const scope = [who === null ? null : `of ${who}`, filter.symbol === undefined ? null : `in ${filter.symbol}`].filter((x) => x !== null).join(' ');
  if (data.length === 0) return { data, text: `no open positions${scope ? ` ${scope}` : ''}` };
  const lines = data.map(
    (p) =>
      `  user ${p.userId}${p.email === null ? '' : ` (${p.email})`}  ${p.symbol}  ${p.side} ${p.size}  entry ${p.entryPrice}  ${p.leverage}x ${p.marginMode}  ` +
      `margin ${p.margin}  liq. ${p.liquidationPrice ?? '-'}  uPnL ${p.unrealizedPnl}  at mark ${p.markPrice ?? '-'}`,
  );
  return { data, text: [`${data.length} open position(s)${scope ? ` ${scope}` : ''}`, ...lines].join('\n') };
}
