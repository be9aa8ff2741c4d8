// Whether a tool call's arguments are the ones a case expects: exact (the whole object), partial
// (the listed keys equal), contains (each listed value appears in the argument's text) or regex
// (each listed value is a pattern the argument's text matches). Host side, pure.

import { includesText, matchesPattern } from './text-match.js';

export const ARGUMENT_MATCHES = ['exact', 'partial', 'contains', 'regex'] as const;
export type ArgumentMatch = (typeof ARGUMENT_MATCHES)[number];

export function matchArguments(
  expected: Readonly<Record<string, unknown>>,
  actual: Readonly<Record<string, unknown>>,
  match: ArgumentMatch,
): boolean {
  switch (match) {
    case 'exact':
      return sameValue(expected, actual);
    case 'partial':
      return Object.entries(expected).every(([key, value]) => key in actual && sameValue(value, actual[key]));
    case 'contains':
      return Object.entries(expected).every(
        ([key, value]) => key in actual && includesText(argumentText(actual[key]), String(value)),
      );
    case 'regex':
      return Object.entries(expected).every(
        ([key, value]) => key in actual && matchesPattern(argumentText(actual[key]), String(value)),
      );
  }
}

/** An argument as text: a string as it is, anything else as JSON. */
function argumentText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Deep equality of JSON values; key order does not matter, 3 and "3" differ. */
export function sameValue(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right))
    return left.length === right.length && left.every((item, index) => sameValue(item, right[index]));
  const leftEntries = Object.entries(left);
  const rightRecord = right as Record<string, unknown>;
  return (
    leftEntries.length === Object.keys(rightRecord).length &&
    leftEntries.every(([key, value]) => key in rightRecord && sameValue(value, rightRecord[key]))
  );
}
