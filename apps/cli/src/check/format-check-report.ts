// `kitchen check`'s terminal report: who answered and how, what the tool list costs, then the
// findings grouped by severity (errors first), each with what it is about, the rule, the message
// and the fix, and what the model receives for each named call. App side: the words of the report
// @kitchen/check produced; --json prints the report itself instead.

import type { CheckReport, ConnectionStep, Finding, Severity } from '@kitchen/check';
import { cleanText } from '@kitchen/runtime/text/clean-text';
import { paint } from '../terminal/paint.js';

const HEADINGS: Record<Severity, [singular: string, plural: string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
};
const MARKS: Record<Severity, string> = { error: '✗', warning: '!', info: '·' };
const SEVERITY_COLOURS = { error: 'red', warning: 'yellow', info: 'dim' } as const;
/** Lines of a model view shown under its call; --json carries all of it. */
const MODEL_VIEW_LINES = 8;

export function formatCheckReport(report: CheckReport, where: string, colour: boolean): string {
  const lines: string[] = [];
  const eras = report.eras.length === 0 ? 'not reached' : `speaks ${report.eras.join(' and ')}`;
  lines.push(`${paint('bold', `kitchen check: ${report.server}`, colour)} (${where}) — ${eras}`);
  lines.push(...formatSteps(report.steps, colour));
  if (report.eras.length > 0) {
    const { total, model, method } = report.toolListTokens;
    const how =
      method === 'estimate'
        ? 'estimated, about 4 characters a token; set ANTHROPIC_API_KEY to count'
        : `counted for ${model}`;
    const biggest = report.tools.slice(0, 5).map((tool) => `${tool.name} ${tool.tokens.toLocaleString('en-US')}`);
    lines.push('', `Tool list: ${total.toLocaleString('en-US')} tokens per request (${how}).`);
    if (biggest.length > 0) lines.push(`  biggest: ${biggest.join(', ')}`);
  }
  for (const severity of ['error', 'warning', 'info'] as const) {
    const findings = report.findings.filter(
      (finding) =>
        finding.severity === severity && finding.rule !== 'result/model-view' && finding.rule !== 'cost/tool-list',
    );
    if (findings.length === 0) continue;
    const [singular, plural] = HEADINGS[severity];
    lines.push(
      '',
      paint(SEVERITY_COLOURS[severity], `${findings.length} ${findings.length === 1 ? singular : plural}`, colour),
    );
    for (const finding of findings) lines.push(...formatFinding(finding, colour));
  }
  if (report.conformance !== undefined) {
    const byEra = [...new Set(report.conformance.map((outcome) => outcome.era))].map((era) => {
      const ofEra = report.conformance?.filter((outcome) => outcome.era === era) ?? [];
      return `${era}: ${ofEra.filter((outcome) => outcome.passed).length} of ${ofEra.length} passed`;
    });
    lines.push('', `Conformance scenarios: ${byEra.join('; ') || 'none run'}.`);
  }
  for (const result of report.results) {
    const view = result.modelText.split('\n');
    lines.push(
      '',
      `${paint('bold', `${result.tool} ${JSON.stringify(result.arguments)}`, colour)} → the model receives ${result.modelTokens.toLocaleString('en-US')} tokens (estimated)${result.isError ? ', marked as an error' : ''}:`,
    );
    for (const line of view.slice(0, MODEL_VIEW_LINES)) lines.push(`  │ ${cleanText(line)}`);
    if (view.length > MODEL_VIEW_LINES)
      lines.push(paint('dim', `  │ … ${view.length - MODEL_VIEW_LINES} more lines (--json has all of it)`, colour));
  }
  const errors = report.findings.filter((finding) => finding.severity === 'error').length;
  lines.push(
    '',
    errors === 0
      ? paint('green', 'No errors.', colour)
      : paint('red', `${errors} ${errors === 1 ? 'error' : 'errors'}: the check fails.`, colour),
  );
  return `${lines.join('\n')}\n`;
}

/** One line per revision for the steps that went well; each failed step on its own, with its fix. */
function formatSteps(steps: readonly ConnectionStep[], colour: boolean): string[] {
  const lines: string[] = [];
  const eras = [...new Set(steps.map((step) => step.era ?? ''))];
  for (const era of eras) {
    const ofEra = steps.filter((step) => (step.era ?? '') === era);
    const done = ofEra
      .filter((step) => step.status === 'ok')
      .map((step) =>
        step.step === 'connect' || step.step === 'start'
          ? `${step.step} ok`
          : `${step.step}: ${cleanText(step.detail)}`,
      );
    const skipped = ofEra.filter((step) => step.status === 'skipped').map((step) => step.step);
    const summary = [...done, ...(skipped.length === 0 ? [] : [`not offered: ${skipped.join(', ')}`])];
    if (summary.length > 0) lines.push(`  ${era === '' ? '' : `${era}: `}${paint('dim', summary.join('; '), colour)}`);
    for (const step of ofEra.filter((candidate) => candidate.status === 'failed')) {
      lines.push(
        `  ${era === '' ? '' : `${era} `}${step.step}: ${paint('red', 'FAILED', colour)} ${cleanText(step.cause ?? step.detail)}`,
      );
      if (step.fix !== undefined) lines.push(`    ${paint('cyan', 'fix:', colour)} ${cleanText(step.fix)}`);
    }
  }
  return lines;
}

function formatFinding(finding: Finding, colour: boolean): string[] {
  const about = finding.tool ?? finding.prompt ?? finding.resource;
  const head = `  ${paint(SEVERITY_COLOURS[finding.severity], MARKS[finding.severity], colour)} ${about === undefined ? '' : `${paint('bold', cleanText(about), colour)}  `}${paint('dim', finding.rule, colour)}`;
  return [head, `    ${cleanText(finding.message)}`, `    ${paint('cyan', 'fix:', colour)} ${cleanText(finding.fix)}`];
}
