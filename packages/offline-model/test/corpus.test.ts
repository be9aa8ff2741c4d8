// The held-out habit: every phrasing in corpus/phrasings.json runs through the offline model
// against the real servers, and the score is printed ("corpus: 70/72 phrasings as expected").
// The corpus is data, grown from what people type; the test fails below its threshold.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jarsFor, type KitchenRun, PROPERTY_TIMEOUT_MS, runKitchen } from './kitchen.js';

const corpusSchema = z.object({
  threshold: z.number().min(0).max(1),
  phrasings: z
    .array(
      z.object({
        phrase: z.string().min(1),
        class: z.string(),
        tools: z.record(z.string(), z.number().int().min(0)).optional(),
        calls: z.array(z.object({ tool: z.string(), input: z.record(z.string(), z.unknown()).optional() })).optional(),
        forbid: z.array(z.string()).optional(),
        says: z.array(z.string()).optional(),
      }),
    )
    .min(60),
});
type Phrasing = z.infer<typeof corpusSchema>['phrasings'][number];

const corpus = corpusSchema.parse(
  JSON.parse(readFileSync(new URL('../corpus/phrasings.json', import.meta.url), 'utf8')),
);

/** What went differently from the expectation, or nothing. */
function mismatches(expected: Phrasing, run: KitchenRun): string[] {
  const problems: string[] = [];
  const plain = (name: string) => name.split('__').at(-1) ?? name;
  const calls = run.calls.map((call) => ({ ...call, name: plain(call.name) }));
  for (const [tool, count] of Object.entries(expected.tools ?? {})) {
    const made = calls.filter((call) => call.name === tool).length;
    if (made !== count) problems.push(`${tool} called ${made} times, expected ${count}`);
  }
  let from = 0;
  for (const wanted of expected.calls ?? []) {
    const at = calls.findIndex(
      (call, index) =>
        index >= from &&
        call.name === wanted.tool &&
        Object.entries(wanted.input ?? {}).every(([key, value]) => call.input[key] === value),
    );
    if (at < 0) problems.push(`no call ${wanted.tool} ${JSON.stringify(wanted.input ?? {})} in order`);
    else from = at + 1;
  }
  for (const tool of expected.forbid ?? []) {
    if (calls.some((call) => call.name === tool)) problems.push(`called ${tool}, which it must not`);
  }
  for (const pattern of expected.says ?? []) {
    if (!new RegExp(pattern, 'm').test(run.finalText)) problems.push(`answer does not match /${pattern}/`);
  }
  return problems;
}

describe('the phrasing corpus', () => {
  it(
    `meets its threshold (${corpus.phrasings.length} phrasings)`,
    async () => {
      const jars = jarsFor(1729, 80);
      const failures: string[] = [];
      for (const phrasing of corpus.phrasings) {
        const run = await runKitchen(phrasing.phrase, {
          jars,
          servers: ['cookie-jars', 'dice', 'pantry', 'pastry-chef'],
        });
        const problems = mismatches(phrasing, run);
        if (problems.length > 0)
          failures.push(
            `  [${phrasing.class}] "${phrasing.phrase}": ${problems.join('; ')}\n    answer: ${run.finalText.split('\n').slice(0, 3).join(' | ')}`,
          );
      }
      const passed = corpus.phrasings.length - failures.length;
      console.log([`corpus: ${passed}/${corpus.phrasings.length} phrasings as expected`, ...failures].join('\n'));
      expect(passed / corpus.phrasings.length).toBeGreaterThanOrEqual(corpus.threshold);
    },
    PROPERTY_TIMEOUT_MS,
  );
});
