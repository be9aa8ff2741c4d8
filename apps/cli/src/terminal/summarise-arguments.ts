// How a batch of calls to one tool is told in one line: each argument summarised across the
// calls ("id 1–20", "shelf: \"A\"", "task: 4 different"). App side, pure; knows no tool.

import { cleanText, shortenLine } from '@kitchen/runtime/text/clean-text';

/** Longest constant value shown as is; longer ones are shortened. */
const VALUE_WIDTH = 30;
/** Ranges shown before the rest is summarised as "…". */
const MAX_RANGES = 8;

/**
 * "id 1–20", or "id 1–3, 7, 9–12; verbose: true": every argument across the calls. A number that
 * varies becomes ranges, a value every call shares is shown once, anything else is counted.
 */
export function summariseArguments(inputs: ReadonlyArray<Record<string, unknown>>): string {
  const keys = [...new Set(inputs.flatMap((input) => Object.keys(input)))];
  return keys
    .map((key) => {
      const name = cleanText(key);
      const values = inputs.map((input) => input[key]);
      const distinct = new Set(values.map((value) => JSON.stringify(value) ?? 'undefined'));
      if (distinct.size === 1 && values[0] !== undefined)
        return `${name}: ${shortenLine(JSON.stringify(values[0]) ?? '', VALUE_WIDTH)}`;
      if (values.every((value) => typeof value === 'number' && Number.isFinite(value)))
        return `${name} ${numberRanges(values as number[])}`;
      return `${name}: ${distinct.size} different`;
    })
    .join('; ');
}

/** "1–3, 7, 9–12": whole numbers in order with runs joined; others listed; long lists end in "…". */
export function numberRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((left, right) => left - right);
  const ranges: string[] = [];
  let index = 0;
  while (index < sorted.length) {
    const start = sorted[index] as number;
    let end = start;
    while (Number.isInteger(end) && sorted[index + 1] === end + 1) {
      index += 1;
      end += 1;
    }
    ranges.push(end === start ? `${start}` : `${start}–${end}`);
    index += 1;
  }
  if (ranges.length <= MAX_RANGES) return ranges.join(', ');
  return `${ranges.slice(0, MAX_RANGES).join(', ')}, … (${sorted.length} in all)`;
}
