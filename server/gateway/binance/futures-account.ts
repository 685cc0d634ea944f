// Binance USDⓈ-M account endpoints on /fapi/v2 and /fapi/v3: `account`, `balance` and `positionRisk`, from the
// perp desk's positions with their risk figures at the mark (perp desk README) and the contract wallet. v3 lists
// only symbols with a position or open orders; v2 every symbol, with the settings fields. v3 positionRisk also
// carries v2's `leverage` and `marginType`, which ccxt's parsePositionRisk reads (notes §4).
//
// Figures (Binance's names; "cross" sums over cross positions):
// - walletBalance = available + the margins and entrust margin the desk holds (operator freezes are no collateral),
//   less what the cross account owes (a loss past its cash its positions carry: Binance's negative wallet)
// - crossWalletBalance = available + cross position margins + entrust margin − owed; isolatedWallet = the position's margin
// - unrealizedProfit at the mark; marginBalance = walletBalance + unrealizedProfit
// - positionInitialMargin = |notional at mark| / leverage; openOrderInitialMargin = the entrust margin held
// - maintMargin = |notional| × MMR − cum of its bracket
// - availableBalance = maxWithdrawAmount = available − owed + min(0, cross unrealized P&L) (what a new order or a transfer
//   out may use: unrealized profit is not spendable here)
import { availableLessDebt, PERP_FEES, walletBalance, type PositionRisk } from '../../desks/index.ts';
import { E8, type PerpMarket } from '../../kernel/index.ts';
import type { Caller } from './auth.ts';
import { d8, type Usdm } from './futures-context.ts';
import { maxNotional } from './futures-orders.ts';
import { lastWalletChange, positionTimes } from './futures-queries.ts';
import type { SignedRoute } from './orders.ts';
import type { Params } from './params.ts';

const abs = (v: bigint) => (v < 0n ? -v : v);
const min0 = (v: bigint) => (v < 0n ? v : 0n);
const max0 = (v: bigint) => (v > 0n ? v : 0n);
const divCeil = (a: bigint, b: bigint) => (a + b - 1n) / b;

export type AccountVersion = 'v2' | 'v3';

/** One position's figures, in minor units. */
interface Figures {
  readonly market: PerpMarket;
  readonly risk: PositionRisk | undefined;
  readonly leverage: number;
  readonly isolated: boolean;
  readonly size: bigint;
  readonly entry: bigint;
  readonly breakEven: bigint;
  readonly mark: bigint;
  readonly notional: bigint;
  readonly upnl: bigint;
  readonly positionIm: bigint;
  readonly orderIm: bigint;
  readonly maint: bigint;
  readonly isolatedWallet: bigint;
  readonly liquidation: bigint;
  readonly bids: bigint;
  readonly asks: bigint;
  readonly updateTime: number;
}

