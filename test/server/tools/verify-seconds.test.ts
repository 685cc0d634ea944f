// `npm run verify -- seconds` against a listening app: the record and the settlements of a range recompute with no
// mismatch; then one stored record entry and one stored payout are tampered with, and both are reported (exit 1).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SECONDS_PATHS } from '../../../server/contract/seconds.ts';
import { runVerify } from '../../../server/cli/verify.ts';
import { startPriceRecord, type PriceRecord } from '../../../server/jobs/price-record.ts';
import { describeDialects } from '../dialects.ts';
import { E8, openHarness, type Harness } from '../gateway/contract-harness.ts';

describeDialects('seconds verifier', (dialect) => {
  let h: Harness;
  let record: PriceRecord;
  let url: string;
  const price = new Map<string, bigint>([['BTCUSDT', 50_000n * E8], ['ETHUSDT', 3_000n * E8]]);
  let from = 0;
  let to = 0;

  beforeAll(async () => {
    h = await openHarness(dialect);
    url = h.wsUrl.replace('ws://', 'http://').replace(/\/ws$/, '');
    record = await startPriceRecord({
      store: h.store, clock: h.clock.now, markets: ['BTCUSDT', 'ETHUSDT'], timer: false, onError: (e) => { throw e; },
      sources: (m) => [{ name: 'ext', price: price.get(m) ?? null, weight: 1n, updatedAt: h.clock.now() }],
    });
    record.onAppend(() => h.desks.seconds.kick());
    h.desks.seconds.attachRecord(record);
    await record.tick();
    await h.desks.seconds.seedDefaults(['BTCUSDT', 'ETHUSDT']);
    expect((await h.desks.seconds.fundHouse({ action: 'credit', amount: '1000000', memo: 'test-house', requestId: 'verify-house-1' })).ok).toBe(true);
    const users = [10_000_001, 10_000_002];
    for (const user of users) expect((await h.desks.seconds.adjust({ user, asset: 'USDT', amount: '100000', action: 'credit', memo: 't' })).ok).toBe(true);
    from = h.clock.now();
    // Twenty contracts over a few minutes, both markets, both directions, prices moving every second.
    for (let i = 0; i < 20; i++) {
      h.clock.advance(700);
      const market = i % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT';
      const r = await h.desks.seconds.place({ user: users[i % 2]!, market, direction: i % 3 === 0 ? 'up' : 'down', durationS: i % 4 === 0 ? 300 : 60, amount: String(1000 + i * 37) });
      expect(r.ok).toBe(true);
      price.set(market, price.get(market)! + BigInt((i % 5) - 2) * E8);
      await record.tick();
    }
    for (let s = 0; s < 320; s++) {
      h.clock.advance(1000);
      for (const [m, p] of price) price.set(m, p + BigInt((s % 7) - 3) * (E8 / 10n));
      await record.tick();
    }
    await h.desks.seconds.runDue();
    to = h.clock.now();
  });
  afterAll(async () => {
    await record.stop();
    await h.dispose();
  });

  it('recomputes every settlement and the chains with no mismatch', async () => {
    const lines: string[] = [];
    expect(await runVerify(['seconds', '--from', String(from), '--to', String(to), '--url', url], (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^\d+ entries checked, 20 contracts checked, 0 mismatches$/)]);
    expect(Number(lines[0]!.split(' ')[0])).toBeGreaterThan(600);
  });

  it('reports a tampered record entry and a tampered payout', async () => {
    const settled = (await h.call('GET', `${SECONDS_PATHS.settlements}?from=${from}&to=${to}`)).body.data.list as Array<{ id: string; settleRecordSeq: number; market: string }>;
    const victim = settled[3]!;
    // A record entry in the middle of the BTC chain that no contract used, and one contract's payout.
    const used = new Set(settled.filter((c) => c.market === 'BTCUSDT').map((c) => c.settleRecordSeq));
    const seq = [...Array(300).keys()].map((k) => k + 50).find((k) => !used.has(k))!;
    await sql`update price_record set price = '50123.5' where market = 'BTCUSDT' and seq = ${seq}`.execute(h.store.db);
    await sql`update seconds_contracts set payout = payout + 1 where id = ${Number(victim.id)}`.execute(h.store.db);
    const lines: string[] = [];
    expect(await runVerify(['seconds', '--from', String(from), '--to', String(to), '--url', url], (l) => lines.push(l))).toBe(1);
    expect(lines[0], lines.join('\n')).toMatch(/^\d+ entries checked, 20 contracts checked, 3 mismatches$/);
    expect(lines.slice(1)).toEqual([
      `  BTCUSDT: entry ${seq}'s hash is not the hash of its contents`,
      expect.stringMatching(new RegExp(`^  ${victim.market}: contract ${victim.id}: payout \\S+, the record gives \\S+$`)),
      // The stated profit no longer follows either (payout − stake − fee).
      expect.stringMatching(new RegExp(`^  ${victim.market}: contract ${victim.id}: profit \\S+, the record gives \\S+$`)),
    ]);
  });

  it('reports a refund the record does not justify (an entry came within the bound after acceptance)', async () => {
    const settled = (await h.call('GET', `${SECONDS_PATHS.settlements}?from=${from}&to=${to}`)).body.data.list as Array<{ id: string; market: string; acceptedTs: number }>;
    const victim = settled[7]!;
    expect(victim.acceptedTs).toBeGreaterThan(0);
    await sql`update seconds_contracts set status = 'refunded', end_reason = 'no.price', outcome = null, payout = null where id = ${Number(victim.id)}`.execute(h.store.db);
    const lines: string[] = [];
    expect(await runVerify(['seconds', '--from', String(from), '--to', String(to), '--url', url], (l) => lines.push(l))).toBe(1);
    expect(lines.filter((l) => l.includes(`contract ${victim.id}:`))).toEqual([
      expect.stringMatching(new RegExp(`^  ${victim.market}: contract ${victim.id}: refunded, but the record's entry \\d+ at \\d+ came within 5000 ms of its acceptance at ${victim.acceptedTs}$`)),
    ]);
  });
});
