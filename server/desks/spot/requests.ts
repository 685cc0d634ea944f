// What the gateway hands the spot desk, and the checks that turn a request into a kernel command: market known,
// open and not under maintenance; decimal text on the market's grid; a market order's band bound from the
// caller's reference price. Amounts are decimal text, exactly as users send them.
import {
  Code,
  parseDecimal,
  parsePrice,
  parseQty,
  type Amount,
  type FeeRates,
  type OrderId,
  type Price,
  type Qty,
  type Side,
  type SpotCommand,
  type StpMode,
  type TimeInForce,
  type UserId,
} from '../../kernel/index.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { checkUser, isClientId } from '../validate.ts';
import { bandBound, inBand, type SpotMarket } from './market.ts';

interface PlaceBase {
  readonly user: number;
  readonly symbol: string;
  readonly side: Side;
  /** Per user; a repeat answers the original order instead of placing another. */
  readonly clientOrderId?: string | undefined;
  /** Self-trade prevention (default EXPIRE_TAKER: a user's orders never trade with each other). */
  readonly stp?: StpMode | undefined;
  /** Binance's strategyId and strategyType: the caller's tags, kept with the order and told back, never acted on. */
  readonly strategyId?: number | undefined;
  readonly strategyType?: number | undefined;
}

export interface LimitRequest extends PlaceBase {
  readonly type: 'limit';
  readonly price: string;
  readonly qty: string;
  readonly tif?: TimeInForce | undefined;
  readonly postOnly?: boolean | undefined;
  /** Optional reference (e.g. the index price): if given, the price must lie within the market's band around it. */
  readonly reference?: string | undefined;
}

export type MarketRequest = PlaceBase & {
  readonly type: 'market';
  /** The price the band is measured from, e.g. the index price: the order never trades past reference ± band. */
  readonly reference: string;
} & ({ readonly by: 'base'; readonly qty: string } | { readonly by: 'quote'; readonly quote: string });

/**
 * A conditional order (Binance's STOP_LOSS / TAKE_PROFIT as `kind` market, their _LIMIT forms as `kind` limit): it
 * waits for the last trade price to meet `stopPrice` (or to move `trailingDelta` basis points against its best
 * since tracking began), then works as that limit or market order, sized in base.
 */
export interface ConditionalRequest extends PlaceBase {
  readonly type: 'conditional';
  readonly condition: 'stop_loss' | 'take_profit';
  readonly kind: 'limit' | 'market';
  readonly stopPrice?: string | undefined;
  readonly trailingDelta?: number | undefined;
  /** Limit price (limit kind). */
  readonly price?: string | undefined;
  readonly qty: string;
  readonly tif?: TimeInForce | undefined;
}

export type PlaceRequest = LimitRequest | MarketRequest | ConditionalRequest;

/** An OCO leg: a limit-maker order, or a conditional order. */
/** A leg's own strategy tags (Binance's aboveStrategyId, belowStrategyType...). */
type LegStrategy = Pick<PlaceBase, 'strategyId' | 'strategyType'>;
export type OcoLegRequest =
  | ({ readonly type: 'limit_maker'; readonly price: string; readonly clientOrderId?: string | undefined } & LegStrategy)
  | ({ readonly type: 'conditional' } & Pick<ConditionalRequest, 'condition' | 'kind' | 'stopPrice' | 'trailingDelta' | 'price' | 'tif' | 'clientOrderId'> & LegStrategy);

/** One-cancels-the-other: `above` priced over the last trade price, `below` under it (see kernel OcoCommand). */
export interface OcoRequest {
  readonly user: number;
  readonly symbol: string;
  readonly side: Side;
  readonly qty: string;
  readonly above: OcoLegRequest;
  readonly below: OcoLegRequest;
  /** Per user, like an order's client id: a repeat answers the first list. */
  readonly clientListId?: string | undefined;
  readonly stp?: StpMode | undefined;
}

/** Which order: the desk's id, or the user's client order id. */
export type OrderRef = { readonly orderId: number } | { readonly clientOrderId: string };

export type CancelRequest = { readonly user: number } & OrderRef;

export interface CancelAllRequest {
  readonly user: number;
  /** Only this market; all markets when omitted. */
  readonly symbol?: string | undefined;
}

export type ReplaceRequest = { readonly user: number; readonly price: string; readonly qty: string } & OrderRef;

const TIFS: readonly string[] = ['GTC', 'IOC', 'FOK'];
const STPS: readonly string[] = ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'];

/** Refuses new orders in a market that is unknown, not open, or under maintenance. */
export function tradable(markets: ReadonlyMap<string, SpotMarket>, symbol: string): Reply<SpotMarket> {
  const m = markets.get(symbol);
  if (m === undefined) return refuse('market.unknown');
  if (m.isOpen !== 0) return refuse('market.not.open');
  if (m.maintenance) return refuse('market.maintenance');
  return accept(m);
}