export function futuresAccountRoutes(route: SignedRoute, u: Usdm, version: AccountVersion): void {
  const desk = u.desk;

  /** Every perpetual's figures for the user (flat ones with their settings), and the wallet's. */
  async function snapshot(caller: Caller) {
    const user = caller.user;
    const [portfolio, settings, open, times] = await Promise.all([desk.portfolio(user), desk.settings(user), desk.openOrders(user), positionTimes(u.store.db, user)]);
    const risks = portfolio.positions;
    const byRisk = new Map(risks.map((r) => [r.symbol, r]));
    const taker = BigInt(PERP_FEES.takerPpm);
    const figures: Figures[] = settings.map((s) => {
      const market = u.market(s.symbol);
      const r = byRisk.get(s.symbol);
      const size = r?.size ?? 0n;
      const cost = r?.cost ?? 0n;
      const qty = abs(size);
      const entry = qty === 0n ? 0n : (cost * E8) / qty;
      // Opening and closing both at the taker rate: the price where closing returns what was paid.
      const breakEven = qty === 0n ? 0n : size > 0n ? divCeil(entry * (1_000_000n + 2n * taker), 1_000_000n) : (entry * (1_000_000n - 2n * taker)) / 1_000_000n;
      const mark = r?.mark ?? 0n;
      const notional = qty === 0n ? 0n : mark === 0n ? (size > 0n ? cost : -cost) : (size * mark) / E8;
      const leverage = r?.leverage ?? s.leverage;
      const isolated = (r?.mode ?? s.mode) === 'isolated';
      let bids = 0n;
      let asks = 0n;
      for (const o of open) {
        if (o.symbol !== s.symbol) continue;
        const n = (o.openQty * o.price) / E8;
        if (o.side === 'buy') bids += n;
        else asks += n;
      }
      return {
        market, risk: r, leverage, isolated, size, entry, breakEven, mark, notional, upnl: r?.upnl ?? 0n,
        positionIm: qty === 0n ? 0n : divCeil(abs(notional), BigInt(leverage)), orderIm: r?.orderMargin ?? 0n, maint: r?.maintenance ?? 0n,
        isolatedWallet: isolated ? (r?.margin ?? 0n) : 0n, liquidation: r?.liquidationPrice ?? 0n, bids, asks, updateTime: times.get(s.symbol) ?? 0,
      };
    });
    const asset = u.markets()[0]?.market.quote ?? 'USDT';
    const account = portfolio.account;
    const sum = (f: (x: Figures) => bigint, only?: (x: Figures) => boolean) => figures.reduce((acc, x) => acc + (only === undefined || only(x) ? f(x) : 0n), 0n);
    const upnl = sum((x) => x.upnl);
    const crossUpnl = sum((x) => x.upnl, (x) => !x.isolated);
    // The app's figures (a cross account's debt, a loss past its cash its positions carry, makes them negative).
    const wallet = walletBalance(account);
    const spendable = max0(availableLessDebt(account) + min0(crossUpnl));
    const totals = {
      walletBalance: wallet,
      unrealizedProfit: upnl,
      marginBalance: wallet + upnl,
      maintMargin: sum((x) => x.maint),
      positionInitialMargin: sum((x) => x.positionIm),
      openOrderInitialMargin: sum((x) => x.orderIm),
      crossWalletBalance: account.risk.wallet,
      crossUnPnl: crossUpnl,
      availableBalance: spendable,
      maxWithdrawAmount: spendable,
    };
    const updateTime = await lastWalletChange(u.store.db, user, asset);
    return { figures, totals, asset, updateTime };
  }

  const live = (x: Figures) => x.size !== 0n || x.orderIm !== 0n || x.bids !== 0n || x.asks !== 0n;
  const symbolFilter = (p: Params): string | undefined => {
    const one = p.symbol();
    return one === undefined ? undefined : u.market(one).symbol;
  };

  /** positionRisk item: v3's fields, plus v2's settings fields (ccxt reads leverage and marginType). */
  const positionRisk = (x: Figures) => {
    const common = {
      symbol: x.market.symbol,
      positionSide: 'BOTH',
      positionAmt: d8(x.size),
      entryPrice: d8(x.entry),
      breakEvenPrice: d8(x.breakEven),
      markPrice: d8(x.mark),
      unRealizedProfit: d8(x.upnl),
      liquidationPrice: d8(x.liquidation),
      isolatedMargin: d8(x.isolated ? x.isolatedWallet + x.upnl : 0n),
      notional: d8(x.notional),
      marginAsset: x.market.market.quote,
      isolatedWallet: d8(x.isolatedWallet),
      updateTime: x.updateTime,
    };
    const settings = {
      leverage: String(x.leverage),
      maxNotionalValue: maxNotional(x.market, x.leverage),
      marginType: x.isolated ? 'isolated' : 'cross',
      isAutoAddMargin: 'false',
    };
    if (version === 'v2') return { ...common, ...settings, adlQuantile: x.risk?.adl ?? 0 };
    return {
      ...common,
      initialMargin: d8(x.positionIm + x.orderIm),
      maintMargin: d8(x.maint),
      positionInitialMargin: d8(x.positionIm),
      openOrderInitialMargin: d8(x.orderIm),
      adl: x.risk?.adl ?? 0,
      bidNotional: d8(x.bids),
      askNotional: d8(x.asks),
      ...settings,
    };
  };

  route('GET', '/positionRisk', false, async (p, caller) => {
    const symbol = symbolFilter(p);
    p.done();
    const { figures } = await snapshot(caller);
    return figures.filter((x) => (symbol === undefined || x.market.symbol === symbol) && (version === 'v2' || live(x))).map(positionRisk);
  });

  route('GET', '/balance', false, async (p, caller) => {
    p.done();
    const { totals: t, asset, updateTime } = await snapshot(caller);
    return [
      {
        accountAlias: `u${caller.user}`, asset, balance: d8(t.walletBalance), crossWalletBalance: d8(t.crossWalletBalance), crossUnPnl: d8(t.crossUnPnl),
        availableBalance: d8(t.availableBalance), maxWithdrawAmount: d8(t.maxWithdrawAmount), marginAvailable: true, updateTime,
      },
    ];
  });

  route('GET', '/account', false, async (p, caller) => {
    p.done();
    const { figures, totals: t, asset, updateTime } = await snapshot(caller);
    const initialMargin = t.positionInitialMargin + t.openOrderInitialMargin;
    const money = {
      totalInitialMargin: d8(initialMargin),
      totalMaintMargin: d8(t.maintMargin),
      totalWalletBalance: d8(t.walletBalance),
      totalUnrealizedProfit: d8(t.unrealizedProfit),
      totalMarginBalance: d8(t.marginBalance),
      totalPositionInitialMargin: d8(t.positionInitialMargin),
      totalOpenOrderInitialMargin: d8(t.openOrderInitialMargin),
      totalCrossWalletBalance: d8(t.crossWalletBalance),
      totalCrossUnPnl: d8(t.crossUnPnl),
      availableBalance: d8(t.availableBalance),
      maxWithdrawAmount: d8(t.maxWithdrawAmount),
    };
    const assets = [
      {
        asset,
        walletBalance: d8(t.walletBalance),
        unrealizedProfit: d8(t.unrealizedProfit),
        marginBalance: d8(t.marginBalance),
        maintMargin: d8(t.maintMargin),
        initialMargin: d8(initialMargin),
        positionInitialMargin: d8(t.positionInitialMargin),
        openOrderInitialMargin: d8(t.openOrderInitialMargin),
        crossWalletBalance: d8(t.crossWalletBalance),
        crossUnPnl: d8(t.crossUnPnl),
        availableBalance: d8(t.availableBalance),
        maxWithdrawAmount: d8(t.maxWithdrawAmount),
        ...(version === 'v2' ? { marginAvailable: true } : {}),
        updateTime,
      },
    ];
    if (version === 'v3') {
      const positions = figures.filter(live).map((x) => ({
        symbol: x.market.symbol,
        positionSide: 'BOTH',
        positionAmt: d8(x.size),
        unrealizedProfit: d8(x.upnl),
        isolatedMargin: d8(x.isolated ? x.isolatedWallet + x.upnl : 0n),
        notional: d8(x.notional),
        isolatedWallet: d8(x.isolatedWallet),
        initialMargin: d8(x.positionIm + x.orderIm),
        maintMargin: d8(x.maint),
        updateTime: x.updateTime,
      }));
      return { ...money, assets, positions };
    }
    const positions = figures.map((x) => ({
      symbol: x.market.symbol,
      initialMargin: d8(x.positionIm + x.orderIm),
      maintMargin: d8(x.maint),
      unrealizedProfit: d8(x.upnl),
      positionInitialMargin: d8(x.positionIm),
      openOrderInitialMargin: d8(x.orderIm),
      leverage: String(x.leverage),
      isolated: x.isolated,
      entryPrice: d8(x.entry),
      breakEvenPrice: d8(x.breakEven),
      maxNotional: maxNotional(x.market, x.leverage),
      bidNotional: d8(x.bids),
      askNotional: d8(x.asks),
      positionSide: 'BOTH',
      positionAmt: d8(x.size),
      updateTime: x.updateTime,
    }));
    return {
      feeTier: 0, feeBurn: false, canTrade: caller.canTrade, canDeposit: true, canWithdraw: true, updateTime: 0, multiAssetsMargin: false, tradeGroupId: -1,
      ...money, assets, positions,
    };
  });
}
