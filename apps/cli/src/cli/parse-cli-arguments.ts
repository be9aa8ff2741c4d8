// Reads the kitchen command line into a typed command, or one line that names the flag, the
// value and the fix. The options come from the flag table and the commands from the command
// table; node:util parseArgs splits the words. App side; runs before anything is started.

import { parseArgs } from 'node:util';
import { readKitchenFlags } from '../command/kitchen-flags/read-kitchen-flags.js';
import { FLAG_NAMES, type FlagName, flagSpec } from '../command/kitchen-flags.js';
import { didYouMean } from './did-you-mean.js';
import { type CliCommand, COMMAND_NAMES, commandSpec, isCommandName } from './kitchen-commands.js';

export type ParsedArguments = { ok: true; command: CliCommand } | { ok: false; message: string };

/** Flags every command understands, outside the flag table: they answer instead of running. */
const ANSWER_FLAGS = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } } as const;

const PARSE_OPTIONS = {
  ...ANSWER_FLAGS,
  ...Object.fromEntries(
    FLAG_NAMES.map((name) => {
      const spec = flagSpec(name);
      if (spec.kind === 'switch') return [name, { type: 'boolean' as const }];
      return [name, { type: 'string' as const, multiple: spec.kind === 'list' }];
    }),
  ),
};

export function parseCliArguments(argv: readonly string[]): ParsedArguments {
  let parsed;
  try {
    parsed = parseArgs({
      args: attachNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: PARSE_OPTIONS,
    });
  } catch (error) {
    return { ok: false, message: describeParseError(error) };
  }
  const { positionals, tokens } = parsed;
  const values = parsed.values as Record<string, unknown>;
  const [word, ...words] = positionals;
  if (values['version'] === true) return { ok: true, command: { name: 'version' } };
  if (values['help'] === true || word === undefined) {
    return {
      ok: true,
      command: word !== undefined && isCommandName(word) ? { name: 'help', topic: word } : { name: 'help' },
    };
  }
  if (!isCommandName(word)) {
    const guess = didYouMean(word, COMMAND_NAMES);
    return {
      ok: false,
      message: `kitchen: unknown command ${JSON.stringify(word)}${guess === undefined ? '' : ` (did you mean ${guess}?)`}; the commands are ${COMMAND_NAMES.join(', ')} (see kitchen --help)`,
    };
  }
  const spec = commandSpec(word);
  const repeatable = spec.repeatable ?? [];
  // A repeatable flag's every value (split at commas), read by the command rather than the table.
  const lists: Partial<Record<FlagName, string[]>> = {};
  for (const token of tokens)
    if (token.kind === 'option' && token.name !== undefined && (repeatable as string[]).includes(token.name)) {
      const name = token.name as FlagName;
      lists[name] = [...(lists[name] ?? []), ...(token.value ?? '').split(',').map((value) => value.trim())];
    }

  const given = FLAG_NAMES.filter((name) => values[name] !== undefined && !repeatable.includes(name));
  const stray = FLAG_NAMES.filter((name) => values[name] !== undefined).find((name) => !spec.flags.includes(name));
  if (stray !== undefined) {
    const owners = COMMAND_NAMES.filter((name) => commandSpec(name).flags.includes(stray));
    return {
      ok: false,
      message: `kitchen ${word}: --${stray} does not apply to ${word}; it is for ${owners.map((name) => `kitchen ${name}`).join(', ')} (see kitchen ${word} --help)`,
    };
  }
  const repeated = findRepeatedValue(
    tokens.filter((token) => !(token.kind === 'option' && (repeatable as string[]).includes(token.name))),
  );
  if (repeated !== undefined) {
    return {
      ok: false,
      message: `kitchen: --${repeated.name} was given more than once (${repeated.values.map((value) => JSON.stringify(value)).join(' and ')}); give it once`,
    };
  }
  if (values['yes'] === true && values['no'] === true) {
    return {
      ok: false,
      message:
        'kitchen: --yes and --no contradict each other; give one: --yes approves every call that needs approval, --no refuses them all (with neither, a terminal asks you and, without a terminal, such calls are refused)',
    };
  }
  const read = readKitchenFlags(Object.fromEntries(given.map((name) => [name, values[name]])));
  if (!read.ok) return read;
  const { flags } = read;
  if (flags.delegate === false && (flags.maxDepth !== undefined || flags.maxWorkers !== undefined)) {
    return {
      ok: false,
      message:
        'kitchen: --no-delegate runs without workers, so --max-depth and --max-workers have nothing to limit; drop one side',
    };
  }
  const command = spec.read(words, flags, lists);
  return typeof command === 'string' ? { ok: false, message: command } : { ok: true, command };
}

/**
 * parseArgs reads `--jars -5` as a flag missing its value followed by a flag `-5`. A value flag
 * followed by a negative number gets it as its value (`--jars=-5`), so the refusal can name the
 * range the flag allows.
 */
function attachNegativeValues(argv: readonly string[]): string[] {
  const args: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] ?? '';
    const next = argv[index + 1];
    const name = word.startsWith('--') ? word.slice(2) : undefined;
    if (
      name !== undefined &&
      isFlagName(name) &&
      flagSpec(name).kind !== 'switch' &&
      next !== undefined &&
      /^-\d/.test(next)
    ) {
      args.push(`${word}=${next}`);
      index += 1;
    } else {
      args.push(word);
    }
  }
  return args;
}

function isFlagName(name: string): name is FlagName {
  return (FLAG_NAMES as string[]).includes(name);
}

/** The first single-value flag given twice, with every value it was given. */
function findRepeatedValue(
  tokens: ReadonlyArray<{ kind: string; name?: string; value?: string | undefined }>,
): { name: string; values: string[] } | undefined {
  const seen = new Map<string, string[]>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined || !isFlagName(token.name)) continue;
    if (flagSpec(token.name).kind !== 'value') continue;
    seen.set(token.name, [...(seen.get(token.name) ?? []), token.value ?? '']);
  }
  for (const [name, values] of seen) if (values.length > 1) return { name, values };
  return undefined;
}

/** node:util's messages name the flag; the kitchen adds the fix. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? 'a flag';
  const name = flag.replace(/^-+/, '');
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const guess = flag.startsWith('--') ? didYouMean(name, [...FLAG_NAMES, 'help', 'version']) : undefined;
      return `kitchen: unknown flag ${flag}${guess === undefined ? '' : ` (did you mean --${guess}?)`}; see kitchen --help for the flags`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      if (!isFlagName(name)) return `kitchen: ${flag} takes no value; write it alone, e.g. kitchen ${flag}`;
      const spec = flagSpec(name);
      if (spec.kind === 'switch') return `kitchen: ${flag} takes no value; write it alone, e.g. kitchen demo ${flag}`;
      return `kitchen: ${flag} needs a value; write it as ${flag} ${spec.value} (${spec.fix})`;
    }
    default:
      return `kitchen: ${message}; see kitchen --help`;
  }
}