function reference(text: string | undefined): Reply<bigint> {
  if (text === undefined) return refuse('order.reference.invalid');
  const parsed = parseDecimal(text);
  return parsed.ok && parsed.value > 0n ? accept(parsed.value) : refuse('order.reference.invalid');
}

export function price(m: SpotMarket, text: string): Reply<Price> {
  const p = parsePrice(m.market, String(text));
  if (!p.ok) return refuseKernel(p.code);
  return p.value >= 1 ? accept(p.value) : refuseKernel(Code.PRICE_INVALID);
}

export function quantity(m: SpotMarket, text: string): Reply<Qty> {
  const q = parseQty(m.market, String(text));
  if (!q.ok) return refuseKernel(q.code);
  return q.value >= 1 ? accept(q.value) : refuseKernel(Code.QTY_INVALID);
}

/** The kernel command for a placement, given the id the desk assigns; or why there is none. */
export function placeCommand(m: SpotMarket, req: PlaceRequest, id: OrderId, fees: FeeRates, time: number): Reply<SpotCommand> {
  const user = checkUser(req.user);
  if (!user.ok) return user;
  if (req.side !== 'buy' && req.side !== 'sell') return refuse('order.side.invalid');
  if (req.clientOrderId !== undefined && !isClientId(req.clientOrderId)) return refuse('order.client.id.invalid');
  const stp = req.stp ?? 'EXPIRE_TAKER';
  if (!STPS.includes(stp)) return refuse('order.stp.invalid');
  const base = { time, user: user.value as UserId, order: id, side: req.side, stp, fees };
  if (req.type === 'conditional') {
    const q = quantity(m, req.qty);
    if (!q.ok) return q;
    const leg = conditionalLeg(m, req);
    if (!leg.ok) return leg;
    return accept({ ...base, ...leg.value, type: 'conditional', qty: q.value });
  }
  if (req.type === 'limit') {
    const tif = req.tif ?? 'GTC';
    if (!TIFS.includes(tif)) return refuse('order.tif.invalid');
    const p = price(m, req.price);
    if (!p.ok) return p;
    const q = quantity(m, req.qty);
    if (!q.ok) return q;
    if (req.reference !== undefined) {
      const ref = reference(req.reference);
      if (!ref.ok) return ref;
      if (!inBand(m, p.value, ref.value)) return refuse('order.price.out.of.band');
    }
    return accept({ ...base, type: 'limit', price: p.value, qty: q.value, tif, postOnly: req.postOnly === true });
  }
  const ref = reference(req.reference);
  if (!ref.ok) return ref;
  const bound = bandBound(m, req.side, ref.value);
  if (bound === null) return refuse('order.reference.invalid');
  if (req.by === 'base') {
    const q = quantity(m, req.qty);
    if (!q.ok) return q;
    return accept({ ...base, type: 'market', bound, by: 'base', qty: q.value });
  }
  const quote = parseDecimal(String(req.quote));
  if (!quote.ok) return refuseKernel(quote.code);
  return accept({ ...base, type: 'market', bound, by: 'quote', quote: quote.value as Amount });
}

/** A conditional order's trigger and limit, checked and in ticks (the kernel checks them against the market). */
export function conditionalLeg(
  m: SpotMarket,
  req: Pick<ConditionalRequest, 'condition' | 'kind' | 'stopPrice' | 'trailingDelta' | 'price' | 'tif'>,
): Reply<{ condition: 'stop_loss' | 'take_profit'; kind: 'limit' | 'market'; stop: Price | null; trailingBips: number | null; price: Price | null; tif: TimeInForce }> {
  if (req.condition !== 'stop_loss' && req.condition !== 'take_profit') return refuse('order.type.invalid');
  if (req.kind !== 'limit' && req.kind !== 'market') return refuse('order.type.invalid');
  let stop: Price | null = null;
  if (req.stopPrice !== undefined) {
    const p = price(m, req.stopPrice);
    if (!p.ok) return p;
    stop = p.value;
  }
  const trailingBips = req.trailingDelta ?? null;
  if (stop === null && trailingBips === null) return refuseKernel(Code.STOP_REQUIRED);
  if (req.kind === 'market') {
    if (req.price !== undefined || req.tif !== undefined) return refuse('order.type.invalid');
    return accept({ condition: req.condition, kind: 'market', stop, trailingBips, price: null, tif: 'IOC' });
  }
  if (req.price === undefined) return refuseKernel(Code.PRICE_INVALID);
  const p = price(m, req.price);
  if (!p.ok) return p;
  const tif = req.tif ?? 'GTC';
  if (!TIFS.includes(tif)) return refuse('order.tif.invalid');
  return accept({ condition: req.condition, kind: 'limit', stop, trailingBips, price: p.value, tif });
}
