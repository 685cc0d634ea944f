// /app/layouts/*: a signed-in user's saved screen layouts (the spot terminal's panel arrangement), so a layout
// follows the user to another browser. One layout per screen from LAYOUT_SCREENS, replaced as a whole, at most
// LAYOUT_MAX_BYTES of JSON; the server keeps it as text and does not interpret it (the web app checks what it
// reads back and falls back to its default).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Accounts } from '../../accounts/service.ts';
import type { Clock } from '../../clock.ts';
import { API, LAYOUT_MAX_BYTES, LAYOUT_SCREENS, type LayoutReply, type LayoutScreen } from '../../contract/api.ts';
import { fail } from '../../errors.ts';
import type { Store } from '../../store/index.ts';
import { requestContext, type Envelopes } from '../envelope.ts';
import { parser } from '../validate.ts';

export interface LayoutRouteDeps {
  store: Store;
  clock: Clock;
  accounts: Accounts;
  envelopes: Envelopes;
}

const Screen = Type.String({ minLength: 1, maxLength: 64 });
const parseScreenBody = parser(Type.Object({ screen: Screen }, { additionalProperties: false }));
// A query string may carry other parameters (a cache buster); only `screen` is read.
const parseScreenQuery = parser(Type.Object({ screen: Screen }));
const parseSave = parser(Type.Object({ screen: Screen, layout: Type.Object({}) }, { additionalProperties: false }));

/** A screen the app keeps layouts for; anything else is named clearly rather than stored. */
function knownScreen(screen: string): LayoutScreen {
  if (!(LAYOUT_SCREENS as readonly string[]).includes(screen)) fail('layout.screen.unknown');
  return screen as LayoutScreen;
}

export function layoutRoutes(app: FastifyInstance, deps: LayoutRouteDeps): void {
  const { store, clock, envelopes } = deps;
  const user = async (request: FastifyRequest) => (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user;

  app.get(API.layoutGet, async (request) => {
    const owner = await user(request);
    const screen = knownScreen(parseScreenQuery(request.query).screen);
    const held = await store.layouts.get(owner.id, screen);
    let layout: unknown = null;
    try {
      layout = held ? JSON.parse(held.layout) : null;
    } catch {
      // Never written by this route; a row that is not JSON reads as none.
    }
    const reply: LayoutReply = { screen, layout, updatedAt: layout === null ? null : (held?.updatedAt ?? null) };
    return envelopes.success(request, reply);
  });

  app.post(API.layoutSave, async (request) => {
    const owner = await user(request);
    const body = parseSave(request.body);
    const screen = knownScreen(body.screen);
    const text = JSON.stringify(body.layout);
    if (Buffer.byteLength(text, 'utf8') > LAYOUT_MAX_BYTES) fail('layout.too.large', { max: LAYOUT_MAX_BYTES });
    const now = clock();
    await store.layouts.save(owner.id, screen, text, now);
    const reply: LayoutReply = { screen, layout: body.layout, updatedAt: now };
    return envelopes.success(request, reply);
  });

  app.post(API.layoutReset, async (request) => {
    const owner = await user(request);
    const screen = knownScreen(parseScreenBody(request.body).screen);
    await store.layouts.remove(owner.id, screen);
    const reply: LayoutReply = { screen, layout: null, updatedAt: null };
    return envelopes.success(request, reply);
  });
}
