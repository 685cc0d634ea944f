// Server messages in nine languages, from locales/<locale>/server.po (msgid = the error key or a mail key).
// A message missing in a language falls back to English and is logged once, so a gap is noticed, not fatal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../contract/locales.ts';
import { LOCALES_DIR } from '../paths.ts';
import { interpolate, parsePo, type Catalog } from './po.ts';

export interface Messages {
  /** The message for `key` in `locale`, with `{name}` placeholders filled from `values`. */
  t(locale: Locale, key: string, values?: Readonly<Record<string, unknown>>): string;
  has(locale: Locale, key: string): boolean;
}

export type MissingReporter = (locale: Locale, key: string) => void;

export const SERVER_CATALOG = 'server.po';

export function loadCatalogs(dir: string = LOCALES_DIR): Map<Locale, Catalog> {
  const catalogs = new Map<Locale, Catalog>();
  for (const locale of LOCALES) {
    const path = join(dir, locale, SERVER_CATALOG);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // a missing file is a missing language: every message falls back (and is reported)
    }
    catalogs.set(locale, parsePo(text));
  }
  return catalogs;
}

const warnOnce: MissingReporter = (locale, key) =>
  process.emitWarning(`no "${key}" message in locales/${locale}/${SERVER_CATALOG}; using English`);

export function createMessages(
  catalogs: ReadonlyMap<Locale, Catalog> = loadCatalogs(),
  onMissing: MissingReporter = warnOnce,
): Messages {
  const reported = new Set<string>();
  const lookup = (locale: Locale, key: string) => catalogs.get(locale)?.get(key);

  return {
    has: (locale, key) => lookup(locale, key) !== undefined,
    t(locale, key, values) {
      let template = lookup(locale, key);
      if (template === undefined) {
        const id = `${locale}\u0000${key}`;
        if (!reported.has(id)) {
          reported.add(id);
          onMissing(locale, key);
        }
        template = lookup(DEFAULT_LOCALE, key) ?? key;
      }
      return interpolate(template, values);
    },
  };
}
