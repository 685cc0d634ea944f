// What the /app/invite/* routes answer (README.md beside this file). Every read is of the signed-in user's own
// data: the user comes from the session, and no request carries an id that could name anyone else (records are
// found by referrer = me, commissions by the asset records of me); invitees are shown masked, without their ids.
import { assetRecords } from '../../desks/queries.ts';
import { inviteLinkPath, type InviteCommissionItem, type InviteInfo, type InviteLevel, type InviteRecordItem } from '../../contract/invite.ts';
import type { Page } from '../../contract/api.ts';
import type { Locale } from '../../contract/locales.ts';
import { fail } from '../../errors.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { Store } from '../../store/index.ts';
import { maskAccount } from '../identity.ts';
import { createLimiter } from '../limiter.ts';
import type { RateRule } from '../policy.ts';
import { DEFAULT_RATES, minorText, rateText } from './commission.ts';
import { renderPoster } from './poster.ts';

/** Poster renders (cache misses) per user: a render costs tens of milliseconds of CPU. */
export const POSTER_RULE: RateRule = { name: 'invite.poster', limit: 30, windowMs: 10 * 60_000 };
/** Posters kept in memory (by user, language and origin), oldest dropped first. */
const POSTER_CACHE = 500;

export interface InviteServiceOptions {
  readonly store: Store;
  readonly messages: Messages;
  readonly clock: () => number;
}

export function createInviteService(o: InviteServiceOptions) {
  const { store } = o;
  const limiter = createLimiter(store.rateLimits);
  const posters = new Map<string, Buffer>();

  const me = async (user: number) => {
    const row = await store.users.findById(user);
    if (row === undefined) fail('login.user.not.login');
    return row;
  };

  return Object.freeze({
    async info(user: number): Promise<InviteInfo> {
      const row = await me(user);
      const counts = await store.users.countReferrals(user);
      const rates = (await store.invites.ratesAt(o.clock())) ?? DEFAULT_RATES;
      const earned = await store.invites.earned(user);
      return {
        inviteCode: row.invite_code,
        link: inviteLinkPath(row.invite_code),
        level1Count: counts.level1,
        level2Count: counts.level2,
        rates: { level1: rateText(rates.level1Ppm), level2: rateText(rates.level2Ppm) },
        earned: earned.filter((e) => e.amount !== 0n).map((e) => ({ asset: e.asset, amount: minorText(e.amount) })),
      };
    },

    async records(user: number, level: InviteLevel, pageIndex: number, pageSize: number): Promise<Page<InviteRecordItem>> {
      const { rows, total } = await store.invites.referrals(user, level, (pageIndex - 1) * pageSize, pageSize);
      const list = rows.map((r) => ({
        account: r.email !== null ? maskAccount('email', r.email) : maskAccount('phone', r.phone ?? ''),
        level,
        time: r.createdAt,
      }));
      return { list, total, pageIndex, pageSize };
    },

    async commissions(user: number, pageIndex: number, pageSize: number): Promise<Page<InviteCommissionItem>> {
      const reply = await assetRecords(store, { user, types: ['invite_commission'], pageIndex, pageSize });
      if (!reply.ok) fail('request.invalid');
      const list = reply.value.list.flatMap((r): InviteCommissionItem[] => {
        // invite:<day>:<inviter>:<level>:<asset>, as the spot desk wrote it.
        const [, day, , level] = r.ref.split(':');
        if (day === undefined || (level !== '1' && level !== '2')) return [];
        return [{ day, level: level === '1' ? 1 : 2, asset: r.asset, amount: r.amount, time: r.time }];
      });
      return { list, total: reply.value.total, pageIndex, pageSize };
    },

    /** The user's poster in `locale` for the site at `origin` (no trailing slash). */
    async poster(user: number, locale: Locale, origin: string): Promise<Buffer> {
      const row = await me(user);
      const key = `${user}|${locale}|${origin}`;
      const cached = posters.get(key);
      if (cached !== undefined) {
        posters.delete(key);
        posters.set(key, cached); // most recently used last
        return cached;
      }
      await limiter.consume(POSTER_RULE, String(user), o.clock());
      const png = await renderPoster(o.messages, { locale, code: row.invite_code, link: `${origin}${inviteLinkPath(row.invite_code)}` });
      posters.set(key, png);
      if (posters.size > POSTER_CACHE) posters.delete(posters.keys().next().value!);
      return png;
    },
  });
}

export type InviteService = ReturnType<typeof createInviteService>;
