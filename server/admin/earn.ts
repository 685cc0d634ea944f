// The wealth products' and mining pools' operator commands (issue 23; server/desks/earn/api.ts): the products and
// pools (list, add, set), the treasury their incomes are paid from (show; credit from outside, debit back out, never
// below the incomes it has promised), the users' orders, and a run of the payments due now. Every change goes
// through the earn desk, in sequence with users' purchases, and is audited with its reason by the executor
// (commands.ts); over the channel the running server's desk does it, with no server the CLI opens the desk under its
// lease for the one command. A product's terms that orders were bought on (coin, term, rate, release, rebate) never
// change: `earn product set` changes only its name, bounds, quota, status and place in the list. A treasury credit or
// debit is journalled with its request id (`admin:<memo>#<id>`) and applied once however often it is repeated.
import {
  EARN_KINDS, EARN_PRODUCT_STATUSES, INCOME_RELEASES, MAX_TERM_DAYS, REBATE_TYPES, textOfUnits, unitsOfText, type EarnKind, type EarnOrderItem, type EarnProductItem,
  type EarnProductStatus, type IncomeRelease, type RebateType, type StoredEarnOrderStatus,
} from '../contract/earn.ts';
import type { EarnProductChange, EarnProductCreate, EarnReply, TreasuryView } from '../desks/earn/api.ts';
import { runDue } from '../desks/earn/accrual.ts';
import type { EarnFace } from '../desks/faces.ts';
import type { EarnOrderRow } from '../store/earn.ts';
import type { Store } from '../store/index.ts';
import { normalizeAccount } from '../contract/validate.ts';
import type { AdminContext, AdminRequest } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** The memo of a treasury credit or debit: the journal reference is `admin:<memo>#<request id>`. */
export const TREASURY_MEMO = 'operator earn treasury';

/** Lines of `npm run admin`'s usage for these commands. */
export const EARN_USAGE = `  earn product list [--kind wealth|mining] [--all]              wealth products and mining pools in list order (--all: closed ones too)
  earn product add --kind wealth|mining --name N --asset A [--income-asset B] --term DAYS --rate X --min X --max X --quota X
                   [--release daily|end] [--rebate end|daily] [--status open|closed] [--sort N] --reason R
                                                                 add a product (wealth: --rate annual, e.g. 0.05) or a pool (mining:
                                                                 --rate daily, e.g. 0.003, of the principal, paid in --income-asset
                                                                 when given: B per A per day). Defaults: wealth income at the end,
                                                                 mining daily; principal back at the end; open
  earn product set --id N [--name N] [--min X] [--max X] [--quota X] [--status open|closed] [--sort N] --reason R
                                                                 change a product's name, bounds, quota, status or place (its terms never
                                                                 change: close it and add another)
  earn treasury                                                  per coin: the treasury's balance, the incomes it owes, what is free
  earn treasury credit|debit --asset A --amount X --reason R [--memo TEXT]
                                                                 fund the treasury from outside, or take back what no income needs
  earn orders [--email E] [--kind wealth|mining] [--status active|ended|all] [--limit N]
                                                                 a user's orders, newest first (default 50); without --email every
                                                                 user's (active ones unless --status says otherwise)
  earn run --reason R                                            pay every income and principal due now (a running server pays them when due)`;

export function isEarnCommand(command: ChannelCommand): boolean {
  return command.startsWith('earn ');
}

const DECIMAL = /^(0|[1-9]\d{0,18})(\.\d{1,8})?$/;
const ID = /^[1-9]\d{0,14}$/;
const SORT = /^-?\d{1,9}$/;
const ASSET = /^[A-Za-z0-9]{1,16}$/;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1_000;
/** Pages the desk answers at most (desks/records.ts PAGE_SIZES). */
const PAGE = 200;

const iso = (t: number | null) => (t === null ? '-' : new Date(t).toISOString().replace('.000Z', 'Z'));
/** "0.05" → "5%", exactly (a rate has at most 8 places). */
const percent = (fraction: string) => `${textOfUnits((unitsOfText(fraction) ?? 0n) * 100n)}%`;

const productLine = (p: EarnProductItem) =>
  `  #${String(p.id).padEnd(4)} ${p.kind.padEnd(6)} ${p.status.padEnd(6)} ${JSON.stringify(p.name).padEnd(24)} ${p.asset}${p.incomeAsset === p.asset ? '' : `→${p.incomeAsset}`}  ` +
  `${p.termDays} d  ${p.kind === 'wealth' ? `annual ${percent(p.rate)}` : `daily ${percent(p.rate)} (annual ${percent(p.annualRate)})`}  ` +
  `min ${p.minAmount}  max ${p.maxAmount}  quota ${p.quota}  remaining ${p.remaining}  income ${p.incomeRelease}  principal back ${p.rebateType}  ` +
  `sort ${p.sortOrder}${p.funded ? '' : '  NOT FUNDED (the treasury cannot pay the minimum purchase\'s income)'}`;

