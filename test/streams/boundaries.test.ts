// The stream layer's edges (ARCHITECTURE.md, STYLE.md): the app reaches streams/ only through streams/index.ts,
// only the atom and hook modules touch jotai, and the reducers and socket code stay free of React and jotai.
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../quality/imports.ts';

describe('stream layer boundaries', () => {
  it('finds the files it checks', () => {
    expect(sourceFiles('streams').length).toBeGreaterThan(10);
  });

  it('the web app imports streams/ only through streams/index.ts', () => {
    const bad = sourceFiles('src').flatMap((file) =>
      importsOf(file)
        .filter((ref) => ref.target !== null && ref.target.startsWith('streams/') && ref.target !== 'streams/index.ts')
        .map((ref) => `${file} → ${ref.specifier}`),
    );
    expect(bad).toEqual([]);
  });

  it('only streams/atoms.ts, streams/hooks.ts and streams/perp-market.ts import jotai or React', () => {
    const allowed = new Set(['streams/atoms.ts', 'streams/hooks.ts', 'streams/perp-market.ts']);
    const bad = sourceFiles('streams')
      .filter((file) => !allowed.has(file))
      .flatMap((file) => importsOf(file).filter((ref) => /^(jotai|react)(\/|$)/.test(ref.specifier)).map((ref) => `${file} → ${ref.specifier}`));
    expect(bad).toEqual([]);
  });

  it('reducers import nothing but the contract, decimals and parsed types', () => {
    const bad = sourceFiles('streams/reducers').flatMap((file) =>
      importsOf(file)
        .filter((ref) => ref.target === null || !/^streams\/(contract|decimal|reducers\/|parse\/)/.test(ref.target))
        .map((ref) => `${file} → ${ref.specifier}`),
    );
    expect(bad).toEqual([]);
  });
});
