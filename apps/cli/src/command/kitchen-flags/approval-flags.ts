// The kitchen CLI's flags for approvals: --yes and --no for every question, --rule and --rules for
// the gate, --trust for a server's annotations, and how long a question waits. Rows of the flag table (kitchen-flags.ts); app side.

import { z } from 'zod';
import type { FlagSpec } from './flag-spec.js';
import { nonEmpty, wholeNumber } from './flag-value-schemas.js';

/** The rule format a --rule must have; the host reads the rest (the action, the glob). */
export const RULE_FORMAT =
  'a rule is ACTION:[SERVER/]TOOL with ACTION allow, ask or deny, e.g. --rule allow:pantry/place_order or --rule deny:discard_*';

export const APPROVAL_FLAGS = {
  yes: {
    kind: 'switch',
    key: 'approval',
    sets: 'yes',
    group: 'limits',
    help: ['approve every call the gate would ask about and every', 'sampling request (forms still need a person)'],
  },
  no: {
    kind: 'switch',
    key: 'approval',
    sets: 'no',
    group: 'limits',
    help: [
      'refuse every call the gate would ask about and every',
      'sampling request, and decline forms; with neither --yes nor',
      '--no, a terminal asks you, and without a terminal such',
      'calls are refused with a reason the model can read',
    ],
  },
  rule: {
    kind: 'list',
    key: 'rules',
    value: 'ACTION:[SERVER/]TOOL',
    // The host reads the action and the globs; a missing colon is caught here, with the format.
    schema: z.string().regex(/^[^:]*:/),
    fix: RULE_FORMAT,
    default: [],
    group: 'limits',
    help: ['allow, ask or deny a tool, e.g. --rule allow:pantry/place_order', '(repeatable; * matches anything)'],
  },
  trust: {
    kind: 'list',
    key: 'trust',
    value: 'NAME',
    schema: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
    fix: 'name a server of this run, e.g. --trust cookie-jars',
    group: 'limits',
    help: [
      'trust this server: its read-only tools run without asking',
      '(repeatable; like "trust": true in kitchen.config.json);',
      "an untrusted server's tools ask before their first call",
    ],
  },
  rules: {
    kind: 'value',
    key: 'rulesFile',
    value: 'FILE',
    schema: nonEmpty,
    fix: 'name a JSON file of rules, e.g. --rules kitchen.rules.json',
    group: 'limits',
    help: [
      'approval rules in JSON; precedence: --rule, then --rules,',
      'then "rules" in kitchen.config.json, then tool annotations',
    ],
  },
  'approval-timeout': {
    kind: 'value',
    key: 'approvalTimeoutMs',
    value: 'S',
    schema: wholeNumber(1, 86_400).transform((seconds) => seconds * 1000),
    fix: 'use whole seconds from 1 to 86400, e.g. --approval-timeout 300',
    group: 'limits',
    help: ['seconds a question waits for an answer (default 300);', 'no answer counts as a no'],
  },
} as const satisfies Record<string, FlagSpec>;
