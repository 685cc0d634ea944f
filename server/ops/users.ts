// The console's user screens: the search and one user's whole picture. Balances come from the running desks'
// memory (what the user sees, with what operators locked), positions from the perp desk at its current mark, the
// rest from the store (every acknowledged change is committed, so nothing is missing).
import { positionsOutcome } from '../admin/perp.ts';
import type { OpsBalanceRow, OpsOrderRow, OpsPositionRow, OpsSecondsRow, OpsSessionRow, OpsUserDetail, OpsUserItem } from '../contract/ops.ts';
import type { Desks } from '../desks/index.ts';
import { orderView } from '../desks/views.ts';
import { DECIMALS, formatDecimal, WALLETS } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import type { OpsRepo, UserSearchRow } from '../store/ops.ts';
import type { PerpOrder } from '../store/perp.ts';
import { OPEN_STATUSES } from '../store/spot.ts';
import type { UserRow } from '../store/users.ts';
import { opsFail } from './errors.ts';

const dec = (minor: bigint) => formatDecimal(minor, DECIMALS, true);
const REAL_NAME: readonly OpsUserItem['realName'][] = ['none', 'pending', 'failed', 'certified'];
/** Closed orders shown besides the open ones (per market kind, then the newest of both). */
const RECENT_ORDERS = 50;
const OPEN_ORDERS_MAX = 500;

const realName = (status: string): OpsUserItem['realName'] => REAL_NAME.find((s) => s === status) ?? 'none';

export const userItem = (r: UserSearchRow): OpsUserItem => ({
  id: r.id, email: r.email, phone: r.phone, nickname: r.nickname, createdAt: r.createdAt, frozen: r.frozen, realName: realName(r.realNameStatus), inviteCode: r.inviteCode,
});

const rowItem = (u: UserRow): OpsUserItem => ({
  id: Number(u.id), email: u.email, phone: u.phone, nickname: u.nickname, createdAt: Number(u.created_at), frozen: Number(u.frozen) !== 0,
  realName: realName(u.real_name_status), inviteCode: u.invite_code,
});

function perpOrderRow(o: PerpOrder): OpsOrderRow {
  return {
    market: 'contract', id: String(o.id), symbol: o.symbol, side: o.side, type: o.kind, price: o.price === 0n && o.kind.endsWith('market') ? null : dec(o.price),
    amount: dec(o.qty), filled: dec(o.filledQty), status: o.status, createdAt: o.createdAt,
  };
}

export interface OpsUsersDeps {
  readonly store: Store;
  readonly ops: OpsRepo;
  readonly desks: Desks;
}

export function createOpsUsers({ store, ops, desks }: OpsUsersDeps) {
  async function balances(user: number): Promise<OpsBalanceRow[]> {
    const out: OpsBalanceRow[] = [];
    for (const wallet of WALLETS) {
      const desk = desks.byWallet[wallet];
      const held = await desk.balances(user);
      const locked = await desk.locked(user);
      const lockedBy = new Map((locked.ok ? locked.value : []).map((l) => [l.asset, l.locked]));
      for (const b of held.ok ? held.value : []) out.push({ account: wallet, asset: b.asset, available: b.available, frozen: b.frozen, locked: lockedBy.get(b.asset) ?? '0' });
    }
    return out;
  }

  async function orders(user: number): Promise<OpsOrderRow[]> {
    const spotOpen = await store.spot.listOrders({ user, statuses: OPEN_STATUSES }, 0, OPEN_ORDERS_MAX);
    const spotRecent = await store.spot.listOrders({ user, appStatus: undefined, statuses: ['filled', 'canceled', 'expired'] }, 0, RECENT_ORDERS);
    const spotRow = (r: (typeof spotOpen.rows)[number]): OpsOrderRow => {
      const v = orderView(r);
      return { market: 'spot', id: String(v.orderId), symbol: v.symbol, side: v.side, type: v.trigger === null ? v.type : `${v.trigger.condition} ${v.type}`, price: v.price, amount: v.qty ?? v.quoteQty ?? '0', filled: v.filledQty, status: v.status, createdAt: v.createdAt };
    };
    const perpOpen = await store.perp.orderHistory({ user, open: true, pageIndex: 1, pageSize: OPEN_ORDERS_MAX });
    const perpRecent = await store.perp.orderHistory({ user, open: false, pageIndex: 1, pageSize: RECENT_ORDERS });
    const newest = (a: OpsOrderRow, b: OpsOrderRow) => b.createdAt - a.createdAt;
    const open = [...spotOpen.rows.map(spotRow), ...perpOpen.list.map(perpOrderRow)].sort(newest);
    const rest = [...spotRecent.rows.map(spotRow), ...perpRecent.list.map(perpOrderRow)].sort(newest).slice(0, RECENT_ORDERS);
    return [...open, ...rest];
  }

  async function positions(user: number): Promise<OpsPositionRow[]> {
    const risks = await desks.perp.openPositions({ user });
    const { data } = await positionsOutcome(store, risks, { user }, null);
    return data.map((p) => ({
      symbol: p.symbol, side: p.side, size: p.size, entryPrice: p.entryPrice, markPrice: p.markPrice ?? '', leverage: p.leverage, marginType: p.marginMode,
      margin: p.margin, unrealizedPnl: p.unrealizedPnl, liquidationPrice: p.liquidationPrice,
    }));
  }

  async function seconds(user: number): Promise<OpsSecondsRow[]> {
    const { rows } = await store.seconds.byUser({ user, statuses: ['pending', 'opening', 'holding', 'settled', 'cancelled', 'refunded'], offset: 0, limit: 100 });
    return rows.map((c) => ({
      id: c.id, symbol: c.market, direction: c.direction, amount: dec(c.amount), duration: c.durationS, status: c.status, openPrice: c.openPrice, closePrice: c.settlePrice,
      payout: c.payout === null ? null : dec(c.payout), createdAt: c.createdAt, settleAt: c.deliveryTs,
    }));
  }

  return Object.freeze({
    async search(q: string, pageIndex: number, pageSize: number) {
      const { rows, total } = await ops.searchUsers(q, (pageIndex - 1) * pageSize, pageSize);
      return { list: rows.map(userItem), total, pageIndex, pageSize };
    },

    async detail(id: number, now: number): Promise<OpsUserDetail> {
      const u = await store.users.findById(id);
      if (u === undefined) opsFail('ops.not.found');
      const sessions: OpsSessionRow[] = (await ops.userSessions(id, now, 50)).map((s, i) => ({
        id: i + 1, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, expiresAt: s.expiresAt, ip: s.address, userAgent: s.userAgent,
      }));
      const kyc = (await store.identity.listSubmissions({ user: id, limit: 20 })).map((s) => ({
        id: Number(s.id), status: s.status, name: s.name, docType: s.doc_type, submittedAt: Number(s.submitted_at), reason: s.reason,
      }));
      return {
        user: {
          ...rowItem(u),
          lastLoginAt: await ops.lastLogin(id),
          twoFactor: (await store.twoFactor.totp(id))?.secret != null,
          fundPassword: u.fund_password_hash !== null,
          locale: await store.userLocales.get(id),
          invitedBy: u.referrer_id === null ? null : Number(u.referrer_id),
        },
        balances: await balances(id),
        positions: await positions(id),
        orders: await orders(id),
        seconds: await seconds(id),
        sessions,
        kyc,
      };
    },
  });
}

export type OpsUsers = ReturnType<typeof createOpsUsers>;
