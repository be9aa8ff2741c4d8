// A scored run made up for the report's tests: passed, or failed on firstCall, 1000 tokens, 2¢, 500 ms.

import type { CaseRun } from '../eval-report.js';

export function fakeRun(run: number, passed: boolean, extra: Partial<CaseRun> = {}): CaseRun {
  return {
    run,
    passed,
    failures: passed
      ? []
      : [
          {
            expectation: 'firstCall',
            expected: 'dice.roll',
            actual: null,
            message: 'expected the first call to be dice.roll; no tool was called',
          },
        ],
    finalText: '',
    toolCalls: 1,
    tokens: 1000,
    costCents: 2,
    durationMs: 500,
    ...extra,
  };
}
