// A small reader for gettext PO files: msgid/msgstr pairs, C-style escapes, strings continued over several
// lines, comments and msgctxt. Plural forms are not used by the server and are skipped.

export type Catalog = ReadonlyMap<string, string>;

export class PoSyntaxError extends Error {
  override name = 'PoSyntaxError';
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

/** Decodes one quoted PO string literal, e.g. `"say \"hi\"\n"`. */
export function unquote(literal: string, line: number): string {
  if (literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) {
    throw new PoSyntaxError(`line ${line}: expected a quoted string`);
  }
  const body = literal.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"') throw new PoSyntaxError(`line ${line}: unescaped quote`);
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[++i];
    const decoded = next === undefined ? undefined : ESCAPES[next];
    if (decoded === undefined) throw new PoSyntaxError(`line ${line}: unknown escape \\${next ?? ''}`);
    out += decoded;
  }
  return out;
}

type Field = 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr' | 'other';

/** Parses PO text into msgid → msgstr. Empty translations and the header entry (msgid "") are left out. */
export function parsePo(text: string): Catalog {
  const catalog = new Map<string, string>();
  let entry: Partial<Record<Field, string>> = {};
  let field: Field | null = null;

  const hasTranslation = () => entry.msgstr !== undefined || entry.other !== undefined;
  const flush = () => {
    const { msgid, msgstr } = entry;
    if (msgid && msgstr && entry.msgid_plural === undefined) catalog.set(msgid, msgstr);
    entry = {};
    field = null;
  };

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const lineNo = index + 1;
    if (line === '' || line.startsWith('#')) {
      // A blank line or a comment after a msgstr ends the entry; comments before msgid belong to the next one.
      if (hasTranslation()) flush();
      return;
    }
    if (line.startsWith('"')) {
      if (!field) throw new PoSyntaxError(`line ${lineNo}: string outside an entry`);
      entry[field] = (entry[field] ?? '') + unquote(line, lineNo);
      return;
    }
    const match = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line);
    if (!match) throw new PoSyntaxError(`line ${lineNo}: cannot read "${line}"`);
    const keyword = match[1] ?? '';
    if ((keyword === 'msgid' || keyword === 'msgctxt') && hasTranslation()) flush();
    field = keyword.startsWith('msgstr[') ? 'other' : (keyword as Field);
    entry[field] = unquote(match[2] ?? '', lineNo);
  });
  flush();
  return catalog;
}

/** Replaces `{name}` with values[name]; unknown names stay as they are so a missing value is visible. */
export function interpolate(template: string, values: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) && values[name] !== undefined && values[name] !== null ? String(values[name]) : whole,
  );
}
