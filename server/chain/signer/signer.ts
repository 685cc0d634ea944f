// The EVM withdrawal signer (issue 22, README.md beside this file). It takes approved withdrawals and, for each one
// without a transaction row, goes through steps that each leave a record a restart can finish from:
//   1. prepare: in ONE store transaction (with the lease renewed in it) allocate the next nonce and write the row
//      with every field to be signed (to, value, data, gas, fees, chain id, nonce);
//   2. sign those fields (RFC 6979: the same fields give the same raw transaction and hash);
//   3. record raw and hash (status signed) BEFORE broadcasting;
//   4. broadcast; "already known", or "nonce too low" with this very hash on the node, count as sent;
//   5. follow the receipt: confirmed at the network's confirmations, failed if reverted (an operator decides).
// A crash between any two steps never sends a second, different transaction: a prepared row is signed again from
// its stored fields (same nonce, same hash), a signed row is broadcast again (the same bytes), and a withdrawal
// with a row is never prepared again (unique withdrawal id; unique nonce per address). Nothing is retried with a
// new nonce, ever; a failure waits for an operator.
import { erc20Abi, keccak256, TransactionNotFoundError, TransactionReceiptNotFoundError, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Clock } from '../../clock.ts';
import type { Repositories, Store } from '../../store/index.ts';
import { LeaseLostError } from '../../store/leases.ts';
import type { SignerRow } from '../../store/signer.ts';
import type { HotKey } from '../keys.ts';
import { DEFAULT_FEE_POLICY, classifyBroadcastError, errorText, estimateGas, planTransfer, readFees, type EvmAssetRule, type FeePolicy } from './evm.ts';
import { SignerLease } from './lease.ts';

/** An approved withdrawal (the wallet helper's store.wallet.approvedWithdrawals). Amounts in ledger units. */
export interface SignerJob {
  readonly id: number;
  readonly user: number;
  readonly asset: string;
  readonly network: string;
  readonly address: string;
  /** What left the user's balance; the fee stays with the exchange and `amount − fee` is sent. */
  readonly amount: bigint;
  readonly fee: bigint;
}

