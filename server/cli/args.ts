// A small argv reader for the admin CLI: positional words, `--flag value` options and boolean switches.

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ParsedArgs {
  words: string[];
  options: Map<string, string>;
  switches: Set<string>;
}

export function parseArgs(argv: readonly string[], valued: readonly string[], booleans: readonly string[]): ParsedArgs {
  const words: string[] = [];
  const options = new Map<string, string>();
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (booleans.includes(name)) {
      switches.add(name);
    } else if (valued.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) {
        throw new UsageError(`--${name} needs a value`);
      }
      options.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { words, options, switches };
}
