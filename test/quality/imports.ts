// Lists the import specifiers of a source file, resolved to repository paths when relative.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export function sourceFiles(dir: string): string[] {
  const abs = join(ROOT, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) return sourceFiles(relative(ROOT, path));
    return /\.(ts|tsx)$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

const IMPORT = /(?:^|\s)(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"`]([^'"`]+)['"`]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export interface ImportRef {
  specifier: string;
  /** Repository-relative path for relative imports, null for packages and built-ins. */
  target: string | null;
}

export function importsOf(file: string): ImportRef[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const refs: ImportRef[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const specifier = m[1] ?? m[2] ?? m[3];
    if (!specifier) continue;
    const target = specifier.startsWith('.') ? relative(ROOT, resolve(dirname(join(ROOT, file)), specifier)) : null;
    refs.push({ specifier, target });
  }
  return refs;
}
