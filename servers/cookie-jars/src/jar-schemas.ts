// zod shapes for the cookie-jar tools' inputs and outputs (outputs are declared as outputSchema,
// so clients can check structuredContent). Server side.

import { wholeNumber } from '@kitchen/server-kit';
import { z } from 'zod';

export const MAX_PAGE = 100;

function buildJarIdInput(size: number) {
  return z.object({ id: wholeNumber('id').describe(`Jar id, a whole number from 1 to ${size}.`) });
}

// In 2026-07-28 the kit builds a McpServer per request; one schema per shelf size serves them all,
// instead of a new one (and its JSON Schema, made again for each call) per request.
const jarIdInputs = new Map<number, ReturnType<typeof buildJarIdInput>>();

/** The input of the tools that take one jar id; the same schema object for the same shelf size. */
export function jarIdInput(size: number): ReturnType<typeof buildJarIdInput> {
  let schema = jarIdInputs.get(size);
  if (schema === undefined) {
    schema = buildJarIdInput(size);
    jarIdInputs.set(size, schema);
  }
  return schema;
}

export const listJarsInput = z.object({
  offset: wholeNumber('offset', { min: 0 }).default(0).describe('How many jars to skip (default 0).'),
  limit: wholeNumber('limit', { min: 1, max: MAX_PAGE })
    .default(MAX_PAGE)
    .describe(`How many jars to return, 1 to ${MAX_PAGE} (default ${MAX_PAGE}).`),
});

const seal = z.enum(['intact', 'broken']);

export const listJarsOutput = z.object({
  total: z.number().int(),
  jars: z.array(z.object({ id: z.number().int(), label: z.string() })),
  nextOffset: z.number().int().optional().describe('Present when more jars follow: pass it as offset.'),
});

export const inspectJarOutput = z.object({
  id: z.number().int(),
  label: z.string(),
  seal,
  expectedGrams: z.number(),
  measuredGrams: z.number(),
  toleranceGrams: z.number(),
  note: z.string(),
  discarded: z.boolean(),
  resealed: z.boolean(),
});

export const weighJarOutput = z.object({
  id: z.number().int(),
  expectedGrams: z.number(),
  measuredGrams: z.number(),
  differenceGrams: z.number(),
  toleranceGrams: z.number(),
});

export const readNoteOutput = z.object({ id: z.number().int(), note: z.string() });

export const discardJarOutput = z.object({
  id: z.number().int(),
  discarded: z.literal(true),
  alreadyDiscarded: z.boolean(),
});

export const resealJarOutput = z.object({
  id: z.number().int(),
  seal: z.literal('intact'),
  resealed: z.literal(true),
  wasBroken: z.boolean(),
});
