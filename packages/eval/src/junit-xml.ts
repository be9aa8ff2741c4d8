// The eval's report as JUnit XML, which CI systems read: one testcase per case and model (the
// model as its class name), a failure per case that failed, skipped for a case the offline model
// did not understand. Host side, pure.

import type { CaseReport, EvalReport } from './eval-report.js';

export function evalJunitXml(report: EvalReport, suiteName = 'kitchen eval'): string {
  const { totals } = report;
  const attributes = `tests="${totals.cases}" failures="${totals.failed}" errors="0" skipped="${totals.notUnderstood}" time="${seconds(totals.durationMs)}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suiteName)}" ${attributes}>`,
    `  <testsuite name="${escapeXml(suiteName)}" ${attributes}>`,
    ...report.cases.map((each) => testcase(each, report.minPassRate)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testcase(each: CaseReport, minPassRate: number): string {
  const open = `    <testcase classname="${escapeXml(each.model)}" name="${escapeXml(each.name)}" time="${seconds(each.durationMs)}"`;
  const runs = `passed ${Math.round(each.passRate * each.runs)} of ${each.runs} runs`;
  switch (each.verdict) {
    case 'passed':
      return `${open}/>`;
    case 'not-understood':
      return `${open}>\n      <skipped message="${escapeXml(`not understood by the offline model: ${each.notUnderstood ?? ''}`)}"/>\n    </testcase>`;
    case 'failed': {
      const headline =
        each.passRate > 0 ? `${runs}; needed a pass rate of ${minPassRate}` : (each.failures[0]?.message ?? runs);
      const details = each.failures.map((failure) => `run ${failure.run}: ${failure.expectation}: ${failure.message}`);
      return `${open}>\n      <failure message="${escapeXml(headline)}" type="${escapeXml(each.passRate > 0 ? 'passRate' : (each.failures[0]?.expectation ?? 'run'))}">${escapeXml([runs, ...details].join('\n'))}</failure>\n    </testcase>`;
    }
  }
}

function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(3);
}

/** Text and attribute values: the five XML specials, and control characters XML 1.0 cannot hold. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
