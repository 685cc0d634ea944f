// Races (server/wallet/README.md "Races"): twenty withdrawals at once against a balance for three pass exactly three
// (the spot desk's hold is sequenced); twenty at once against a daily limit for three pass exactly three, also when
// they arrive through two gateways, each with its own store connection (the user's wallet_settings row is locked for
// the check and the insert: PostgreSQL's FOR UPDATE, SQLite's one writer); the whitelist's 24 h cooling and its
// delayed switch-off follow the injected clock.
import { getAddress } from 'viem';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AppError } from '../../../server/errors.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import type { WithdrawInput } from '../../../server/wallet/service.ts';
import { describeDialects } from '../dialects.ts';
import { ETH_ADDR, ETH_ADDR2, FUND, openWalletWorld, type WalletWorld } from './world.ts';

const HOUR = 3_600_000;

const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === 'fulfilled' ? 'ok' : r.reason instanceof AppError ? r.reason.code : String(r.reason));

function tally(results: PromiseSettledResult<unknown>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) out[codeOf(r)] = (out[codeOf(r)] ?? 0) + 1;
  return out;
}

describeDialects('wallet races', (dialect) => {
  let world: WalletWorld;
  let second: Store;
  let user: number;
  const req = (over: Partial<WithdrawInput> = {}): WithdrawInput => ({
    user, asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '100', proof: { kind: 'secrets', fundPassword: FUND }, ...over,
  });

  beforeEach(async () => {
    world = await openWalletWorld(dialect);
    const t = world.w.t.target;
    // A second gateway's own store over the same database (PostgreSQL: its own pool). SQLite is one process's file:
    // two connections in one thread would wait on each other synchronously, so the second gateway shares the store
    // (its own service and queues; the store's transactions serialize on the one writer).
    second = dialect === 'postgres' ? await createStore({ databaseUrl: t.databaseUrl, clock: world.w.clock.now }) : world.store;
    user = (await world.user('racer@example.com')).id;
  });
  afterEach(async () => {
    if (second !== world.store) await second.close();
    await world.dispose();
  });

  it('20 withdrawals at once against a balance for 3: exactly 3 pass, the rest change nothing', async () => {
    await world.w.credit(user, 'USDT', '300');
    const gateways = [world.service, world.other(second)];
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => gateways[i % 2]!.apply(req())));
    expect(tally(results)).toEqual({ ok: 3, 'funds.insufficient': 17 });
    expect(await world.balance(user, 'USDT')).toEqual({ available: '0', frozen: '300' });
    const rows = (await world.store.wallet.list({ user }, 0, 100)).rows;
    expect(rows.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
  });

  it('20 withdrawals at once against a daily limit for 3, through two gateways: exactly 3 pass', async () => {
    // Verified with an e-mail: 100,000 USDT a day. 10 ETH at 3,000 = 30,000 USDT each: three fit, a fourth doesn't.
    await world.w.credit(user, 'ETH', '200');
    // Each request through its own service (no shared in-process queue), alternating between the two stores: only
    // the store's lock on the user's row keeps them apart.
    const gateways = Array.from({ length: 20 }, (_, i) => world.other(i % 2 === 0 ? world.store : second));
    const results = await Promise.allSettled(gateways.map((g) => g.apply(req({ asset: 'ETH', amount: '10' }))));
    expect(tally(results)).toEqual({ ok: 3, 'wallet.limit.exceeded': 17 });
    expect(await world.balance(user, 'ETH')).toEqual({ available: '170', frozen: '30' });
    expect(await world.service.limits(user)).toMatchObject({ daily: '100000', used: '90000', remaining: '10000' });
    // Still refused a minute later; the window is rolling: 24 h after the first, room again.
    world.w.clock.advance(60_000);
    expect(codeOf((await Promise.allSettled([world.service.apply(req({ asset: 'ETH', amount: '4' }))]))[0]!)).toBe('wallet.limit.exceeded');
    expect((await world.service.apply(req({ asset: 'ETH', amount: '3' }))).status).toBe('applied');
    world.w.clock.advance(24 * HOUR);
    expect((await world.service.apply(req({ asset: 'ETH', amount: '10' }))).status).toBe('applied');
  });

  it('a cancelled or rejected withdrawal no longer counts toward the limit', async () => {
    await world.w.credit(user, 'ETH', '100');
    const a = await world.service.apply(req({ asset: 'ETH', amount: '30' }));
    expect((await world.service.limits(user)).used).toBe('90000');
    await world.service.cancel(user, a.id);
    expect((await world.service.limits(user)).used).toBe('0');
    expect((await world.service.apply(req({ asset: 'ETH', amount: '33' }))).status).toBe('applied');
  });

  it('whitelist: only saved addresses, each usable 24 h after it was saved; switching off takes 24 h', async () => {
    await world.w.credit(user, 'USDT', '1000');
    expect(await world.book.whitelist(user)).toEqual({ enabled: false, offAt: null });
    await expect(world.book.setWhitelist(user, { enabled: true, fundPassword: 'wrong' })).rejects.toMatchObject({ code: 'wallet.fund.password.wrong' });
    expect(await world.book.setWhitelist(user, { enabled: true, fundPassword: FUND })).toEqual({ enabled: true, offAt: null });
    const refused = async (over: Partial<WithdrawInput>) => codeOf((await Promise.allSettled([world.service.apply(req(over))]))[0]!);
    expect(await refused({})).toBe('wallet.whitelist.only');
    const saved = await world.book.add(user, { asset: 'USDT', network: 'ETH', address: getAddress(ETH_ADDR), label: 'cold wallet' });
    expect(saved.usableAt).toBe(saved.createdAt + 24 * HOUR);
    // Saved with its checksum's capitals, used in lower case: the same address.
    expect(await refused({})).toBe('wallet.whitelist.cooling');
    world.w.clock.advance(24 * HOUR - 1000);
    expect(await refused({})).toBe('wallet.whitelist.cooling');
    world.w.clock.advance(1000);
    expect((await world.service.apply(req())).status).toBe('applied');
    expect(await refused({ address: ETH_ADDR2 })).toBe('wallet.whitelist.only');
    // Switching off: still in force for 24 h, then off.
    const off = await world.book.setWhitelist(user, { enabled: false, fundPassword: FUND });
    expect(off).toEqual({ enabled: true, offAt: world.w.clock.now() + 24 * HOUR });
    expect(await refused({ address: ETH_ADDR2 })).toBe('wallet.whitelist.only');
    world.w.clock.advance(24 * HOUR);
    expect(await world.book.whitelist(user)).toEqual({ enabled: false, offAt: null });
    expect((await world.service.apply(req({ address: ETH_ADDR2 }))).status).toBe('applied');
  });

  it('address book: valid addresses only, no duplicates, at most 50, only the owner removes', async () => {
    const add = (address: string, label = 'x', network = 'ETH', asset = 'USDT') => world.book.add(user, { asset, network, address, label });
    await expect(add('0x123')).rejects.toMatchObject({ code: 'wallet.address.invalid' });
    await expect(add(ETH_ADDR, '')).rejects.toMatchObject({ code: 'wallet.label.invalid' });
    await expect(add(ETH_ADDR, 'a\u0000b')).rejects.toMatchObject({ code: 'wallet.label.invalid' });
    await expect(add(ETH_ADDR, 'x'.repeat(41))).rejects.toMatchObject({ code: 'wallet.label.invalid' });
    await expect(add(ETH_ADDR, 'x', 'SOL')).rejects.toMatchObject({ code: 'wallet.network.unknown' });
    const first = await add(ETH_ADDR, '  My cold wallet  ');
    expect(first.label).toBe('My cold wallet');
    // The same address for ETH on the same network: one entry per network and address.
    await expect(add(ETH_ADDR, 'y', 'ETH', 'ETH')).rejects.toMatchObject({ code: 'wallet.address.book.duplicate' });
    for (let i = 1; i < 50; i++) await add(`0x${i.toString(16).padStart(40, 'a')}`, `n${i}`);
    await expect(add(ETH_ADDR2)).rejects.toMatchObject({ code: 'wallet.address.book.full', data: { max: 50 } });
    const other = (await world.user('other@example.com')).id;
    await expect(world.book.remove(other, first.id)).rejects.toMatchObject({ code: 'wallet.address.book.not.found' });
    expect(await world.book.list(other, {})).toEqual([]);
    await world.book.remove(user, first.id);
    expect((await world.book.list(user, {})).length).toBe(49);
  });
});
