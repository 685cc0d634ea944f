// The fee rate table: the built-in default is valid and falls with the level; the JSON form round-trips; a bad
// table is refused with its reason. And the operator CLI: `fees show`, `fees set --file --reason` (a catalogue command:
// audited; nothing changes on error).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import {
  DEFAULT_FEE_TABLE, FeeTableError, feeTableJson, parseFeeTable, percentText, validateFeeTable,
} from '../../../server/jobs/fee-table.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

const row = (level: number, minVolumeBtc: string, makerPpm: number, takerPpm: number) => ({ level, minVolumeBtc, makerPpm, takerPpm });
const text = (levels: unknown[]) => JSON.stringify({ levels });

describe('fee table', () => {
  it('has a valid default whose rates fall with the level', () => {
    expect(validateFeeTable(DEFAULT_FEE_TABLE)).toBe(DEFAULT_FEE_TABLE);
    expect(feeTableJson(DEFAULT_FEE_TABLE).levels.slice(0, 2)).toEqual([row(0, '0', 1000, 1000), row(1, '50', 900, 950)]);
    for (let i = 1; i < DEFAULT_FEE_TABLE.length; i++) {
      expect(DEFAULT_FEE_TABLE[i]!.takerPpm).toBeLessThan(DEFAULT_FEE_TABLE[i - 1]!.takerPpm);
      expect(DEFAULT_FEE_TABLE[i]!.makerPpm).toBeLessThan(DEFAULT_FEE_TABLE[i - 1]!.makerPpm);
    }
  });

  it('round-trips its JSON form', () => {
    expect(parseFeeTable(JSON.stringify(feeTableJson(DEFAULT_FEE_TABLE)))).toEqual(DEFAULT_FEE_TABLE);
    expect(parseFeeTable(text([row(0, '0', 1000, 1000), row(1, '0.5', 900, 900)]))[1]).toEqual({ level: 1, minVolume: 50_000_000n, makerPpm: 900, takerPpm: 900 });
  });

  it('writes percentages as decimal text', () => {
    expect([percentText(1000), percentText(75), percentText(0), percentText(1_000_000)]).toEqual(['0.1', '0.0075', '0', '100']);
  });

  it.each([
    ['not json', '{', /not JSON/],
    ['no levels', '[]', /expected \{ "levels"/],
    ['empty', text([]), /empty/],
    ['first not at 0', text([row(0, '1', 1000, 1000)]), /volume 0/],
    ['volumes not increasing', text([row(0, '0', 1000, 1000), row(1, '5', 900, 900), row(2, '5', 800, 800)]), /must increase/],
    ['a gap in levels', text([row(0, '0', 1000, 1000), row(2, '5', 900, 900)]), /numbered 0, 1, 2/],
    ['a rate rising', text([row(0, '0', 1000, 1000), row(1, '5', 900, 1100)]), /must not rise/],
    ['a rate over 100%', text([row(0, '0', 1_000_001, 1000)]), /0\.\.1000000 ppm/],
    ['a negative rate', text([row(0, '0', -1, 1000)]), /0\.\.1000000 ppm/],
    ['a fractional rate', text([row(0, '0', 10.5, 1000)]), /0\.\.1000000 ppm/],
    ['a volume with 9 decimals', text([row(0, '0', 1000, 1000), row(1, '0.000000001', 900, 900)]), /at most 8 decimals/],
    ['a numeric volume', text([{ level: 0, minVolumeBtc: 0, makerPpm: 1000, takerPpm: 1000 }]), /decimal text/],
    ['an unknown field', text([{ ...row(0, '0', 1000, 1000), maker: 1 }]), /unknown field maker/],
  ])('refuses %s', (_what, input, reason) => {
    expect(() => parseFeeTable(input)).toThrow(FeeTableError);
    expect(() => parseFeeTable(input)).toThrow(reason);
  });
});

describeDialects('fees CLI', (dialect) => {
  let target: Target;
  let dir: string;
  let where: AdminOptions;
  beforeEach(async () => {
    target = await newTarget(dialect);
    dir = mkdtempSync(join(tmpdir(), 'openex-fees-'));
    where = { dataDir: target.dataDir ?? dir, databaseUrl: target.databaseUrl };
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await target.dispose();
  });
  const admin = (...argv: string[]) => runAdmin(argv, where);
  const file = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(path, body);
    return path;
  };

  it('shows the default table, sets a new one, and shows that', async () => {
    const shown = await admin('fees', 'show');
    expect(shown.exitCode).toBe(0);
    expect(shown.output).toContain('built-in default');
    expect(shown.output).toMatch(/^0\s+0\s+0\.1\s+0\.1$/m);
    expect(JSON.parse((await admin('fees', 'show', '--json')).output)).toEqual({ ...feeTableJson(DEFAULT_FEE_TABLE), source: 'default', inForceAt: null });

    const table = { levels: [row(0, '0', 2000, 2500), row(1, '10', 1500, 2000), row(2, '100.5', 500, 1000)] };
    const set = await admin('fees', 'set', '--reason', 'new rates', '--file', file('t.json', JSON.stringify(table)));
    expect(set.exitCode).toBe(0);
    expect(set.output).toContain('3 levels, up to 100.5 BTC');
    expect(JSON.parse((await admin('fees', 'show', '--json')).output)).toEqual({ ...table, source: 'configured', inForceAt: null });
    expect((await admin('fees', 'show')).output).toMatch(/^2\s+100\.5\s+0\.05\s+0\.1$/m);
  });

  it('refuses an invalid table with the reason and changes nothing', async () => {
    const good = { levels: [row(0, '0', 2000, 2500), row(1, '10', 1500, 2000)] };
    expect((await admin('fees', 'set', '--reason', 'new rates', '--file', file('good.json', JSON.stringify(good)))).exitCode).toBe(0);
    const bad = await admin('fees', 'set', '--reason', 'new rates', '--file', file('bad.json', text([row(0, '0', 1000, 1000), row(1, '5', 900, 1100)])));
    expect(bad).toEqual({ exitCode: 1, output: 'error: invalid fee table, nothing changed: fee level 1: rates must not rise with the level' });
    expect((await admin('fees', 'set', '--reason', 'r', '--file', join(dir, 'missing.json'))).output).toMatch(/^error: --file: cannot read /);
    expect((await admin('fees', 'set', '--reason', 'r')).exitCode).toBe(2);
    // A change of the table is an operator command like the others: without a reason nothing is done.
    expect((await admin('fees', 'set', '--file', file('good2.json', JSON.stringify(good)))).exitCode).toBe(2);
    expect(JSON.parse((await admin('fees', 'show', '--json')).output)).toEqual({ ...good, source: 'configured', inForceAt: null });
  });
});
