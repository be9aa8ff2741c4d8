// zod schemas for bounded whole numbers whose errors name the field and the allowed range, used
// for tool inputs and command-line flags alike. Server side.

import { z } from 'zod';

export interface WholeNumberRange {
  min?: number;
  max?: number;
}

/** Describes a range in words: "a whole number from 1 to 100", "a whole number ≥ 0". */
export function describeWholeNumber({ min, max }: WholeNumberRange): string {
  if (min !== undefined && max !== undefined) return `a whole number from ${min} to ${max}`;
  if (min !== undefined) return `a whole number ≥ ${min}`;
  if (max !== undefined) return `a whole number ≤ ${max}`;
  return 'a whole number';
}

/** A tool input: `field` must be a whole number in range, or the error says so (with the value). */
export function wholeNumber(field: string, range: WholeNumberRange = {}) {
  const expected = describeWholeNumber(range);
  const error = (issue: { input?: unknown }) =>
    `${field} must be ${expected} (got ${JSON.stringify(issue.input) ?? 'nothing'})`;
  let schema = z.number({ error }).int({ error });
  if (range.min !== undefined) schema = schema.min(range.min, { error });
  if (range.max !== undefined) schema = schema.max(range.max, { error });
  return schema;
}

/** A command-line flag or environment value: a string holding a whole number in range. Its error
 * is the fix ("use a whole number from 1 to 500"); runServerMain adds the flag and the value. */
export function wholeNumberFlag(range: WholeNumberRange & { fallback: number; hint?: string }) {
  return wholeNumberText(range).default(range.fallback);
}

/** The same as wholeNumberFlag without a fallback: absent stays undefined. */
export function wholeNumberText(range: WholeNumberRange & { hint?: string }) {
  const fix = `use ${describeWholeNumber(range)}${range.hint ? ` ${range.hint}` : ''}`;
  return z
    .string()
    .regex(/^-?\d+$/, { error: fix })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(range.min ?? Number.MIN_SAFE_INTEGER, { error: fix })
        .max(range.max ?? Number.MAX_SAFE_INTEGER, { error: fix }),
    );
}