const orderLine = (o: EarnOrderItem) =>
  `  #${String(o.id).padEnd(6)} ${o.kind.padEnd(6)} ${o.status.padEnd(11)} ` +
  `#${o.productId} ${JSON.stringify(o.name)}  ${o.principal} ${o.asset}  income ${o.paidIncome}/${o.totalIncome} ${o.incomeAsset}  ` +
  `paid ${o.periodsPaid}/${o.periods}  bought ${iso(o.purchasedAt)}  earns ${iso(o.startAt)} to ${iso(o.endAt)}  next ${iso(o.nextPayoutAt)}`;

const treasuryLine = (t: TreasuryView) => `  ${t.asset.padEnd(8)} balance ${t.balance}  owed ${t.owed}  free ${t.free}`;

/** An active order as the store holds it (every user's list), in the words of the app's order view. */
function rowView(r: EarnOrderRow, products: ReadonlyMap<number, EarnProductItem>) {
  return {
    id: r.id, user: r.user, kind: r.kind, productId: r.productId, name: products.get(r.productId)?.name ?? '', asset: r.asset, incomeAsset: r.incomeAsset,
    principal: textOfUnits(r.principal), rate: textOfUnits(r.rate), termDays: r.termDays, incomeRelease: r.incomeRelease, rebateType: r.rebateType,
    totalIncome: textOfUnits(r.totalIncome), paidIncome: textOfUnits(r.paidIncome), paidPrincipal: textOfUnits(r.paidPrincipal),
    periodsPaid: r.periodsPaid, periods: r.periods, status: r.status, purchasedAt: r.purchasedAt, startAt: r.startAt, endAt: r.endAt, closedAt: r.closedAt,
    clientId: r.clientId,
  };
}

const rowLine = (o: ReturnType<typeof rowView>) =>
  `  #${String(o.id).padEnd(6)} user ${String(o.user).padEnd(8)} ${o.kind.padEnd(6)} #${o.productId} ${JSON.stringify(o.name)}  ${o.principal} ${o.asset}  ` +
  `income ${o.paidIncome}/${o.totalIncome} ${o.incomeAsset}  paid ${o.periodsPaid}/${o.periods}  bought ${iso(o.purchasedAt)}  earns ${iso(o.startAt)} to ${iso(o.endAt)}`;

/** What carries a command out, given the earn desk (the server's, or one the CLI opened) and the context. */
export type EarnRun = (desk: EarnFace, ctx: AdminContext) => Promise<{ data: unknown; text: string }>;

