// Binance's wallet and margin endpoints under /sapi/v1:
// - GET capital/config/getall (USER_DATA): every coin of the exchange (the spot markets' bases and quotes, and any
//   coin the caller holds) with the caller's coin-wallet balance and its networks (networks.ts): the chain's rules
//   for the coins it handles, deposits and withdrawals off for the rest;
// - GET capital/deposit/address, GET capital/deposit/hisrec, POST capital/withdraw/apply, GET
//   capital/withdraw/history (USER_DATA, below): the same wallet as /app/wallet (server/wallet), found beside the
//   Trading object the app's routes built it over;
// - GET margin/allPairs (MARKET_DATA: API key, no signature) and GET margin/isolated/allPairs (USER_DATA): there is
//   no margin trading, so both answer an empty list ([]), as Binance does for an account with no margin pairs.
import { AppError } from '../../errors.ts';
import type { WithdrawalState } from '../../store/wallet.ts';
import { depositAddress, depositPage } from '../../wallet/deposits.ts';
import type { DepositRow, DepositState } from '../../wallet/ports.ts';
import { CLIENT_ID } from '../../wallet/rules.ts';
import { dec, ruleOf } from '../../wallet/views.ts';
import { walletOf, type Wallet } from '../../wallet/wiring.ts';
import type { Trading } from '../trading.ts';
import { BinanceError, errors } from './errors.ts';
import { COINS, integerMultiple, networkEntry } from './networks.ts';
import type { SignedHandler, SignedRoute } from './orders.ts';
import type { Params } from './params.ts';
import { d8 } from './shapes.ts';

/** An endpoint that needs an API key but no signature (Binance's MARKET_DATA). */
export type KeyedRoute = (method: 'GET', path: string, handler: SignedHandler) => void;

/** The parameters of a SIGNED request that an endpoint takes besides its own (the auth step reads them). */
const SIGNING = ['timestamp', 'recvWindow', 'signature'];

export function walletRoutes(signed: SignedRoute, keyed: KeyedRoute, trading: Trading): void {
  const spot = trading.desks.spot;

  /** Each coin of the spot markets, and whether any market trading it is open. */
  const marketCoins = (): Map<string, boolean> => {
    const coins = new Map<string, boolean>();
    for (const flags of spot.markets()) {
      const m = trading.market.market(flags.symbol);
      if (m === undefined) continue;
      const open = flags.isOpen === 0 && !flags.maintenance;
      for (const coin of [m.base, m.quote]) coins.set(coin, (coins.get(coin) ?? false) || open);
    }
    return coins;
  };

  /** `symbol`, if sent, must name a spot market (-1121 otherwise); none of them is a margin pair. */
  const marginPairs = (p: Params): [] => {
    const symbol = p.symbol();
    if (symbol !== undefined && !spot.markets().some((m) => m.symbol === symbol)) throw errors.symbol();
    return [];
  };

  signed('GET', '/capital/config/getall', false, async (p, caller) => {
    p.done();
    const reply = await spot.balances(caller.user);
    if (!reply.ok) throw errors.unknown();
    const held = new Map(reply.value.map((b) => [b.asset, b]));
    const listed = marketCoins();
    const chain = walletOf(trading)?.chain;
    const coins = [...new Set([...listed.keys(), ...held.keys()])].sort();
    return coins.map((coin) => {
      const info = COINS[coin];
      const balance = held.get(coin);
      const networkList = (info?.networks ?? []).map((n, i) => networkEntry(coin, n, i === 0, ruleOf(chain, coin, n.id) ?? undefined));
      return {
        coin,
        depositAllEnable: networkList.some((n) => n.depositEnable),
        withdrawAllEnable: networkList.some((n) => n.withdrawEnable),
        name: info?.name ?? coin,
        free: d8(balance?.available),
        locked: d8(balance?.frozen),
        freeze: '0.00000000',
        withdrawing: '0.00000000',
        ipoing: '0.00000000',
        ipoable: '0.00000000',
        storage: '0.00000000',
        isLegalMoney: false,
        trading: listed.get(coin) ?? false,
        networkList,
      };
    });
  });

  capitalRoutes(signed, () => walletOf(trading));

  keyed('GET', '/margin/allPairs', async (p) => {
    const pairs = marginPairs(p);
    // ccxt signs every /sapi call; Binance takes the signing parameters here without needing them.
    p.done(SIGNING);
    return pairs;
  });

  signed('GET', '/margin/isolated/allPairs', false, async (p) => {
    const pairs = marginPairs(p);
    p.done();
    return pairs;
  });
}

