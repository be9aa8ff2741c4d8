// The panel under the lanes of the kitchen web page: the run's final report, a warning when it
// stopped early or never ended, and its summary line. App side, in the browser; the model's text
// goes in with textContent only (report-view.ts).

import { el } from './dom.js';
import { cleanDisplayText, summaryLine } from './lane-words.js';
import type { DoneEvent } from './lanes.js';
import type { PageRun } from './page-run.js';
import { renderReport } from './report-view.js';
import { runEndWords } from './run-state-words.js';

export interface ReportParts {
  report: HTMLElement;
  reportWarning: HTMLElement;
  reportText: HTMLElement;
  summary: HTMLElement;
}

/** The report of a run that ended with `done`. */
export function drawReport(parts: ReportParts, run: PageRun, done: DoneEvent, maxTreeTokens: number): void {
  parts.report.hidden = false;
  // An answer is not a clean success when some call of the run was denied or failed, or a server
  // it used went down (the same outcome as the CLI's exit code and kitchen runs).
  const ending = runEndWords(done, [...run.serversDown].sort());
  const clean = ending === '✅ finished';
  parts.reportWarning.hidden = clean;
  parts.reportWarning.textContent = clean
    ? ''
    : `${ending}${done.stopReason !== 'end_turn' && done.detail ? `: ${cleanDisplayText(done.detail)}` : ''}`;
  const text = cleanDisplayText(done.finalText).trim();
  parts.reportText.replaceChildren(text === '' ? el('p', '', '(the model gave no report)') : renderReport(text));
  parts.summary.textContent = summaryLine(done, {
    startedAt: run.view.startedAt,
    model: run.model,
    maxTreeTokens,
    samplingCents: run.view.samplingCents,
    serverDied: run.serversDown.size > 0,
  });
}

/** In place of a report: the run's trace ends before its `done`, because the kitchen stopped. */
export function drawUnfinishedReport(parts: ReportParts): void {
  parts.report.hidden = false;
  parts.reportWarning.hidden = false;
  parts.reportWarning.textContent =
    '⚠️ unfinished: the kitchen stopped before this run ended; this is what its trace recorded.';
  parts.reportText.replaceChildren();
  parts.summary.textContent = '';
}
