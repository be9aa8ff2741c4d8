// An eval case file: tasks in a person's words and what a model should do with the tools to pass.
// Read and checked with zod once, at the edge; a bad file gets a message naming the field and the
// fix (case-file-problem.ts). Host side, pure apart from reading the file.

import { readFileSync } from 'node:fs';
import type { LoopStopReason } from '@kitchen/host';
import { z } from 'zod';
import { describeCaseFileIssue } from './case-file-problem.js';
import { ARGUMENT_MATCHES } from './scorers/match-arguments.js';

/** Most runs of one case: repeat gives a pass rate, not a load test. */
export const MAX_REPEAT = 100;

const STOP_REASONS = [
  'end_turn',
  'max_tokens',
  'refusal',
  'max_iterations',
  'budget',
  'aborted',
  'error',
  'seatbelt',
] as const satisfies readonly LoopStopReason[];

const toolName = z.string().regex(/^\S+$/, 'must be a tool name such as "cookie-jars.inspect_jar"');
const pattern = z.string().refine(compiles, 'is not a regular expression JavaScript can read');

const callExpectation = z
  .strictObject({
    tool: toolName,
    args: z.record(z.string(), z.unknown()).optional(),
    match: z.enum(ARGUMENT_MATCHES).default('partial'),
  })
  .superRefine((call, context) => {
    if (call.match !== 'contains' && call.match !== 'regex') return;
    for (const [key, value] of Object.entries(call.args ?? {})) {
      if (typeof value !== 'string')
        context.addIssue({
          code: 'custom',
          path: ['args', key],
          message: `must be a string with match "${call.match}"`,
        });
      else if (call.match === 'regex' && !compiles(value))
        context.addIssue({
          code: 'custom',
          path: ['args', key],
          message: 'is not a regular expression JavaScript can read',
        });
    }
  });

const expectation = z.strictObject({
  calls: z.array(callExpectation).optional(),
  never: z.array(toolName).optional(),
  firstCall: toolName.optional(),
  noToolErrors: z.boolean().optional(),
  maxToolCalls: z.number().int().min(0).optional(),
  maxTokens: z.number().int().min(1).optional(),
  finalText: z
    .strictObject({
      contains: z.array(z.string().min(1)).optional(),
      matches: pattern.optional(),
      notContains: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  /** How the run must end; default: the model finished its answer. */
  stopReason: z.enum(STOP_REASONS).default('end_turn'),
});

const evalCase = z.strictObject({
  name: z.string().regex(/\S/, 'must not be empty'),
  note: z.string().optional(),
  task: z.string().regex(/\S/, 'must not be empty'),
  repeat: z.number().int().min(1).max(MAX_REPEAT).default(1),
  expect: expectation.default({ stopReason: 'end_turn' }),
});

const caseFile = z.strictObject({ cases: z.array(evalCase).min(1) }).superRefine((file, context) => {
  const seen = new Set<string>();
  file.cases.forEach((each, index) => {
    if (seen.has(each.name))
      context.addIssue({ code: 'custom', path: ['cases', index, 'name'], message: `repeats "${each.name}"` });
    seen.add(each.name);
  });
});

export type EvalCaseFile = z.infer<typeof caseFile>;
export type EvalCase = EvalCaseFile['cases'][number];
export type Expectation = EvalCase['expect'];
export type CallExpectation = NonNullable<Expectation['calls']>[number];

/** The file as written: JSON text whose shape is checked; throws an EvalCaseFileError naming the field. */
export function parseEvalCaseFile(value: unknown, where: string): EvalCaseFile {
  const parsed = caseFile.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new EvalCaseFileError(
    where,
    issue === undefined ? 'the file is unreadable' : describeCaseFileIssue(issue, value),
  );
}

export function readEvalCaseFile(path: string): EvalCaseFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new EvalCaseFileError(path, `cannot read it (${(error as Error).message}); check the path`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new EvalCaseFileError(path, `is not JSON (${(error as Error).message}); a case file is one JSON object`);
  }
  return parseEvalCaseFile(value, path);
}

/** A case file that cannot be used: where it is, then the field and the fix. */
export class EvalCaseFileError extends Error {
  override readonly name = 'EvalCaseFileError';
  constructor(
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${where}: ${problem}`);
  }
}

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
