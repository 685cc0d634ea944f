// The console's commands against a running in-process exchange: the catalogue's executor through the server's own
// desks, with the signed-in operator's name, the reason and via 'console' in the audit log; the role matrix (support
// can't credit, a reviewer can't publish, an editor can't read users); the four-eyes rule: a credit or a withdrawal
// approval over its asset's threshold waits, its requester can't approve it, a second operator's approval runs it
// exactly once (a repeated decision does nothing), a rejection runs nothing. On SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin } from '../../../server/cli/admin.ts';
import { OPS_PATHS } from '../../../server/contract/ops.ts';
import { describeDialects } from '../dialects.ts';
import { newRequestId, openOpsWorld, type Operator, type OpsWorld } from './world.ts';

const EMAIL = 'trader@example.com';
const E8 = 100_000_000n;

describeDialects('console commands', (dialect) => {
  let w: OpsWorld;
  let alice: Operator;
  let carol: Operator;
  let sam: Operator;
  let rita: Operator;
  let eddie: Operator;
  let user: number;
  const cookies: Record<string, string> = {};

  beforeEach(async () => {
    w = await openOpsWorld(dialect);
    alice = await w.addOperator('alice', 'admin');
    carol = await w.addOperator('carol', 'admin');
    sam = await w.addOperator('sam', 'support');
    rita = await w.addOperator('rita', 'reviewer');
    eddie = await w.addOperator('eddie', 'editor');
    for (const op of [alice, carol, sam, rita, eddie]) cookies[op.name] = await w.login(op);
    const made = await runAdmin(['user', 'create', '--email', EMAIL, '--password', 'Secret12345', '--verified'], { dataDir: w.dataDir, databaseUrl: w.target.databaseUrl });
    expect(made.exitCode, made.output).toBe(0);
    user = (await w.server.store.users.findByEmail(EMAIL))!.id;
  }, 90_000);
  afterEach(async () => {
    await w?.dispose();
  });

  const balance = async () => {
    const r = await w.server.desks.spot.balances(user);
    if (!r.ok) throw new Error(r.code);
    return r.value.find((b) => b.asset === 'USDT')?.available ?? '0';
  };
  const credit = (who: string, amount: string, requestId = newRequestId(), reason: string | undefined = 'ticket 12: goodwill') =>
    w.command(cookies[who]!, 'balance credit', { email: EMAIL, asset: 'USDT', amount }, reason, requestId);
  /** The audit log's rows since the setup (the operators' own rows left out), oldest first. */
  const auditRows = async () => (await w.server.store.audit.list(100)).reverse().filter((e) => !e.command.startsWith('operator '));

  it('refuses by role before anything runs: support can\'t credit, a reviewer can\'t publish, an editor can\'t read users', async () => {
    const supportCredit = await credit('sam', '10');
    expect(supportCredit.status).toBe(403);
    expect(supportCredit.body.code).toBe('ops.forbidden');
    expect((await w.command(cookies['sam']!, 'seconds house credit', { amount: '10' }, 'x')).body.code).toBe('ops.forbidden');
    expect((await w.command(cookies['rita']!, 'content publish', { id: '1' }, 'go live')).body.code).toBe('ops.forbidden');
    expect((await w.command(cookies['rita']!, 'market close', { symbol: 'BTCUSDT' }, 'x')).body.code).toBe('ops.forbidden');
    expect((await w.call('GET', OPS_PATHS.users, { cookie: cookies['eddie']! })).body.code).toBe('ops.forbidden');
    expect((await w.call('GET', OPS_PATHS.user, { cookie: cookies['eddie']!, query: { id: String(user) } })).status).toBe(403);
    expect((await w.command(cookies['eddie']!, 'order list', { email: EMAIL })).body.code).toBe('ops.forbidden');
    expect((await w.call('GET', OPS_PATHS.audit, { cookie: cookies['rita']! })).body.code).toBe('ops.forbidden');
    expect(await balance()).toBe('0');
    expect(await auditRows()).toEqual([]);
    // What a role may do, it does: support reads and signs a user out; the reviewer reads the identity queue.
    expect((await w.command(cookies['sam']!, 'session revoke', { email: EMAIL }, 'user asked')).body.data.text).toBe(`revoked 0 session(s) of user ${user}`);
    expect((await w.command(cookies['rita']!, 'kyc list', {})).body.data.text).toBe('no submissions');
    // Unknown commands, a change without a reason, malformed arguments, and --out (files on the server) are refused.
    expect((await w.command(cookies['alice']!, 'user create', { email: 'x@example.com' }, 'x')).body.code).toBe('ops.command.unknown');
    expect((await w.command(cookies['alice']!, 'balance credit', { email: EMAIL, asset: 'USDT', amount: '10' })).body.code).toBe('ops.reason.required');
    expect((await credit('alice', '10', newRequestId(), '   ')).body.code).toBe('ops.reason.required');
    const bad = await w.command(cookies['alice']!, 'balance credit', { email: EMAIL, asset: 'USDT' }, 'x');
    expect(bad.body).toMatchObject({ code: 'ops.command.usage', data: { message: '--amount is required' } });
    expect((await w.command(cookies['alice']!, 'balance credit', { email: EMAIL, asset: 'USDT', amount: '1', colour: 'red' }, 'x')).body.code).toBe('ops.command.usage');
    expect((await w.command(cookies['sam']!, 'kyc view', { id: '1', out: '/tmp' })).body.code).toBe('ops.command.usage');
    expect(await balance()).toBe('0');
    // A refused change is answered in the operator's language, with the catalogue's words.
    const failed = await w.call('POST', OPS_PATHS.command, { cookie: cookies['alice']!, headers: { lang: 'ja' }, body: { command: 'balance credit', args: { email: 'nobody@example.com', asset: 'USDT', amount: '1' }, reason: 'x', requestId: newRequestId() } });
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({ code: 'ops.command.failed', msg: 'コマンドは実行されませんでした：no user with e-mail nobody@example.com' });
    // The perpetuals' and fee screens read what the CLI reads from the store; the admin's screens.
    expect((await w.command(cookies['alice']!, 'perp insurance', {})).body.data.data).toMatchObject({ balance: '0' });
    expect((await w.command(cookies['alice']!, 'perp marks', { symbol: 'btcusdt', limit: '5' })).body.data.data).toEqual([]);
    expect((await w.command(cookies['alice']!, 'perp funding', {})).body).toMatchObject({ code: 'ops.command.usage', data: { message: '--symbol is required' } });
    expect((await w.command(cookies['alice']!, 'perp marks', { symbol: 'NOPE' })).body.code).toBe('ops.command.failed');
    expect((await w.command(cookies['alice']!, 'fees show', {})).body.code).toBe('success');
    expect((await w.command(cookies['sam']!, 'fees show', {})).body.code).toBe('ops.forbidden');
  });

  it('runs a credit under the threshold at once, audited via console with the operator and reason, once per request id', async () => {
    const set = await w.command(cookies['alice']!, 'approval threshold set', { asset: 'USDT', amount: '1000' }, 'four eyes over 1000 USDT');
    expect(set.body.data.text).toBe('USDT: a credit or withdrawal approval over 1000 waits for a second operator');
    expect((await w.command(cookies['sam']!, 'approval threshold', {})).body.data.data).toEqual({ USDT: '1000' });

    const id = newRequestId();
    const r = await credit('alice', '1000', id);
    expect(r.body.code).toBe('success');
    expect(r.body.data).toMatchObject({ replayed: false, text: `credited 1000 USDT to user ${user} (${EMAIL}), coin account: available 1000, frozen 0` });
    expect(r.body.data.approval).toBeUndefined();
    expect(await balance()).toBe('1000'); // the running desk's memory
    const again = await credit('alice', '1000', id);
    expect(again.body.data).toMatchObject({ replayed: true, text: r.body.data.text });
    expect(await balance()).toBe('1000');

    const rows = await auditRows();
    expect(rows.map((e) => [e.operator, e.via, e.command, e.reason, e.status])).toEqual([
      ['alice', 'console', 'approval threshold set', 'four eyes over 1000 USDT', 'done'],
      ['alice', 'console', 'balance credit', 'ticket 12: goodwill', 'done'],
    ]);
    expect(rows[1]!.requestId).toBe(id);
    // The audit screen shows it, filtered.
    const page = await w.call('GET', OPS_PATHS.audit, { cookie: cookies['sam']!, query: { command: 'balance credit' } });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({ operator: 'alice', via: 'console', line: `balance credit --amount 1000 --asset USDT --email ${EMAIL}`, reason: 'ticket 12: goodwill', status: 'done' });
  });

  it('holds a credit over the threshold for a second operator, who runs it exactly once; the requester can\'t approve it', async () => {
    await w.command(cookies['alice']!, 'approval threshold set', { asset: 'USDT', amount: '1000' }, 'four eyes');
    const id = newRequestId();
    const asked = await credit('alice', '5000', id, 'ticket 13: OTC deposit');
    expect(asked.body.code).toBe('success');
    const approval = asked.body.data.approval;
    expect(approval).toMatchObject({
      command: 'balance credit', args: { email: EMAIL, asset: 'USDT', amount: '5000' }, summary: `credit 5000 USDT to ${EMAIL} (coin)`, reason: 'ticket 13: OTC deposit',
      requestedBy: 'alice', status: 'pending', decidedBy: null, outcome: null,
    });
    expect(asked.body.data.text).toBe(`credit 5000 USDT to ${EMAIL} (coin): over the USDT threshold of 1000, waits for a second operator's approval (#${approval.id})`);
    expect(await balance()).toBe('0');
    // Asking again (a lost answer) gives the same approval; nothing runs.
    const retry = await credit('alice', '5000', id, 'ticket 13: OTC deposit');
    expect(retry.body.data).toMatchObject({ replayed: true, approval: { id: approval.id, status: 'pending' } });
    const listed = await w.call('GET', OPS_PATHS.approvals, { cookie: cookies['carol']! });
    expect(listed.body.data.map((a: { id: number }) => a.id)).toEqual([approval.id]);

    const decide = (who: string, approve: boolean, reason = 'checked the bank statement') => w.call('POST', OPS_PATHS.approvalDecide, { cookie: cookies[who]!, body: { id: approval.id, approve, reason } });
    expect((await decide('alice', true)).body.code).toBe('ops.approval.self');
    expect((await decide('sam', true)).body.code).toBe('ops.forbidden');
    expect((await decide('rita', true)).body.code).toBe('ops.forbidden');
    expect((await w.call('POST', OPS_PATHS.approvalDecide, { cookie: cookies['carol']!, body: { id: approval.id, approve: true } })).body.code).toBe('ops.reason.required');
    expect(await balance()).toBe('0');

    // Two approvals at once by the second admin, then once more: it runs once.
    const [one, two] = await Promise.all([decide('carol', true), decide('carol', true)]);
    for (const r of [one, two]) expect(r.body.code, JSON.stringify(r.body)).toBe('success');
    const after = await decide('carol', true);
    expect(after.body.data).toMatchObject({ status: 'approved', decidedBy: 'carol', decisionReason: 'checked the bank statement', outcome: `credited 5000 USDT to user ${user} (${EMAIL}), coin account: available 5000, frozen 0` });
    expect(await balance()).toBe('5000');
    expect((await decide('alice', false, 'no')).body.code).toBe('ops.approval.decided');
    expect(await balance()).toBe('5000');
    const journal = await w.server.store.adminLedger.findEntry('coin', `admin:operator credit#${id}`);
    expect(journal).toBeDefined();

    // The audit log: the request, the decision, and the run under the request's own id by the approver.
    const rows = (await auditRows()).filter((e) => e.requestId.startsWith(id));
    expect(rows.map((e) => [e.requestId.slice(id.length), e.operator, e.command, e.status])).toEqual([
      [':ask', 'alice', 'approval request', 'done'],
      [':approve', 'carol', 'approval approve', 'done'],
      ['', 'carol', 'balance credit', 'done'],
    ]);
    expect(rows[2]!.reason).toBe('ticket 13: OTC deposit (four eyes: asked by alice, approved by carol: checked the bank statement)');

    // A rejection runs nothing.
    const second = await credit('alice', '2000');
    const rejected = await w.call('POST', OPS_PATHS.approvalDecide, { cookie: cookies['carol']!, body: { id: second.body.data.approval.id, approve: false, reason: 'no ticket' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decidedBy: 'carol', decisionReason: 'no ticket', outcome: null });
    expect(await balance()).toBe('5000');
    expect((await w.call('GET', OPS_PATHS.approvals, { cookie: cookies['alice']!, query: { status: 'all' } })).body.data.map((a: { status: string }) => a.status)).toEqual(['rejected', 'approved']);
  });

  it('holds a withdrawal approval over the threshold, read from the withdrawal itself, for a second reviewer', async () => {
    await w.command(cookies['alice']!, 'approval threshold set', { asset: 'USDT', amount: '1000' }, 'four eyes');
    const store = w.server.store;
    const make = async (amount: bigint) => {
      const wid = await store.wallet.insert({ user, asset: 'USDT', network: 'ETH', address: '0x1111111111111111111111111111111111111111', amount, fee: E8, valueUsdt: amount, clientId: null, via: 'app', now: w.clock.now() });
      expect(await store.wallet.transition(wid, ['applying'], 'applied', w.clock.now())).toBe(true);
      return wid;
    };
    const small = await make(500n * E8);
    const big = await make(2500n * E8);
    // Under the threshold: approved at once by the reviewer.
    const done = await w.command(cookies['rita']!, 'withdrawal approve', { id: String(small) }, 'address checked');
    expect(done.body.data.text).toMatch(new RegExp(`^approved withdrawal #${small}: 500 USDT`));
    expect((await store.wallet.get(small))?.status).toBe('approved');
    // Over it: waits, whatever amount the request said (the withdrawal's own amount counts).
    const asked = await w.command(cookies['rita']!, 'withdrawal approve', { id: String(big) }, 'address checked');
    expect(asked.body.data.approval).toMatchObject({ status: 'pending', summary: `approve withdrawal #${big}: 2500 USDT of user ${user} to 0x1111111111111111111111111111111111111111 (ETH)` });
    expect((await store.wallet.get(big))?.status).toBe('applied');
    const decide = (who: string) => w.call('POST', OPS_PATHS.approvalDecide, { cookie: cookies[who]!, body: { id: asked.body.data.approval.id, approve: true, reason: 'second look' } });
    expect((await decide('rita')).body.code).toBe('ops.approval.self');
    expect((await decide('sam')).body.code).toBe('ops.forbidden');
    const approved = await decide('carol');
    expect(approved.body.data).toMatchObject({ status: 'approved', decidedBy: 'carol' });
    const row = await store.wallet.get(big);
    expect(row).toMatchObject({ status: 'approved', reviewedBy: 'carol' });
  });
});
