// @kitchen/eval: does a model use a server's tools right? Case files, the scorers `kitchen eval`
// and `pnpm compare` share, scoring a run from its events, the report (JSON, JUnit XML, a
// markdown table) and a runner that runs cases in parallel. Host side; explicit exports only.

export type { CallExpectation, EvalCase, EvalCaseFile, Expectation } from './eval-case-file.js';
export { EvalCaseFileError, MAX_REPEAT, parseEvalCaseFile, readEvalCaseFile } from './eval-case-file.js';
export { evalExitCode } from './eval-exit-code.js';
export type { CaseReport, CaseRun, CaseRuns, EvalReport, EvalTotals, Verdict } from './eval-report.js';
export { buildEvalReport, caseReport } from './eval-report.js';
export type { EvalTableOptions } from './eval-table.js';
export { evalMarkdownTable } from './eval-table.js';
export { escapeXml, evalJunitXml } from './junit-xml.js';
export type { EvalJob, RunEvalOptions, TaskRun } from './run-eval.js';
export { DEFAULT_EVAL_CONCURRENCY, runEval } from './run-eval.js';
export type { CallSeen, Failure, RunScore } from './score-run.js';
export { scoreRun } from './score-run.js';
export type { ArgumentMatch } from './scorers/match-arguments.js';
export { ARGUMENT_MATCHES, matchArguments, sameValue } from './scorers/match-arguments.js';
export type { Score } from './scorers/score-set.js';
export { reportedJars, scoreSet } from './scorers/score-set.js';
export type { TextExpectation, TextMiss } from './scorers/text-match.js';
export { includesText, matchesPattern, missedText, scorePattern } from './scorers/text-match.js';
export type { CalledTool } from './tool-name.js';
export { displayToolName, namesTool } from './tool-name.js';
