// The Merkle-sum tree's shared rules (server/contract/liabilities.ts), without a store: the exact bytes a leaf, a
// node and a record entry commit to (recomputed here with node:crypto from the README's formulas, not with the
// module's own helpers); a tree built by the server's synchronous builder verifies leaf by leaf with the browser's
// WebCrypto verifier; and every kind of tampering a proof can suffer is refused, each with its own reason: a changed
// balance or nonce, a changed sibling hash or sum, a negative sibling sum (even one made to add up), a swapped side,
// a path of the wrong length, a root that is not the published one. The shuffle is a permutation that only the seed
// decides; the public record's chain breaks at any edit.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as L from '../../../server/contract/liabilities.ts';
import { sha256Sync } from '../../../server/reserves/snapshot.ts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const ASSETS = ['BTC', 'ETH', 'USDT'];
const SNAPSHOT = 7;
const SEED = 'ab'.repeat(32);

/** A small tree built the way the server builds it, every node kept, and each leaf's proof cut out of it. */
function tree(balances: bigint[][], seed = SEED) {
  const leafCount = L.paddedLeafCount(balances.length);
  const order = L.shuffledOrder(sha256Sync, seed, leafCount);
  const levels: L.SumNode[][] = [];
  const folder = L.createFolder(sha256Sync, ASSETS, (level, index, node) => ((levels[level] ??= [])[index] = node));
  const positionOf = new Map<number, number>();
  for (let pos = 0; pos < leafCount; pos++) {
    const slot = order[pos]!;
    const b = slot < balances.length ? balances[slot]! : ASSETS.map(() => 0n);
    if (slot < balances.length) positionOf.set(slot, pos);
    folder.push(L.leafNode(sha256Sync, L.leafNonce(sha256Sync, seed, pos), SNAPSHOT, ASSETS, b));
  }
  const root = folder.root();
  const depth = L.depthOf(leafCount);
  const proofOf = (slot: number): L.LiabilitiesProof => {
    const index = positionOf.get(slot)!;
    const path: L.PathStep[] = [];
    for (let level = 0; level < depth; level++) {
      const sibling = levels[level]![(index >> level) ^ 1]!;
      path.push({ side: ((index >> level) & 1) === 1 ? 'L' : 'R', hash: sibling.hash, sums: L.amountsOf(ASSETS, sibling.sums) });
    }
    return {
      version: 1, snapshotId: SNAPSHOT, assets: [...ASSETS], leaf: { nonce: L.leafNonce(sha256Sync, seed, index), balances: L.amountsOf(ASSETS, balances[slot]!) },
      path, root: { hash: root.hash, sums: L.amountsOf(ASSETS, root.sums), leafCount },
    };
  };
  const published: L.PublishedRoot = { snapshotId: SNAPSHOT, hash: root.hash, sums: L.amountsOf(ASSETS, root.sums), leafCount };
  return { root, leafCount, levels, proofOf, published, positionOf };
}

const USERS: bigint[][] = [
  [150_000_000n, 0n, 1_000_000_000_000n],
  [0n, 2_500_000_000n, 0n],
  [1n, 1n, 1n],
  [99_999_999_999n, 0n, 12_345_678_901n],
  [0n, 0n, 5n],
];

const clone = (p: L.LiabilitiesProof): L.LiabilitiesProof => JSON.parse(JSON.stringify(p)) as L.LiabilitiesProof;

