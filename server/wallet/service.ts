// Withdrawals (issue 22; every rule and number is in README.md beside this file), free of HTTP.
//
// An application is checked in this order, each refusal a code of WALLET_ERROR_CODES, and nothing is stored before
// every check has passed:
//   1. the asset is a coin of the exchange (wallet.asset.unknown), the chain sends it on that network and the
//      network takes withdrawals (wallet.network.unknown);
//   2. the address is valid for the network (wallet.address.invalid);
//   3. the amount is a positive decimal (wallet.amount.invalid), no finer than the network's withdrawDecimals
//      (wallet.amount.precision), at least its minimum and more than its fee (wallet.amount.below.min);
//   4. the identity is verified (wallet.identity.required);
//   5. the fund password is set and right (wallet.fund.password.required, .wrong; guessing is slowed by the
//      security guard: wallet.withdraw.throttled with retryAfter);
//   6. with TOTP on, a fresh code (wallet.totp.required, wallet.totp.wrong; a used code is wrong);
//   7. no security change in the last 24 h (wallet.security.locked with until);
//   8. with the whitelist in force, a saved address (wallet.whitelist.only) saved 24 h ago or more
//      (wallet.whitelist.cooling with usableAt);
//   9. the daily limit (wallet.limit.exceeded with limit and used), checked and the row inserted in one transaction
//      that holds the user's wallet_settings row (PostgreSQL: FOR UPDATE; SQLite: its one writer), so two
//      applications of one user can't both pass it;
//  10. the balance: the spot desk's withdrawHold, sequenced with trading (funds.insufficient).
// Bots (Binance's withdraw/apply) skip 5 and 6: a key allowed to withdraw, restricted to IP addresses, stands for them
// (gateway/binance/wallet.ts). Every attempt counts toward WITHDRAW_ATTEMPTS first (wallet.withdraw.throttled).
//
// A user's applications also run one after another in this process (a queue per user), which keeps SQLite's
// writer free of lock waits; the transaction above is what holds across processes.
import type { Clock } from '../clock.ts';
import { identityLevel } from '../contract/identity.ts';
import type { WalletErrorCode, WithdrawalItem, WithdrawLimits } from '../contract/wallet.ts';
import { DeskUnavailableError } from '../desks/codes.ts';
import { AppError, fail, secondsUntil } from '../errors.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Store } from '../store/index.ts';
import type { WithdrawalRow } from '../store/wallet.ts';
import type { UserRow } from '../store/users.ts';
import { walletCoins } from './deposits.ts';
import { tellWithdrawal } from './mail.ts';
import type { AssetRule, WalletChain, WalletDesk } from './ports.ts';
import {
  addressKey, bindings, checkAmount, CLIENT_ID, dailyLimit, LIMIT_WINDOW_MS, plainAddress, usdtValue, WHITELIST_COOLING_MS, WITHDRAW_ATTEMPTS,
  type LimitFactors,
} from './rules.ts';
import { holdStep, releaseStep } from './steps.ts';
import { dec, ruleOf, withdrawalItem } from './views.ts';

export interface WalletServiceDeps {
  readonly store: Store;
  readonly clock: Clock;
  /** The chain; undefined when the server runs without custody (every network is then unknown). */
  readonly chain: WalletChain | undefined;
  /** The spot desk's wallet commands; undefined when the server doesn't trade. */
  readonly desk: WalletDesk | undefined;
  /** USDT ledger units per whole coin (USDT itself: 10^8), or null when the coin has no price. */
  readonly price: (asset: string) => bigint | null;
  /** The security centre's fund-password check (guarded): security.fund.notSet | .wrong | security.throttled. */
  readonly verifyFundPassword: (user: number, password: string) => Promise<void>;
  /** The two-factor TOTP check (guarded, uses the code up): totp.not.enabled | totp.code.invalid | .used | security.throttled. */
  readonly verifyTotp: (user: number, code: string) => Promise<void>;
  /** The anti-phishing notifier: applied withdrawals are told to their owner. */
  readonly notifier: Notifier;
  readonly messages: Messages;
  /** Attempts per user and window (default WITHDRAW_ATTEMPTS). */
  readonly attempts?: { readonly limit: number; readonly windowMs: number };
}

/** How the applicant proved it is them: the fund password (and TOTP code), or an API key allowed to withdraw. */
export type WithdrawProof = { readonly kind: 'secrets'; readonly fundPassword: string; readonly totpCode?: string | undefined } | { readonly kind: 'apiKey' };

export interface WithdrawInput {
  readonly user: number;
  readonly asset: string;
  readonly network: string;
  readonly address: string;
  readonly amount: string;
  readonly clientId?: string | undefined;
  readonly proof: WithdrawProof;
}