// ---- capital: deposits and withdrawals ------------------------------------------------------------------------
//
// Security, decided for bots: a withdrawal through the API can't carry the fund password or a TOTP code (a bot
// holding them would be holding the user's last line of defence), so, as on Binance, the key itself must be allowed
// to withdraw: its owner switches that on in the app (/app/wallet/apiKeys/set, with the fund password and TOTP when
// on), and only for a key restricted to IP addresses. A key without the permission is refused with -2015. Every
// other rule is the app's: identity verified, the 24 h lock after a security change, the whitelist and its 24 h
// cooling, the daily limit, the balance.
//
// Shapes: Binance's field names; `amount` of a withdrawal in the history is what arrives (applied amount − fee) and
// transactionFee the fee, so amount + transactionFee left the balance; withdraw/apply's `amount` is what leaves
// the balance, fee included, as in the app.
//
// Status numbers. Deposits: 0 pending, 1 credited (success), 7 below the minimum ("wrong deposit": recorded, not
// credited), 2 orphaned (its block left the chain before it was final: rejected). Withdrawals: 2 awaiting approval
// (applied), 4 processing (approved, broadcast), 6 completed (confirmed), 3 rejected, 1 cancelled.

const DAY_MS = 86_400_000;
/** Binance's history window: at most 90 days per query, the last 90 days by default. */
const WINDOW_MS = 90 * DAY_MS;
const MAX_LIMIT = 1000;

const DEPOSIT_STATUS: Readonly<Record<DepositState, number>> = { pending: 0, credited: 1, below_min: 7, orphaned: 2 };
const WITHDRAW_STATUS: Readonly<Record<WithdrawalState, number>> = { applying: 2, applied: 2, approved: 4, broadcast: 4, confirmed: 6, rejected: 3, cancelled: 1 };

const sapiError = (code: number, msg: string) => new BinanceError(code, msg);

/** A wallet refusal (AppError) in Binance's words (its -4xxx capital codes, which ccxt maps to its exception types). */
function capitalRefusal(error: unknown, kind: 'deposit' | 'withdraw'): never {
  if (!(error instanceof AppError)) throw error;
  const data = error.data ?? {};
  switch (error.code) {
    case 'wallet.asset.unknown':
      throw sapiError(-4018, "We don't have this asset.");
    case 'wallet.network.unknown':
      throw sapiError(-4019, kind === 'deposit' ? 'Current asset is not open for deposit on this network.' : 'Current asset is not open for withdrawal on this network.');
    case 'wallet.deposit.manual':
      throw sapiError(-4019, 'Deposits of this coin are not automatic: please contact customer service.');
    case 'wallet.address.invalid':
      throw sapiError(-4033, 'Illegal address.');
    case 'wallet.amount.invalid':
      throw errors.illegal('amount');
    case 'wallet.amount.precision':
      throw sapiError(-4021, `Asset withdrawal must be an integer multiple of ${integerMultiple(Number(data['decimals'] ?? 8))}.`);
    case 'wallet.amount.below.min':
      throw sapiError(-4022, `Not less than the minimum pick-up quantity ${String(data['min'] ?? '')}; the amount must be greater than the fee ${String(data['fee'] ?? '')}.`);
    case 'wallet.limit.exceeded':
      throw sapiError(-4023, 'Within 24 hours, the withdrawal exceeds the maximum amount.');
    case 'wallet.identity.required':
      throw sapiError(-4015, 'Withdraw is limited: verify your identity first.');
    case 'wallet.security.locked':
      throw sapiError(-4016, 'Within 24 hours after a security change, withdrawal is prohibited.');
    case 'wallet.whitelist.only':
      throw sapiError(-4035, 'This address is not on the whitelist. Please join and try again.');
    case 'wallet.whitelist.cooling':
      throw sapiError(-4036, 'The new address needs to be withdrawn in 24 hours.');
    case 'wallet.withdraw.throttled':
      throw sapiError(-4005, 'Too many new requests.');
    case 'funds.insufficient':
      // Binance's wording for a short balance, which ccxt maps to InsufficientFunds by the message alone.
      throw sapiError(-4026, 'Account has insufficient balance for requested action.');
    case 'service.unavailable':
      throw errors.unavailable();
    case 'request.invalid':
      throw errors.illegalText('withdrawOrderId');
    default:
      throw sapiError(-4000, `Request refused (${error.code}).`);
  }
}

