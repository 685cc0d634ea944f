// The catalogs as the build compiles them: explicit dotted ids (not hashes of the text), the same ids in every
// language, and ICU placeholders that compile.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/contract.ts';

async function load(locale: string): Promise<Record<string, unknown>> {
  const module = (await import(`../../../locales/${locale}/messages.po`)) as { messages: Record<string, unknown> };
  return module.messages;
}

describe('compiled web catalogs', () => {
  it('keys every message by its explicit id', async () => {
    const en = await load('en');
    expect(Object.keys(en).length).toBeGreaterThan(100);
    for (const id of Object.keys(en)) expect(id).toMatch(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/);
  });

  it('has the same ids in all nine languages', async () => {
    const en = Object.keys(await load('en')).sort();
    for (const locale of LOCALES) expect(Object.keys(await load(locale)).sort(), locale).toEqual(en);
  });
});
