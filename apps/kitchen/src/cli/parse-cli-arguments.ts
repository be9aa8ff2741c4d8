// Reads the kitchen command line into a typed command, or one line that names the flag, the
// value and the fix. App side; runs before anything is started.

import { parseArgs } from 'node:util';
import { DEFAULT_ANTHROPIC_MODEL, LOG_LEVELS, type LogLevel, MAX_AGENT_DEPTH_ALLOWED } from '@kitchen/host';
import { z } from 'zod';
import { MODEL_CHOICES, type ModelChoice } from '../config/create-model.js';

export const DEFAULT_SEED = 1729;
export const DEFAULT_JARS = 80;

export interface KitchenFlags {
  json: boolean;
  model: ModelChoice;
  modelName?: string;
  seed: number;
  jars: number;
  /** Offline model latency per call, in milliseconds. */
  latencyMs: number;
  maxIterations?: number;
  configPath?: string;
  /** --server NAME=URL or "NAME=command args", as given: servers added to the config's. */
  servers?: string[];
  /** --log-level: sent as logging/setLevel to every server that logs. */
  logLevel?: LogLevel;
  /** --yes approves and --no refuses every call the gate would ask about; neither: asks are refused with a reason. */
  approval?: 'yes' | 'no';
  /** --rule ACTION:[SERVER/]TOOL, as given; the host's parseRuleFlag reads them. */
  rules: string[];
  /** --rules FILE: approval rules in JSON, below --rule and above the config's "rules". */
  rulesFile?: string;
  /** --approval-timeout SECONDS, in milliseconds: how long a question waits for a person. */
  approvalTimeoutMs?: number;
  /** --max-depth: how deep workers may hire workers (1..4). */
  maxDepth?: number;
  /** --max-workers: workers running at once in the whole run. */
  maxWorkers?: number;
  /** false with --no-delegate: spawn_agent is not registered at all. */
  delegate?: boolean;
  maxTreeTokens?: number;
  maxToolCalls?: number;
  maxWallTimeMs?: number;
}

/** `kitchen demo` (the cookie jars) or `kitchen demo pastry` (sampling, elicitation, progress). */
export type DemoScenario = 'jars' | 'pastry';

export type CliCommand =
  | { name: 'demo'; scenario: DemoScenario; flags: KitchenFlags }
  | { name: 'run'; task: string; flags: KitchenFlags }
  | { name: 'servers'; flags: KitchenFlags }
  /** The web UI; port 0 picks a free one. */
  | { name: 'web'; port: number; flags: KitchenFlags }
  | { name: 'help' };

export type ParsedArguments = { ok: true; command: CliCommand } | { ok: false; message: string };

const wholeNumber = (minimum: number, maximum: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(minimum).max(maximum));

/** Each value flag: how to read it and what to tell someone who got it wrong. */
const VALUE_FLAGS = {
  model: { schema: z.enum(MODEL_CHOICES), fix: 'use offline, anthropic or auto' },
  'model-name': { schema: z.string().trim().min(1), fix: `name a model, e.g. --model-name ${DEFAULT_ANTHROPIC_MODEL}` },
  seed: { schema: wholeNumber(0, 2 ** 31 - 1), fix: 'use a whole number from 0 to 2147483647, e.g. --seed 7' },
  jars: { schema: wholeNumber(1, 500), fix: 'use a whole number from 1 to 500, e.g. --jars 80' },
  latency: { schema: wholeNumber(0, 60_000), fix: 'use milliseconds from 0 to 60000, e.g. --latency 150' },
  'max-iterations': { schema: wholeNumber(1, 200), fix: 'use a whole number from 1 to 200, e.g. --max-iterations 20' },
  config: { schema: z.string().trim().min(1), fix: 'name a JSON file, e.g. --config kitchen.config.json' },
  'log-level': { schema: z.enum(LOG_LEVELS), fix: `use one of ${LOG_LEVELS.join(', ')}` },
  'max-tree-tokens': {
    schema: wholeNumber(1, 100_000_000),
    fix: 'use a whole number of tokens, e.g. --max-tree-tokens 600000',
  },
  'max-tool-calls': {
    schema: wholeNumber(1, 100_000),
    fix: 'use a whole number from 1 to 100000, e.g. --max-tool-calls 200',
  },
  'max-wall-time': {
    schema: wholeNumber(1, 86_400_000),
    fix: 'use milliseconds, e.g. --max-wall-time 600000 for 10 minutes',
  },
  port: {
    schema: wholeNumber(0, 65535),
    fix: 'use a whole number from 0 to 65535 (0 picks a free port), e.g. --port 4000',
  },
  rules: { schema: z.string().trim().min(1), fix: 'name a JSON file of rules, e.g. --rules kitchen.rules.json' },
  'approval-timeout': {
    schema: wholeNumber(1, 86_400),
    fix: 'use whole seconds from 1 to 86400, e.g. --approval-timeout 300',
  },
  'max-depth': {
    schema: wholeNumber(1, MAX_AGENT_DEPTH_ALLOWED),
    fix: `use a whole number from 1 to ${MAX_AGENT_DEPTH_ALLOWED}, e.g. --max-depth 1 (only the main agent hires)`,
  },
  'max-workers': { schema: wholeNumber(1, 1000), fix: 'use a whole number from 1 to 1000, e.g. --max-workers 16' },
} as const;

type ValueFlag = keyof typeof VALUE_FLAGS;

