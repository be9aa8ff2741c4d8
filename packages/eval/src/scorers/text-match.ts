// Scoring text: a final report against the strings it must hold, a pattern it must match and the
// strings it must not hold. Shared by `kitchen eval` (finalText) and `pnpm compare` (its pattern
// cases). Host side, pure. Matching ignores case: a model's wording is not the point.

import type { Score } from './score-set.js';

export interface TextExpectation {
  /** Every one of these must appear. */
  contains?: readonly string[];
  /** A regular expression the text must match. */
  matches?: string;
  /** None of these may appear. */
  notContains?: readonly string[];
}

/** One part of a text expectation the text did not meet. */
export interface TextMiss {
  field: 'contains' | 'matches' | 'notContains';
  expected: string;
}

export function includesText(text: string, wanted: string): boolean {
  return text.toLowerCase().includes(wanted.toLowerCase());
}

export function matchesPattern(text: string, pattern: string): boolean {
  return new RegExp(pattern, 'i').test(text);
}

/** What the text misses, in the expectation's order; empty when it meets all of it. */
export function missedText(expectation: TextExpectation, text: string): TextMiss[] {
  const misses: TextMiss[] = [];
  for (const wanted of expectation.contains ?? [])
    if (!includesText(text, wanted)) misses.push({ field: 'contains', expected: wanted });
  if (expectation.matches !== undefined && !matchesPattern(text, expectation.matches))
    misses.push({ field: 'matches', expected: expectation.matches });
  for (const unwanted of expectation.notContains ?? [])
    if (includesText(text, unwanted)) misses.push({ field: 'notContains', expected: unwanted });
  return misses;
}

/** A pattern case scored as 1 or 0 (`pnpm compare`'s "contains" scorer). */
export function scorePattern(pattern: string, text: string): Score {
  const correct = matchesPattern(text, pattern);
  return { correct, score: correct ? 1 : 0 };
}
