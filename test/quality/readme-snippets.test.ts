// Every code block of the READMEs a newcomer copies from is run, against a real server started in-process
// (startServer: the app, /stream, /fstream, /ws-api, the admin channel; the simulated index and the market-maker bot,
// as `npm start` runs them), in the order the README gives them, each README section's state carried to the next
// as a reader's would be:
// - `sh` blocks: each line is a command run by `sh` in the repository with DATA_DIR the server's (so
//   `npm run admin -- …` reaches it over its admin channel, as the README says) and localhost:8080 replaced by the
//   server's address. Only `npm run admin -- …`, `npm run verify -- …` and `curl …` are known kinds: each must exit 0;
//   with `--json`, and for curl, what it prints must be JSON (and for curl not Binance's `{code, msg}` error). The
//   key `apikey create … --json` prints is kept for the js blocks.
// - `js` blocks: written to a module after `import ccxt from 'ccxt'` and `const { apiKey, secret } = <that key>`,
//   with localhost:8080 replaced, and run by node: it must exit 0.
// - Any other block, or a command of another kind, fails the test unless the line before the block is
//   `<!-- not run: <reason> -->`: a new snippet can't slip in untested.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { newTarget, type Target } from '../server/dialects.ts';

const root = join(import.meta.dirname, '..', '..');
/** The READMEs whose snippets are for newcomers to copy. */
const READMES = ['README.md', 'server/gateway/binance/README.md'];
const API_KEY_SECRET = 'readme-test-master-key-0123456789abcdef';

export interface Block {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** The reason given by `<!-- not run: reason -->` on the line before, or null. */
  notRun: string | null;
}

/** The fenced code blocks of a Markdown text, each with the `not run` mark before it, if any. */
export function codeBlocks(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```+|~~~+)\s*([\w+-]*)/.exec(lines[i]!);
    if (open === null) continue;
    const fence = open[2]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j]!.trimStart().startsWith(fence); j++) body.push(lines[j]!.slice(open[1]!.length));
    if (j === lines.length) throw new Error(`${file}:${i + 1}: unclosed code block`);
    let k = i - 1;
    while (k >= 0 && lines[k]!.trim() === '') k--;
    const mark = k >= 0 ? /^<!--\s*not run:\s*(.*?)\s*-->$/.exec(lines[k]!.trim()) : null;
    blocks.push({ file, line: i + 1, lang: open[3]!, code: body.join('\n'), notRun: mark === null ? null : mark[1]! });
    i = j;
  }
  return blocks;
}

/** A shell block's commands: one a line, comment-only and blank lines left out. */
const commands = (code: string) => code.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
const KINDS = [/^npm run admin -- /, /^npm run verify -- /, /^curl /];
/** One command of a known kind: no second command chained or piped after it (a trailing `# comment` is fine). */
const known = (command: string) => KINDS.some((k) => k.test(command)) && !/&&|\|\||[;|`]|\$\(/.test(command.replace(/\s#.*$/, ''));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv, timeout: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: root, env, timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ code, stdout, stderr });
    });
  });
}

/** What a command printed, without npm's `> package@version script` banner. */
const printed = (stdout: string) => stdout.split('\n').filter((l) => !l.startsWith('> ')).join('\n').trim();

const all = READMES.flatMap((file) => codeBlocks(file, readFileSync(join(root, file), 'utf8')));

describe('README code blocks', () => {
  it('are each of a kind this test runs, or marked not run with a reason', () => {
    for (const b of all) {
      const where = `${b.file}:${b.line}`;
      if (b.notRun !== null) {
        expect(b.notRun, `${where}: a not-run mark needs a reason`).not.toBe('');
        continue;
      }
      expect(['sh', 'js'], `${where}: a \`${b.lang || '(no language)'}\` block: mark it <!-- not run: reason --> or teach this test to run it`).toContain(b.lang);
      if (b.lang === 'sh') {
        for (const c of commands(b.code)) expect(known(c), `${where}: \`${c}\` is not a command kind this test runs`).toBe(true);
      }
    }
    // The ones this issue is about are there and run.
    expect(all.some((b) => b.notRun === null && b.lang === 'js' && b.code.includes('ccxt.pro.binance'))).toBe(true);
  });
});

