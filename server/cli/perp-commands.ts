// Operator reads of the perpetuals (the "contract" account), from the store (safe while a server runs):
// `perp insurance` (the insurance fund's balance and latest movements), `perp funding` (a market's settled funding)
// and `perp marks` (a market's recorded marks). The perp commands that need the running desk go through the admin
// channel (channel-commands.ts): `perp insurance fund` (an operator's contribution, audited, exactly once) and
// `perp positions`. None of them chooses a user's outcome: no forced liquidation, no position edits.
import { perpAsset, perpSymbols } from '../admin/perp.ts';
import { fundMovements } from '../gateway/routes/contract/queries.ts';
import { perpMarkets } from '../desks/perp/markets.ts';
import { formatDecimal, INSURANCE } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import { CommandError, type CommandResult } from './commands.ts';

const dec = (minor: bigint) => formatDecimal(minor, 8, true);
const signed = (minor: bigint) => (minor > 0n ? `+${dec(minor)}` : dec(minor));
/** A rate stored as a ratio × 10^8, in percent ("0.01" for 0.0001). */
const percent = (rate: bigint) => formatDecimal(rate, 6, true);
const iso = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);

function limitOf(args: ParsedArgs): number {
  const raw = args.options.get('limit') ?? '20';
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be an integer from 1 to 1000');
  return limit;
}

async function symbolOf(store: Store, args: ParsedArgs): Promise<string> {
  const given = args.options.get('symbol');
  if (!given) throw new UsageError('--symbol is required');
  const symbol = given.toUpperCase();
  const known = await perpSymbols(store);
  if (!known.includes(symbol)) throw new CommandError(`no perpetual market ${symbol}; known: ${known.join(', ')}`);
  return symbol;
}

function noMoreWords(args: ParsedArgs, command: string, hint = ''): void {
  if (args.words.length > 2) throw new UsageError(`unknown command "${[command, ...args.words.slice(2)].join(' ')}"${hint}`);
}

/** `perp insurance [--limit N]`: the fund's balance (system:insurance) and its latest journal movements. */
export async function perpInsurance(store: Store, args: ParsedArgs): Promise<CommandResult> {
  noMoreWords(args, 'perp insurance', '; to contribute to the fund: perp insurance fund --amount X --reason R');
  const limit = limitOf(args);
  const asset = await perpAsset(store);
  const balance = (await store.ledger.systemBalances()).find((b) => b.account === INSURANCE && b.asset === asset)?.amount ?? 0n;
  const moves = await fundMovements(store, asset, 0, limit);
  const movements = moves.list.map((m) => ({ seq: m.seq, time: m.time, reason: m.reason, ref: m.ref, amount: dec(m.amount), balance: dec(m.balance) }));
  const data = { asset, balance: dec(balance), movements: moves.total, latest: movements };
  const head = `insurance fund: ${dec(balance)} ${asset} (${moves.total} movement(s) in the journal)`;
  const lines = moves.list.map((m) => `  contract#${m.seq}  ${iso(m.time)}  ${m.reason.padEnd(17)}${signed(m.amount).padStart(20)}  → ${dec(m.balance).padEnd(20)}${m.ref}`);
  return { data, text: lines.length > 0 ? [head, 'latest movements, newest first:', ...lines].join('\n') : head };
}

/** `perp funding --symbol S [--limit N]`: a market's settled funding, newest first. */
export async function perpFunding(store: Store, args: ParsedArgs): Promise<CommandResult> {
  noMoreWords(args, 'perp funding');
  const limit = limitOf(args);
  const symbol = await symbolOf(store, args);
  const rows = await store.perp.funding({ symbol, limit });
  const data = rows.map((r) => ({ symbol: r.symbol, time: r.time, rate: dec(r.rate), ratePercent: percent(r.rate), mark: dec(r.mark), insurance: dec(r.insurance) }));
  const text = data.length
    ? [
        `${symbol}: ${data.length} funding settlement(s), newest first (rate +: longs pay shorts; insurance: residue to (+) or from (−) the fund)`,
        ...data.map((r) => `  ${iso(r.time)}  rate ${`${r.ratePercent}%`.padEnd(12)}mark ${r.mark.padEnd(16)}insurance ${r.insurance}`),
      ].join('\n')
    : `${symbol}: no funding settled yet`;
  return { data, text };
}

