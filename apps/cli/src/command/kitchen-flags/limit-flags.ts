// The kitchen CLI's flags for what a whole run may spend: tokens, tool calls, wall time, the
// characters of a tool result the model reads, and how many workers and how deep. Rows of the
// flag table (kitchen-flags.ts); app side.

import { MAX_AGENT_DEPTH_ALLOWED } from '@kitchen/host';
import type { FlagSpec } from './flag-spec.js';
import { wholeNumber } from './flag-value-schemas.js';

export const LIMIT_FLAGS = {
  'max-tree-tokens': {
    kind: 'value',
    key: 'maxTreeTokens',
    value: 'N',
    schema: wholeNumber(1, 100_000_000),
    fix: 'use a whole number of tokens from 1 to 100000000, e.g. --max-tree-tokens 600000',
    group: 'limits',
    help: ['tokens for the whole run, workers included (default', '$MAX_TREE_TOKENS or 600000)'],
  },
  'max-tool-calls': {
    kind: 'value',
    key: 'maxToolCalls',
    value: 'N',
    schema: wholeNumber(1, 100_000),
    fix: 'use a whole number from 1 to 100000, e.g. --max-tool-calls 200',
    group: 'limits',
    help: ['tool calls for the whole run (default 200; the demo raises', 'it to fit --jars)'],
  },
  'max-wall-time': {
    kind: 'value',
    key: 'maxWallTimeMs',
    value: 'MS',
    schema: wholeNumber(1, 86_400_000),
    fix: 'use milliseconds from 1 to 86400000, e.g. --max-wall-time 600000 for 10 minutes',
    group: 'limits',
    help: ['wall time for the whole run (default 600000)'],
  },
  'max-result-chars': {
    kind: 'value',
    key: 'maxResultChars',
    value: 'N',
    schema: wholeNumber(100, 10_000_000),
    fix: 'use a whole number of characters from 100 to 10000000, e.g. --max-result-chars 20000',
    group: 'limits',
    help: [
      'characters of one tool result the model reads (default 20000);',
      'the rest is left out of its copy with a note, and stays in the events',
    ],
  },
  'max-depth': {
    kind: 'value',
    key: 'maxDepth',
    value: 'N',
    schema: wholeNumber(1, MAX_AGENT_DEPTH_ALLOWED),
    fix: `use a whole number from 1 to ${MAX_AGENT_DEPTH_ALLOWED}, e.g. --max-depth 1 (only the main agent hires)`,
    group: 'limits',
    help: [
      `how deep workers may hire workers, 1 to ${MAX_AGENT_DEPTH_ALLOWED} (default 1:`,
      'only the main agent hires)',
    ],
  },
  'max-workers': {
    kind: 'value',
    key: 'maxWorkers',
    value: 'N',
    schema: wholeNumber(1, 1000),
    fix: 'use a whole number from 1 to 1000, e.g. --max-workers 16',
    group: 'limits',
    help: ['workers running at once (default 16)'],
  },
  'no-delegate': {
    kind: 'switch',
    key: 'delegate',
    sets: false,
    group: 'limits',
    help: ['run without spawn_agent: the main agent does it all'],
  },
} as const satisfies Record<string, FlagSpec>;
