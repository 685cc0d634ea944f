// The store's side of deposits (issue 22, server/chain/README.md): deposit addresses, the deposits the watchers saw,
// their recent blocks and cursors, and on-chain reserve readings. Tables: migration 0026_chain. The rules live in
// server/chain/; this file reads and writes. Functions documented "in a transaction" must run inside
// store.transaction (they write several rows that only make sense together); the others are single statements.
import { sql, type Generated, type Kysely } from 'kysely';
import type { NetworkId } from '../chain/networks.ts';
import { int64, money, toAmount, type Money } from './money.ts';
import type { Database } from './schema.ts';

export interface ChainAddressCountersTable {
  network: string;
  next_index: number;
}

export interface ChainAddressesTable {
  id: Generated<number>;
  user_id: number;
  network: string;
  idx: number;
  address: string;
  created_at: number;
}

export interface ChainDepositsTable {
  id: Generated<number>;
  user_id: number;
  network: string;
  chain_id: number | null;
  asset: string;
  tx_hash: string;
  idx: number;
  address: string;
  amount: Money;
  chain_amount: string;
  block_number: number;
  block_hash: string;
  confirmations: number;
  required: number;
  status: string;
  created_at: number;
  credited_at: number | null;
}

export interface ChainBlocksTable {
  network: string;
  height: number;
  hash: string;
  parent_hash: string;
  seen_at: number;
}

export interface ChainCursorsTable {
  network: string;
  genesis: string;
  updated_at: number;
}

export interface ChainReservesTable {
  asset: string;
  network: string;
  amount: Money;
  addresses: number;
  block: number | null;
  read_at: number;
}

export interface ChainTables {
  chain_address_counters: ChainAddressCountersTable;
  chain_addresses: ChainAddressesTable;
  chain_deposits: ChainDepositsTable;
  chain_blocks: ChainBlocksTable;
  chain_cursors: ChainCursorsTable;
  chain_reserves: ChainReservesTable;
}

/** pending: waiting for confirmations; credited; below_min: recorded, never credited; orphaned: its block left the chain before it was final. */
export type DepositStatus = 'pending' | 'credited' | 'below_min' | 'orphaned';
export const DEPOSIT_STATUSES: readonly DepositStatus[] = ['pending', 'credited', 'below_min', 'orphaned'];

export interface DepositRow {
  id: number;
  user: number;
  asset: string;
  network: NetworkId;
  /** Ledger units (8 decimals). */
  amount: bigint;
  address: string;
  txHash: string;
  /** ERC-20: the Transfer's position among the token's Transfer logs of its transaction; BTC: the output; native ETH: −1. */
  index: number;
  confirmations: number;
  required: number;
  status: DepositStatus;
  createdAt: number;
  creditedAt: number | null;
}

/** A deposit as a watcher finds it in a block. */
export interface NewDeposit {
  user: number;
  asset: string;
  network: NetworkId;
  chainId: number | null;
  txHash: string;
  index: number;
  address: string;
  amount: bigint;
  /** The exact on-chain integer (wei, token units, satoshi). */
  chainAmount: bigint;
  required: number;
  status: 'pending' | 'below_min';
}

export interface ChainBlock {
  height: number;
  hash: string;
  parentHash: string;
}

export interface AssignedAddress {
  address: string;
  index: number;
}

export interface AddressEntry {
  id: number;
  user: number;
  index: number;
  address: string;
}

export interface ReserveReading {
  asset: string;
  network: NetworkId;
  /** Ledger units. */
  amount: bigint;
  /** How many addresses were read. */
  addresses: number;
  /** The block the balances were read at; null when the source has no such notion. */
  block: number | null;
  readAt: number;
}

function asNetwork(text: string): NetworkId {
  if (text !== 'ETH' && text !== 'BTC') throw new Error(`chain row has an unknown network "${text}"`);
  return text;
}

function asStatus(text: string): DepositStatus {
  if (!(DEPOSIT_STATUSES as readonly string[]).includes(text)) throw new Error(`chain_deposits has an unknown status "${text}"`);
  return text as DepositStatus;
}