/** `perp marks --symbol S [--limit N]`: a market's recorded mark prices, newest first. */
export async function perpMarks(store: Store, args: ParsedArgs): Promise<CommandResult> {
  noMoreWords(args, 'perp marks');
  const limit = limitOf(args);
  const symbol = await symbolOf(store, args);
  const rows = await store.perp.marks({ symbol, limit });
  const data = rows.map((r) => ({
    symbol: r.symbol,
    time: r.time,
    mark: dec(r.mark),
    index: r.indexPrice === null ? null : dec(r.indexPrice),
    fundingRate: r.fundingRate === null ? null : dec(r.fundingRate),
  }));
  const text = data.length
    ? [
        `${symbol}: ${data.length} recorded mark(s), newest first`,
        ...rows.map((r) => `  ${iso(r.time)}  mark ${dec(r.mark).padEnd(16)}index ${(r.indexPrice === null ? '-' : dec(r.indexPrice)).padEnd(16)}funding ${r.fundingRate === null ? '-' : `${percent(r.fundingRate)}%`}`),
      ].join('\n')
    : `${symbol}: no marks recorded yet (every mark the mark job computes is recorded: a changed one at once, an unchanged one once a minute)`;
  return { data, text };
}

/**
 * `perp markets`: each perpetual market's last recorded mark (with its index and the funding rate it predicted), its
 * last settled funding, and its leverage brackets (notional floor and cap, max leverage, maintenance margin rate and
 * amount), as the public contract markets API states them. From the store: the same figures a running server recorded.
 */
export async function perpMarketsRead(store: Store, args: ParsedArgs): Promise<CommandResult> {
  noMoreWords(args, 'perp markets');
  const markets = perpMarkets(await store.markets.configs('spot'));
  const data = await Promise.all(
    markets.map(async (pm) => {
      const mark = await store.perp.lastMark(pm.symbol);
      const funding = (await store.perp.funding({ symbol: pm.symbol, limit: 1 }))[0];
      return {
        symbol: pm.symbol,
        mark: mark ? dec(mark.mark) : null,
        markAt: mark?.time ?? null,
        index: mark?.indexPrice == null ? null : dec(mark.indexPrice),
        fundingRatePercent: mark?.fundingRate == null ? null : percent(mark.fundingRate),
        lastFunding: funding ? { time: funding.time, ratePercent: percent(funding.rate), mark: dec(funding.mark) } : null,
        maxLeverage: pm.brackets[0]?.maxLeverage ?? 0,
        brackets: pm.brackets.map((b) => ({
          bracket: b.bracket, notionalFloor: dec(b.floor), notionalCap: dec(b.cap), maxLeverage: b.maxLeverage,
          maintenanceMarginRatePercent: percent(b.mmr), maintenanceAmount: dec(b.cum),
        })),
      };
    }),
  );
  const text = data
    .map((m) =>
      [
        `${m.symbol}: mark ${m.mark ?? '-'}${m.markAt === null ? '' : ` (${iso(m.markAt)})`}  index ${m.index ?? '-'}  funding ${m.fundingRatePercent === null ? '-' : `${m.fundingRatePercent}%`}` +
          `  last settled ${m.lastFunding === null ? '-' : `${m.lastFunding.ratePercent}% at ${iso(m.lastFunding.time)}`}`,
        ...m.brackets.map((b) => `    bracket ${b.bracket}: ${b.notionalFloor}–${b.notionalCap}  ${b.maxLeverage}×  mmr ${b.maintenanceMarginRatePercent}%  cum ${b.maintenanceAmount}`),
      ].join('\n'),
    )
    .join('\n');
  return { data, text: text || 'no perpetual markets' };
}