/** A refusal in words, with the bound the desk named. */
function refusal(reply: EarnReply<unknown>): string {
  if (reply.ok) return '';
  const data = 'data' in reply ? reply.data : undefined;
  const detail = data === undefined ? '' : ` (${Object.entries(data).map(([k, v]) => `${k} ${v}`).join(', ')})`;
  return `refused: ${reply.code}${detail}`;
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planEarn(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): EarnRun {
  const args = req.args;
  const decimal = (name: string, value: string | undefined): string | undefined => {
    if (value !== undefined && !DECIMAL.test(value)) throw usage(`--${name} must be a decimal with at most 8 places (e.g. 0.05), not ${value}`);
    return value;
  };
  const oneOf = <T extends string>(name: string, list: readonly T[], value: string | undefined): T | undefined => {
    if (value !== undefined && !(list as readonly string[]).includes(value)) throw usage(`--${name} must be ${list.join(' or ')}, not ${value}`);
    return value as T | undefined;
  };
  const sortOf = (): number | undefined => {
    if (args.sort === undefined) return undefined;
    if (!SORT.test(args.sort)) throw usage(`--sort must be a whole number, not ${args.sort}`);
    return Number(args.sort);
  };
  const nameOf = (): string | undefined => {
    const name = args.name?.trim();
    if (args.name !== undefined && (name === undefined || name.length < 1 || name.length > 64)) throw usage('--name must be 1 to 64 characters');
    return name;
  };
  const assetOf = (name: string, value: string | undefined): string | undefined => {
    if (value !== undefined && !ASSET.test(value)) throw usage(`--${name} must be a coin's code (e.g. USDT), not ${value}`);
    return value?.toUpperCase();
  };
  const kind = oneOf<EarnKind>('kind', EARN_KINDS, args.kind);
  const userByEmail = async (store: Store, email: string): Promise<{ id: number; who: string }> => {
    const user = await store.users.findByEmail(normalizeAccount('email', email));
    if (!user) throw failed(`no user with e-mail ${email}`);
    return { id: user.id, who: user.email ?? email };
  };
  const known = async (store: Store, ...assets: string[]) => {
    const coins = new Set((await store.markets.configs()).flatMap((m) => [m.base, m.quote]));
    for (const a of assets) if (!coins.has(a)) throw failed(`unknown asset ${a}; known: ${[...coins].sort().join(', ')}`);
  };

  switch (req.command as string) {
    case 'earn product list': {
      if (args.all !== undefined && args.all !== 'true') throw usage('--all takes no value');
      const all = args.all === 'true';
      return async (desk) => {
        const list = await desk.products(kind ?? null, { all });
        const what = kind === undefined ? 'product(s) and pool(s)' : kind === 'wealth' ? 'wealth product(s)' : 'mining pool(s)';
        const text = list.length === 0 ? `no ${all ? '' : 'open '}${what.replaceAll('(s)', 's')}` : [`${list.length} ${all ? '' : 'open '}${what}:`, ...list.map(productLine)].join('\n');
        return { data: list, text };
      };
    }
    case 'earn product add': {
      if (kind === undefined) throw usage('--kind wealth|mining is required');
      const name = nameOf();
      if (name === undefined) throw usage('--name is required');
      const asset = assetOf('asset', args.asset);
      if (asset === undefined) throw usage('--asset is required');
      const incomeAsset = assetOf('income-asset', args.incomeAsset);
      if (args.term === undefined || !/^[1-9]\d{0,4}$/.test(args.term) || Number(args.term) > MAX_TERM_DAYS) throw usage(`--term DAYS is required: 1 to ${MAX_TERM_DAYS}`);
      const rate = decimal('rate', args.rate);
      const min = decimal('min', args.min);
      const max = decimal('max', args.max);
      const quota = decimal('quota', args.quota);
      for (const [n, v] of [['rate', rate], ['min', min], ['max', max], ['quota', quota]] as const) if (v === undefined) throw usage(`--${n} is required`);
      const create: EarnProductCreate = {
        kind, name, asset, incomeAsset, termDays: Number(args.term), rate: rate!, minAmount: min!, maxAmount: max!, quota: quota!,
        incomeRelease: oneOf<IncomeRelease>('release', INCOME_RELEASES, args.release), rebateType: oneOf<RebateType>('rebate', REBATE_TYPES, args.rebate),
        status: oneOf<EarnProductStatus>('status', EARN_PRODUCT_STATUSES, args.status), sortOrder: sortOf(),
      };
      return async (desk, { store }) => {
        await known(store, asset, ...(incomeAsset === undefined ? [] : [incomeAsset]));
        // The request id makes it exactly once: a repeat (a lost answer, a crash before the audit row) adds nothing.
        const r = await desk.createProduct({ ...create, requestId: req.id });
        if (!r.ok) throw failed(refusal(r));
        return { data: r.value, text: `added ${r.value.kind === 'wealth' ? 'wealth product' : 'mining pool'}:\n${productLine(r.value)}` };
      };
    }
    case 'earn product set': {
      if (args.id === undefined || !ID.test(args.id)) throw usage('--id N (the product\'s number) is required');
      const id = Number(args.id);
      const change: EarnProductChange = {
        name: nameOf(), minAmount: decimal('min', args.min), maxAmount: decimal('max', args.max), quota: decimal('quota', args.quota),
        status: oneOf<EarnProductStatus>('status', EARN_PRODUCT_STATUSES, args.status), sortOrder: sortOf(),
      };
      for (const k of ['kind', 'asset', 'incomeAsset', 'term', 'rate', 'release', 'rebate'] as const) {
        if (args[k] !== undefined) throw usage(`a product's ${k === 'incomeAsset' ? 'income-asset' : k} never changes (orders were bought on it): close it and add another`);
      }
      const changed = Object.entries(change).filter(([, v]) => v !== undefined).map(([k]) => k);
      if (changed.length === 0) throw usage('nothing to change: give --name, --min, --max, --quota, --status or --sort');
      return async (desk) => {
        if (desk.product(id) === undefined) throw failed(`no product #${id}`);
        const r = await desk.updateProduct(id, change);
        if (!r.ok) throw failed(r.code === 'earn.product.not.found' ? `no product #${id}` : refusal(r));
        return { data: r.value, text: `changed ${changed.join(', ')} of product #${id}:\n${productLine(r.value)}` };
      };
    }
    case 'earn treasury':
      return async (desk) => {
        const list = await desk.treasury();
        return { data: list, text: list.length === 0 ? 'earn treasury: empty (nothing credited, nothing owed)' : ['earn treasury (free = balance − incomes owed):', ...list.map(treasuryLine)].join('\n') };
      };
    case 'earn treasury credit':
    case 'earn treasury debit': {
      const action = req.command === 'earn treasury credit' ? 'credit' : 'debit';
      const asset = assetOf('asset', args.asset);
      if (asset === undefined) throw usage('--asset is required');
      const amount = decimal('amount', args.amount);
      if (amount === undefined) throw usage('--amount is required');
      if (!/[1-9]/.test(amount)) throw usage('--amount must be above 0');
      const memo = args.memo ?? TREASURY_MEMO;
      return async (desk, { store }) => {
        await known(store, asset);
        const r = await desk.fundTreasury({ action, asset, amount, memo, requestId: req.id });
        if (!r.ok) {
          if (r.code === 'funds.insufficient') {
            const free = (await desk.treasury()).find((t) => t.asset === asset)?.free ?? '0';
            throw failed(`refused: the treasury must keep the incomes it has promised; ${free} ${asset} is free`);
          }
          throw failed(`refused: ${r.code}`);
        }
        const t = r.value.treasury;
        const state = `balance ${t.balance} ${asset}, owed ${t.owed}, free ${t.free}`;
        const text = r.value.duplicate
          ? `request ${req.id} had already been applied, nothing changed now; earn treasury ${state}`
          : `earn treasury ${action === 'credit' ? 'credited' : 'debited'} ${amount} ${asset}: ${state}`;
        return { data: { ...t, action, amount, ref: r.value.ref, ...(r.value.duplicate ? { duplicate: true } : {}) }, text };
      };
    }
    case 'earn orders': {
      const status = oneOf<'active' | 'ended' | 'all'>('status', ['active', 'ended', 'all'], args.status);
      let limit = DEFAULT_LIMIT;
      if (args.limit !== undefined) {
        if (!/^[1-9]\d{0,3}$/.test(args.limit) || Number(args.limit) > MAX_LIMIT) throw usage(`--limit must be 1 to ${MAX_LIMIT}, not ${args.limit}`);
        limit = Number(args.limit);
      }
      const kinds = kind === undefined ? EARN_KINDS : [kind];
      return async (desk, { store }) => {
        if (args.email === undefined) {
          // Every user's: active ones unless --status says otherwise, newest first, counted in the store.
          const which = status ?? 'active';
          const statuses: StoredEarnOrderStatus[] = which === 'active' ? ['in_progress'] : which === 'ended' ? ['settled', 'redeemed', 'cancelled'] : ['in_progress', 'settled', 'redeemed', 'cancelled'];
          const products = new Map((await desk.products(null, { all: true })).map((p) => [p.id, p]));
          const { rows, total } = await store.earn.recent({ kinds, statuses, limit });
          const shown = rows.map((r) => rowView(r, products));
          const label = which === 'all' ? '' : `${which} `;
          const head = total === 0 ? `no ${label}orders` : `${total} ${label}order(s) of all users${total > shown.length ? `, the newest ${shown.length}` : ''}:`;
          return { data: { userId: null, total, orders: shown }, text: [head, ...shown.map(rowLine)].join('\n') };
        }
        const user = await userByEmail(store, args.email);
        const orders: EarnOrderItem[] = [];
        let total = 0;
        for (const k of kinds) {
          for (let pageIndex = 1; ; pageIndex++) {
            const r = await desk.orders({ user: user.id, kind: k, status: status ?? 'all', pageIndex, pageSize: PAGE });
            if (!r.ok) throw failed(`refused: ${r.code}`);
            if (pageIndex === 1) total += r.value.total;
            orders.push(...r.value.list);
            if (r.value.list.length < PAGE || orders.length >= limit * kinds.length) break;
          }
        }
        orders.sort((a, b) => b.purchasedAt - a.purchasedAt || b.id - a.id);
        const shown = orders.slice(0, limit);
        const which = status === undefined || status === 'all' ? '' : `${status} `;
        const head = total === 0
          ? `no ${which}orders of user ${user.id} (${user.who})`
          : `${total} ${which}order(s) of user ${user.id} (${user.who})${total > shown.length ? `, the newest ${shown.length}` : ''}:`;
        return { data: { userId: user.id, total, orders: shown }, text: [head, ...shown.map((o) => orderLine(o))].join('\n') };
      };
    }
    case 'earn run':
      return async (desk) => {
        const r = await runDue(desk);
        const next = r.nextDueAt === null ? 'nothing more is scheduled' : `the next payment is due at ${iso(r.nextDueAt)}`;
        return { data: r, text: `paid ${r.paid} payment(s), ${r.settled} order(s) ended; ${next}` };
      };
    default:
      throw usage(`unknown command "${req.command}"`);
  }
}
