// Where the repository's own files live, so the server finds them whatever the working directory is.
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..');
export const LOCALES_DIR = resolve(REPO_ROOT, 'locales');
export const DEFAULT_STATIC_DIR = resolve(REPO_ROOT, 'dist');
