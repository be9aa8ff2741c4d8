// The kitchen CLI's flags for the workers spawn_agent hires: their model, output tokens,
// temperature, tools and the shape of their reports. Rows of the flag table (kitchen-flags.ts);
// app side.

import { z } from 'zod';
import type { FlagSpec } from './flag-spec.js';
import { decimalNumber, nonEmpty, wholeNumber } from './flag-value-schemas.js';

export const WORKER_FLAGS = {
  'worker-model': {
    kind: 'value',
    key: 'workerModel',
    value: 'NAME',
    schema: nonEmpty,
    fix: 'name a Claude model (e.g. --worker-model claude-haiku-4-5) or offline',
    group: 'limits',
    help: ["workers' model: a Claude model name, or offline", "(default: the main agent's); priced as itself"],
  },
  'worker-max-tokens': {
    kind: 'value',
    key: 'workerMaxTokens',
    value: 'N',
    schema: wholeNumber(1, 64_000),
    fix: 'use a whole number from 1 to 64000, e.g. --worker-max-tokens 1024',
    group: 'limits',
    help: ["max output tokens of each worker's model call"],
  },
  'worker-temperature': {
    kind: 'value',
    key: 'workerTemperature',
    value: 'T',
    schema: decimalNumber(0, 1),
    fix: 'use a number from 0 to 1, e.g. --worker-temperature 0.2',
    group: 'limits',
    help: ["workers' sampling temperature, 0 to 1"],
  },
  'worker-tools': {
    kind: 'value',
    key: 'workerTools',
    value: 'LIST',
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$/)
      .transform((list) => list.split(',')),
    fix: 'use tool names separated by commas, e.g. --worker-tools inspect_jar,list_jars',
    group: 'limits',
    help: ["workers get only these of the main agent's tools", '(the gate still applies)'],
  },
  'worker-report': {
    kind: 'value',
    key: 'workerReport',
    value: 'FILE',
    schema: nonEmpty,
    fix: 'name a JSON Schema file, e.g. --worker-report report.schema.json',
    group: 'limits',
    help: ["a JSON Schema workers' reports must fit; a report", 'that does not is sent back once to be fixed'],
  },
} as const satisfies Record<string, FlagSpec>;