export function parseCliArguments(argv: readonly string[]): ParsedArguments {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        yes: { type: 'boolean' },
        no: { type: 'boolean' },
        'no-delegate': { type: 'boolean' },
        rule: { type: 'string', multiple: true },
        server: { type: 'string', multiple: true },
        ...Object.fromEntries(Object.keys(VALUE_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
      },
    });
  } catch (error) {
    return { ok: false, message: describeParseError(error) };
  }
  const { positionals } = parsed;
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values['help'] === true) return { ok: true, command: { name: 'help' } };

  const read: Partial<Record<ValueFlag, unknown>> = {};
  for (const flag of Object.keys(VALUE_FLAGS) as ValueFlag[]) {
    const raw = values[flag];
    if (typeof raw !== 'string') continue;
    const result = VALUE_FLAGS[flag].schema.safeParse(raw);
    if (!result.success) {
      return {
        ok: false,
        message: `kitchen: --${flag} ${JSON.stringify(raw)} is not allowed; ${VALUE_FLAGS[flag].fix}`,
      };
    }
    read[flag] = result.data;
  }
  if (values['yes'] === true && values['no'] === true) {
    return {
      ok: false,
      message:
        'kitchen: --yes and --no contradict each other; give one of them (or neither, to refuse only what needs asking)',
    };
  }
  const rules = (values['rule'] as string[] | undefined) ?? [];
  const servers = (values['server'] as string[] | undefined) ?? [];
  const flags: KitchenFlags = {
    json: values['json'] === true,
    rules,
    model: (read.model as ModelChoice | undefined) ?? 'auto',
    seed: (read.seed as number | undefined) ?? DEFAULT_SEED,
    jars: (read.jars as number | undefined) ?? DEFAULT_JARS,
    latencyMs: (read.latency as number | undefined) ?? 0,
    ...(read['model-name'] === undefined ? {} : { modelName: read['model-name'] as string }),
    ...(read['max-iterations'] === undefined ? {} : { maxIterations: read['max-iterations'] as number }),
    ...(read.config === undefined ? {} : { configPath: read.config as string }),
    ...(servers.length === 0 ? {} : { servers }),
    ...(read['log-level'] === undefined ? {} : { logLevel: read['log-level'] as LogLevel }),
    ...(values['yes'] === true
      ? { approval: 'yes' as const }
      : values['no'] === true
        ? { approval: 'no' as const }
        : {}),
    ...(read['max-tree-tokens'] === undefined ? {} : { maxTreeTokens: read['max-tree-tokens'] as number }),
    ...(read['max-tool-calls'] === undefined ? {} : { maxToolCalls: read['max-tool-calls'] as number }),
    ...(read['max-wall-time'] === undefined ? {} : { maxWallTimeMs: read['max-wall-time'] as number }),
    ...(read.rules === undefined ? {} : { rulesFile: read.rules as string }),
    ...(read['approval-timeout'] === undefined
      ? {}
      : { approvalTimeoutMs: (read['approval-timeout'] as number) * 1000 }),
    ...(read['max-depth'] === undefined ? {} : { maxDepth: read['max-depth'] as number }),
    ...(read['max-workers'] === undefined ? {} : { maxWorkers: read['max-workers'] as number }),
    ...(values['no-delegate'] === true ? { delegate: false } : {}),
  };
  if (flags.delegate === false && (flags.maxDepth !== undefined || flags.maxWorkers !== undefined)) {
    return {
      ok: false,
      message:
        'kitchen: --no-delegate runs without workers, so --max-depth and --max-workers have nothing to limit; drop one side',
    };
  }

  const [command, ...rest] = positionals;
  if (read.port !== undefined && command !== 'web') {
    return { ok: false, message: 'kitchen: --port is for the web UI only; use it as kitchen web --port N' };
  }
  switch (command) {
    case undefined:
    case 'help':
      return { ok: true, command: { name: 'help' } };
    case 'demo': {
      const [scenario, ...extra] = rest;
      if ((scenario === undefined || scenario === 'jars' || scenario === 'pastry') && extra.length === 0) {
        return { ok: true, command: { name: 'demo', scenario: scenario ?? 'jars', flags } };
      }
      return {
        ok: false,
        message: `kitchen demo: unexpected ${JSON.stringify(rest.join(' '))}; use kitchen demo, or kitchen demo pastry (see kitchen --help)`,
      };
    }
    case 'servers':
      if (rest.length > 0) {
        return {
          ok: false,
          message: `kitchen ${command}: unexpected ${JSON.stringify(rest.join(' '))}; ${command} takes flags only (see kitchen --help)`,
        };
      }
      return { ok: true, command: { name: command, flags } };
    case 'web':
      if (rest.length > 0) {
        return {
          ok: false,
          message: `kitchen web: unexpected ${JSON.stringify(rest.join(' '))}; web takes flags only, and the task is typed in the page`,
        };
      }
      return { ok: true, command: { name: 'web', port: (read.port as number | undefined) ?? 0, flags } };
    case 'run': {
      const task = rest.join(' ').trim();
      if (task === '') {
        return {
          ok: false,
          message: 'kitchen run: the task is missing; put it in quotes, e.g. kitchen run "Roll 3 dice"',
        };
      }
      return { ok: true, command: { name: 'run', task, flags } };
    }
    default:
      return {
        ok: false,
        message: `kitchen: unknown command ${JSON.stringify(command)}; use demo, run "<task>", servers, web or --help`,
      };
  }
}

/** node:util's messages name the flag; the kitchen adds the fix. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? 'a flag';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `kitchen: unknown flag ${flag}; see kitchen --help for the flags`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return ['--json', '--help', '-h', '--yes', '--no', '--no-delegate'].includes(flag)
        ? `kitchen: ${flag} takes no value; write it alone, e.g. kitchen demo ${flag}`
        : `kitchen: ${flag} needs a value; write it as ${flag} VALUE (see kitchen --help)`;
    default:
      return `kitchen: ${message}; see kitchen --help`;
  }
}
