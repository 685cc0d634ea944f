// /app/layouts/*: a signed-in user's saved layout per screen, replaced as a whole and kept apart per user; known
// screens only, at most LAYOUT_MAX_BYTES; nothing is stored when the input is refused; reset forgets it.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, LAYOUT_MAX_BYTES } from '../../../server/contract/api.ts';
import { describeDialects } from '../dialects.ts';
import { openSpotHarness, type SpotHarness } from './spot/harness.ts';

const LAYOUT = { version: 1, closed: [], root: { type: 'group', id: 'g', panels: [{ id: 'chart', kind: 'chart', symbol: 'ETHUSDT' }], active: 'chart' } };

describeDialects('layout routes', (dialect) => {
  let h: SpotHarness;
  beforeEach(async () => {
    h = await openSpotHarness(dialect);
  });
  afterEach(async () => h.dispose());
  const get = async (ticket: string, screen = 'spot') => (await h.call('GET', `${API.layoutGet}?screen=${encodeURIComponent(screen)}`, { ticket })).body;
  const save = (ticket: string | undefined, body: unknown) => h.call('POST', API.layoutSave, ticket === undefined ? { body } : { body, ticket });
  const reset = (ticket: string, body: unknown) => h.call('POST', API.layoutReset, { body, ticket });

  it('needs a session', async () => {
    expect((await h.call('GET', `${API.layoutGet}?screen=spot`)).body.code).toBe('login.user.not.login');
    expect((await save(undefined, { screen: 'spot', layout: LAYOUT })).body.code).toBe('login.user.not.login');
    expect((await h.call('POST', API.layoutReset, { body: { screen: 'spot' } })).body.code).toBe('login.user.not.login');
  });

  it('keeps each user their own layout, replaced as a whole, until reset', async () => {
    const a = await h.signUp('a@example.com');
    const b = await h.signUp('b@example.com');
    expect(await get(a.ticket)).toMatchObject({ code: 'success', data: { screen: 'spot', layout: null, updatedAt: null } });

    const saved = await save(a.ticket, { screen: 'spot', layout: LAYOUT });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 'success', data: { screen: 'spot', layout: LAYOUT, updatedAt: h.clock.now() } });
    expect((await get(a.ticket)).data).toEqual({ screen: 'spot', layout: LAYOUT, updatedAt: h.clock.now() });
    expect((await get(b.ticket)).data.layout).toBeNull();

    h.clock.advance(5_000);
    const next = { ...LAYOUT, closed: [{ id: 'book', kind: 'book' }] };
    await save(a.ticket, { screen: 'spot', layout: next });
    expect((await get(a.ticket)).data).toEqual({ screen: 'spot', layout: next, updatedAt: h.clock.now() });

    expect((await reset(a.ticket, { screen: 'spot' })).body).toMatchObject({ code: 'success', data: { layout: null } });
    expect((await get(a.ticket)).data.layout).toBeNull();
    // Reset when none is kept is fine too.
    expect((await reset(a.ticket, { screen: 'spot' })).body.code).toBe('success');
  });

  it('refuses unknown screens, oversized layouts and bad input, and stores nothing', async () => {
    const a = await h.signUp('a@example.com');
    await save(a.ticket, { screen: 'spot', layout: LAYOUT });
    const unknown = await save(a.ticket, { screen: 'futures', layout: LAYOUT });
    expect(unknown.body.code).toBe('layout.screen.unknown');
    expect(unknown.body.msg).toBe('This screen has no saved layout.');
    expect((await get(a.ticket, 'futures')).code).toBe('layout.screen.unknown');
    expect((await reset(a.ticket, { screen: 'futures' })).body.code).toBe('layout.screen.unknown');

    const big = { ...LAYOUT, padding: 'x'.repeat(LAYOUT_MAX_BYTES) };
    const tooLarge = await save(a.ticket, { screen: 'spot', layout: big });
    expect(tooLarge.body.code).toBe('layout.too.large');
    expect(tooLarge.body.msg).toContain(String(LAYOUT_MAX_BYTES));
    const zh = await h.call('POST', API.layoutSave, { body: { screen: 'spot', layout: big }, ticket: a.ticket, lang: 'zh-CN' });
    expect(zh.body.msg).toContain('布局过大');

    expect((await save(a.ticket, { screen: 'spot' })).body.code).toBe('validate.required');
    expect((await save(a.ticket, { screen: 'spot', layout: 'text' })).body.code).toBe('request.invalid');
    expect((await save(a.ticket, { screen: 'spot', layout: [1, 2] })).body.code).toBe('request.invalid');
    expect((await save(a.ticket, { screen: 'spot', layout: LAYOUT, extra: 1 })).body.code).toBe('request.invalid');
    expect((await h.call('GET', API.layoutGet, { ticket: a.ticket })).body.code).toBe('validate.required');
    expect((await get(a.ticket)).data.layout).toEqual(LAYOUT);
  });
});