const DEPOSIT_COLUMNS = [
  'id', 'user_id', 'asset', 'network', 'address', 'tx_hash', 'idx', 'confirmations', 'required', 'status', 'created_at', 'credited_at',
  'block_number',
] as const;

type DepositSelect = Pick<ChainDepositsTable, Exclude<(typeof DEPOSIT_COLUMNS)[number], 'id'>> & { id: number; amount: string };

function toDeposit(r: DepositSelect): DepositRow {
  return {
    id: Number(r.id), user: Number(r.user_id), asset: r.asset, network: asNetwork(r.network), amount: toAmount(r.amount), address: r.address,
    txHash: r.tx_hash, index: Number(r.idx), confirmations: Number(r.confirmations), required: Number(r.required), status: asStatus(r.status),
    createdAt: Number(r.created_at), creditedAt: r.credited_at === null ? null : Number(r.credited_at),
  };
}

/** A deposit due for crediting, with the block it sits in. */
export interface DueDeposit extends DepositRow {
  blockNumber: number;
}

export function createChainRepo(store: Kysely<Database>) {
  const db = store;
  const selectDeposits = () => db.selectFrom('chain_deposits').select([...DEPOSIT_COLUMNS, money('amount').as('amount')]);

  async function addressOf(user: number, network: NetworkId): Promise<AssignedAddress | null> {
    const row = await db.selectFrom('chain_addresses').select(['address', 'idx']).where('user_id', '=', user).where('network', '=', network).executeTakeFirst();
    return row === undefined ? null : { address: row.address, index: Number(row.idx) };
  }

  async function genesis(network: NetworkId): Promise<string | null> {
    const row = await db.selectFrom('chain_cursors').select('genesis').where('network', '=', network).executeTakeFirst();
    return row?.genesis ?? null;
  }

  /**
   * In a transaction: the blocks above `height` left the chain. They are forgotten, and the deposits in them that
   * were not final become orphaned (returned). Credited ones stay credited (a reorganisation deeper than the
   * confirmations: the caller reports it loudly).
   */
  async function orphanAbove(network: NetworkId, height: number): Promise<DepositRow[]> {
    const rows = await selectDeposits()
      .where('network', '=', network)
      .where('block_number', '>', height)
      .where('status', 'in', ['pending', 'below_min', 'credited'])
      .execute();
    await db
      .updateTable('chain_deposits')
      .set({ status: 'orphaned' })
      .where('network', '=', network)
      .where('block_number', '>', height)
      .where('status', 'in', ['pending', 'below_min'])
      .execute();
    await db.deleteFrom('chain_blocks').where('network', '=', network).where('height', '>', height).execute();
    return rows.map((r) => {
      const d = toDeposit(r);
      return d.status === 'credited' ? d : { ...d, status: 'orphaned' as const };
    });
  }

  return Object.freeze({
    addressOf,
    genesis,
    orphanAbove,

    /**
     * In a transaction: the user's address on `network`, assigning the next index (and `derive(index)`) when there
     * is none. The index comes from one upsert on the network's counter row, which serialises concurrent first asks
     * (PostgreSQL's row lock; SQLite's one writer), so two users never share an index; the same user asking twice
     * at once makes the second insert fail on (user, network): the caller retries and reads the first one's.
     */
    async assignAddress(user: number, network: NetworkId, derive: (index: number) => string, now: number): Promise<AssignedAddress> {
      const existing = await addressOf(user, network);
      if (existing !== null) return existing;
      const counter = await db
        .insertInto('chain_address_counters')
        .values({ network, next_index: 1 })
        .onConflict((oc) => oc.column('network').doUpdateSet({ next_index: sql<number>`chain_address_counters.next_index + 1` }))
        .returning('next_index')
        .executeTakeFirstOrThrow();
      const index = Number(counter.next_index) - 1;
      const address = derive(index);
      await db.insertInto('chain_addresses').values({ user_id: user, network, idx: index, address, created_at: now }).execute();
      return { address, index };
    },

    /** Addresses of `network` assigned after row `afterId` (the watchers keep a map and read only what is new). */
    async addressesAfter(network: NetworkId, afterId: number): Promise<AddressEntry[]> {
      const rows = await db
        .selectFrom('chain_addresses')
        .select(['id', 'user_id', 'idx', 'address'])
        .where('network', '=', network)
        .where('id', '>', afterId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), user: Number(r.user_id), index: Number(r.idx), address: r.address }));
    },

    /** Distinct addresses of `network` that ever received a deposit (credited or not), for reading reserves. */
    async fundedAddresses(network: NetworkId): Promise<string[]> {
      const rows = await db.selectFrom('chain_deposits').select('address').distinct().where('network', '=', network).where('status', '!=', 'orphaned').execute();
      return rows.map((r) => r.address);
    },

    /**
     * In a transaction: the watcher now follows a chain with this genesis. A different chain than before (the
     * embedded local chain restarted empty, or the operator pointed at another one): every deposit not yet
     * final is orphaned and the recent blocks are forgotten. Returns the deposits so orphaned.
     */
    async setGenesis(network: NetworkId, hash: string, now: number): Promise<DepositRow[]> {
      const before = await genesis(network);
      if (before === hash) return [];
      let orphaned: DepositRow[] = [];
      if (before !== null) {
        orphaned = await orphanAbove(network, -1);
      }
      await db
        .insertInto('chain_cursors')
        .values({ network, genesis: hash, updated_at: now })
        .onConflict((oc) => oc.column('network').doUpdateSet({ genesis: hash, updated_at: now }))
        .execute();
      return orphaned;
    },

    /** The highest block the watcher validated, or null before the first. */
    async tip(network: NetworkId): Promise<ChainBlock | null> {
      const row = await db.selectFrom('chain_blocks').select(['height', 'hash', 'parent_hash']).where('network', '=', network).orderBy('height', 'desc').limit(1).executeTakeFirst();
      return row === undefined ? null : { height: Number(row.height), hash: row.hash, parentHash: row.parent_hash };
    },

    async blockAt(network: NetworkId, height: number): Promise<ChainBlock | null> {
      const row = await db.selectFrom('chain_blocks').select(['height', 'hash', 'parent_hash']).where('network', '=', network).where('height', '=', height).executeTakeFirst();
      return row === undefined ? null : { height: Number(row.height), hash: row.hash, parentHash: row.parent_hash };
    },

    /** The lowest block still kept (the floor of reorg detection). */
    async lowest(network: NetworkId): Promise<number | null> {
      const row = await db.selectFrom('chain_blocks').select(sql<number | null>`min(height)`.as('h')).where('network', '=', network).executeTakeFirst();
      return row?.h === null || row?.h === undefined ? null : Number(row.h);
    },

    /**
     * In a transaction: a validated block and the deposits in it, at once (so a crash never keeps one without the
     * other). A deposit already known under its key is left as it is, unless it was orphaned: the same transaction
     * mined again (after a reorg) revives it in its new block. Blocks at or below height − keep are forgotten.
     */
    async recordBlock(network: NetworkId, block: ChainBlock, deposits: readonly NewDeposit[], keep: number, now: number): Promise<void> {
      await db.insertInto('chain_blocks').values({ network, height: block.height, hash: block.hash, parent_hash: block.parentHash, seen_at: now }).execute();
      for (const d of deposits) {
        await db
          .insertInto('chain_deposits')
          .values({
            user_id: d.user, network: d.network, chain_id: d.chainId, asset: d.asset, tx_hash: d.txHash, idx: d.index, address: d.address,
            amount: int64(d.amount), chain_amount: d.chainAmount.toString(), block_number: block.height, block_hash: block.hash,
            confirmations: 1, required: d.required, status: d.status, created_at: now, credited_at: null,
          })
          .onConflict((oc) =>
            oc.columns(['network', 'tx_hash', 'idx']).doUpdateSet({
              block_number: block.height, block_hash: block.hash, confirmations: 1, status: d.status, chain_id: d.chainId,
            }).where('chain_deposits.status', '=', 'orphaned'),
          )
          .execute();
      }
      await db.deleteFrom('chain_blocks').where('network', '=', network).where('height', '<=', block.height - keep).execute();
    },

    /** Confirmations of the deposits not yet final, as of the validated tip (capped at the required count). */
    async updateConfirmations(network: NetworkId, tip: number): Promise<void> {
      await db
        .updateTable('chain_deposits')
        .set({ confirmations: sql<number>`case when ${tip} - block_number + 1 >= required then required else ${tip} - block_number + 1 end` })
        .where('network', '=', network)
        .where('status', 'in', ['pending', 'below_min'])
        .where('block_number', '<=', tip)
        .execute();
    },

    /** Pending deposits with at least their required confirmations at `tip`, oldest first. */
    async dueCredits(network: NetworkId, tip: number, limit: number): Promise<DueDeposit[]> {
      const rows = await selectDeposits()
        .where('network', '=', network)
        .where('status', '=', 'pending')
        .where(sql<boolean>`${tip} - block_number + 1 >= required`)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...toDeposit(r), blockNumber: Number(r.block_number) }));
    },

    /** Marks a pending deposit credited (after the desk answered); false when it was no longer pending. */
    async markCredited(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('chain_deposits')
        .set({ status: 'credited', credited_at: now, confirmations: sql<number>`required` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deposit(id: number): Promise<DepositRow | null> {
      const row = await selectDeposits().where('id', '=', id).executeTakeFirst();
      return row === undefined ? null : toDeposit(row);
    },

    /** A user's deposits, newest first; pageIndex from 1. */
    async deposits(q: { user: number; asset?: string; status?: DepositStatus; pageIndex: number; pageSize: number }): Promise<{ list: DepositRow[]; total: number }> {
      let base = db.selectFrom('chain_deposits').where('user_id', '=', q.user);
      if (q.asset !== undefined) base = base.where('asset', '=', q.asset);
      if (q.status !== undefined) base = base.where('status', '=', q.status);
      const pageSize = Math.max(1, Math.floor(q.pageSize));
      const offset = Math.max(0, (Math.floor(q.pageIndex) - 1) * pageSize);
      const [rows, count] = await Promise.all([
        base.select([...DEPOSIT_COLUMNS, money('amount').as('amount')]).orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(toDeposit), total: Number(count.n) };
    },

    /** Every deposit of a network (tests and the operator's checks), oldest first. */
    async allDeposits(network: NetworkId): Promise<DepositRow[]> {
      const rows = await selectDeposits().where('network', '=', network).orderBy('id').execute();
      return rows.map(toDeposit);
    },

    /** Replaces the readings of (asset, network), all in one statement: a reader never sees half of one poll's reading. */
    async recordReserves(readings: readonly ReserveReading[]): Promise<void> {
      if (readings.length === 0) return;
      await db
        .insertInto('chain_reserves')
        .values(readings.map((r) => ({ asset: r.asset, network: r.network, amount: int64(r.amount), addresses: r.addresses, block: r.block, read_at: r.readAt })))
        .onConflict((oc) =>
          oc.columns(['asset', 'network']).doUpdateSet((eb) => ({
            amount: eb.ref('excluded.amount'), addresses: eb.ref('excluded.addresses'), block: eb.ref('excluded.block'), read_at: eb.ref('excluded.read_at'),
          })),
        )
        .execute();
    },

    /** The latest on-chain balances per (asset, network): deposit addresses that received funds plus the hot wallet. */
    async latestReserves(): Promise<ReserveReading[]> {
      const rows = await db
        .selectFrom('chain_reserves')
        .select(['asset', 'network', 'addresses', 'block', 'read_at', money('amount').as('amount')])
        .orderBy('network')
        .orderBy('asset')
        .execute();
      return rows.map((r) => ({
        asset: r.asset, network: asNetwork(r.network), amount: toAmount(r.amount), addresses: Number(r.addresses),
        block: r.block === null ? null : Number(r.block), readAt: Number(r.read_at),
      }));
    },
  });
}

export type ChainRepo = ReturnType<typeof createChainRepo>;
