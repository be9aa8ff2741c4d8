// The kitchen CLI's flags for the model of a run and the world it works in: which model, the
// cookie jars the servers are given (seed and count), the offline model's delay and the model
// calls each agent may make. Rows of the flag table (kitchen-flags.ts); app side.

import { DEFAULT_ANTHROPIC_MODEL } from '@kitchen/host';
import { MODEL_CHOICES } from '@kitchen/runtime/config/create-model';
import { z } from 'zod';
import type { FlagSpec } from './flag-spec.js';
import { nonEmpty, wholeNumber } from './flag-value-schemas.js';

export const DEFAULT_SEED = 1729;
export const DEFAULT_JARS = 80;

export const MODEL_FLAGS = {
  model: {
    kind: 'value',
    key: 'model',
    value: 'M',
    schema: z.enum(MODEL_CHOICES),
    fix: 'use offline, anthropic or auto',
    default: 'auto',
    group: 'run',
    help: [
      'offline | anthropic | auto (default auto: anthropic when',
      'ANTHROPIC_API_KEY is set, else the offline model)',
    ],
  },
  'model-name': {
    kind: 'value',
    key: 'modelName',
    value: 'NAME',
    schema: nonEmpty,
    fix: `name a model, e.g. --model-name ${DEFAULT_ANTHROPIC_MODEL}`,
    group: 'run',
    help: [`the model's name (default $KITCHEN_MODEL or ${DEFAULT_ANTHROPIC_MODEL})`],
  },
  'base-url': {
    kind: 'value',
    key: 'baseUrl',
    value: 'URL',
    schema: z.url({ protocol: /^https?$/ }),
    fix: "give the endpoint's URL without /v1, e.g. --base-url http://localhost:11434",
    group: 'run',
    help: [
      'an Anthropic-compatible endpoint (Ollama, llama.cpp, LM Studio,',
      'vLLM, a proxy) for the model, and selects it; no key needed',
      "for a URL that is not Anthropic's (default $ANTHROPIC_BASE_URL)",
    ],
  },
  seed: {
    kind: 'value',
    key: 'seed',
    value: 'N',
    schema: wholeNumber(0, 2 ** 31 - 1),
    fix: 'use a whole number from 0 to 2147483647, e.g. --seed 7',
    default: DEFAULT_SEED,
    group: 'run',
    help: [`cookie-jar seed (default ${DEFAULT_SEED})`],
  },
  jars: {
    kind: 'value',
    key: 'jars',
    value: 'N',
    schema: wholeNumber(1, 500),
    fix: 'use a whole number from 1 to 500, e.g. --jars 80',
    default: DEFAULT_JARS,
    group: 'run',
    help: [`number of cookie jars, 1 to 500 (default ${DEFAULT_JARS})`],
  },
  latency: {
    kind: 'value',
    key: 'latencyMs',
    value: 'MS',
    schema: wholeNumber(0, 60_000),
    fix: 'use milliseconds from 0 to 60000, e.g. --latency 150',
    default: 0,
    group: 'run',
    help: ['offline model delay per call (default 0)'],
  },
  'max-iterations': {
    kind: 'value',
    key: 'maxIterations',
    value: 'N',
    schema: wholeNumber(1, 200),
    fix: 'use a whole number from 1 to 200, e.g. --max-iterations 20',
    group: 'run',
    help: ['model calls EACH agent may make, the main agent and every', 'worker alike, 1 to 200 (default 20)'],
  },
} as const satisfies Record<string, FlagSpec>;