describe('the liabilities tree', () => {
  it('hashes exactly the texts the README gives', async () => {
    const nonce = '0123456789abcdef0123456789abcdef';
    const leafText = `L|${nonce}|7|{"BTC":"150000000","ETH":"0","USDT":"1000000000000"}`;
    expect(L.leafPreimage(nonce, 7, ASSETS, USERS[0]!)).toBe(leafText);
    expect(await L.leafHash(nonce, 7, ASSETS, USERS[0]!)).toBe(sha(leafText));
    const left = { hash: 'a'.repeat(64), sums: [1n, 2n, 3n] };
    const right = { hash: 'b'.repeat(64), sums: [0n, 0n, 10n] };
    const nodeText = `N|${'a'.repeat(64)}|{"BTC":"1","ETH":"2","USDT":"3"}|${'b'.repeat(64)}|{"BTC":"0","ETH":"0","USDT":"10"}`;
    expect(L.nodePreimage(ASSETS, left, right)).toBe(nodeText);
    expect(await L.nodeHash(ASSETS, left, right)).toBe(sha(nodeText));
    expect(L.parentNode(sha256Sync, ASSETS, left, right)).toEqual({ hash: sha(nodeText), sums: [1n, 2n, 13n] });
    const entry = { seq: 2, snapshotId: 9, ts: 1_768_435_200_000, assets: ['BTC', 'USDT'], rootHash: 'c'.repeat(64), leafCount: 8, sums: { USDT: '5', BTC: '1' }, prevHash: 'd'.repeat(64) };
    expect(await L.recordHash(entry)).toBe(sha(`2|9|1768435200000|${'c'.repeat(64)}|8|{"BTC":"1","USDT":"5"}|${'d'.repeat(64)}`));
    // The nonce: 128 bits of SHA-256 of the seed and the position (fixed-length), never the seed itself.
    expect(L.leafNonce(sha256Sync, SEED, 5)).toBe(sha(`nonce|${SEED}|000000000005`).slice(0, 32));
  });

  it("verifies every user's proof with WebCrypto, to the root the server built, totals included", async () => {
    const t = tree(USERS);
    expect(t.leafCount).toBe(8);
    const totals = ASSETS.map((_, a) => USERS.reduce((s, u) => s + u[a]!, 0n));
    expect(t.root.sums).toEqual(totals);
    const seen = new Set<number>();
    for (let u = 0; u < USERS.length; u++) {
      const result = await L.verifyProof(t.proofOf(u), t.published);
      expect(result.ok).toBe(true);
      if (!result.ok) throw new Error(result.detail);
      expect(result.root).toEqual({ hash: t.root.hash, sums: L.amountsOf(ASSETS, totals), leafCount: 8 });
      expect(result.leafIndex).toBe(t.positionOf.get(u));
      seen.add(result.leafIndex);
    }
    expect(seen.size).toBe(USERS.length);
    // Without a published root the proof is checked against its own root only, and says which it is.
    expect(await L.verifyProof(t.proofOf(0))).toMatchObject({ ok: true, root: { hash: t.root.hash } });
  });

  it('pads with zero leaves that each have their own nonce, and a single user is a tree of one leaf', async () => {
    const t = tree(USERS);
    const padding = [...Array(t.leafCount).keys()].filter((pos) => ![...t.positionOf.values()].includes(pos)).map((pos) => t.levels[0]![pos]!);
    expect(padding).toHaveLength(3);
    expect(padding.every((n) => n.sums.every((s) => s === 0n))).toBe(true);
    expect(new Set(padding.map((n) => n.hash)).size).toBe(3);
    const one = tree([USERS[0]!]);
    expect(one.leafCount).toBe(1);
    expect(one.proofOf(0).path).toEqual([]);
    expect(await L.verifyProof(one.proofOf(0), one.published)).toMatchObject({ ok: true, leafIndex: 0 });
  });

  it('refuses a changed balance or nonce of the leaf', async () => {
    const t = tree(USERS);
    const more = clone(t.proofOf(3));
    more.leaf.balances['USDT'] = (BigInt(more.leaf.balances['USDT']!) + 1n).toString();
    expect(await L.verifyProof(more, t.published)).toMatchObject({ ok: false, reason: 'root.hash', step: 'root' });
    // …even with the proof's own root made to match the new sums: the hash still leads elsewhere.
    more.root.sums['USDT'] = (BigInt(more.root.sums['USDT']!) + 1n).toString();
    expect(await L.verifyProof(more, t.published)).toMatchObject({ ok: false, reason: 'root.hash' });
    const nonce = clone(t.proofOf(3));
    nonce.leaf.nonce = `${nonce.leaf.nonce.slice(0, 31)}${nonce.leaf.nonce.endsWith('0') ? '1' : '0'}`;
    expect(await L.verifyProof(nonce, t.published)).toMatchObject({ ok: false, reason: 'root.hash' });
    const negative = clone(t.proofOf(3));
    negative.leaf.balances['BTC'] = '-1';
    expect(await L.verifyProof(negative, t.published)).toMatchObject({ ok: false, reason: 'leaf.negative', step: 'leaf' });
  });

  it("refuses a changed sibling hash or sum: a node commits to both children's sums", async () => {
    const t = tree(USERS);
    const sum = clone(t.proofOf(1));
    // Move 1 unit between the sibling and its own sums' total: same totals at the root, different hash.
    sum.path[1]!.sums['ETH'] = (BigInt(sum.path[1]!.sums['ETH']!) + 1n).toString();
    sum.root.sums['ETH'] = (BigInt(sum.root.sums['ETH']!) + 1n).toString();
    expect(await L.verifyProof(sum, t.published)).toMatchObject({ ok: false, reason: 'root.hash' });
    const hash = clone(t.proofOf(1));
    hash.path[0]!.hash = sha('something else');
    expect(await L.verifyProof(hash, t.published)).toMatchObject({ ok: false, reason: 'root.hash' });
    const side = clone(t.proofOf(1));
    side.path[2]!.side = side.path[2]!.side === 'L' ? 'R' : 'L';
    expect(await L.verifyProof(side, t.published)).toMatchObject({ ok: false, reason: 'root.hash' });
  });

  it("refuses a negative sibling sum, even one whose hashes were made to add up (Maxwell's attack)", async () => {
    // A dishonest tree: user 0's sibling subtree claims −X USDT so the root's total shrinks by X; the server makes
    // every hash consistent, so only the sign check can catch it.
    const nonce = '11'.repeat(16);
    const leaf = L.leafNode(sha256Sync, nonce, SNAPSHOT, ASSETS, USERS[0]!);
    const fake = { hash: sha('hidden subtree'), sums: [0n, 0n, -900_000_000_000n] };
    const parent = { hash: sha256Sync(L.nodePreimage(ASSETS, leaf, fake)), sums: leaf.sums.map((x, i) => x + fake.sums[i]!) };
    const proof: L.LiabilitiesProof = {
      version: 1, snapshotId: SNAPSHOT, assets: ASSETS, leaf: { nonce, balances: L.amountsOf(ASSETS, USERS[0]!) },
      path: [{ side: 'R', hash: fake.hash, sums: L.amountsOf(ASSETS, fake.sums) }],
      root: { hash: parent.hash, sums: L.amountsOf(ASSETS, parent.sums), leafCount: 2 },
    };
    const published = { snapshotId: SNAPSHOT, hash: parent.hash, sums: L.amountsOf(ASSETS, parent.sums), leafCount: 2 };
    expect(await L.verifyProof(proof, published)).toMatchObject({ ok: false, reason: 'sibling.negative', step: 'path', level: 0 });
    // The same tree with the sibling's sum at zero verifies: the check above is the sign, nothing else.
    const honest = { hash: fake.hash, sums: [0n, 0n, 0n] };
    const top = L.parentNode(sha256Sync, ASSETS, leaf, honest);
    const ok: L.LiabilitiesProof = { ...proof, path: [{ side: 'R', hash: honest.hash, sums: L.amountsOf(ASSETS, honest.sums) }], root: { hash: top.hash, sums: L.amountsOf(ASSETS, top.sums), leafCount: 2 } };
    expect(await L.verifyProof(ok)).toMatchObject({ ok: true });
  });

  it('refuses a root other than the published one, a path of the wrong length, and malformed files', async () => {
    const t = tree(USERS);
    const p = t.proofOf(2);
    expect(await L.verifyProof(p, { ...t.published, hash: sha('another root') })).toMatchObject({ ok: false, reason: 'published.hash', step: 'published' });
    expect(await L.verifyProof(p, { ...t.published, snapshotId: SNAPSHOT + 1 })).toMatchObject({ ok: false, reason: 'published.snapshot' });
    expect(await L.verifyProof(p, { ...t.published, sums: { ...t.published.sums, BTC: '0' } })).toMatchObject({ ok: false, reason: 'published.sums' });
    expect(await L.verifyProof(p, { ...t.published, leafCount: 16 })).toMatchObject({ ok: false, reason: 'published.leafCount' });
    // A proof whose own root is not the published one (a tree made for this user alone) fails at the comparison.
    const other = tree(USERS, 'cd'.repeat(32));
    expect(await L.verifyProof(other.proofOf(2), t.published)).toMatchObject({ ok: false, reason: 'published.hash' });
    const short = clone(p);
    short.path.pop();
    expect(await L.verifyProof(short, t.published)).toMatchObject({ ok: false, reason: 'path.length' });
    const bad: Array<[string, (x: L.LiabilitiesProof) => unknown]> = [
      ['not an object', () => 'proof'],
      ['version', (x) => ({ ...x, version: 2 })],
      ['snapshot id', (x) => ({ ...x, snapshotId: 0 })],
      ['an asset missing from a balance', (x) => ({ ...x, leaf: { ...x.leaf, balances: { BTC: '1', ETH: '0' } } })],
      ['an asset added to a sum', (x) => ({ ...x, root: { ...x.root, sums: { ...x.root.sums, DOGE: '0' } } })],
      ['a decimal amount', (x) => ({ ...x, leaf: { ...x.leaf, balances: { ...x.leaf.balances, BTC: '1.5' } } })],
      ['a leading zero', (x) => ({ ...x, leaf: { ...x.leaf, balances: { ...x.leaf.balances, BTC: '01' } } })],
      ['a short nonce', (x) => ({ ...x, leaf: { ...x.leaf, nonce: 'abc' } })],
      ['a side', (x) => ({ ...x, path: x.path.map((s, i) => (i === 0 ? { ...s, side: 'X' } : s)) })],
      ['an upper-case hash', (x) => ({ ...x, root: { ...x.root, hash: x.root.hash.toUpperCase() } })],
      ['a leaf count not a power of two', (x) => ({ ...x, root: { ...x.root, leafCount: 6 } })],
      ['repeated assets', (x) => ({ ...x, assets: ['BTC', 'BTC', 'USDT'] })],
    ];
    for (const [what, make] of bad) expect(await L.verifyProof(make(clone(p)), t.published), what).toMatchObject({ ok: false, reason: 'format', step: 'format' });
  });

  it('refuses to build a leaf with a negative balance', () => {
    expect(() => L.leafNode(sha256Sync, '00'.repeat(16), 1, ASSETS, [1n, -1n, 0n])).toThrow(/negative ETH/);
    expect(() => L.createFolder(sha256Sync, ASSETS).root()).toThrow(/power-of-two/);
  });

  it('shuffles by the seed alone: a permutation, the same for the same seed, another for another', () => {
    const a = L.shuffledOrder(sha256Sync, SEED, 4096);
    expect([...a].sort((x, y) => x - y)).toEqual([...Array(4096).keys()]);
    expect(L.shuffledOrder(sha256Sync, SEED, 4096)).toEqual(a);
    const b = L.shuffledOrder(sha256Sync, 'cd'.repeat(32), 4096);
    expect(b).not.toEqual(a);
    // Not the identity, nor close to it: few positions keep their slot.
    expect([...a].filter((slot, pos) => slot === pos).length).toBeLessThan(20);
  });
});

