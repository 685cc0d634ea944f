// server/tools/check-node.cjs, the first step of `npm start`: on a Node.js older than 24 it prints one line (the
// version found, the one needed, how to get it) and exits 1; on 24 it says nothing. Older versions are simulated by
// overriding process.versions before the script runs, and the machine's own older node is used when it has one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', '..', '..', 'server', 'tools', 'check-node.cjs');
const as = (version: string) => `data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"${version}"}})`;
const run = (node: string, args: string[]) => spawnSync(node, [...args, SCRIPT], { encoding: 'utf8' });

describe('the Node.js version check', () => {
  it.each(['20.20.2', '22.12.0', '18.0.0', '23.11.1'])('refuses Node %s with one line', (version) => {
    const r = run(process.execPath, ['--import', as(version)]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`OpenEx needs Node.js 24 (found v${version}): install Node 24 LTS, e.g. with nvm install 24\n`);
  });

  it.each(['24.0.0', '24.21.0'])('lets Node %s through silently', (version) => {
    const r = run(process.execPath, ['--import', as(version)]);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
  });

  it('runs on the real Node.js of this process', () => {
    expect(run(process.execPath, []).status).toBe(0);
  });

  const old = ['/usr/bin/node', '/bin/node'].find((p) => existsSync(p) && p !== process.execPath);
  const oldVersion = old === undefined ? null : spawnSync(old, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  it.runIf(oldVersion !== null && Number(oldVersion.split('.')[0]) < 24)(`an older Node.js on this machine (${oldVersion}) gets the line`, () => {
    const r = run(old!, []);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`OpenEx needs Node.js 24 (found v${oldVersion}): install Node 24 LTS, e.g. with nvm install 24\n`);
  });
});
