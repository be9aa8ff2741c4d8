// The zod schemas the flag table reads values with: a flag's value arrives as the text typed on
// the command line and leaves as the number or string the kitchen uses. App side.

import { z } from 'zod';

/** Digits only, read as a whole number from `minimum` to `maximum`. */
export const wholeNumber = (minimum: number, maximum: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(minimum).max(maximum));

/** Digits with an optional fraction (`0.2`), read as a number from `minimum` to `maximum`. */
export const decimalNumber = (minimum: number, maximum: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(minimum).max(maximum));

/** Any text with something in it besides spaces. */
export const nonEmpty = z.string().trim().min(1);
