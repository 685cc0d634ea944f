// Dependency direction (ARCHITECTURE.md): the kernel is pure, the contract module is the only bridge between the
// web app and the server, and nothing in the server reaches into the web app.
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './imports.ts';

const IO_PACKAGES = /^(node:|fs$|path$|os$|net$|http|crypto$|child_process$|fastify|@fastify\/|kysely|pg$|better-sqlite3|nodemailer|@node-rs\/)/;

function violations(files: string[], bad: (ref: { specifier: string; target: string | null }) => boolean): string[] {
  return files.flatMap((file) => importsOf(file).filter(bad).map((ref) => `${file} → ${ref.specifier}`));
}

describe('dependency direction', () => {
  it('finds the source files it checks', () => {
    expect(sourceFiles('server').length).toBeGreaterThan(5);
    expect(sourceFiles('src').length).toBeGreaterThan(5);
  });

  it('server/kernel imports no I/O and nothing outside the kernel and the contract', () => {
    const files = sourceFiles('server/kernel');
    const bad = violations(
      files,
      (ref) =>
        (ref.target === null && IO_PACKAGES.test(ref.specifier)) ||
        (ref.target !== null && !ref.target.startsWith('server/kernel') && !ref.target.startsWith('server/contract')),
    );
    expect(bad).toEqual([]);
  });

  it('server/contract imports nothing but itself', () => {
    const bad = violations(sourceFiles('server/contract'), (ref) => ref.target === null || !ref.target.startsWith('server/contract'));
    expect(bad).toEqual([]);
  });

  it('src and streams import server code only through server/contract/index.ts', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('streams')];
    const bad = violations(
      files,
      (ref) => ref.target !== null && ref.target.startsWith('server') && ref.target !== 'server/contract/index.ts',
    );
    expect(bad).toEqual([]);
  });

  it('the server never imports the web app or the stream layer', () => {
    const bad = violations(
      sourceFiles('server'),
      (ref) => ref.target !== null && (ref.target.startsWith('src/') || ref.target.startsWith('streams/')),
    );
    expect(bad).toEqual([]);
  });
});