const fundCodes: Record<string, WalletErrorCode> = {
  'security.fund.notSet': 'wallet.fund.password.required',
  'validate.required': 'wallet.fund.password.required',
  'security.fund.wrong': 'wallet.fund.password.wrong',
};
const totpCodes: Record<string, WalletErrorCode> = {
  'totp.code.invalid': 'wallet.totp.wrong',
  'totp.code.used': 'wallet.totp.wrong',
  'totp.not.enabled': 'wallet.totp.wrong',
};

/** Runs `check`, answering its refusals with the wallet's codes (`security.throttled` → wallet.withdraw.throttled). */
async function mapped(codes: Record<string, WalletErrorCode>, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'security.throttled') fail('wallet.withdraw.throttled', error.data ?? undefined);
    const code = codes[error.code];
    if (code !== undefined) fail(code);
    throw error;
  }
}

/** A desk call: a stopped or closing desk is the service being unavailable, not the request being wrong. */
async function deskCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DeskUnavailableError) throw new AppError('service.unavailable');
    throw error;
  }
}

export function createWalletService(deps: WalletServiceDeps) {
  const { store, clock } = deps;
  const attempts = deps.attempts ?? WITHDRAW_ATTEMPTS;

  /** One application per user at a time in this process. */
  const queues = new Map<number, Promise<unknown>>();
  function serial<T>(user: number, work: () => Promise<T>): Promise<T> {
    const before = queues.get(user) ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.catch(() => undefined);
    queues.set(user, settled);
    void settled.then(() => {
      if (queues.get(user) === settled) queues.delete(user);
    });
    return mine;
  }

  async function userRow(user: number): Promise<UserRow> {
    const row = await store.users.findById(user);
    if (row === undefined) fail('account.not.authenticated');
    return row;
  }

  async function factors(user: UserRow): Promise<LimitFactors> {
    const twoFactor = await store.twoFactor.summary(user.id);
    return { verified: identityLevel(user.real_name_status) === 1, email: user.email !== null, phone: user.phone !== null, authenticator: twoFactor.totpEnabled };
  }

  async function countAttempt(user: number): Promise<void> {
    const now = clock();
    const state = await store.rateLimits.hit(`${WITHDRAW_ATTEMPTS.name}:${user}`, attempts.windowMs, now);
    if (state.count > attempts.limit) fail('wallet.withdraw.throttled', { retryAfter: secondsUntil(state.resetAt, now) });
  }

  /** Steps 1 to 3: the rule of (asset, network) and the amount in ledger units. */
  async function checkRequest(input: WithdrawInput): Promise<{ rule: AssetRule; amount: bigint }> {
    if (!(await walletCoins({ store, chain: deps.chain })).includes(input.asset)) fail('wallet.asset.unknown');
    const found = ruleOf(deps.chain, input.asset, input.network);
    if (found === null || !found.info.withdrawEnabled) fail('wallet.network.unknown');
    if (!plainAddress(input.address) || !deps.chain!.isValidAddress(found.rule.network, input.address)) fail('wallet.address.invalid');
    const amount = checkAmount(input.amount, found.rule);
    if (!amount.ok) fail(amount.code, amount.data);
    return { rule: found.rule, amount: amount.value };
  }

  /** Step 8: with the whitelist in force, only a saved address, saved WHITELIST_COOLING_MS ago or more. */
  async function checkWhitelist(user: number, network: string, address: string): Promise<void> {
    const settings = await store.wallet.settings(user);
    const now = clock();
    const inForce = settings.whitelist && (settings.whitelistOffAt === null || settings.whitelistOffAt > now);
    if (!inForce) return;
    const saved = await store.wallet.bookFind(user, network, addressKey(network, address));
    if (saved === undefined) fail('wallet.whitelist.only');
    const usableAt = saved.createdAt + WHITELIST_COOLING_MS;
    if (usableAt > now) fail('wallet.whitelist.cooling', { usableAt });
  }

  /** The USDT equivalent of an amount, for the limit: an asset with no price can't be valued, so it is refused. */
  function valueOf(asset: string, amount: bigint, limit: bigint, used: bigint): bigint {
    const price = deps.price(asset);
    if (price === null) fail('wallet.limit.exceeded', { limit: dec(limit), used: dec(used), unpriced: true });
    return usdtValue(amount, price);
  }

  /** Steps 5 and 6: the fund password, and a fresh TOTP code when the user has TOTP on. */
  async function proveSecrets(user: number, fundPassword: string, totpCode: string | undefined, totpOn?: boolean): Promise<void> {
    if (fundPassword === '') fail('wallet.fund.password.required');
    await mapped(fundCodes, () => deps.verifyFundPassword(user, fundPassword));
    if (!(totpOn ?? (await store.twoFactor.summary(user)).totpEnabled)) return;
    const code = totpCode?.trim() ?? '';
    if (code === '') fail('wallet.totp.required');
    await mapped(totpCodes, () => deps.verifyTotp(user, code));
  }

  async function apply(input: WithdrawInput): Promise<WithdrawalItem> {
    await countAttempt(input.user);
    if (input.clientId !== undefined && !CLIENT_ID.test(input.clientId)) fail('request.invalid');
    const { rule, amount } = await checkRequest(input);
    const user = await userRow(input.user);
    const f = await factors(user);
    if (!f.verified) fail('wallet.identity.required');
    if (input.proof.kind === 'secrets') await proveSecrets(user.id, input.proof.fundPassword, input.proof.totpCode, f.authenticator);
    const until = (await store.security.get(user.id))?.withdrawal_locked_until ?? null;
    if (until !== null && Number(until) > clock()) fail('wallet.security.locked', { until: Number(until) });
    await checkWhitelist(user.id, rule.network, input.address);
    const desk = deps.desk;
    if (desk === undefined) fail('service.unavailable');
    const limit = dailyLimit(f);

    return serial(user.id, async () => {
      const now = clock();
      const { row, fresh } = await store.transaction(async (tx) => {
        await tx.wallet.lockUser(user.id, now);
        if (input.clientId !== undefined) {
          const first = await tx.wallet.byClientId(user.id, input.clientId);
          if (first !== undefined) return { row: first, fresh: false };
        }
        const used = await tx.wallet.usedSince(user.id, now - LIMIT_WINDOW_MS);
        const value = valueOf(rule.asset, amount, limit, used);
        if (used + value > limit) fail('wallet.limit.exceeded', { limit: dec(limit), used: dec(used) });
        const id = await tx.wallet.insert({
          user: user.id, asset: rule.asset, network: rule.network, address: input.address, amount, fee: rule.withdrawFee, valueUsdt: value,
          clientId: input.clientId ?? null, via: input.proof.kind === 'apiKey' ? 'api' : 'app', now,
        });
        return { row: (await tx.wallet.get(id))!, fresh: true };
      });
      // A repeated client id answers the first withdrawal as it stands.
      if (!fresh) return withdrawalItem(row);
      const held = await deskCall(() => holdStep({ store, clock, desk }, row));
      if (!held.ok) fail(held.code === 'funds.insufficient' ? 'funds.insufficient' : 'wallet.amount.invalid');
      if (held.moved) await tellWithdrawal(deps, held.row, 'applied').catch(() => false);
      return withdrawalItem(held.row);
    });
  }

  /** The user's own withdrawal, or wallet.withdrawal.not.found (another user's id answers the same). */
  async function own(user: number, id: number): Promise<WithdrawalRow> {
    const row = Number.isSafeInteger(id) && id > 0 ? await store.wallet.get(id) : undefined;
    if (row === undefined || row.user !== user) fail('wallet.withdrawal.not.found');
    return row;
  }

  return Object.freeze({
    apply,
    /** The fund password (and TOTP when on) that changing a wallet setting asks for, refused with the wallet's codes. */
    proveSecrets: (user: number, fundPassword: string, totpCode: string | undefined) => proveSecrets(user, fundPassword, totpCode),

    /** Cancels the user's own withdrawal while it waits for review: its hold goes back to available. */
    async cancel(user: number, id: number): Promise<WithdrawalItem> {
      const row = await own(user, id);
      const desk = deps.desk;
      if (desk === undefined) fail('service.unavailable');
      if (!(await store.wallet.transition(row.id, ['applied'], 'cancelled', clock()))) fail('wallet.withdrawal.not.cancellable');
      // Cancelled now; if the desk is down the lifecycle job releases the hold once it is back.
      await deskCall(() => releaseStep({ store, clock, desk }, row, 'cancelled'));
      return withdrawalItem((await store.wallet.get(row.id))!);
    },

    async get(user: number, id: number): Promise<WithdrawalItem> {
      return withdrawalItem(await own(user, id));
    },

    /** The user's daily limit, what the last 24 h used of it, and what they need for a withdrawal. */
    async limits(user: number): Promise<WithdrawLimits> {
      const row = await userRow(user);
      const f = await factors(row);
      const now = clock();
      const daily = dailyLimit(f);
      const used = await store.wallet.usedSince(user, now - LIMIT_WINDOW_MS);
      const until = (await store.security.get(user))?.withdrawal_locked_until ?? null;
      return {
        daily: dec(daily), used: dec(used), remaining: dec(daily > used ? daily - used : 0n), verified: f.verified, bindings: bindings(f),
        lockedUntil: until !== null && Number(until) > now ? Number(until) : null, totpRequired: f.authenticator,
        fundPasswordSet: row.fund_password_hash !== null,
      };
    },
  });
}

export type WalletService = ReturnType<typeof createWalletService>;
