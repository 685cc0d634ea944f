// /app/reserves/*: liabilities snapshots and a user's proof (issue 22; server/reserves/README.md). The public record
// (snapshots) and the reserves beside the liabilities need no session; a proof does, and is only ever the signed-in
// user's own: the user comes from the session ticket and the query names nothing but a snapshot, so no request can
// reach another user's leaf. Query values are checked in full (TypeBox) before anything is read.
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { formatDecimal } from '../../kernel/money/decimal.ts';
import {
  RESERVES_API, RESERVES_SNAPSHOTS_DEFAULT, RESERVES_SNAPSHOTS_MAX, type ReservesAsset, type ReservesProofReply, type ReservesReply, type ReservesSnapshotsReply,
} from '../../contract/reserves.ts';
import { fail } from '../../errors.ts';
import { userProof } from '../../reserves/proof.ts';
import { requestContext } from '../envelope.ts';
import { parser } from '../validate.ts';
import type { AreaRouteDeps } from './area-deps.ts';

const Id = Type.String({ pattern: '^[1-9][0-9]{0,14}$' });
const SnapshotsQuery = Type.Object(
  { limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$' })), beforeSeq: Type.Optional(Id) },
  { additionalProperties: false },
);
const ProofQuery = Type.Object({ snapshot: Type.Optional(Id) }, { additionalProperties: false });
const NoQuery = Type.Object({}, { additionalProperties: false });

const parseSnapshots = parser(SnapshotsQuery);
const parseProof = parser(ProofQuery);
const parseNone = parser(NoQuery);

const E4 = 10_000n;

/** reserves / liabilities with 4 decimals, rounded down; null when there is nothing to divide by. */
export function ratioText(reserves: bigint | null, liabilities: bigint | null): string | null {
  if (reserves === null || liabilities === null || liabilities <= 0n) return null;
  const r = (reserves * E4) / liabilities;
  return `${r / E4}.${(r % E4).toString().padStart(4, '0')}`;
}

export function reservesRoutes(app: FastifyInstance, deps: AreaRouteDeps): void {
  const { envelopes, store } = deps;

  app.get(RESERVES_API.snapshots, async (request) => {
    const q = parseSnapshots(request.query ?? {});
    const limit = q.limit === undefined ? RESERVES_SNAPSHOTS_DEFAULT : Number(q.limit);
    if (limit > RESERVES_SNAPSHOTS_MAX) fail('request.invalid');
    const rows = await store.reserves.record(limit + 1, q.beforeSeq === undefined ? undefined : Number(q.beforeSeq));
    const reply: ReservesSnapshotsReply = { list: rows.slice(0, limit), more: rows.length > limit };
    return envelopes.success(request, reply);
  });

  app.get(RESERVES_API.proof, async (request, reply) => {
    const q = parseProof(request.query ?? {});
    const user = (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user.id;
    const answer = await userProof(store, user, q.snapshot === undefined ? undefined : Number(q.snapshot));
    if (!answer.ok) fail(answer.code);
    // A user's balances: never kept by a shared cache.
    void reply.header('cache-control', 'no-store');
    const data: ReservesProofReply = answer.proof;
    return envelopes.success(request, data);
  });

  app.get(RESERVES_API.reserves, async (request) => {
    parseNone(request.query ?? {});
    const head = await store.reserves.recordHead();
    const readings = await store.chain.latestReserves();
    const liabilities = new Map<string, bigint>(head === undefined ? [] : head.assets.map((a) => [a, BigInt(head.sums[a] ?? '0')]));
    const held = new Map<string, { amount: bigint; networks: ReservesAsset['networks'] }>();
    for (const r of readings) {
      const entry = held.get(r.asset) ?? { amount: 0n, networks: [] };
      entry.amount += r.amount;
      entry.networks.push({ network: r.network, amount: formatDecimal(r.amount, 8, true), addresses: r.addresses, block: r.block, readAt: r.readAt });
      held.set(r.asset, entry);
    }
    const assets = [...new Set([...liabilities.keys(), ...held.keys()])].sort();
    const data: ReservesReply = {
      snapshot: head === undefined ? null : { snapshotId: head.snapshotId, ts: head.ts, rootHash: head.rootHash, seq: head.seq },
      assets: assets.map((asset) => {
        const owed = liabilities.get(asset) ?? null;
        const onChain = held.get(asset);
        return {
          asset,
          liabilities: owed === null ? null : formatDecimal(owed, 8, true),
          reserves: onChain === undefined ? null : formatDecimal(onChain.amount, 8, true),
          ratio: ratioText(onChain?.amount ?? null, owed),
          networks: onChain?.networks ?? [],
        };
      }),
    };
    return envelopes.success(request, data);
  });
}
