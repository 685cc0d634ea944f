// Adds (or replaces) messages in all nine catalogs at once, so several people (or helpers) can add translations
// side by side without editing the .po files by hand:
//   node test/tools/po-add.ts new-messages.json
// The file: { "messages": { "<id>": { "en": "…", "zh-CN": "…", … all nine } }, "ops": { … }, "server": { … } }.
// messages.po (web app, lingui explicit ids) keeps its ids sorted; server.po appends new ids at the end.
// A lock directory serialises concurrent runs.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../../server/contract/index.ts';

type Entries = Record<string, Record<string, string>>;
interface Input {
  messages?: Entries;
  ops?: Entries;
  server?: Entries;
}

const root = join(import.meta.dirname, '..', '..');
const file = process.argv[2];
if (!file) {
  console.error('usage: node test/tools/po-add.ts FILE.json');
  process.exit(2);
}
const input = JSON.parse(readFileSync(file, 'utf8')) as Input;

for (const [kind, entries] of Object.entries(input) as [string, Entries][]) {
  for (const [id, texts] of Object.entries(entries)) {
    const missing = LOCALES.filter((l) => typeof texts[l] !== 'string' || texts[l] === '');
    if (missing.length > 0) {
      console.error(`${kind} ${id}: no text for ${missing.join(', ')}`);
      process.exit(2);
    }
  }
}

const quote = (s: string) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

/** Splits PO text into the header block and entry blocks (separated by blank lines). */
function blocks(text: string): { header: string; entries: string[] } {
  const parts = text.replace(/\r\n/g, '\n').trimEnd().split(/\n\s*\n/);
  const headerIndex = parts.findIndex((p) => /^msgid ""$/m.test(p));
  const header = parts.slice(0, headerIndex + 1).join('\n\n');
  return { header, entries: parts.slice(headerIndex + 1) };
}
const idOf = (block: string) => /^msgid "((?:[^"\\]|\\.)*)"$/m.exec(block)?.[1] ?? '';

const lock = join(root, '.tmp', 'po-add.lock');
mkdirSync(join(root, '.tmp'), { recursive: true });
for (let tries = 0; ; tries++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (tries > 600) throw new Error(`${lock} held for a minute: remove it if no po-add is running`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
}
try {
  for (const locale of LOCALES) {
    for (const [kind, entries] of Object.entries(input) as [string, Entries][]) {
      // messages: the web app; ops: the operator console (src/ops/); server: the server's replies.
      const sorted = kind === 'messages' || kind === 'ops';
      const path = join(root, 'locales', locale, kind === 'messages' ? 'messages.po' : kind === 'ops' ? 'ops.po' : 'server.po');
      const { header, entries: existing } = blocks(readFileSync(path, 'utf8'));
      const list = [...existing];
      for (const [id, texts] of Object.entries(entries)) {
        const block =
          (sorted ? '#. js-lingui-explicit-id\n' : '') + `msgid ${quote(id)}\nmsgstr ${quote(texts[locale]!)}`;
        const at = list.findIndex((b) => idOf(b) === quote(id).slice(1, -1));
        if (at >= 0) list[at] = block;
        else if (!sorted) list.push(block);
        else {
          // Where lingui's extract would put it: before the first id that sorts after it (existing order kept).
          const before = list.findIndex((b) => idOf(b).localeCompare(id) > 0);
          list.splice(before < 0 ? list.length : before, 0, block);
        }
      }
      writeFileSync(path, `${header}\n\n${list.join('\n\n')}\n`);
    }
  }
} finally {
  rmdirSync(lock);
}
console.log('catalogs updated');
