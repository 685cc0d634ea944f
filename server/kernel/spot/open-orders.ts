// The engine's register of resting orders: what it must remember about each (owner, price, fee rates, flags)
// beyond the open quantity, which lives in the book, and each user's set of them for cancel-all.
import type { Side, StpMode } from '../book/types.ts';
import type { OrderId, Price, UserId } from '../money/nominal.ts';
import type { FeeRates } from './commands.ts';

/** What the engine remembers about a resting order; its open quantity lives in the book. */
export interface OpenOrder {
  readonly id: OrderId;
  readonly user: UserId;
  readonly side: Side;
  readonly price: Price;
  readonly postOnly: boolean;
  readonly stp: StpMode;
  readonly fees: FeeRates;
  /** When it was placed or last lost priority. */
  readonly time: number;
}

export class OpenOrders {
  private readonly byId = new Map<OrderId, OpenOrder>();
  private readonly byUser = new Map<UserId, Set<OrderId>>();

  get(id: OrderId): OpenOrder | undefined {
    return this.byId.get(id);
  }

  has(id: OrderId): boolean {
    return this.byId.has(id);
  }

  add(o: OpenOrder): void {
    this.byId.set(o.id, o);
    let set = this.byUser.get(o.user);
    if (set === undefined) this.byUser.set(o.user, (set = new Set()));
    set.add(o.id);
  }

  remove(id: OrderId, user: UserId): void {
    this.byId.delete(id);
    const set = this.byUser.get(user);
    if (set === undefined) return;
    set.delete(id);
    if (set.size === 0) this.byUser.delete(user);
  }

  /** Ids in ascending order (the order they were accepted, as the desk numbers them): deterministic. */
  ids(user?: UserId): OrderId[] {
    const ids = user === undefined ? [...this.byId.keys()] : [...(this.byUser.get(user) ?? [])];
    return ids.sort((a, b) => a - b);
  }
}