describe('README code blocks, run against a server', () => {
  let server: ServerHandle;
  let target: Target;
  let scratch: string;
  let env: NodeJS.ProcessEnv;
  /** The key `apikey create … --json` printed, for the js blocks. */
  let key: { apiKey: string; secret: string } | null = null;
  let host = '';
  const local = (text: string) => text.replaceAll('localhost:8080', host);

  beforeAll(async () => {
    target = await newTarget('sqlite');
    // The same master key for the server and every CLI command (the README: "the server and the CLI must see the
    // same one").
    process.env['API_KEY_SECRET'] = API_KEY_SECRET;
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: target.dataDir, logger: false, feeds: true, bots: true });
    host = `127.0.0.1:${server.port}`;
    env = { ...process.env, DATA_DIR: target.dataDir, API_KEY_SECRET, NODE_NO_WARNINGS: '1' };
    delete env['DATABASE_URL'];
    delete env['ADMIN_SOCKET'];
    delete env['ADMIN_TOKEN'];
    mkdirSync(join(root, '.tmp'), { recursive: true });
    // Inside the repository, so the modules resolve `ccxt` from its node_modules.
    scratch = mkdtempSync(join(root, '.tmp', 'readme-snippets-'));
    // The bot's first quotes (the README's snippets read a book that trades, as after `npm start`).
    for (let i = 0; i < 200 && server.trading.market.trades('BTCUSDT', 1).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await target?.dispose();
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  for (const b of all.filter((b) => b.notRun === null)) {
    const where = `${b.file}:${b.line}`;
    if (b.lang === 'sh') {
      it(`${where} (sh)`, async () => {
        // Never run a command of another kind (`npm start`, `npm test`, …): the first test names it.
        for (const command of commands(b.code)) expect(known(command), `${where}: \`${command}\` not run`).toBe(true);
        for (const command of commands(b.code)) {
          const result = await run('sh', ['-c', local(command)], env, 60_000);
          const detail = `\`${command}\`\n${result.stdout}\n${result.stderr}`;
          expect(result.code, detail).toBe(0);
          const out = printed(result.stdout);
          if (/^curl /.test(command) || / --json(\s|$)/.test(command)) {
            let parsed: unknown;
            expect(() => (parsed = JSON.parse(out)), detail).not.toThrow();
            if (/^curl /.test(command)) {
              const code = (parsed as { code?: unknown }).code;
              expect(typeof code === 'number' && code < 0, detail).toBe(false);
            }
            if (/^npm run admin -- apikey create /.test(command)) key = parsed as { apiKey: string; secret: string };
          }
        }
      }, 180_000);
    } else if (b.lang !== 'js') {
      it(`${where} (${b.lang || 'no language'})`, () => {
        expect.fail(`${where}: a \`${b.lang || '(no language)'}\` block is not run by this test: mark it <!-- not run: reason -->`);
      });
    } else {
      it(`${where} (js)`, async () => {
        expect(key, `${where} uses apiKey and secret: an \`apikey create … --json\` block must come before it`).not.toBeNull();
        const file = join(scratch, `block-${b.file.replaceAll('/', '_')}-${b.line}.mjs`);
        writeFileSync(file, [
          "import ccxt from 'ccxt';",
          `const { apiKey, secret } = ${JSON.stringify(key)};`,
          local(b.code),
          // A snippet that leaves a socket open has done its work by here.
          'process.exit(0);',
          '',
        ].join('\n'));
        const result = await run(process.execPath, [file], env, 60_000);
        expect(result.code, `${where}\n${result.stdout}\n${result.stderr}`).toBe(0);
      }, 90_000);
    }
  }
});
