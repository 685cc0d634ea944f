// The audit log's command line (admin/commands.ts commandLine): what the console's audit page and the CSV show.
import { describe, expect, it } from 'vitest';
import { commandLine } from '../../../server/admin/commands.ts';

describe('commandLine', () => {
  it('prints a command as typed, quoting what needs it', () => {
    expect(commandLine('balance credit', JSON.stringify({ email: 'a@example.com', asset: 'USDT', amount: '5' }))).toBe('balance credit --email a@example.com --asset USDT --amount 5');
    expect(commandLine('market close', JSON.stringify({ symbol: 'BTCUSDT' }))).toBe('market close BTCUSDT');
    expect(commandLine('feedback reply', JSON.stringify({ id: '3', text: 'Thanks, fixed' }))).toBe('feedback reply --id 3 --text "Thanks, fixed"');
  });

  it('shows a nested value (a four-eyes request) as its JSON, never [object Object]', () => {
    const line = commandLine('approval request', JSON.stringify({ command: 'balance credit', args: { email: 'a@example.com', amount: '5000' } }));
    expect(line).not.toContain('[object Object]');
    expect(line).toBe('approval request --command "balance credit" --args "{\\"email\\":\\"a@example.com\\",\\"amount\\":\\"5000\\"}"');
  });
});
