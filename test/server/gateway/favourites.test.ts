// /app/favourites/*: a signed-in user's watchlist, replaced as a whole; known markets only, duplicates dropped
// with their first place kept, at most FAVOURITES_MAX; nothing is stored when the input is refused.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, FAVOURITES_MAX } from '../../../server/contract/api.ts';
import { describeDialects } from '../dialects.ts';
import { openSpotHarness, type SpotHarness } from './spot/harness.ts';

describeDialects('favourite routes', (dialect) => {
  let h: SpotHarness;
  beforeEach(async () => {
    h = await openSpotHarness(dialect);
  });
  afterEach(async () => h.dispose());
  const list = async (ticket: string) => (await h.call('GET', API.favouritesList, { ticket })).body;
  const set = (ticket: string | undefined, body: unknown) =>
    h.call('POST', API.favouritesSet, ticket === undefined ? { body } : { body, ticket });

  it('needs a session', async () => {
    expect((await h.call('GET', API.favouritesList)).body.code).toBe('login.user.not.login');
    expect((await set(undefined, { symbols: ['BTCUSDT'] })).body.code).toBe('login.user.not.login');
  });

  it('keeps each user their own list, in order, without duplicates', async () => {
    const a = await h.signUp('a@example.com');
    const b = await h.signUp('b@example.com');
    expect(await list(a.ticket)).toMatchObject({ code: 'success', data: { symbols: [] } });

    const r = await set(a.ticket, { symbols: ['ETHUSDT', 'BTCUSDT', 'ETHUSDT'] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 'success', data: { symbols: ['ETHUSDT', 'BTCUSDT'] } });
    expect((await list(a.ticket)).data).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT'] });
    expect((await list(b.ticket)).data).toEqual({ symbols: [] });

    // Replaced as a whole: reordered, then emptied.
    await set(a.ticket, { symbols: ['BTCUSDT', 'ETHUSDT'] });
    expect((await list(a.ticket)).data).toEqual({ symbols: ['BTCUSDT', 'ETHUSDT'] });
    await set(a.ticket, { symbols: [] });
    expect((await list(a.ticket)).data).toEqual({ symbols: [] });
  });

  it('refuses bad input and stores nothing', async () => {
    const a = await h.signUp('a@example.com');
    await set(a.ticket, { symbols: ['BTCUSDT'] });
    const unknown = await set(a.ticket, { symbols: ['ETHUSDT', 'NOPEUSDT'] });
    expect(unknown.body.code).toBe('market.unknown');
    expect((await set(a.ticket, {})).body.code).toBe('validate.required');
    expect((await set(a.ticket, { symbols: 'BTCUSDT' })).body.code).toBe('request.invalid');
    expect((await set(a.ticket, { symbols: [''] })).body.code).toBe('request.invalid');
    expect((await set(a.ticket, { symbols: ['BTCUSDT'], extra: 1 })).body.code).toBe('request.invalid');
    const tooMany = Array.from({ length: FAVOURITES_MAX + 1 }, () => 'BTCUSDT');
    expect((await set(a.ticket, { symbols: tooMany })).body.code).toBe('request.invalid');
    expect((await list(a.ticket)).data).toEqual({ symbols: ['BTCUSDT'] });
  });
});
