// zod shapes for the cookie-jar tools' inputs and outputs (outputs are declared as outputSchema,
// so clients can check structuredContent). Server side.

import { wholeNumber } from '@kitchen/server-kit';
import { z } from 'zod';

export const MAX_PAGE = 100;

export function jarIdInput(size: number) {
  return z.object({ id: wholeNumber('id').describe(`Jar id, a whole number from 1 to ${size}.`) });
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
