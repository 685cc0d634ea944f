// The bot's account: an ordinary user row (so its orders, trades and records look like anyone's) that nobody can
// sign in to, and its inventory, credited through the wallet desk's operator path like any operator credit
// (journal entry external → user, an asset record with the memo).
import { newInviteCode } from '../accounts/secrets.ts';
import type { Clock } from '../clock.ts';
import type { FundsFace } from '../desks/index.ts';
import { formatDecimal } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';

export const MAKER_EMAIL = 'market-maker@openex.local';
export const MAKER_NICKNAME = 'Market maker (bot)';
export const INVENTORY_MEMO = 'market maker inventory';
/** Not an argon2 hash: every password check against it fails, so the account can't be signed in to. */
export const UNUSABLE_PASSWORD = '!bot:no-login';

/** The bot user's id, creating the user when absent. */
export async function ensureBotUser(store: Store, clock: Clock, email = MAKER_EMAIL, nickname = MAKER_NICKNAME): Promise<number> {
  const found = await store.users.findByEmail(email);
  if (found) return found.id;
  const now = clock();
  try {
    return await store.users.insert({
      email,
      phone: null,
      password_hash: UNUSABLE_PASSWORD,
      fund_password_hash: null,
      nickname,
      invite_code: newInviteCode(),
      referrer_id: null,
      real_name_status: 'none',
      credit_score: 100,
      frozen: 0,
      has_recharge: 0,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // Another process created it first (unique e-mail): use theirs.
    const again = await store.users.findByEmail(email);
    if (again) return again.id;
    throw error;
  }
}

/**
 * Credits `amount` minor units of `asset` unless the bot already holds some (available or frozen): funded once,
 * and again only for an asset it has never held (a market added later). Answers whether it credited.
 * The credit carries a request id of its own per bot and asset (`adjustOnce`), so two runners (a jobs process and
 * the one taking over from it, both having read a zero balance) credit it once between them.
 */
export async function fundOnce(desk: FundsFace, user: number, asset: string, amount: bigint): Promise<boolean> {
  const balances = await desk.balances(user);
  if (!balances.ok) throw new Error(`balances: ${balances.code}`);
  const held = balances.value.find((b) => b.asset === asset);
  if (held !== undefined && (held.available !== '0' || held.frozen !== '0')) return false;
  if (amount <= 0n) return false;
  const credited = await desk.adjustOnce({
    user, asset, amount: formatDecimal(amount, 8, true), action: 'credit', memo: INVENTORY_MEMO, requestId: inventoryRequestId(user, asset),
  });
  if (!credited.ok) throw new Error(`credit ${asset}: ${credited.code}`);
  return !credited.value.duplicate;
}

/** The request id of a bot's inventory credit in `asset`: one per bot and asset. */
export const inventoryRequestId = (user: number, asset: string): string => `inventory:${user}:${asset}`;
