// An eval case as a file: the task, the servers and their settings, the expected answer and the
// scorer. Read and checked with zod once, at the edge; a bad file is named with its field.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const caseSchema = z.strictObject({
  name: z.string().min(1),
  note: z.string().optional(),
  task: z.string().min(1),
  servers: z.strictObject({
    'cookie-jars': z.strictObject({ seed: z.number().int(), jars: z.number().int().min(1).max(500) }).optional(),
    dice: z.strictObject({ seed: z.number().int().optional() }).optional(),
    'pastry-chef': z.strictObject({}).optional(),
  }),
  expected: z.union([
    z.strictObject({ tamperedFromSeed: z.literal(true) }),
    z.strictObject({ tampered: z.array(z.number().int()) }),
    z.strictObject({ pattern: z.string() }),
  ]),
  scorer: z.enum(['jars', 'contains']),
  maxToolCalls: z.number().int().min(1).optional(),
});

export type EvalCase = z.infer<typeof caseSchema>;

export function parseEvalCase(value: unknown, where: string): EvalCase {
  const parsed = caseSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${where}: ${issue?.path.join('.') || 'the case'}: ${issue?.message ?? 'unreadable'}`);
}

/** Every `*.json` case in the folder, by file name. */
export function loadEvalCases(folder: string): EvalCase[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => parseEvalCase(JSON.parse(readFileSync(join(folder, file), 'utf8')), join(folder, file)));
}

/** The jar case for a sweep size. */
export function jarCase(jars: number, seed = 1729): EvalCase {
  return {
    name: `jars-${jars}`,
    task: `Inspect all ${jars} cookie jars and report which ones were tampered with, and why`,
    servers: { 'cookie-jars': { seed, jars } },
    expected: { tamperedFromSeed: true },
    scorer: 'jars',
    maxToolCalls: jars + 100,
  };
}
