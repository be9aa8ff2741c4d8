// The report of one check, as one JSON-serialisable object: what the CLI prints with --json, what
// a CI job reads, what the words of the terminal report are made from. Host side, pure data.

import type { ToolResultCheck } from './check-tool-result.js';
import type { ConformanceOutcome } from './conformance-findings.js';
import type { ToolListTokens, ToolTokens } from './count-tool-list-tokens.js';
import type { Finding, Severity } from './finding.js';
import type { ConnectionStep, Era } from './server-offer.js';

export interface CheckReport {
  server: string;
  /** The revisions it speaks, oldest first. */
  eras: Era[];
  /** Errors first, then warnings, then info. */
  findings: Finding[];
  toolListTokens: ToolListTokens;
  /** Each tool's cost per request, biggest first. */
  tools: ToolTokens[];
  /** Every step of reaching the server, in order. */
  steps: ConnectionStep[];
  /** The calls the person named, with what the model receives for each. */
  results: ToolResultCheck[];
  /** The conformance scenarios run, when they were asked for. */
  conformance?: ConformanceOutcome[];
}

/** How many findings of each severity. */
export function countBySeverity(report: Pick<CheckReport, 'findings'>): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const { severity } of report.findings) counts[severity] += 1;
  return counts;
}

/** True when any finding is an error: the exit code a CI job fails on. */
export function hasErrors(report: Pick<CheckReport, 'findings'>): boolean {
  return report.findings.some((finding) => finding.severity === 'error');
}
