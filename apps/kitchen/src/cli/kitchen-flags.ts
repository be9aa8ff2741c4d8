// Every flag of the kitchen CLI, declared once: the parser's options, the help text, the README
// check and the KitchenFlags type all come from this table, and one zod object validates a
// command line's flags. App side.

import { DEFAULT_ANTHROPIC_MODEL, LOG_LEVELS, MAX_AGENT_DEPTH_ALLOWED, PROTOCOL_SETTINGS } from '@kitchen/host';
import { z } from 'zod';
import { MODEL_CHOICES } from '../config/create-model.js';

export const DEFAULT_SEED = 1729;
export const DEFAULT_JARS = 80;

/** Where a flag is listed in the help. */
export type FlagGroup = 'run' | 'limits' | 'web' | 'traces';

interface FlagBase {
  /** The KitchenFlags property the flag sets. */
  key: string;
  group: FlagGroup;
  /** What the help says, one entry per line. */
  help: readonly string[];
}

/** A flag that stands alone (`--json`) and sets its property to `sets`. */
export interface SwitchFlag extends FlagBase {
  kind: 'switch';
  sets: unknown;
  default?: unknown;
}

/** A flag with one value (`--jars 80`), given at most once. */
export interface ValueFlag extends FlagBase {
  kind: 'value';
  /** The placeholder in the help (`N`, `FILE`). */
  value: string;
  schema: z.ZodType;
  /** What to tell someone whose value was refused: the allowed values and an example. */
  fix: string;
  default?: unknown;
}

/** A flag that may be repeated (`--rule a --rule b`); its property is the list. */
export interface ListFlag extends FlagBase {
  kind: 'list';
  value: string;
  schema: z.ZodType;
  fix: string;
  /** With a default, the property is always a list; without one, it is absent when none was given. */
  default?: readonly [];
}

export type FlagSpec = SwitchFlag | ValueFlag | ListFlag;

const wholeNumber = (minimum: number, maximum: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(minimum).max(maximum));
const nonEmpty = z.string().trim().min(1);

/** The rule format a --rule must have; the host reads the rest (the action, the glob). */
export const RULE_FORMAT =
  'a rule is ACTION:[SERVER/]TOOL with ACTION allow, ask or deny, e.g. --rule allow:pantry/place_order or --rule deny:discard_*';

export const KITCHEN_FLAGS = {
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
    help: [`Anthropic model (default $KITCHEN_MODEL or ${DEFAULT_ANTHROPIC_MODEL})`],
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
  config: {
    kind: 'value',
    key: 'configPath',
    value: 'FILE',
    schema: nonEmpty,
    fix: 'name a JSON file, e.g. --config kitchen.config.json',
    group: 'run',
    help: ['the "mcpServers" config (default: the nearest', 'kitchen.config.json); see apps/kitchen/README.md'],
  },
  server: {
    kind: 'list',
    key: 'servers',
    value: 'NAME=URL',
    // parseServerFlag (config/mcp-servers.ts) reads the target when the config is loaded.
    schema: z.string(),
    fix: 'write it as --server NAME=http://host/mcp or --server "NAME=command arg…"',
    group: 'run',
    help: [
      'add a server for this command, over Streamable HTTP; or',
      '--server "NAME=CMD ARGS" over stdio (the host spawns it);',
      'repeatable',
    ],
  },
  root: {
    kind: 'list',
    key: 'roots',
    value: 'DIR',
    schema: nonEmpty,
    fix: 'name a folder servers may work in, e.g. --root .',
    group: 'run',
    help: ['a folder the host offers servers as a root (roots/list);', 'repeatable (default: the working directory)'],
  },
  'start-timeout': {
    kind: 'value',
    key: 'startTimeoutMs',
    value: 'S',
    schema: wholeNumber(1, 3600).transform((seconds) => seconds * 1000),
    fix: 'use whole seconds from 1 to 3600, e.g. --start-timeout 60',
    group: 'run',
    help: [
      'seconds a started server has to say it listens (default 20),',
      'stretched by the load per core on a busy machine (up to 10×)',
    ],
  },
  'open-browser': {
    kind: 'switch',
    key: 'openBrowser',
    sets: true,
    group: 'run',
    help: ['open the sign-in page of a server that asks for OAuth in', 'the browser (its URL is always printed)'],
  },
  protocol: {
    kind: 'value',
    key: 'protocol',
    value: 'REVISION',
    schema: z.enum(PROTOCOL_SETTINGS),
    fix: 'use auto (2026-07-28 where offered, else 2025-11-25), 2025-11-25 or 2026-07-28',
    group: 'run',
    help: [
      'the MCP revision for every server: auto (default: 2026-07-28',
      'where offered, else 2025-11-25), 2025-11-25 or 2026-07-28',
    ],
  },
  'log-level': {
    kind: 'value',
    key: 'logLevel',
    value: 'LEVEL',
    schema: z.enum(LOG_LEVELS),
    fix: `use one of ${LOG_LEVELS.join(', ')}`,
    group: 'run',
    help: [
      'ask servers that log for this level and up (debug, info,',
      'notice, warning, error, critical, alert, emergency)',
    ],
  },
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
  port: {
    kind: 'value',
    key: 'port',
    value: 'N',
    schema: wholeNumber(0, 65535),
    fix: 'use a whole number from 0 to 65535 (0 picks a free port), e.g. --port 4000',
    group: 'web',
    help: ['the web UI port on 127.0.0.1 (default 0: any free port)'],
  },
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
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number)
      .pipe(z.number().min(0).max(1)),
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
  'runs-dir': {
    kind: 'value',
    key: 'runsDir',
    value: 'DIR',
    schema: nonEmpty,
    fix: 'name a folder, e.g. --runs-dir .kitchen/runs',
    group: 'traces',
    help: ['where run traces are written and read (default', '$KITCHEN_RUNS_DIR or .kitchen/runs)'],
  },
  otlp: {
    kind: 'value',
    key: 'otlp',
    value: 'URL',
    schema: z.url({ protocol: /^https?$/ }),
    fix: 'name an OTLP/HTTP endpoint, e.g. --otlp http://127.0.0.1:4318',
    group: 'traces',
    help: ['also export each run as OpenTelemetry spans to this', 'OTLP/HTTP endpoint (default $OTEL_EXPORTER_OTLP_…)'],
  },
  era: {
    kind: 'value',
    key: 'era',
    value: 'ERA',
    schema: z.enum(['2025-11-25', '2026-07-28', 'both']),
    fix: 'use 2025-11-25, 2026-07-28 or both, e.g. --era both',
    group: 'run',
    help: ['kitchen wire: the protocol revision(s) to run the call', 'in: 2025-11-25, 2026-07-28 or both (default)'],
  },
  speed: {
    kind: 'value',
    key: 'speed',
    value: 'X',
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number)
      .pipe(z.number().min(0).max(1000)),
    fix: 'use a number from 0 to 1000 (0: all at once, 1: as recorded), e.g. --speed 4',
    group: 'traces',
    help: ['replay speed: 1 as recorded, 4 four times faster,', '0 all at once (default 1)'],
  },
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof KITCHEN_FLAGS;
type Table = typeof KITCHEN_FLAGS;

