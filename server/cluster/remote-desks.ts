// The desks of a cluster as a gateway or the jobs process sees them: every desk's remote face (desk-client.ts), and
// transfers between wallets as commands to two desks. Start-up waits for the desk processes to answer, so the
// processes of a cluster may start in any order.
import type { Store } from '../store/index.ts';
import { DeskUnavailableError } from '../desks/codes.ts';
import type { Desks } from '../desks/index.ts';
import { createTransfers } from '../desks/transfers.ts';
import { remoteDesk, type DeskClient, type RemoteFace } from './desk-client.ts';
import type { Bus } from '../bus/index.ts';
import type { DeskEvent } from '../desks/events.ts';
import { DESK_SPECS, EARN_DESK, FIAT_DESK, PERP_DESK, SECONDS_DESK, SPOT_DESK } from './desks.ts';
import { watchingBus, type WatchingBus } from './interest.ts';

/** A process's bus of the desks' events that tells every desk, through `client`, which users it listens to (interest.ts). */
export function watchingDesks(events: Bus<DeskEvent>, client: DeskClient): WatchingBus<DeskEvent> {
  const desks = Object.keys(DESK_SPECS);
  return watchingBus(events, (users, ttlMs) => client.watch(desks, users, ttlMs));
}

/** Waits until a desk process answers; gives up with the last reason after `until`. */
async function whenAnswering<T>(what: string, open: () => Promise<T>, until: number): Promise<T> {
  for (;;) {
    try {
      return await open();
    } catch (error) {
      if (!(error instanceof DeskUnavailableError) || Date.now() > until) throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/** Every desk of the cluster through `client`; close() stops the mirrored reads' refresh (not the client). */
export async function openRemoteDesks(client: DeskClient, store: Store, o: { readonly startTimeoutMs?: number | undefined } = {}): Promise<Desks> {
  const until = Date.now() + (o.startTimeoutMs ?? 60_000);
  const faces: Array<RemoteFace<unknown>> = [];
  const open = async <F>(what: string, make: () => Promise<RemoteFace<F>>): Promise<F> => {
    const face = await whenAnswering(`the ${what} desk`, make, until);
    faces.push(face as RemoteFace<unknown>);
    return face.desk;
  };
  try {
    const spot = await open('coin', () => remoteDesk(client, SPOT_DESK));
    const perp = await open('contract', () => remoteDesk(client, PERP_DESK));
    const earn = await open('earn', () => remoteDesk(client, EARN_DESK));
    const fiat = await open('fiat', () => remoteDesk(client, FIAT_DESK));
    const seconds = await open('seconds', () => remoteDesk(client, SECONDS_DESK));
    const byWallet = Object.freeze({ coin: spot, contract: perp, earn, seconds, fiat });
    return Object.freeze({
      spot, contract: perp, perp, earn, seconds, fiat, byWallet,
      transfers: createTransfers(store, byWallet),
      close: async () => {
        for (const f of faces) f.close();
      },
    });
  } catch (error) {
    for (const f of faces) f.close();
    throw error;
  }
}
