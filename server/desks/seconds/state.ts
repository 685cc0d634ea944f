// The seconds desk's batch and views: contract rows a batch upserts (each once, its latest state), config rows and
// limits, and the contract as the app and the verifier see it.
import type { SecondsContractItem } from '../../contract/seconds.ts';
import { unitsText } from '../../contract/seconds-record.ts';
import type { SecondsConfigRow, SecondsContractRow, SecondsLimitRow, SecondsWrites } from '../../store/seconds.ts';
import { DeskBatch } from '../batch.ts';

export class SecondsBatch extends DeskBatch {
  readonly contracts = new Map<number, SecondsContractRow>();
  readonly config: SecondsConfigRow[] = [];
  readonly limits: SecondsLimitRow[] = [];

  override isEmpty(): boolean {
    return super.isEmpty() && this.contracts.size === 0 && this.config.length === 0 && this.limits.length === 0;
  }

  writes(): SecondsWrites | null {
    if (this.contracts.size === 0 && this.config.length === 0 && this.limits.length === 0) return null;
    return { contracts: [...this.contracts.values()], config: this.config, limits: this.limits };
  }
}

export const configKey = (market: string, durationS: number): string => `${market}:${durationS}`;
export const clientKey = (user: number, clientId: string): string => `${user}:${clientId}`;

/** A contract's public view (amounts and prices as decimal text). */
export function contractView(c: SecondsContractRow): SecondsContractItem {
  return {
    id: String(c.id),
    market: c.market,
    direction: c.direction,
    durationS: c.durationS,
    amount: unitsText(c.amount),
    fee: unitsText(c.fee),
    payoutRatio: unitsText(c.payoutRatio),
    lossRatio: unitsText(c.lossRatio),
    scheduledTs: c.scheduledTs,
    acceptedTs: c.acceptedTs,
    openTs: c.openTs,
    deliveryTs: c.deliveryTs,
    openPrice: c.openPrice,
    settlePrice: c.settlePrice,
    openRecordSeq: c.openRecordSeq,
    openRecordHash: c.openRecordHash,
    settleRecordSeq: c.settleRecordSeq,
    settleRecordHash: c.settleRecordHash,
    outcome: c.outcome,
    payout: c.payout === null ? null : unitsText(c.payout),
    profit: c.payout === null ? null : unitsText(c.payout - c.amount - c.fee),
    status: c.status,
    reason: c.endReason,
    createdTs: c.createdAt,
    settledTs: c.settledAt,
  };
}

/** Demo defaults (issue 14): 60 s / 80 %, 300 s / 82 %, 600 s / 85 %, 1,800 s, 3,600 s and 86,400 s / 85 %. */
export const DEMO_DURATIONS: ReadonlyArray<readonly [number, bigint]> = [
  [60, 80_000_000n], [300, 82_000_000n], [600, 85_000_000n], [1_800, 85_000_000n], [3_600, 85_000_000n], [86_400, 85_000_000n],
];
/** Demo fee: 0.1 % of the stake. */
export const DEMO_FEE_RATE = 100_000n;
