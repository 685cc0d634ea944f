// The PO reader and {name} interpolation.
import { describe, expect, it } from 'vitest';
import { interpolate, parsePo, PoSyntaxError } from '../../../server/i18n/po.ts';

const SAMPLE = `# translator comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: ja\\n"

#. extracted comment
#: src/file.ts:1
msgid "plain"
msgstr "そのまま"

msgid "quoted"
msgstr "say \\"hi\\" \\\\ back\\tslash"

msgid ""
"multi."
"line"
msgstr ""
"first line\\n"
"second line"

msgctxt "menu"
msgid "with.context"
msgstr "文脈あり"

msgid "untranslated"
msgstr ""

msgid "plural"
msgid_plural "plurals"
msgstr[0] "one"
msgstr[1] "many"
msgid "right.after"
msgstr "no blank line before"
`;

describe('parsePo', () => {
  const catalog = parsePo(SAMPLE);

  it('reads plain, escaped and multi-line entries', () => {
    expect(catalog.get('plain')).toBe('そのまま');
    expect(catalog.get('quoted')).toBe('say "hi" \\ back\tslash');
    expect(catalog.get('multi.line')).toBe('first line\nsecond line');
    expect(catalog.get('with.context')).toBe('文脈あり');
    expect(catalog.get('right.after')).toBe('no blank line before');
  });

  it('leaves out the header, empty translations and plural entries', () => {
    expect(catalog.has('')).toBe(false);
    expect(catalog.has('untranslated')).toBe(false);
    expect(catalog.has('plural')).toBe(false);
    expect(catalog.size).toBe(5);
  });

  it('accepts CRLF line ends', () => {
    expect(parsePo('msgid "a"\r\nmsgstr "b"\r\n').get('a')).toBe('b');
  });

  it.each([
    ['msgid "a"\nmsgstr "unterminated\n', 'line 2'],
    ['msgid "a"\nmsgstr "bad \\q escape"\n', 'unknown escape'],
    ['msgid "a"\nmsgstr "in"ner"\n', 'unescaped quote'],
    ['"orphan"\n', 'string outside an entry'],
    ['msgfoo "a"\n', 'cannot read'],
  ])('rejects malformed input %j', (text, message) => {
    expect(() => parsePo(text)).toThrow(PoSyntaxError);
    expect(() => parsePo(text)).toThrow(message);
  });
});

describe('interpolate', () => {
  it('fills {name} placeholders and keeps unknown ones visible', () => {
    expect(interpolate('wait {retryAfter} s, {retryAfter}!', { retryAfter: 42 })).toBe('wait 42 s, 42!');
    expect(interpolate('hello {who}', {})).toBe('hello {who}');
    expect(interpolate('hello {who}', { who: null })).toBe('hello {who}');
    expect(interpolate('no placeholders')).toBe('no placeholders');
  });
});
