// The price record's acceptance instant for seconds contracts (issue 20): a contract opens on the first entry after
// it, so no entry anyone has seen, and no entry whose price the record has already read (an append in flight), may
// carry a later time; and the next entry, read afterwards, always does.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startPriceRecord, type PriceRecord } from '../../../server/jobs/price-record.ts';
import { describeDialects, openStore, testClock, type TestStore } from '../dialects.ts';

const E8 = 100_000_000n;

describeDialects('price record acceptance instant', (dialect) => {
  let t: TestStore;
  let record: PriceRecord;
  const clock = testClock();
  beforeEach(async () => {
    t = await openStore(dialect, clock.now);
    record = await startPriceRecord({
      store: t.store, clock: clock.now, markets: ['BTCUSDT'], timer: false, onError: (e) => { throw e; },
      sources: () => [{ name: 'ext', price: 50_000n * E8, weight: 1n, updatedAt: clock.now() }],
    });
  });
  afterEach(async () => {
    await record.stop();
    await t.dispose();
  });

  it('is at or after an entry being written, and before the next one', async () => {
    await record.tick();
    clock.advance(1_000);
    // An append in flight: its price is read; accepting now must not open on it.
    const appending = record.tick();
    const accepted = record.acceptanceTs();
    const [inFlight] = await appending;
    expect(inFlight!.ts).toBeLessThanOrEqual(accepted);
    // The next entry, read afterwards, is after it, even in the same millisecond.
    const [next] = await record.tick();
    expect(next!.ts).toBeGreaterThan(accepted);
    // Without an append in flight: at or after the latest entry and the clock.
    const again = record.acceptanceTs();
    expect(again).toBeGreaterThanOrEqual(Math.max(next!.ts, clock.now()));
    const [after] = await record.tick();
    expect(after!.ts).toBeGreaterThan(again);
  });
});
