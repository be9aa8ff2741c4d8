// The kitchen CLI's flags for how a command shows what happens: JSON lines, a plain log or every
// call on its own line. Rows of the flag table (kitchen-flags.ts); app side.

import type { FlagSpec } from './flag-spec.js';

export const OUTPUT_FLAGS = {
  json: {
    kind: 'switch',
    key: 'json',
    sets: true,
    default: false,
    group: 'run',
    help: ['one JSON event per line on stdout, nothing else'],
  },
  plain: {
    kind: 'switch',
    key: 'plain',
    sets: true,
    group: 'run',
    help: ['a plain log even on a terminal: no live board (a pipe, CI', 'and --json get none anyway)'],
  },
  verbose: {
    kind: 'switch',
    key: 'verbose',
    sets: true,
    group: 'run',
    help: ['every tool call and result on its own line (the log folds a', "turn's calls to one tool into one line)"],
  },
} as const satisfies Record<string, FlagSpec>;
