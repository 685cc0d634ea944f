import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../server/kernel/codes.ts';
import { EXTERNAL, FEE_INCOME, parseAccount, SYSTEM_ACCOUNTS, systemAccount, userAccount, WALLETS } from '../../../../server/kernel/ledger/accounts.ts';
import { Ledger, LedgerError, type Posting } from '../../../../server/kernel/ledger/ledger.ts';
import { amount, asset, userId } from '../../../../server/kernel/money/nominal.ts';

const USDT = asset('USDT');
const BTC = asset('BTC');
const alice = userAccount(userId(1), 'coin', 'available');
const aliceFrozen = userAccount(userId(1), 'coin', 'frozen');
const bob = userAccount(userId(2), 'coin', 'available');
const p = (account: Posting['account'], a: typeof USDT, n: bigint): Posting => ({ account, asset: a, amount: amount(n) });

describe('account keys', () => {
  it('name five wallets with two parts per user, and the system accounts', () => {
    for (const wallet of WALLETS) {
      for (const part of ['available', 'frozen'] as const) {
        const key = userAccount(userId(42), wallet, part);
        expect(parseAccount(key)).toEqual({ kind: 'user', user: 42, wallet, part });
      }
    }
    for (const name of SYSTEM_ACCOUNTS) expect(parseAccount(systemAccount(name))).toEqual({ kind: 'system', name });
    expect(parseAccount('user:1:coin:spare')).toBeUndefined();
    expect(parseAccount('system:petty-cash')).toBeUndefined();
  });
});

describe('Ledger', () => {
  it('applies balanced postings; the external account carries deposits negative', () => {
    const l = new Ledger();
    expect(l.tryPost([p(EXTERNAL, USDT, -100n), p(alice, USDT, 100n)])).toBe(Code.OK);
    expect(l.balance(alice, USDT)).toBe(100n);
    expect(l.balance(EXTERNAL, USDT)).toBe(-100n);
    l.checkInvariants();
  });

  it('refuses postings that do not sum to zero per asset, changing nothing', () => {
    const l = new Ledger();
    expect(l.tryPost([p(EXTERNAL, USDT, -100n), p(alice, USDT, 99n)])).toBe(Code.LEDGER_UNBALANCED);
    // Balanced in total but not per asset.
    expect(l.tryPost([p(EXTERNAL, USDT, -100n), p(alice, BTC, 100n)])).toBe(Code.LEDGER_UNBALANCED);
    expect(l.entries()).toEqual([]);
  });

  it('refuses to take any account but the external one below zero', () => {
    const l = new Ledger();
    l.post([p(EXTERNAL, USDT, -100n), p(alice, USDT, 100n)]);
    expect(l.tryPost([p(alice, USDT, -101n), p(bob, USDT, 101n)])).toBe(Code.LEDGER_NEGATIVE);
    expect(l.tryPost([p(FEE_INCOME, USDT, -1n), p(bob, USDT, 1n)])).toBe(Code.LEDGER_NEGATIVE);
    expect(l.balance(alice, USDT)).toBe(100n);
    // Judged on the set's net effect: debit and credit of one account in one set.
    expect(l.tryPost([p(alice, USDT, -170n), p(alice, USDT, 60n), p(aliceFrozen, USDT, 110n)])).toBe(Code.LEDGER_NEGATIVE);
    expect(l.tryPost([p(alice, USDT, -150n), p(alice, USDT, 60n), p(aliceFrozen, USDT, 90n)])).toBe(Code.OK);
    expect(l.balance(alice, USDT)).toBe(10n);
  });

  it('throws from post() when a caller that must be right is not', () => {
    const l = new Ledger();
    expect(() => l.post([p(alice, USDT, -1n), p(bob, USDT, 1n)])).toThrow(LedgerError);
  });

  it('snapshots and rebuilds its balances, refusing snapshots that do not balance', () => {
    const l = new Ledger();
    l.post([p(EXTERNAL, USDT, -100n), p(alice, USDT, 70n), p(bob, USDT, 30n)]);
    l.post([p(EXTERNAL, BTC, -5n), p(bob, BTC, 5n)]);
    const copy = Ledger.fromEntries(l.entries());
    expect(copy.entries()).toEqual(l.entries());
    expect(l.assets()).toEqual(['BTC', 'USDT']);
    expect(() => Ledger.fromEntries([{ account: alice, asset: USDT, amount: amount(1n) }])).toThrow(LedgerError);
  });

  it('keeps every asset summing to zero whatever is attempted', () => {
    const accounts = [alice, aliceFrozen, bob, EXTERNAL, FEE_INCOME];
    const posting = fc.record({
      account: fc.constantFrom(...accounts),
      asset: fc.constantFrom(USDT, BTC),
      amount: fc.bigInt({ min: -50n, max: 50n }).map(amount),
    });
    fc.assert(
      fc.property(fc.array(fc.array(posting, { maxLength: 5 }), { maxLength: 30 }), (sets) => {
        const l = new Ledger();
        for (const set of sets) {
          const before = l.entries();
          const code = l.tryPost(set);
          if (code !== Code.OK) expect(l.entries()).toEqual(before);
          l.checkInvariants();
        }
      }),
    );
  });
});
