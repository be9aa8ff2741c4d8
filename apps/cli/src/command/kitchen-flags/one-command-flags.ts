// The kitchen CLI's flags that one command reads: a tool's or a prompt's arguments, the web UI's
// port and the revisions `kitchen wire` compares (--era; the revision of a run is --protocol, in
// server-flags.ts). Rows of the flag table (kitchen-flags.ts); app side.

import { z } from 'zod';
import type { FlagSpec } from './flag-spec.js';
import { decimalNumber, nonEmpty, wholeNumber } from './flag-value-schemas.js';

/** `kitchen call`, `kitchen wire` and `kitchen prompt`: what goes with the call. */
export const ARGUMENT_FLAGS = {
  args: {
    kind: 'value',
    key: 'toolArgs',
    value: "'{…}'",
    schema: nonEmpty,
    fix: "give the tool's arguments as a JSON object, e.g. --args '{\"count\": 3}'",
    group: 'run',
    help: ["kitchen call, kitchen wire: the tool's arguments as a", 'JSON object'],
  },
  arg: {
    kind: 'list',
    key: 'promptArgs',
    value: 'k=v',
    schema: z.string().regex(/^[^=]+=/, 'k=v'),
    fix: 'write each prompt argument as --arg NAME=VALUE, e.g. --arg shelf=A',
    group: 'run',
    help: ["kitchen prompt: one of the prompt's arguments (repeatable)"],
  },
  show: {
    kind: 'switch',
    key: 'showOnly',
    sets: true,
    group: 'run',
    help: ['kitchen prompt: print what prompts/get returns and stop', '(no run, no model)'],
  },
  app: {
    kind: 'switch',
    key: 'showApp',
    sets: true,
    group: 'run',
    help: ["kitchen call: serve a page on 127.0.0.1 showing the tool's", 'MCP App with this call, until Ctrl-C'],
  },
} as const satisfies Record<string, FlagSpec>;

/** `kitchen web`. */
export const WEB_FLAGS = {
  port: {
    kind: 'value',
    key: 'port',
    value: 'N',
    schema: wholeNumber(0, 65535),
    fix: 'use a whole number from 0 to 65535 (0 picks a free port), e.g. --port 4000',
    group: 'web',
    help: ['the web UI port on 127.0.0.1 (default 0: any free port)'],
  },
  dev: {
    kind: 'value',
    key: 'dev',
    value: 'SERVER',
    schema: nonEmpty,
    fix: 'name the server whose files to watch, e.g. --dev dice',
    group: 'web',
    help: [
      "kitchen web: watch that server's files as kitchen dev does;",
      'the page shows each restart, tool-list diff and stderr',
    ],
  },
} as const satisfies Record<string, FlagSpec>;

/** `kitchen init`. */
export const INIT_FLAGS = {
  force: {
    kind: 'switch',
    key: 'force',
    sets: true,
    group: 'run',
    help: ['kitchen init: replace the kitchen.config.json that is there'],
  },
} as const satisfies Record<string, FlagSpec>;

/** `kitchen wire`. */
export const WIRE_FLAGS = {
  era: {
    kind: 'value',
    key: 'era',
    value: 'ERA',
    schema: z.enum(['2025-11-25', '2026-07-28', 'both']),
    fix: 'use 2025-11-25, 2026-07-28 or both, e.g. --era both',
    group: 'run',
    help: ['kitchen wire: the protocol revision(s) to run the call', 'in: 2025-11-25, 2026-07-28 or both (default)'],
  },
} as const satisfies Record<string, FlagSpec>;

/** `kitchen eval`: the report for CI, the pass rate a case needs and how many runs go at once. */
export const EVAL_FLAGS = {
  junit: {
    kind: 'value',
    key: 'junitFile',
    value: 'FILE',
    schema: nonEmpty,
    fix: 'name the file to write, e.g. --junit eval.xml',
    group: 'run',
    help: ['kitchen eval: also write JUnit XML to FILE (one testcase per', 'case and model)'],
  },
  'min-pass-rate': {
    kind: 'value',
    key: 'minPassRate',
    value: 'R',
    schema: decimalNumber(0, 1),
    fix: 'use a number from 0 to 1, e.g. --min-pass-rate 0.8',
    group: 'run',
    help: ["kitchen eval: the share of a case's runs that must pass, 0 to 1", '(default 1: every run)'],
  },
  concurrency: {
    kind: 'value',
    key: 'concurrency',
    value: 'N',
    schema: wholeNumber(1, 16),
    fix: 'use a whole number from 1 to 16, e.g. --concurrency 2',
    group: 'run',
    help: ['kitchen eval: runs at once, 1 to 16 (default 4)'],
  },
  web: {
    kind: 'switch',
    key: 'evalInPage',
    sets: true,
    group: 'run',
    help: [
      'kitchen eval: run it behind the web UI, one lane per case and',
      'model live in the page, with the verdicts (--port N)',
    ],
  },
} as const satisfies Record<string, FlagSpec>;

/** `kitchen check`: the tools to call (nothing is called unless named) and the conformance suite. */
export const CHECK_FLAGS = {
  call: {
    kind: 'list',
    key: 'checkCalls',
    value: 'TOOL[=JSON]',
    schema: z.string().regex(/^[^=]+(=.*)?$/s, 'TOOL or TOOL=JSON'),
    fix: `name a tool, with its arguments as a JSON object if it needs any, e.g. --call 'roll_dice={"count": 3}'`,
    group: 'run',
    help: ['kitchen check: also call this tool and check its result', '(repeatable; nothing is called unless named)'],
  },
  conformance: {
    kind: 'switch',
    key: 'conformance',
    sets: true,
    group: 'run',
    help: ["kitchen check: also run the conformance suite's generic", 'scenarios in each revision (HTTP servers only)'],
  },
} as const satisfies Record<string, FlagSpec>;
