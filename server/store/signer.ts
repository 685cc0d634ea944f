// The withdrawal signer's state: per network and hot address the next nonce, and every transaction it signed, keyed
// by withdrawal (issue 22, server/chain/signer/README.md). Migration 0028_signer.
//
// A row's life: `prepared` (nonce allocated and every field to sign written, in one transaction with the nonce
// counter), `signed` (raw and hash recorded, BEFORE anything is broadcast), `broadcast`, then `confirmed` at the
// network's confirmations or `failed` (reverted, or its nonce taken by another transaction). A row refused before
// signing (an address or amount the chain can't take) is `failed` with no nonce and no hash. Rows are never
// deleted and their signed fields never change: that is what makes a restart send the same transaction again.
import { sql, type Generated, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from './schema.ts';

export interface SignerNoncesTable {
  network: string;
  chain_id: number;
  address: string;
  next_nonce: number;
  updated_at: number;
}

export interface SignerTxsTable {
  id: Generated<number>;
  withdrawal_id: number;
  network: string;
  chain_id: number | null;
  asset: string;
  from_address: string;
  recipient: string;
  /** What the recipient receives, in the chain's units (wei, token units), decimal text. */
  amount: string;
  nonce: number | null;
  to_address: string | null;
  value: string | null;
  data: string | null;
  gas: string | null;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  raw: string | null;
  hash: string | null;
  status: string;
  confirmations: Generated<number>;
  block_number: number | null;
  error: string | null;
  created_at: number;
  signed_at: number | null;
  broadcast_at: number | null;
  updated_at: number;
}

export interface SignerTables {
  signer_nonces: SignerNoncesTable;
  signer_txs: SignerTxsTable;
}

export type SignerNetwork = 'ETH' | 'BTC';
export type SignerRowStatus = 'prepared' | 'signed' | 'broadcast' | 'confirmed' | 'failed';

/** What the wallet helper's lifecycle job reads: a withdrawal's transaction once it is signed (or refused). */
export interface SignerTx {
  withdrawalId: number;
  network: SignerNetwork;
  /** Lowercase 0x hash; '' for a withdrawal refused before signing (then nothing was ever sent). */
  txHash: string;
  nonce: number | null;
  status: 'signed' | 'broadcast' | 'confirmed' | 'failed';
  confirmations: number;
  error: string | null;
  updatedAt: number;
}

/** Exactly the fields of an EIP-1559 transaction the signer signs. */
export interface EvmTxFields {
  readonly chainId: number;
  readonly nonce: number;
  readonly to: `0x${string}`;
  readonly value: bigint;
  readonly data: `0x${string}`;
  readonly gas: bigint;
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
}

export interface SignerRow {
  readonly id: number;
  readonly withdrawalId: number;
  readonly network: SignerNetwork;
  readonly chainId: number | null;
  readonly asset: string;
  readonly from: `0x${string}`;
  readonly recipient: string;
  readonly amount: bigint;
  /** Null only for a row refused before signing. */
  readonly fields: EvmTxFields | null;
  readonly raw: `0x${string}` | null;
  readonly hash: `0x${string}` | null;
  readonly status: SignerRowStatus;
  readonly confirmations: number;
  readonly blockNumber: number | null;
  readonly error: string | null;
  readonly createdAt: number;
  readonly signedAt: number | null;
  readonly broadcastAt: number | null;
  readonly updatedAt: number;
}

/** A row to prepare: everything but the nonce, which the counter gives in the same transaction. */
export interface PrepareInput {
  readonly withdrawalId: number;
  readonly network: SignerNetwork;
  readonly chainId: number;
  readonly asset: string;
  readonly from: `0x${string}`;
  readonly recipient: string;
  readonly amount: bigint;
  readonly tx: Omit<EvmTxFields, 'nonce' | 'chainId'>;
  /** The chain's pending nonce, read once: used only when the store has no counter for this address yet. */
  readonly chainNonce: number;
  readonly now: number;
}

const STATUSES: readonly SignerRowStatus[] = ['prepared', 'signed', 'broadcast', 'confirmed', 'failed'];
const OPEN: readonly SignerRowStatus[] = ['prepared', 'signed', 'broadcast'];
const CHUNK = 500;

const hex = (text: string | null, what: string): `0x${string}` | null => {
  if (text === null) return null;
  if (!/^0x[0-9a-fA-F]*$/.test(text)) throw new Error(`signer_txs ${what} is not hex: ${text}`);
  return text as `0x${string}`;
};
const big = (text: string | null, what: string): bigint => {
  if (text === null || !/^\d+$/.test(text)) throw new Error(`signer_txs ${what} is not a decimal integer: ${String(text)}`);
  return BigInt(text);
};

function toRow(r: Selectable<SignerTxsTable>): SignerRow {
  if (!STATUSES.includes(r.status as SignerRowStatus)) throw new Error(`signer_txs ${r.id} has an unknown status "${r.status}"`);
  if (r.network !== 'ETH' && r.network !== 'BTC') throw new Error(`signer_txs ${r.id} has an unknown network "${r.network}"`);
  const fields: EvmTxFields | null =
    r.nonce === null || r.to_address === null || r.chain_id === null
      ? null
      : {
          chainId: Number(r.chain_id),
          nonce: Number(r.nonce),
          to: hex(r.to_address, 'to')!,
          value: big(r.value, 'value'),
          data: hex(r.data, 'data') ?? '0x',
          gas: big(r.gas, 'gas'),
          maxFeePerGas: big(r.max_fee_per_gas, 'max_fee_per_gas'),
          maxPriorityFeePerGas: big(r.max_priority_fee_per_gas, 'max_priority_fee_per_gas'),
        };
  return {
    id: Number(r.id), withdrawalId: Number(r.withdrawal_id), network: r.network, chainId: r.chain_id === null ? null : Number(r.chain_id),
    asset: r.asset, from: hex(r.from_address, 'from')!, recipient: r.recipient, amount: big(r.amount, 'amount'), fields,
    raw: hex(r.raw, 'raw'), hash: hex(r.hash, 'hash'), status: r.status as SignerRowStatus, confirmations: Number(r.confirmations),
    blockNumber: r.block_number === null ? null : Number(r.block_number), error: r.error, createdAt: Number(r.created_at),
    signedAt: r.signed_at === null ? null : Number(r.signed_at), broadcastAt: r.broadcast_at === null ? null : Number(r.broadcast_at),
    updatedAt: Number(r.updated_at),
  };
}

export class SignerStateError extends Error {
  override name = 'SignerStateError';
}

export function createSignerRepo(db: Kysely<Database>) {
  /** Moves one row from one of `from` to its next state; throws if it was not in one of them (a lost race). */
  async function advance(id: number, from: readonly SignerRowStatus[], set: Updateable<SignerTxsTable>): Promise<void> {
    const r = await db.updateTable('signer_txs').set(set).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new SignerStateError(`signer_txs ${id} is not ${from.join('/')} any more`);
  }

  return Object.freeze({
    /** The transactions of these withdrawals, signed or later (and refusals); prepared rows are not shown yet. */
    async txsFor(withdrawalIds: readonly number[]): Promise<SignerTx[]> {
      const out: SignerTx[] = [];
      for (let i = 0; i < withdrawalIds.length; i += CHUNK) {
        const ids = withdrawalIds.slice(i, i + CHUNK);
        if (ids.length === 0) continue;
        const rows = await db
          .selectFrom('signer_txs')
          .select(['withdrawal_id', 'network', 'hash', 'nonce', 'status', 'confirmations', 'error', 'updated_at'])
          .where('withdrawal_id', 'in', ids)
          .where('status', '<>', 'prepared')
          .orderBy('withdrawal_id')
          .execute();
        for (const r of rows) {
          out.push({
            withdrawalId: Number(r.withdrawal_id), network: r.network as SignerNetwork, txHash: r.hash ?? '',
            nonce: r.nonce === null ? null : Number(r.nonce), status: r.status as SignerTx['status'],
            confirmations: Number(r.confirmations), error: r.error, updatedAt: Number(r.updated_at),
          });
        }
      }
      return out;
    },

    async row(withdrawalId: number): Promise<SignerRow | undefined> {
      const r = await db.selectFrom('signer_txs').selectAll().where('withdrawal_id', '=', withdrawalId).executeTakeFirst();
      return r === undefined ? undefined : toRow(r);
    },

    /** Of these withdrawals, the ones that already have a row (of any status). */
    async known(withdrawalIds: readonly number[]): Promise<Set<number>> {
      const out = new Set<number>();
      for (let i = 0; i < withdrawalIds.length; i += CHUNK) {
        const ids = withdrawalIds.slice(i, i + CHUNK);
        if (ids.length === 0) continue;
        const rows = await db.selectFrom('signer_txs').select('withdrawal_id').where('withdrawal_id', 'in', ids).execute();
        for (const r of rows) out.add(Number(r.withdrawal_id));
      }
      return out;
    },

    /** Rows not final yet (prepared, signed, broadcast) of a network, lowest nonce first. */
    async open(network: SignerNetwork, limit: number): Promise<SignerRow[]> {
      const rows = await db
        .selectFrom('signer_txs')
        .selectAll()
        .where('network', '=', network)
        .where('status', 'in', OPEN)
        .orderBy('nonce')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    /** Every row of a network, newest first (operators' view and tests). */
    async list(network: SignerNetwork, limit: number): Promise<SignerRow[]> {
      const rows = await db.selectFrom('signer_txs').selectAll().where('network', '=', network).orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toRow);
    },

    async nextNonce(network: SignerNetwork, chainId: number, address: string): Promise<number | undefined> {
      const r = await db
        .selectFrom('signer_nonces')
        .select('next_nonce')
        .where('network', '=', network)
        .where('chain_id', '=', chainId)
        .where('address', '=', address.toLowerCase())
        .executeTakeFirst();
      return r === undefined ? undefined : Number(r.next_nonce);
    },

    /**
     * Allocates the next nonce and writes the prepared row with every field to sign. Call it inside
     * store.transaction (with the lease renewed in the same transaction): the counter and the row commit together,
     * so a nonce is never handed out without the row that uses it, nor twice (signer_txs_nonce is unique too).
     */
    async prepare(p: PrepareInput): Promise<SignerRow> {
      const address = p.from.toLowerCase();
      let nonce: number;
      const bumped = await db
        .updateTable('signer_nonces')
        .set({ next_nonce: sql<number>`next_nonce + 1`, updated_at: p.now })
        .where('network', '=', p.network)
        .where('chain_id', '=', p.chainId)
        .where('address', '=', address)
        .returning('next_nonce')
        .executeTakeFirst();
      if (bumped !== undefined) {
        nonce = Number(bumped.next_nonce) - 1;
      } else {
        if (!Number.isSafeInteger(p.chainNonce) || p.chainNonce < 0) throw new RangeError(`bad chain nonce ${p.chainNonce}`);
        await db
          .insertInto('signer_nonces')
          .values({ network: p.network, chain_id: p.chainId, address, next_nonce: p.chainNonce + 1, updated_at: p.now })
          .execute();
        nonce = p.chainNonce;
      }
      const row = await db
        .insertInto('signer_txs')
        .values({
          withdrawal_id: p.withdrawalId, network: p.network, chain_id: p.chainId, asset: p.asset, from_address: address,
          recipient: p.recipient, amount: p.amount.toString(), nonce, to_address: p.tx.to.toLowerCase(), value: p.tx.value.toString(),
          data: p.tx.data, gas: p.tx.gas.toString(), max_fee_per_gas: p.tx.maxFeePerGas.toString(),
          max_priority_fee_per_gas: p.tx.maxPriorityFeePerGas.toString(), raw: null, hash: null, status: 'prepared',
          block_number: null, error: null, created_at: p.now, signed_at: null, broadcast_at: null, updated_at: p.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    /** A withdrawal the chain can't take (bad address, inexact amount): failed with no nonce, never signed. */
    async refuse(p: { withdrawalId: number; network: SignerNetwork; chainId: number | null; asset: string; from: string; recipient: string; amount: bigint; error: string; now: number }): Promise<void> {
      await db
        .insertInto('signer_txs')
        .values({
          withdrawal_id: p.withdrawalId, network: p.network, chain_id: p.chainId, asset: p.asset, from_address: p.from.toLowerCase(),
          recipient: p.recipient, amount: p.amount < 0n ? '0' : p.amount.toString(), nonce: null, to_address: null, value: null,
          data: null, gas: null, max_fee_per_gas: null, max_priority_fee_per_gas: null, raw: null, hash: null, status: 'failed',
          block_number: null, error: p.error, created_at: p.now, signed_at: null, broadcast_at: null, updated_at: p.now,
        })
        .execute();
    },

    /** Records the signature of a prepared row (before anything is broadcast). */
    recordSigned: (id: number, raw: `0x${string}`, hash: `0x${string}`, now: number) =>
      advance(id, ['prepared'], { status: 'signed', raw, hash: hash.toLowerCase(), signed_at: now, updated_at: now, error: null }),

    /** The node has the transaction (accepted, already known, or mined). */
    recordBroadcast: (id: number, now: number) =>
      advance(id, ['signed'], { status: 'broadcast', broadcast_at: now, updated_at: now, error: null }),

    /** A signed or broadcast row's last problem (kept in its state, retried). */
    async noteError(id: number, error: string, now: number): Promise<void> {
      await db.updateTable('signer_txs').set({ error, updated_at: now }).where('id', '=', id).where('status', 'in', OPEN).execute();
    },

    /** Confirmations seen so far (in a block, not final yet; 0 if it left the chain). */
    async recordConfirmations(id: number, confirmations: number, blockNumber: number | null, now: number): Promise<void> {
      await db
        .updateTable('signer_txs')
        .set({ confirmations, block_number: blockNumber, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['signed', 'broadcast'])
        .execute();
    },

    recordConfirmed: (id: number, confirmations: number, blockNumber: number, now: number) =>
      advance(id, ['signed', 'broadcast'], { status: 'confirmed', confirmations, block_number: blockNumber, updated_at: now, error: null }),

    /** Final failure: reverted, or the nonce used by another transaction. Needs an operator; never retried. */
    recordFailed: (id: number, error: string, now: number, at?: { confirmations: number; blockNumber: number }) =>
      advance(id, ['signed', 'broadcast'], {
        status: 'failed', error, updated_at: now,
        ...(at === undefined ? {} : { confirmations: at.confirmations, block_number: at.blockNumber }),
      }),
  });
}

export type SignerRepo = ReturnType<typeof createSignerRepo>;
