// How a run's workers are shaped, as plain JSON: kitchen.config.json's "workers" section, under the
// --worker-* flags (and, in the web UI, the run form). Plain so that a trace keeps it and a rerun
// restores it. Runtime side; worker-settings.ts turns it into spawn_agent's options.

import { dirname, resolve } from 'node:path';
import type { WorkerToolPolicy } from '@kitchen/host';
import { z } from 'zod';
import type { KitchenSettings } from '../kitchen-settings.js';
import { readJsonFile } from './read-json-file.js';

export interface WorkerChoices {
  /** "offline" or a Claude model name; default: the main agent's model. */
  model?: string;
  maxTokens?: number;
  temperature?: number;
  /** Default: inherit the hiring agent's tools. */
  tools?: WorkerToolPolicy;
  /** The JSON Schema itself (read from its file), so a trace carries it. */
  reportSchema?: Record<string, unknown>;
}

export const MAX_WORKER_TOKENS = 64_000;

const toolNames = z.array(z.string().trim().min(1)).min(1);
const jsonObject = z.record(z.string(), z.unknown());

/** The "workers" section of kitchen.config.json. */
const workersSection = z.strictObject({
  model: z.string().trim().min(1).max(100).optional(),
  maxTokens: z.number().int().min(1).max(MAX_WORKER_TOKENS).optional(),
  temperature: z.number().min(0).max(1).optional(),
  tools: z
    .union([z.literal('inherit'), z.strictObject({ restrict: toolNames }), z.strictObject({ list: toolNames })])
    .optional(),
  reportSchema: z.union([z.string().trim().min(1), jsonObject]).optional(),
});

const FIXES: Record<string, string> = {
  model: 'name a Claude model (e.g. "claude-haiku-4-5") or "offline"',
  maxTokens: `use a whole number from 1 to ${MAX_WORKER_TOKENS}, e.g. 1024`,
  temperature: 'use a number from 0 to 1, e.g. 0.2',
  tools:
    'use "inherit", {"restrict": ["inspect_jar"]} (the hiring agent\'s tools, only these) or {"list": ["inspect_jar"]} (exactly these)',
  reportSchema: 'name a JSON Schema file (relative to the config file) or give the schema as an object',
};

export const WORKERS_EXAMPLE =
  '{"workers": {"model": "claude-haiku-4-5", "maxTokens": 1024, "temperature": 0.2, "tools": {"restrict": ["list_jars", "inspect_jar"]}, "reportSchema": "report.schema.json"}}';

export type WorkersResult = { ok: true; workers: WorkerChoices } | { ok: false; message: string };

/** Reads the section; `shown` names the config file, whose folder a report schema path is read from. */
export function parseWorkersSection(input: unknown, shown: string, configFile: string): WorkersResult {
  if (input === undefined) return { ok: true, workers: {} };
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, message: `${shown}: "workers" must be an object; fix: e.g. ${WORKERS_EXAMPLE}` };
  const parsed = workersSection.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys' && issue.path.length === 0)
      return {
        ok: false,
        message: `${shown}: unknown field ${issue.keys.map((key) => `"workers.${key}"`).join(', ')}; "workers" holds ${Object.keys(
          FIXES,
        )
          .map((key) => `"${key}"`)
          .join(', ')}`,
      };
    const field = String(issue?.path[0] ?? '');
    return {
      ok: false,
      message: `${shown}: "workers.${field}" is not allowed (${issue?.message ?? 'invalid'}); fix: ${FIXES[field] ?? WORKERS_EXAMPLE}`,
    };
  }
  const { tools, reportSchema, ...rest } = parsed.data;
  const workers: WorkerChoices = { ...rest };
  if (tools !== undefined && tools !== 'inherit')
    workers.tools =
      'restrict' in tools ? { kind: 'restrict', tools: tools.restrict } : { kind: 'list', tools: tools.list };
  if (typeof reportSchema === 'string') {
    const file = resolve(dirname(configFile), reportSchema);
    const read = readSchemaFile(file, `${shown}: "workers.reportSchema" (${reportSchema})`);
    if (!read.ok) return read;
    workers.reportSchema = read.schema;
  } else if (reportSchema !== undefined) workers.reportSchema = reportSchema;
  return { ok: true, workers };
}

/** The config's choices with each --worker-* flag given taking its place. */
export function mergeWorkerFlags(flags: KitchenSettings, fromConfig: WorkerChoices = {}): WorkersResult {
  const workers: WorkerChoices = { ...fromConfig };
  if (flags.workerModel !== undefined) workers.model = flags.workerModel;
  if (flags.workerMaxTokens !== undefined) workers.maxTokens = flags.workerMaxTokens;
  if (flags.workerTemperature !== undefined) workers.temperature = flags.workerTemperature;
  if (flags.workerTools !== undefined) workers.tools = { kind: 'restrict', tools: flags.workerTools };
  if (flags.workerReport !== undefined) {
    const read = readSchemaFile(flags.workerReport, `--worker-report ${flags.workerReport}`);
    if (!read.ok) return read;
    workers.reportSchema = read.schema;
  }
  return { ok: true, workers };
}

/** The choices in a few words: "model claude-haiku-4-5 · tools: only inspect_jar · report schema". */
export function describeWorkerChoices(choices: WorkerChoices): string {
  const parts: string[] = [];
  if (choices.model !== undefined) parts.push(`model ${choices.model}`);
  if (choices.maxTokens !== undefined) parts.push(`max tokens ${choices.maxTokens}`);
  if (choices.temperature !== undefined) parts.push(`temperature ${choices.temperature}`);
  if (choices.tools !== undefined)
    parts.push(
      choices.tools.kind === 'inherit'
        ? 'tools: inherited'
        : `tools: ${choices.tools.kind === 'restrict' ? 'only' : 'exactly'} ${choices.tools.tools.join(', ')}`,
    );
  if (choices.reportSchema !== undefined) parts.push('report schema');
  return parts.length === 0 ? 'as the main agent' : parts.join(' · ');
}

/** The choices a trace recorded (its "workers" setting), or undefined when it holds none or a broken one. */
export function recordedWorkerChoices(value: unknown): WorkerChoices | undefined {
  const policy = z.union([
    z.strictObject({ kind: z.literal('inherit') }),
    z.strictObject({ kind: z.enum(['restrict', 'list']), tools: z.array(z.string()) }),
  ]);
  const parsed = z
    .object({
      model: z.string().optional(),
      maxTokens: z.number().int().min(1).optional(),
      temperature: z.number().min(0).max(1).optional(),
      tools: policy.optional(),
      reportSchema: jsonObject.optional(),
    })
    .safeParse(value);
  if (!parsed.success) return undefined;
  const { tools, ...rest } = parsed.data;
  return { ...rest, ...(tools === undefined ? {} : { tools: tools as WorkerToolPolicy }) };
}

function readSchemaFile(
  file: string,
  where: string,
): { ok: true; schema: Record<string, unknown> } | { ok: false; message: string } {
  const read = readJsonFile(file, where, '--worker-report or "workers.reportSchema"');
  if (!read.ok) return read;
  if (typeof read.data !== 'object' || read.data === null || Array.isArray(read.data))
    return { ok: false, message: `${where}: a JSON Schema must be an object, e.g. {"type": "object", ...}` };
  return { ok: true, schema: read.data as Record<string, unknown> };
}
