// The seconds contracts' operator commands: the duration table (list, set), the house's net exposure limits per
// market and direction (list, set), the desk-wide settings (the timed orders' horizon, what one user may hold in
// timed orders not started: show, set), the house account (show, credit from outside, debit back out). Every change
// goes through the seconds desk, in sequence with users' contracts, and is audited with its reason by the executor
// (commands.ts). None of them touches a contract: the table's terms apply to contracts placed afterwards, and no
// setting anywhere decides an outcome (the record does).
import type { SecondsFace } from '../desks/faces.ts';
import type { SecondsDirection } from '../contract/seconds.ts';
import type { Store } from '../store/index.ts';
import type { AdminArgs, ChannelCommand } from './protocol.ts';

export type SecondsRun = (desk: SecondsFace, store: Store) => Promise<{ data: unknown; text: string }>;

/** The memo of a house credit or debit: the journal reference is `admin:<memo>#<request id>`. */
export const HOUSE_MEMO = 'operator seconds house';

const DECIMAL = /^(0|[1-9]\d*)(\.\d{1,8})?$/;

export function isSecondsCommand(command: ChannelCommand): boolean {
  return command.startsWith('seconds ');
}

/**
 * `seconds settings [set]`'s arguments: --horizon SECONDS, --orders N and --amount X (the per-user cap). Named here as
 * well as in protocol.ts's AdminArgsSchema (horizon, orders) so this file reads them the same way either side.
 */
type SettingsArgs = AdminArgs & { readonly horizon?: string | undefined; readonly orders?: string | undefined };
const WHOLE = /^[1-9]\d{0,9}$/;

