// The seconds scenario's data for the terminal benchmark's feed: the duration table of the markets shown, each
// market's public price record (an entry a second, hash-chained with the shared module, as `priceRecord@X` and GET
// /app/priceRecord/head), and the user's contracts: `holding` of them counting down at once, their deliveries spread
// over the next minutes. At each delivery the contract settles on the record (secondsRecord.settle) and goes out on
// `secondsContracts`, and a new one opens in its place, so the holding tab keeps its count while rows come and go.
// Written as the server writes them (SecondsContractItem, PriceRecordEntry); seeded, so two runs see the same account.
import { secondsRecord, type PriceRecordEntry, type SecondsConfigItem, type SecondsContractItem } from '../../server/contract/index.ts';
import { mulberry32 } from '../tools/random.ts';
import type { SyntheticMarket } from './terminal-market.ts';

const DURATIONS = [
  { durationS: 30, payoutRatio: '0.75' },
  { durationS: 60, payoutRatio: '0.8' },
  { durationS: 120, payoutRatio: '0.82' },
  { durationS: 300, payoutRatio: '0.85' },
  { durationS: 600, payoutRatio: '0.88' },
] as const;

const priceText = (n: number): string => secondsRecord.unitsText(BigInt(Math.round(n * 100)) * 1_000_000n);

interface Record {
  readonly market: SyntheticMarket;
  head: PriceRecordEntry | null;
  /** Recent entries, enough to find a contract's open and settle entries. */
  readonly recent: PriceRecordEntry[];
}

export class SyntheticSeconds {
  private readonly records: Record[];
  private readonly contracts = new Map<string, SecondsContractItem>();
  private readonly history: SecondsContractItem[] = [];
  private readonly random: () => number;
  private next = 1;
  readonly holding: number;

  constructor(markets: readonly SyntheticMarket[], holding: number, seed: number) {
    this.records = markets.map((market) => ({ market, head: null, recent: [] }));
    this.holding = holding;
    this.random = mulberry32(seed);
  }

  config(): SecondsConfigItem[] {
    return this.records.flatMap((r) =>
      DURATIONS.map((d) => ({ market: r.market.symbol, durationS: d.durationS, payoutRatio: d.payoutRatio, lossRatio: '1', minAmount: '1000', maxAmount: '9999999', feeRate: '0.001', enabled: true })),
    );
  }

  /** Each market's record gets its entry for this second; returns the new entries. */
  async record(now: number): Promise<PriceRecordEntry[]> {
    const out: PriceRecordEntry[] = [];
    for (const r of this.records) {
      const body = {
        seq: (r.head?.seq ?? 0) + 1,
        market: r.market.symbol,
        ts: now,
        price: priceText(r.market.midPrice()),
        sources: `bench:${r.market.symbol}`,
        prevHash: r.head?.hash ?? secondsRecord.GENESIS_HASH,
      };
      const entry = { ...body, hash: await secondsRecord.priceRecordHash(body) };
      r.head = entry;
      r.recent.push(entry);
      if (r.recent.length > 1_200) r.recent.splice(0, r.recent.length - 1_200);
      out.push(entry);
    }
    return out;
  }

  heads(market: string | undefined): PriceRecordEntry[] {
    return this.records.filter((r) => market === undefined || r.market.symbol === market).flatMap((r) => (r.head ? [r.head] : []));
  }

  /** Opens contracts until `holding` count down; the first ones' deliveries spread over `spreadMs`. */
  fill(now: number, spreadMs: number): SecondsContractItem[] {
    const opened: SecondsContractItem[] = [];
    while (this.contracts.size < this.holding) opened.push(this.open(now, spreadMs));
    return opened;
  }

  private open(now: number, spreadMs: number): SecondsContractItem {
    const r = this.records[Math.floor(this.random() * this.records.length)]!;
    const d = DURATIONS[Math.floor(this.random() * DURATIONS.length)]!;
    const entry = r.head!;
    // Opened some time ago, so the deliveries fall all over the window.
    const deliveryTs = now + 1_000 + Math.floor(this.random() * spreadMs);
    const openTs = Math.min(now, deliveryTs - d.durationS * 1000);
    const amount = String(1000 + Math.floor(this.random() * 9000));
    const stake = secondsRecord.unitsOf(amount)!;
    const c: SecondsContractItem = {
      id: `b${this.next++}`, market: r.market.symbol, direction: this.random() < 0.5 ? 'up' : 'down', durationS: Math.round((deliveryTs - openTs) / 1000),
      amount, fee: secondsRecord.unitsText(secondsRecord.feeOf(stake, 100_000n)), payoutRatio: d.payoutRatio, lossRatio: '1', scheduledTs: null,
      openTs: deliveryTs - Math.round((deliveryTs - openTs) / 1000) * 1000, deliveryTs, openPrice: entry.price, settlePrice: null, openRecordSeq: entry.seq,
      openRecordHash: entry.hash, settleRecordSeq: null, settleRecordHash: null, outcome: null, payout: null, profit: null, status: 'holding',
      createdTs: openTs, settledTs: null, acceptedTs: openTs - 500, reason: null,
    };
    this.contracts.set(c.id, c);
    return c;
  }

  /** Settles what was delivered (on the record's entry at delivery) and opens as many new ones; returns every change. */
  settleDue(now: number, spreadMs: number): SecondsContractItem[] {
    const changed: SecondsContractItem[] = [];
    for (const c of [...this.contracts.values()]) {
      if (c.deliveryTs > now - 500) continue;
      const r = this.records.find((x) => x.market.symbol === c.market)!;
      const close = secondsRecord.entryAtOrBefore(r.recent, c.deliveryTs) ?? r.head!;
      const stake = secondsRecord.unitsOf(c.amount)!;
      const s = secondsRecord.settle(c.direction, stake, secondsRecord.unitsOf(c.payoutRatio)!, secondsRecord.unitsOf(c.lossRatio)!, secondsRecord.unitsOf(c.openPrice!)!, secondsRecord.unitsOf(close.price)!);
      const settled: SecondsContractItem = {
        ...c, status: 'settled', settlePrice: close.price, settleRecordSeq: close.seq, settleRecordHash: close.hash, outcome: s.outcome,
        payout: secondsRecord.unitsText(s.payout), profit: secondsRecord.unitsText(s.payout - stake - secondsRecord.unitsOf(c.fee)!), settledTs: now,
      };
      this.contracts.delete(c.id);
      this.history.unshift(settled);
      if (this.history.length > 100) this.history.length = 100;
      changed.push(settled);
    }
    if (changed.length > 0) changed.push(...this.fill(now, spreadMs));
    return changed;
  }

  holdingList(): SecondsContractItem[] {
    return [...this.contracts.values()];
  }

  historyList(): SecondsContractItem[] {
    return [...this.history];
  }
}
