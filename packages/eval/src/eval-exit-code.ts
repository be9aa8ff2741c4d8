// The eval's exit code for a shell or CI: the one rule, kept apart from how the report is worded.
// Host side, pure.

import type { EvalReport } from './eval-report.js';

/** 1 when any case failed (a pass rate under the minimum is a failure), 0 otherwise: a case the offline model did not understand is no failure. */
export function evalExitCode(report: EvalReport): 0 | 1 {
  return report.cases.some((each) => each.verdict === 'failed') ? 1 : 0;
}