describe('the public liabilities record', () => {
  async function chain(n: number): Promise<L.LiabilitiesRecordEntry[]> {
    const out: L.LiabilitiesRecordEntry[] = [];
    for (let i = 1; i <= n; i++) {
      const body = { seq: i, snapshotId: i * 2, ts: 1_000 * i, assets: ['BTC'], rootHash: sha(`root ${i}`), leafCount: 4, sums: { BTC: String(i) }, prevHash: out.at(-1)?.hash ?? L.GENESIS_HASH };
      out.push({ ...body, hash: await L.recordHash(body) });
    }
    return out;
  }

  it('checks as a hash chain from the genesis, and any edit breaks it', async () => {
    const entries = await chain(4);
    expect(await L.verifyRecord(entries)).toEqual([]);
    expect(await L.verifyRecord(entries.slice(2), entries[1]!)).toEqual([]);
    const edited = entries.map((e) => ({ ...e, sums: { ...e.sums } }));
    edited[1]!.sums['BTC'] = '1000';
    expect(await L.verifyRecord(edited)).toEqual(["entry 2's hash is not the hash of its contents"]);
    const dropped = [entries[0]!, entries[2]!, entries[3]!];
    expect(await L.verifyRecord(dropped)).toEqual(expect.arrayContaining(['entry 3 follows entry 1', "entry 3 does not link to entry 1's hash"]));
    const root = entries.map((e) => ({ ...e }));
    root[3]!.rootHash = sha('another root');
    expect(await L.verifyRecord(root)).toEqual(["entry 4's hash is not the hash of its contents"]);
  });
});