/** The value a flag gives its property. */
type FlagValue<Spec> = Spec extends { kind: 'switch'; sets: infer Sets }
  ? Sets | (Spec extends { default: infer Default } ? Default : never)
  : Spec extends { kind: 'list'; schema: infer Schema extends z.ZodType }
    ? Array<z.output<Schema>>
    : Spec extends { schema: infer Schema extends z.ZodType }
      ? z.output<Schema>
      : never;

type KeyWithDefault<Name extends FlagName> = Table[Name] extends { default: unknown } ? Table[Name]['key'] : never;
type KeyWithoutDefault<Name extends FlagName> = Table[Name] extends { default: unknown } ? never : Table[Name]['key'];

/** The flags of a command line, read and checked: one property per row of KITCHEN_FLAGS. */
export type KitchenFlags = { [Name in FlagName as KeyWithDefault<Name>]: FlagValue<Table[Name]> } & {
  [Name in FlagName as KeyWithoutDefault<Name>]?: FlagValue<Table[Name]>;
};

export const FLAG_NAMES = Object.keys(KITCHEN_FLAGS) as FlagName[];

export function flagSpec(name: FlagName): FlagSpec {
  return KITCHEN_FLAGS[name];
}

/** `--jars N`, `--json`: how a flag is written in the help and the README. */
export function flagUsage(name: FlagName): string {
  const spec = flagSpec(name);
  return spec.kind === 'switch' ? `--${name}` : `--${name} ${spec.value}`;
}

/** The one zod object a command line's flags are checked with, keyed by flag name. */
export const kitchenFlagsSchema = z.strictObject(
  Object.fromEntries(
    FLAG_NAMES.map((name) => {
      const spec = flagSpec(name);
      const schema =
        spec.kind === 'switch' ? z.literal(true) : spec.kind === 'list' ? z.array(spec.schema) : spec.schema;
      return [name, schema.optional()];
    }),
  ),
);

/**
 * Reads parseArgs' values into KitchenFlags, or the first refusal naming the flag, the value and
 * the fix. `values` holds only flags that were given.
 */
export function readKitchenFlags(
  values: Record<string, unknown>,
): { ok: true; flags: KitchenFlags } | { ok: false; message: string } {
  const result = kitchenFlagsSchema.safeParse(values);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? '') as FlagName;
    const given = issue?.path.length === 2 ? (values[name] as unknown[])[Number(issue.path[1])] : values[name];
    const spec = KITCHEN_FLAGS[name] as FlagSpec | undefined;
    const fix = spec !== undefined && spec.kind !== 'switch' ? spec.fix : 'see kitchen --help';
    return { ok: false, message: `kitchen: --${name} ${JSON.stringify(given)} is not allowed; ${fix}` };
  }
  const flags: Record<string, unknown> = {};
  for (const name of FLAG_NAMES) {
    const spec = flagSpec(name);
    if (spec.default !== undefined && !(spec.key in flags)) flags[spec.key] = spec.kind === 'list' ? [] : spec.default;
  }
  for (const [name, value] of Object.entries(result.data)) {
    if (value === undefined) continue;
    const spec = flagSpec(name as FlagName);
    flags[spec.key] = spec.kind === 'switch' ? spec.sets : value;
  }
  return { ok: true, flags: flags as KitchenFlags };
}
