// All nine catalogs complete and really translated: the web app's messages.po, the operator console's ops.po and the
// server's server.po hold the same ids in every language, no translation is empty, placeholders match, the scripts
// are right, and every id the code uses exists in its own catalog (src/ops in ops.po, the rest of src in messages.po:
// the console is its own app and ships neither the app's texts nor its own to the public).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LOCALES, type Locale } from '../../server/contract/index.ts';
import { parsePo, type Catalog } from '../../server/i18n/po.ts';
import { ROOT, sourceFiles } from './imports.ts';

const CATALOGS = ['messages.po', 'ops.po', 'server.po'] as const;

/** Text a real translation into these languages contains. */
const SCRIPT: Partial<Record<Locale, RegExp>> = {
  'zh-CN': /[\u4e00-\u9fff]/,
  'zh-TW': /[\u4e00-\u9fff]/,
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  ko: /[\uac00-\ud7af]/,
  th: /[\u0e00-\u0e7f]/,
};

function load(locale: Locale, file: string): Catalog {
  const path = join(ROOT, 'locales', locale, file);
  expect(existsSync(path), `locales/${locale}/${file} is missing`).toBe(true);
  return parsePo(readFileSync(path, 'utf8'));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

/** Message ids referenced in code: _('id'), i18n._('id'), <Trans id="id" />, and `id:`/`labelId:`/`hintId:`… in tables. */
function idsUsedIn(dirs: string[], skip: (file: string) => boolean = () => false): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\b_\(\s*['"`]([\w.-]+)['"`]/g,
    /<Trans\s+id=["']([\w.-]+)["']/g,
    /\b(?:id|labelId|titleId|messageId|textId|hintId|confirmId):\s*['"]([a-z][\w-]*(?:\.[\w-]+)+)['"]/g,
  ];
  for (const file of dirs.flatMap((d) => sourceFiles(d)).filter((f) => !skip(f))) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) if (m[1]) found.set(m[1], file);
  }
  return found;
}

for (const file of CATALOGS) {
  describe(`locales/*/${file}`, () => {
    const english = load('en', file);

    it('has English messages', () => {
      expect(english.size).toBeGreaterThan(10);
    });

    for (const locale of LOCALES) {
      it(`${locale} is complete, with the same placeholders`, () => {
        const catalog = load(locale, file);
        const missing = [...english.keys()].filter((id) => !catalog.has(id));
        const extra = [...catalog.keys()].filter((id) => !english.has(id));
        expect(missing, `missing in ${locale}/${file}`).toEqual([]);
        expect(extra, `ids in ${locale}/${file} that English lacks`).toEqual([]);
        const mismatched = [...english].filter(([id, en]) => placeholders(en).join() !== placeholders(catalog.get(id) ?? '').join());
        expect(mismatched.map(([id]) => id), `placeholders differ in ${locale}/${file}`).toEqual([]);
      });

      if (locale === 'en') continue;
      it(`${locale} is really translated`, () => {
        const catalog = load(locale, file);
        const script = SCRIPT[locale];
        const entries = [...english].filter(([, en]) => /[A-Za-z]{3}/.test(en.replace(/\{\w+\}/g, '')));
        const untranslated = script
          ? entries.filter(([id]) => !script.test(catalog.get(id) ?? '')).map(([id]) => id)
          : entries.filter(([id, en]) => catalog.get(id) === en).map(([id]) => id);
        // Brand names, codes and symbols may stay as they are; anything beyond a few is a missing translation.
        expect(untranslated.length, `${locale}/${file} looks untranslated: ${untranslated.join(', ')}`).toBeLessThanOrEqual(
          Math.max(3, Math.floor(entries.length * 0.1)),
        );
      });
    }
  });
}

describe('message ids used by the code', () => {
  const inConsole = (file: string) => file.startsWith('src/ops/') || file.startsWith('src/ops.');

  it('every id the web app uses is in messages.po', () => {
    const english = load('en', 'messages.po');
    const used = idsUsedIn(['src', 'streams'], inConsole);
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(([id]) => !english.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every id the operator console uses is in ops.po', () => {
    const english = load('en', 'ops.po');
    const used = idsUsedIn(['src/ops']);
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter(([id]) => !english.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it('the console uses only its own ids (ops.*), and the app none of them', () => {
    const foreign = [...idsUsedIn(['src/ops'])].filter(([id]) => !id.startsWith('ops.')).map(([id, file]) => `${id} (${file})`);
    expect(foreign).toEqual([]);
    const leaked = [...idsUsedIn(['src', 'streams'], inConsole)].filter(([id]) => id.startsWith('ops.')).map(([id, file]) => `${id} (${file})`);
    expect(leaked).toEqual([]);
  });

  it('every error code of the catalogue has a server message', () => {
    const english = load('en', 'server.po');
    expect(ERROR_CODES.filter((code) => !english.has(code))).toEqual([]);
  });
});