/** "2021-04-15 12:09:16" (UTC), Binance's applyTime. */
const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const coinOf = (p: Params, name = 'coin') => {
  const coin = p.text(name);
  if (coin !== undefined && !/^[A-Za-z0-9]{1,16}$/.test(coin)) throw errors.illegalText(name);
  return coin?.toUpperCase();
};

/** [startTime, endTime] of a history query: at most 90 days; by default the last 90 days (or 90 from startTime). */
function windowOf(p: Params, now: number): { from: number; to: number } {
  const start = p.int('startTime', 0, Number.MAX_SAFE_INTEGER);
  const end = p.int('endTime', 0, Number.MAX_SAFE_INTEGER);
  // Far-future times are valid and find nothing; kept within safe integers so the arithmetic stays exact.
  const to = end ?? (start === undefined ? now : Math.min(start + WINDOW_MS, Number.MAX_SAFE_INTEGER));
  const from = start ?? Math.max(0, to - WINDOW_MS);
  if (to - from > WINDOW_MS) throw sapiError(-4047, 'Time interval must be within 0-90 days');
  return { from, to };
}

function capitalRoutes(signed: SignedRoute, wallet: () => Wallet | undefined): void {
  /** The wallet, or -1001 when the app has none (it always does when the server trades). */
  const need = (): Wallet => {
    const w = wallet();
    if (w === undefined) throw errors.unavailable();
    return w;
  };

  signed('GET', '/capital/deposit/address', false, async (p, caller) => {
    const coin = coinOf(p);
    if (coin === undefined) throw errors.mandatory('coin');
    const network = coinOf(p, 'network');
    // Binance's Lightning parameter; no network here takes it.
    p.text('amount');
    p.done();
    const w = need();
    const found = await depositAddress(w, caller.user, coin, network).catch((e: unknown) => capitalRefusal(e, 'deposit'));
    return { address: found.address, coin, tag: '', url: '' };
  });

  signed('GET', '/capital/deposit/hisrec', false, async (p, caller) => {
    const coin = coinOf(p);
    const statusNumber = p.int('status', 0, 8);
    const { from, to } = windowOf(p, need().clock());
    const offset = p.int('offset', 0, 1_000_000, 0)!;
    const limit = p.int('limit', 1, MAX_LIMIT, MAX_LIMIT)!;
    const txId = p.text('txId');
    p.text('includeSource');
    p.done();
    const w = need();
    const status = statusNumber === undefined ? undefined : (Object.entries(DEPOSIT_STATUS).find(([, n]) => n === statusNumber)?.[0] as DepositState | undefined);
    if (statusNumber !== undefined && status === undefined) return [];
    const out: DepositRow[] = [];
    // Newest first, a page at a time, until the window's start or enough rows.
    for (let pageIndex = 1; out.length < offset + limit; pageIndex++) {
      const page = await depositPage(w, { user: caller.user, asset: coin, status, pageIndex, pageSize: 100 });
      for (const d of page.list) if (d.createdAt >= from && d.createdAt <= to && (txId === undefined || d.txHash === txId)) out.push(d);
      const last = page.list[page.list.length - 1];
      if (page.list.length < 100 || last === undefined || last.createdAt < from) break;
    }
    return out.slice(offset, offset + limit).map((d) => ({
      id: String(d.id), amount: dec(d.amount), coin: d.asset, network: d.network, status: DEPOSIT_STATUS[d.status], address: d.address, addressTag: '',
      txId: d.txHash, insertTime: d.createdAt, completeTime: d.creditedAt ?? undefined, transferType: 0, confirmTimes: `${d.confirmations}/${d.required}`,
      unlockConfirm: 0, walletType: 0,
    }));
  });

  signed('POST', '/capital/withdraw/apply', false, async (p, caller) => {
    const coin = coinOf(p);
    if (coin === undefined) throw errors.mandatory('coin');
    const network = coinOf(p, 'network');
    const address = p.required('address');
    const tag = p.text('addressTag');
    if (tag !== undefined) throw sapiError(-4008, 'Address tag validation is not passed: this network takes none.');
    const amount = p.required('amount');
    const clientId = p.text('withdrawOrderId');
    const fee = p.text('transactionFeeFlag');
    if (fee !== undefined && fee !== 'false' && fee !== 'true') throw errors.illegalText('transactionFeeFlag');
    const name = p.text('name');
    const walletType = p.int('walletType', 0, 1, 0);
    if (walletType !== 0) throw sapiError(-4006, 'Support main account only.');
    p.done();
    const w = need();
    if (!(await w.book.keyCanWithdraw(caller.user, caller.apiKey))) throw errors.keyInvalid();
    // The default network: the coin's first one the chain sends it on.
    const net = network ?? w.chain?.rules().find((r) => r.asset === coin)?.network ?? '';
    const item = await w.service
      .apply({ user: caller.user, asset: coin, network: net, address, amount, clientId, proof: { kind: 'apiKey' } })
      .catch((e: unknown) => capitalRefusal(e, 'withdraw'));
    // Binance's `name` describes the address: it is saved to the address book (if not there yet, and if room).
    if (name !== undefined) await w.book.add(caller.user, { asset: coin, network: net, address, label: name }).catch(() => undefined);
    return { id: String(item.id) };
  });

  signed('GET', '/capital/withdraw/history', false, async (p, caller) => {
    const coin = coinOf(p);
    const clientId = p.text('withdrawOrderId');
    if (clientId !== undefined && !CLIENT_ID.test(clientId)) throw errors.illegalText('withdrawOrderId');
    const statusNumber = p.int('status', 0, 6);
    const offset = p.int('offset', 0, 1_000_000, 0)!;
    const limit = p.int('limit', 1, MAX_LIMIT, MAX_LIMIT)!;
    const idText = p.text('idList');
    const { from, to } = windowOf(p, need().clock());
    p.done();
    const ids = idText?.split(',').map((t) => (/^[1-9][0-9]{0,14}$/.test(t) ? Number(t) : -1));
    if (ids !== undefined && (ids.length > 45 || ids.includes(-1))) throw errors.illegalText('idList');
    const w = need();
    const statuses = statusNumber === undefined ? undefined : (Object.keys(WITHDRAW_STATUS) as WithdrawalState[]).filter((s) => WITHDRAW_STATUS[s] === statusNumber);
    const { rows } = await w.store.wallet.list({ user: caller.user, asset: coin, statuses, from, to: to + 1, clientId, ids }, offset, limit);
    return rows.map((r) => ({
      id: String(r.id), amount: dec(r.amount - r.fee), transactionFee: dec(r.fee), coin: r.asset, status: WITHDRAW_STATUS[r.status], address: r.address,
      txId: r.txHash ?? '', applyTime: utcText(r.createdAt), network: r.network, transferType: 0, ...(r.clientId === null ? {} : { withdrawOrderId: r.clientId }),
      info: r.reason ?? '', confirmNo: r.confirmations ?? 0, walletType: 0, txKey: '',
      ...(r.status === 'confirmed' ? { completeTime: utcText(r.updatedAt) } : {}),
    }));
  });
}
