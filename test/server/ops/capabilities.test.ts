// Every catalogue command has the capability the console checks before running it (a command added to the catalogue
// without one fails here), including the console's own threshold commands and the content and feedback commands;
// money in or out is the admin's alone, and what each role may do follows the contract's table. Also the thresholds'
// commands (planOps) against a real store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminError } from '../../../server/admin/commands.ts';
import { isOpsCommand, OPS_COMMAND_NAMES, OPS_THRESHOLDS_KEY, planOps, readThresholds } from '../../../server/admin/ops-commands.ts';
import { CHANNEL_COMMANDS } from '../../../server/admin/protocol.ts';
import { hasCapability, OPS_CAPABILITIES, OPS_ROLES } from '../../../server/contract/ops.ts';
import { opsCapabilityOf, OPS_KNOWN_COMMANDS } from '../../../server/ops/capabilities.ts';
import { STORE_READ_COMMANDS } from '../../../server/ops/commands.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

const STORE_READS = ['perp insurance', 'perp funding', 'perp marks', 'perp markets'];
const CONTENT = ['content list', 'content view', 'content save', 'content publish', 'content unpublish', 'content pin', 'content unpin', 'content delete', 'feedback list', 'feedback reply', 'feedback close'];

describe('console capabilities', () => {
  it('covers every command of the catalogue, the console\'s own and the content area\'s', () => {
    for (const command of [...CHANNEL_COMMANDS, ...OPS_COMMAND_NAMES, ...STORE_READS, ...CONTENT]) {
      const capability = opsCapabilityOf(command);
      expect(capability, command).not.toBeNull();
      expect(OPS_CAPABILITIES, command).toContain(capability);
    }
    // Nothing else is known (a typo'd entry would be a command nobody can run).
    expect([...OPS_KNOWN_COMMANDS].sort()).toEqual([...new Set([...CHANNEL_COMMANDS, ...OPS_COMMAND_NAMES, ...STORE_READS, ...CONTENT])].sort());
    expect([...STORE_READ_COMMANDS].sort()).toEqual([...STORE_READS].sort());
    expect(opsCapabilityOf('user create')).toBeNull();
    expect(opsCapabilityOf('constructor')).toBeNull();
    expect(opsCapabilityOf('toString')).toBeNull();
  });

  it('maps content and feedback as the content area expects', () => {
    for (const c of ['content list', 'content view', 'content save', 'content delete']) expect(opsCapabilityOf(c)).toBe('content.edit');
    for (const c of ['content publish', 'content unpublish', 'content pin', 'content unpin']) expect(opsCapabilityOf(c)).toBe('content.publish');
    for (const c of ['feedback list', 'feedback reply', 'feedback close']) expect(opsCapabilityOf(c)).toBe('feedback.reply');
  });

  it('keeps money in and out to the admin, publishing from the reviewer, users from the editor', () => {
    const may = (role: (typeof OPS_ROLES)[number], command: string) => hasCapability(role, opsCapabilityOf(command)!);
    for (const command of ['balance credit', 'balance debit', 'seconds house credit', 'earn treasury credit', 'perp insurance fund']) {
      expect(OPS_ROLES.filter((r) => may(r, command)), command).toEqual(['admin']);
    }
    expect(may('support', 'user freeze')).toBe(true);
    expect(may('support', 'session revoke')).toBe(true);
    expect(may('reviewer', 'content publish')).toBe(false);
    expect(may('reviewer', 'kyc approve')).toBe(true);
    expect(may('reviewer', 'withdrawal approve')).toBe(true);
    expect(may('support', 'withdrawal approve')).toBe(false);
    expect(may('editor', 'content publish')).toBe(true);
    expect(may('editor', 'order list')).toBe(false);
    expect(may('editor', 'kyc view')).toBe(false);
    expect(may('support', 'approval threshold set')).toBe(false);
    expect(isOpsCommand('approval threshold set')).toBe(true);
    expect(isOpsCommand('balance credit')).toBe(false);
  });
});

describeDialects('approval thresholds (planOps)', (dialect) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openStore(dialect);
  });
  afterEach(async () => {
    await t.dispose();
  });
  const usage = (m: string) => new AdminError('usage', m);
  const failed = (m: string) => new AdminError('failed', m);
  const run = (command: string, args: Record<string, string> = {}) => planOps({ command, args }, usage, failed)({ store: t.store, clock: () => 1_000 });

  it('sets, lists and clears thresholds per asset, refusing malformed ones before anything is stored', async () => {
    expect((await run('approval threshold')).text).toBe('no four-eyes thresholds: every credit and withdrawal approval runs at once');
    expect((await run('approval threshold set', { asset: 'usdt', amount: '10000' })).text).toBe('USDT: a credit or withdrawal approval over 10000 waits for a second operator');
    await run('approval threshold set', { asset: 'BTC', amount: '0.5' });
    const listed = await run('approval threshold');
    expect(listed.data).toEqual({ BTC: '0.5', USDT: '10000' });
    expect(listed.text.split('\n')).toEqual([
      'four-eyes thresholds (a credit or withdrawal approval over the amount waits for a second operator):',
      '  BTC     over 0.5',
      '  USDT    over 10000',
    ]);
    expect(await readThresholds(t.store)).toEqual(new Map([['BTC', 50_000_000n], ['USDT', 1_000_000_000_000n]]));
    expect((await run('approval threshold set', { asset: 'BTC', amount: 'none' })).data).toEqual({ USDT: '10000' });
    expect(() => planOps({ command: 'approval threshold set', args: { asset: 'USDT', amount: '-1' } }, usage, failed)).toThrow(/--amount must be/);
    expect(() => planOps({ command: 'approval threshold set', args: { amount: '1' } }, usage, failed)).toThrow(/usage: approval threshold set/);
    expect(() => planOps({ command: 'approval threshold set', args: { asset: 'USDT', amount: '1.123456789' } }, usage, failed)).toThrow(/at most 8 decimals/);
    await expect(run('approval threshold set', { asset: 'NOPE', amount: '1' })).rejects.toThrow(/unknown asset NOPE/);
    // A stored value nobody can read is no threshold.
    await t.store.config.set(OPS_THRESHOLDS_KEY, '{"USDT":"x","ETH":"2"}', 1);
    expect(await readThresholds(t.store)).toEqual(new Map([['ETH', 200_000_000n]]));
  });
});