const settingsText = (v: { horizonS: number; userOrders: number; userAmount: string }): string =>
  `seconds settings: timed orders start at most ${v.horizonS} s ahead; a user may hold ${v.userOrders} timed orders not started, ${v.userAmount} USDT of stakes in all`;

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planSeconds(command: ChannelCommand, args: AdminArgs, requestId: string, usage: (m: string) => Error, failed: (m: string) => Error): SecondsRun {
  const decimal = (name: keyof AdminArgs, value: string | undefined): string | undefined => {
    if (value !== undefined && !DECIMAL.test(value)) throw usage(`--${name} must be a decimal (e.g. 0.85), not ${value}`);
    return value;
  };
  const market = (): string => {
    const symbol = args.symbol?.toUpperCase();
    if (!symbol) throw usage('--symbol is required');
    return symbol;
  };
  const known = async (store: Store, symbol: string) => {
    if (!(await store.markets.configs('spot')).some((m) => m.symbol === symbol)) throw failed(`no market ${symbol}`);
  };
  // A string switch: the settings commands are named in protocol.ts's CHANNEL_COMMANDS too.
  switch (command as string) {
    case 'seconds settings':
      return async (desk) => {
        const v = await desk.settings();
        return { data: v, text: settingsText(v) };
      };
    case 'seconds settings set': {
      const a = args as SettingsArgs;
      if (a.horizon === undefined && a.orders === undefined && a.amount === undefined) throw usage('--horizon SECONDS, --orders N or --amount X is required');
      if (a.horizon !== undefined && !WHOLE.test(a.horizon)) throw usage(`--horizon must be whole seconds (e.g. 86400), not ${a.horizon}`);
      if (a.orders !== undefined && !WHOLE.test(a.orders)) throw usage(`--orders must be a whole number, not ${a.orders}`);
      const change = { horizonS: a.horizon === undefined ? undefined : Number(a.horizon), userOrders: a.orders === undefined ? undefined : Number(a.orders), userAmount: decimal('amount', a.amount) };
      return async (desk) => {
        const r = await desk.setSettings(change);
        if (!r.ok) throw failed(`refused: ${'problem' in r ? r.problem : r.code}`);
        return { data: r.value, text: `${settingsText(r.value)} (for timed orders scheduled from now on)` };
      };
    }
    case 'seconds config list':
      return async (desk) => {
        const rows = (await desk.configList(true)).filter((r) => args.symbol === undefined || r.market === args.symbol.toUpperCase());
        const lines = rows.map(
          (r) => `  ${r.market.padEnd(10)} ${String(r.durationS).padStart(6)} s  payout ${r.payoutRatio}  loss ${r.lossRatio}  min ${r.minAmount}  max ${r.maxAmount}  fee ${r.feeRate}  ${r.enabled ? 'enabled' : 'disabled'}`,
        );
        return { data: rows, text: rows.length === 0 ? 'no seconds durations' : [`${rows.length} seconds duration(s)`, ...lines].join('\n') };
      };
    case 'seconds config set': {
      const symbol = market();
      const durationS = Number(args.duration);
      if (!args.duration || !Number.isSafeInteger(durationS) || durationS < 1) throw usage('--duration SECONDS is required (a whole number)');
      if (args.enabled !== undefined && args.enabled !== 'true' && args.enabled !== 'false') throw usage('--enabled must be true or false');
      const change = {
        market: symbol, durationS, payoutRatio: decimal('payout', args.payout), lossRatio: decimal('loss', args.loss), minAmount: decimal('min', args.min),
        maxAmount: decimal('max', args.max), feeRate: decimal('fee', args.fee), enabled: args.enabled === undefined ? undefined : args.enabled === 'true',
      };
      return async (desk, store) => {
        await known(store, symbol);
        const r = await desk.setConfig(change);
        if (!r.ok) throw failed(`refused: ${'problem' in r ? r.problem : r.code}`);
        const v = r.value;
        return { data: v, text: `${v.market} ${v.durationS} s: payout ${v.payoutRatio}, loss ${v.lossRatio}, min ${v.minAmount}, max ${v.maxAmount}, fee ${v.feeRate}, ${v.enabled ? 'enabled' : 'disabled'} (for contracts placed from now on)` };
      };
    }
    case 'seconds exposure list':
      return async (desk) => {
        const rows = await desk.limitList();
        const lines = rows.map((r) => `  ${r.market.padEnd(10)} ${r.direction.padEnd(5)} limit ${r.maxExposure}  now ${r.exposure}`);
        return { data: rows, text: rows.length === 0 ? 'no exposure limits (the house balance bounds every market)' : [`${rows.length} exposure limit(s)`, ...lines].join('\n') };
      };
    case 'seconds exposure set': {
      const symbol = market();
      const direction = args.direction;
      if (direction !== 'up' && direction !== 'down') throw usage('--direction must be up or down');
      if (!args.amount) throw usage('--amount X (USDT) or --amount none is required');
      const limit = args.amount === 'none' ? null : decimal('amount', args.amount)!;
      return async (desk, store) => {
        await known(store, symbol);
        const r = await desk.setLimit(symbol, direction as SecondsDirection, limit);
        if (!r.ok) throw failed(`refused: ${r.code}`);
        return { data: r.value, text: `${symbol} ${direction}: net exposure limit ${limit === null ? 'removed' : `${limit} USDT`}` };
      };
    }
    case 'seconds house':
      return async (desk) => {
        const h = await desk.house();
        return { data: h, text: `seconds house: balance ${h.balance} USDT, open contracts' worst case ${h.required} USDT, free ${h.free} USDT` };
      };
    case 'seconds house credit':
    case 'seconds house debit': {
      const action = command === 'seconds house credit' ? 'credit' : 'debit';
      const amount = decimal('amount', args.amount);
      if (amount === undefined) throw usage('--amount is required');
      const memo = args.memo ?? HOUSE_MEMO;
      return async (desk) => {
        const r = await desk.fundHouse({ action, amount, memo, requestId });
        if (!r.ok) throw failed(r.code === 'funds.insufficient' ? 'refused: the house must keep what its open contracts could cost it' : `refused: ${r.code}`);
        const text = `seconds house ${action === 'credit' ? 'credited' : 'debited'} ${amount} USDT: balance ${r.value.balance} USDT`;
        return { data: r.value, text: r.value.duplicate ? `request ${requestId} had already been applied, nothing changed now; balance ${r.value.balance} USDT` : text };
      };
    }
    default:
      throw usage(`unknown command "${command}"`);
  }
}
