// Prints conformance verdicts as a plain-text table a person can read in a terminal or a CI
// log: scenario, server, pass/fail, checks, and the first problem. Test side, pure.

import type { ScenarioVerdict } from './judge-scenario.js';

const NOTE_WIDTH = 100;

export function formatVerdictTable(verdicts: readonly ScenarioVerdict[]): string {
  const header = ['scenario', 'server', 'result', 'checks', 'note'];
  const rows = verdicts.map((verdict) => [
    verdict.scenario,
    verdict.server,
    verdict.passed ? 'pass' : 'FAIL',
    describeChecks(verdict),
    shorten(verdict.problems[0] ?? ''),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const passed = verdicts.filter((verdict) => verdict.passed).length;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    `${passed} of ${verdicts.length} scenario runs passed.`,
  ].join('\n');
}

function describeChecks(verdict: ScenarioVerdict): string {
  const parts = [`${verdict.succeeded} ok`];
  if (verdict.failed > 0) parts.push(`${verdict.failed} failed`);
  if (verdict.tolerated > 0) parts.push(`${verdict.tolerated} failed as expected`);
  if (verdict.warnings > 0) parts.push(`${verdict.warnings} warning${verdict.warnings === 1 ? '' : 's'}`);
  return parts.join(', ');
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= NOTE_WIDTH ? oneLine : `${oneLine.slice(0, NOTE_WIDTH - 1)}…`;
}
