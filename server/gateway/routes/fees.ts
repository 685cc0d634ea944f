// /app/fees/*: the fee rate table of /rateStandard (public) and the signed-in user's level and trailing volume.
// The table shown is the one in force (the table the applied recompute used; the configured one before any), so
// what the page says is what the desks charge. Levels come from the store, written by the fee-level job (jobs/).
import type { FastifyInstance } from 'fastify';
import type { Accounts } from '../../accounts/service.ts';
import type { Clock } from '../../clock.ts';
import { API, type FeeLevelItem, type FeeRateStandardReply, type MyFeeLevelReply } from '../../contract/api.ts';
import { btcText, percentText } from '../../jobs/fee-table.ts';
import { configuredFeeTable } from '../../jobs/fee-levels.ts';
import { APPLY_HOUR, nextApplyAt, nextRecomputeAt, RECOMPUTE_HOUR, WINDOW_DAYS } from '../../kernel/index.ts';
import type { FeeTableRow } from '../../store/feeLevels.ts';
import type { Store } from '../../store/index.ts';
import { requestContext, type Envelopes } from '../envelope.ts';

export interface FeeRouteDeps {
  store: Store;
  clock: Clock;
  accounts: Accounts;
  envelopes: Envelopes;
}

const item = (r: FeeTableRow): FeeLevelItem => ({
  level: r.level, minVolumeBtc: btcText(r.minVolume), makerPercent: percentText(r.makerPpm), takerPercent: percentText(r.takerPpm),
});

const rowOf = (table: readonly FeeTableRow[], level: number): FeeTableRow => table[Math.min(level, table.length - 1)]!;

export function feeRoutes(app: FastifyInstance, deps: FeeRouteDeps): void {
  const { store, clock, envelopes } = deps;

  app.get(API.feeRateStandard, async (request) => {
    const now = clock();
    const table = (await store.feeLevels.latestApplied())?.table ?? (await configuredFeeTable(store));
    const reply: FeeRateStandardReply = {
      levels: table.map(item), nextRecomputeAt: nextRecomputeAt(now), nextApplyAt: nextApplyAt(now), windowDays: WINDOW_DAYS,
    };
    return envelopes.success(request, reply);
  });

  app.get(API.feeMyLevel, async (request) => {
    const { user } = await deps.accounts.sessions.authenticate(requestContext(request).ticket);
    const inForce = await store.feeLevels.latestApplied();
    const table = inForce?.table ?? (await configuredFeeTable(store));
    const mine = inForce ? await store.feeLevels.userLevel(inForce.recomputeAt, user.id) : undefined;
    const row = rowOf(table, mine?.level ?? 0);
    const latest = await store.feeLevels.latest();
    let pending: MyFeeLevelReply['pending'] = null;
    if (latest && latest.appliedAt === null && latest.recomputeAt > (inForce?.recomputeAt ?? -Infinity)) {
      const next = await store.feeLevels.userLevel(latest.recomputeAt, user.id);
      pending = {
        level: next?.level ?? 0,
        volumeBtc: btcText(next?.volume ?? 0n),
        applyAt: latest.recomputeAt + (APPLY_HOUR - RECOMPUTE_HOUR) * 3_600_000,
      };
    }
    const reply: MyFeeLevelReply = {
      level: row.level,
      volumeBtc: btcText(mine?.volume ?? 0n),
      makerPercent: percentText(row.makerPpm),
      takerPercent: percentText(row.takerPpm),
      computedAt: inForce?.recomputeAt ?? null,
      pending,
    };
    return envelopes.success(request, reply);
  });
}
