// The user's quantitative bots (`quant`, private), unshared and unthrottled (the runtime shares them and thins them
// to frames): per session, seeded on every fresh run from the running bots and the latest ended ones, then moved by
// the events the spot desk sends at every change of a bot (a robot's stage, a fill, its end).
import type { Observable } from 'rxjs';
import { QUANT_PATHS, QUANT_TOPIC, type QuantBotView } from '../contract.ts';
import type { Loadable } from '../loadable.ts';
import { parseQuantBotPage, parseQuantEvent } from '../parse/quant.ts';
import { freshQuantRun, mergeQuant, noQuantBots, seedQuant, type QuantBots, type QuantSeed } from '../reducers/quant.ts';
import { RestError, type Http } from '../rest/http.ts';
import type { TopicHub } from '../socket/topics.ts';
import type { Timers } from '../timers.ts';
import { perSession } from './account.ts';
import { seeded$ } from './seeded.ts';

export interface QuantSources {
  readonly hub: Pick<TopicHub, 'topic$' | 'ticket$'>;
  readonly timers: Timers;
  readonly loadBots?: ((signal: AbortSignal) => Promise<QuantSeed>) | undefined;
}

export const quantBotsPipeline = (src: QuantSources): Observable<Loadable<QuantBots>> =>
  perSession(src, () =>
    seeded$<QuantBots, QuantSeed>({
      topic$: src.hub.topic$(QUANT_TOPIC),
      initial: noQuantBots,
      timers: src.timers,
      ...(src.loadBots ? { load: src.loadBots } : {}),
      onFresh: freshQuantRun,
      onLoad: seedQuant,
      onEvent: (state, data) => {
        const bot = parseQuantEvent(data);
        return bot ? mergeQuant(state, [bot]) : state;
      },
    }),
  );

/** Running bots read for the seed (QUANT_MAX_RUNNING is far below), and the latest ended ones. */
export const QUANT_SEED_RUNNING = 100;
export const QUANT_SEED_ENDED = 50;

/** The seed when the app hands in none: GET /app/quant/list (running, then ended), enveloped, with the session's ticket. */
export const quantBotsReader =
  (http: Pick<Http, 'getEnvelope'>) =>
  async (signal?: AbortSignal): Promise<QuantSeed> => {
    const read = async (status: 'running' | 'ended', pageSize: number): Promise<QuantBotView[]> => {
      const page = parseQuantBotPage(await http.getEnvelope(QUANT_PATHS.list, { status, pageIndex: 1, pageSize }, signal));
      if (page === null) throw new RestError('client.reply', 'unexpected reply');
      return page.list;
    };
    const [running, ended] = await Promise.all([read('running', QUANT_SEED_RUNNING), read('ended', QUANT_SEED_ENDED)]);
    return { running, ended };
  };
