// The eval's report as a markdown table for the terminal (and a CI summary): one row per case and
// model, then what each failed case missed, then the totals. Host side, pure: the caller says how
// to word a cost (a local model is not priced like Claude).

import { formatCents, formatDuration, formatTokens } from '@kitchen/host';
import type { CaseReport, EvalReport, Verdict } from './eval-report.js';

export interface EvalTableOptions {
  /** How a case's cost reads; default cents and dollars. */
  cost?: (each: CaseReport) => string;
  /** How the total cost reads; default cents and dollars. */
  totalCost?: (report: EvalReport) => string;
}

const VERDICT_WORDS: Record<Verdict, string> = {
  passed: 'passed',
  failed: 'FAILED',
  'not-understood': 'not understood by the offline model',
};

export function evalMarkdownTable(report: EvalReport, options: EvalTableOptions = {}): string {
  const cost = options.cost ?? ((each: CaseReport) => formatCents(each.costCents));
  const rows = report.cases.map((each) =>
    cells([
      each.name,
      each.model,
      VERDICT_WORDS[each.verdict],
      `${Math.round(each.passRate * 100)}%`,
      String(each.runs),
      formatTokens(each.tokens),
      cost(each),
      formatDuration(each.durationMs),
    ]),
  );
  const lines = [
    cells(['case', 'model', 'verdict', 'pass rate', 'runs', 'tokens', 'cost', 'time']),
    cells(['---', '---', '---', '---:', '---:', '---:', '---:', '---:']),
    ...rows,
  ];
  const notes: string[] = [];
  for (const each of report.cases) {
    if (each.verdict === 'not-understood')
      notes.push(`- ${each.name} on ${each.model}: not understood by the offline model: ${each.notUnderstood ?? ''}`);
    if (each.verdict !== 'failed') continue;
    for (const failure of each.failures)
      notes.push(`- ${each.name} on ${each.model}, run ${failure.run}: ${failure.expectation}: ${failure.message}`);
    if (each.passRate > 0)
      notes.push(
        `- ${each.name} on ${each.model}: pass rate ${Math.round(each.passRate * 100)}% is under ${Math.round(report.minPassRate * 100)}%`,
      );
  }
  const { totals } = report;
  const totalCost = options.totalCost?.(report) ?? formatCents(totals.costCents);
  const summary = [
    `${totals.passed} of ${totals.cases} passed`,
    totals.failed > 0 ? `${totals.failed} failed` : '',
    totals.notUnderstood > 0 ? `${totals.notUnderstood} not understood by the offline model` : '',
    `${totals.runs} runs, ${formatTokens(totals.tokens)} tokens, ${totalCost}, ${formatDuration(totals.durationMs)}`,
  ].filter(Boolean);
  return [...lines, '', ...(notes.length > 0 ? [...notes, ''] : []), `${summary.join('; ')}.`, ''].join('\n');
}

/** A table row; a pipe or a line break in a cell would break the table. */
function cells(values: readonly string[]): string {
  return `| ${values.map((value) => value.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')).join(' | ')} |`;
}