/** Where a test may kill the process (SIGNER_CRASH_AT): after the step named. */
export const CRASH_POINTS = ['after-prepare', 'after-sign', 'after-record', 'after-broadcast'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export interface EvmSignerOptions {
  readonly store: Store;
  readonly client: PublicClient;
  readonly key: HotKey;
  /** The chain id the signer signs for; the node must report the same. */
  readonly chainId: number;
  readonly assets: readonly EvmAssetRule[];
  /** Blocks (including the transaction's own) before a withdrawal is confirmed; 12 by default. */
  readonly confirmations?: number | undefined;
  /** Approved withdrawals of this network, oldest first (store.wallet.approvedWithdrawals('ETH', n)). */
  readonly jobs: (limit: number) => Promise<readonly SignerJob[]>;
  readonly clock: Clock;
  readonly log: (line: string) => void;
  readonly crash?: ((point: CrashPoint, withdrawalId: number) => void) | undefined;
  /** Withdrawals asked for per pass (rows that already have a transaction are skipped). */
  readonly batch?: number | undefined;
  readonly fees?: FeePolicy | undefined;
  readonly leaseTtlMs?: number | undefined;
}

export interface TickSummary {
  prepared: number;
  signed: number;
  broadcast: number;
  confirmed: number;
  failed: number;
  refused: number;
  waiting: number;
}

const NETWORK = 'ETH' as const;
const DEFAULT_CONFIRMATIONS = 12;
const DEFAULT_BATCH = 50;
const MAX_PAGE = 50_000;

const emptySummary = (): TickSummary => ({ prepared: 0, signed: 0, broadcast: 0, confirmed: 0, failed: 0, refused: 0, waiting: 0 });

export class EvmSigner {
  readonly lease: SignerLease;
  private readonly o: EvmSignerOptions;
  private readonly account: ReturnType<typeof privateKeyToAccount>;
  private readonly confirmations: number;
  private readonly policy: FeePolicy;
  private stopping = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private lost: LeaseLostError | null = null;
  /** Why each waiting withdrawal waits, so a wait is logged when it starts or its kind changes, not every pass. */
  private readonly waits = new Map<number, string>();

  constructor(o: EvmSignerOptions) {
    this.o = o;
    this.account = privateKeyToAccount(o.key.privateKey);
    if (this.account.address.toLowerCase() !== o.key.address.toLowerCase()) throw new Error('the hot key does not match its address');
    this.confirmations = o.confirmations ?? DEFAULT_CONFIRMATIONS;
    if (!Number.isInteger(this.confirmations) || this.confirmations < 1) throw new RangeError('confirmations must be at least 1');
    this.policy = o.fees ?? DEFAULT_FEE_POLICY;
    this.lease = new SignerLease({ store: o.store, desk: `signer:${NETWORK}`, clock: o.clock, ttlMs: o.leaseTtlMs });
  }

  get address(): `0x${string}` {
    return this.account.address;
  }

  /** Checks the node's chain and takes the lease (waiting for it while another live signer holds it). */
  async start(o: { retryMs?: number } = {}): Promise<boolean> {
    const chainId = await this.o.client.getChainId();
    if (chainId !== this.o.chainId) throw new Error(`the node is on chain ${chainId}, the signer is set up for chain ${this.o.chainId}`);
    const got = await this.lease.acquire({ log: this.o.log, retryMs: o.retryMs ?? 2_000, stopped: () => this.stopping });
    if (!got) return false;
    this.lease.keepAlive((error) => {
      this.lost = error;
      this.o.log(`lost the ${this.lease.desk} lease: stopping`);
      this.stopping = true;
      this.wake?.();
    });
    this.o.log(`signing ${NETWORK} withdrawals on chain ${chainId} from ${this.address} (lease ${this.lease.holder})`);
    return true;
  }

  /** Runs passes every `pollMs` until stop(); rejects with LeaseLostError if another signer took over. */
  run(pollMs: number): Promise<void> {
    this.running ??= (async () => {
      while (!this.stopping) {
        try {
          await this.tick();
        } catch (error) {
          if (error instanceof LeaseLostError) this.lost = error;
          else this.o.log(`pass failed, retrying in ${pollMs} ms: ${errorText(error)}`);
        }
        if (this.lost !== null) break;
        if (this.stopping) break;
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, pollMs);
          this.wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        this.wake = null;
      }
      if (this.lost !== null) throw this.lost;
    })();
    return this.running;
  }

  /** Finishes the pass in progress (every step is recorded before the next), then gives the lease back. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    try {
      await this.running;
    } catch {
      // A lost lease: nothing of ours to release.
    }
    this.lease.stopKeepAlive();
    if (this.lost === null) await this.lease.release();
  }

  /** One pass: finish the rows left open (lowest nonce first), then take new withdrawals. */
  async tick(): Promise<TickSummary> {
    const s = emptySummary();
    const head = Number(await this.o.client.getBlockNumber({ cacheTime: 0 }));
    for (const row of await this.o.store.signer.open(NETWORK, 1000)) {
      if (this.stopping) return s;
      await this.advance(row, head, s);
    }
    for (const job of await this.newJobs()) {
      if (this.stopping) return s;
      const row = await this.prepare(job, s);
      if (row !== null) await this.advance(row, head, s);
    }
    return s;
  }

  /**
   * Approved withdrawals without a row yet. Ones with a row stay approved while their transaction is failed (until an
   * operator settles them), so when a whole page is such rows the page grows: they never starve new withdrawals.
   */
  private async newJobs(): Promise<SignerJob[]> {
    for (let limit = this.o.batch ?? DEFAULT_BATCH; ; limit *= 4) {
      const jobs = (await this.o.jobs(limit)).filter((j) => j.network === NETWORK);
      const known = await this.o.store.signer.known(jobs.map((j) => j.id));
      const fresh = jobs.filter((j) => !known.has(j.id));
      if (fresh.length > 0 || jobs.length < limit || limit >= MAX_PAGE) return fresh;
    }
  }

  /** Takes a row from where it stands to as far as it can go now. */
  private async advance(row: SignerRow, head: number, s: TickSummary): Promise<void> {
    let current = row;
    if (current.status === 'prepared') current = await this.sign(current, s);
    if (current.status === 'signed') {
      const sent = await this.broadcast(current, s);
      if (!sent) return;
      current = { ...current, status: 'broadcast' };
    }
    if (current.status === 'broadcast') await this.follow(current, head, s);
  }

  private async write<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.o.store.transaction(async (repos) => {
      await this.lease.renewIn(repos);
      return work(repos);
    });
  }

  private async prepare(job: SignerJob, s: TickSummary): Promise<SignerRow | null> {
    const { store, clock, log } = this.o;
    const rule = this.o.assets.find((a) => a.asset === job.asset);
    if (rule === undefined) {
      // Configuration, not the withdrawal: it waits (no row) until the asset is set up for this network.
      this.waiting(job.id, 'asset', `${job.asset} is not set up on ${NETWORK} here`, s);
      return null;
    }
    const plan = planTransfer(rule, job.address, job.amount - job.fee);
    if (!plan.ok) {
      await this.write((r) =>
        r.signer.refuse({
          withdrawalId: job.id, network: NETWORK, chainId: this.o.chainId, asset: job.asset, from: this.address,
          recipient: job.address, amount: 0n, error: `refused: ${plan.reason}`, now: clock(),
        }),
      );
      log(`withdrawal ${job.id} refused, an operator must settle it: ${plan.reason}`);
      s.refused++;
      return null;
    }
    let gas: bigint;
    let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
    let chainNonce = -1;
    try {
      gas = await estimateGas(this.o.client, this.address, plan, this.policy);
      fees = await readFees(this.o.client, this.policy);
      const short = await this.shortfall(rule, plan, gas, fees.maxFeePerGas);
      if (short !== null) {
        this.waiting(job.id, 'funds', `the hot wallet ${this.address} lacks ${short}`, s);
        return null;
      }
      // The chain's count is read only while the store has no counter for this address: after that, the store's.
      if ((await store.signer.nextNonce(NETWORK, this.o.chainId, this.address)) === undefined) {
        chainNonce = await this.o.client.getTransactionCount({ address: this.address, blockTag: 'pending' });
      }
    } catch (error) {
      // Not enough ETH or tokens in the hot wallet, or the node away: nothing is written, the next pass tries again.
      this.waiting(job.id, 'node', `cannot prepare yet: ${errorText(error)}`, s);
      return null;
    }
    let row: SignerRow;
    try {
      row = await this.write((r) =>
        r.signer.prepare({
          withdrawalId: job.id, network: NETWORK, chainId: this.o.chainId, asset: job.asset, from: this.address,
          recipient: plan.recipient, amount: plan.amount, chainNonce, now: clock(),
          tx: { to: plan.to, value: plan.value, data: plan.data, gas, ...fees },
        }),
      );
    } catch (error) {
      if (error instanceof LeaseLostError) throw error;
      // Someone else wrote this withdrawal's row first: it is theirs (the unique withdrawal id says so).
      if ((await store.signer.known([job.id])).has(job.id)) return null;
      throw error;
    }
    s.prepared++;
    this.waits.delete(job.id);
    log(`withdrawal ${job.id} prepared: nonce ${row.fields!.nonce}, ${plan.amount} ${job.asset} units to ${plan.recipient}`);
    this.o.crash?.('after-prepare', job.id);
    return row;
  }

  /**
   * What the hot wallet lacks to pay this transfer on top of the ones already signed for and not yet in a block
   * (null: nothing). Checked before a nonce is given out, so an unpaid withdrawal waits without holding up the
   * ones after it in a nonce queue the chain won't move.
   */
  private async shortfall(rule: EvmAssetRule, plan: { value: bigint; amount: bigint }, gas: bigint, maxFeePerGas: bigint): Promise<string | null> {
    let ethCommitted = 0n;
    let tokenCommitted = 0n;
    for (const row of await this.o.store.signer.open(NETWORK, 1000)) {
      const f = row.fields;
      if (f === null || (row.status === 'broadcast' && row.confirmations > 0)) continue;
      ethCommitted += f.value + f.gas * f.maxFeePerGas;
      if (rule.contract !== null && f.to.toLowerCase() === rule.contract.toLowerCase()) tokenCommitted += row.amount;
    }
    const eth = await this.o.client.getBalance({ address: this.address, blockTag: 'latest' });
    const ethNeeded = ethCommitted + plan.value + gas * maxFeePerGas;
    if (eth < ethNeeded) return `${ethNeeded - eth} wei of ETH`;
    if (rule.contract === null) return null;
    const tokens = await this.o.client.readContract({ address: rule.contract, abi: erc20Abi, functionName: 'balanceOf', args: [this.address] });
    const tokenNeeded = tokenCommitted + plan.amount;
    return tokens < tokenNeeded ? `${tokenNeeded - tokens} units of ${rule.asset}` : null;
  }

  private waiting(id: number, kind: 'asset' | 'funds' | 'node', why: string, s: TickSummary): void {
    s.waiting++;
    if (this.waits.get(id) === kind) return;
    this.waits.set(id, kind);
    this.o.log(`withdrawal ${id} waits: ${why}`);
  }

  private async sign(row: SignerRow, s: TickSummary): Promise<SignerRow> {
    const f = row.fields;
    if (f === null) throw new Error(`signer_txs ${row.id} is prepared without fields`);
    const raw = await this.account.signTransaction({
      type: 'eip1559', chainId: f.chainId, nonce: f.nonce, to: f.to, value: f.value, data: f.data, gas: f.gas,
      maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas,
    });
    const hash = keccak256(raw);
    this.o.log(`withdrawal ${row.withdrawalId} signed: nonce ${f.nonce}, hash ${hash}`);
    this.o.crash?.('after-sign', row.withdrawalId);
    await this.write((r) => r.signer.recordSigned(row.id, raw, hash, this.o.clock()));
    s.signed++;
    this.o.crash?.('after-record', row.withdrawalId);
    return { ...row, status: 'signed', raw, hash };
  }

  /** Whether the node knows this transaction (pending or mined). */
  private async onNode(hash: `0x${string}`): Promise<boolean> {
    try {
      await this.o.client.getTransaction({ hash });
      return true;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return false;
      throw error;
    }
  }

  /** Sends the recorded bytes; true once the node has them. A row whose nonce another transaction took fails. */
  private async send(row: SignerRow): Promise<'sent' | 'failed' | 'retry'> {
    const { raw, hash } = row;
    if (raw === null || hash === null) throw new Error(`signer_txs ${row.id} has no signed transaction`);
    const now = this.o.clock;
    try {
      const returned = await this.o.client.sendRawTransaction({ serializedTransaction: raw });
      if (returned.toLowerCase() !== hash.toLowerCase()) throw new Error(`the node answered hash ${returned}, we signed ${hash}`);
      return 'sent';
    } catch (error) {
      const text = errorText(error);
      const kind = classifyBroadcastError(text);
      if (kind === 'known') return 'sent';
      if (kind === 'nonce-used') {
        if (await this.onNode(hash)) return 'sent';
        const nonce = row.fields!.nonce;
        // Failed only once the block that used the nonce is final: until then a reorganisation could drop the other
        // transaction and let ours (still in other nodes' pools) be mined, after an operator had refunded it.
        const head = Number(await this.o.client.getBlockNumber({ cacheTime: 0 }));
        const finalBlock = head - this.confirmations + 1;
        const usedWhenFinal = finalBlock >= 0 && (await this.o.client.getTransactionCount({ address: this.address, blockNumber: BigInt(finalBlock) })) > nonce;
        if (usedWhenFinal) {
          const why = `nonce ${nonce} was used by another transaction from ${this.address}; this one can never be mined`;
          await this.write((r) => r.signer.recordFailed(row.id, why, now()));
          this.o.log(`withdrawal ${row.withdrawalId} FAILED, an operator must act: ${why}`);
          return 'failed';
        }
        const note = `nonce ${nonce} was used by another transaction, not final yet; waiting before failing`;
        await this.write((r) => r.signer.noteError(row.id, note, now()));
        this.o.log(`withdrawal ${row.withdrawalId}: ${note}`);
        return 'retry';
      }
      await this.write((r) => r.signer.noteError(row.id, `broadcast: ${text}`, now()));
      this.o.log(`withdrawal ${row.withdrawalId}: broadcast refused, will retry: ${text}`);
      return 'retry';
    }
  }

  private async broadcast(row: SignerRow, s: TickSummary): Promise<boolean> {
    const result = (await this.onNode(row.hash!)) ? 'sent' : await this.send(row);
    if (result === 'failed') s.failed++;
    if (result !== 'sent') return false;
    this.o.crash?.('after-broadcast', row.withdrawalId);
    await this.write((r) => r.signer.recordBroadcast(row.id, this.o.clock()));
    s.broadcast++;
    this.o.log(`withdrawal ${row.withdrawalId} broadcast: ${row.hash}`);
    return true;
  }

  /** Confirmations of a broadcast row; sends its bytes again if the node lost it (dropped, or a reorg). */
  private async follow(row: SignerRow, head: number, s: TickSummary): Promise<void> {
    const hash = row.hash!;
    const now = this.o.clock;
    let receipt;
    try {
      receipt = await this.o.client.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
      if (row.confirmations !== 0) await this.write((r) => r.signer.recordConfirmations(row.id, 0, null, now()));
      if (!(await this.onNode(hash))) {
        const result = await this.send(row);
        if (result === 'failed') s.failed++;
        else if (result === 'sent') this.o.log(`withdrawal ${row.withdrawalId}: the node had lost ${hash}; sent the same bytes again`);
      }
      return;
    }
    const block = Number(receipt.blockNumber);
    const confirmations = Math.max(0, head - block + 1);
    if (confirmations >= this.confirmations) {
      if (receipt.status === 'success') {
        await this.write((r) => r.signer.recordConfirmed(row.id, confirmations, block, now()));
        s.confirmed++;
        this.o.log(`withdrawal ${row.withdrawalId} confirmed: ${hash} in block ${block}`);
      } else {
        const why = `reverted in block ${block}: the transfer did not happen`;
        await this.write((r) => r.signer.recordFailed(row.id, why, now(), { confirmations, blockNumber: block }));
        s.failed++;
        this.o.log(`withdrawal ${row.withdrawalId} FAILED, an operator must act: ${why} (${hash})`);
      }
    } else if (confirmations !== row.confirmations || block !== row.blockNumber) {
      await this.write((r) => r.signer.recordConfirmations(row.id, confirmations, block, now()));
    }
  }
}
