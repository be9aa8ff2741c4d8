// Connection: the first step that failed, named with its cause and fix, and what each revision
// the server does not speak means for the hosts that will reach it. Host side, pure: it reads the
// steps inspectServer wrote down.

import { type Finding, finding, type RuleId } from '../finding.js';
import type { ConnectionStep, ServerOffer } from '../server-offer.js';

const FAILED_STEP_RULES: Record<string, RuleId> = {
  start: 'connection/start-failed',
  connect: 'connection/unreachable',
  initialize: 'connection/handshake-failed',
  discover: 'connection/handshake-failed',
};

const describeStep = (step: ConnectionStep) => (step.era === undefined ? step.step : `${step.step} (${step.era})`);

export function connectionFindings(offer: ServerOffer): Finding[] {
  const failed = offer.steps.filter((step) => step.status === 'failed');
  if (offer.eras.length === 0) {
    const first = failed[0];
    if (first === undefined) return [];
    const tried = failed.length > 1 ? ` Then ${failed.slice(1).map(describeStep).join(', ')} failed too.` : '';
    return [
      finding(FAILED_STEP_RULES[first.step] ?? 'connection/handshake-failed', {
        message: `${describeStep(first)} failed: ${first.cause ?? first.detail}${tried}`,
        fix: first.fix ?? 'Check the server’s own log.',
      }),
    ];
  }
  const findings: Finding[] = [];
  for (const step of failed) {
    if (step.step in FAILED_STEP_RULES) continue;
    findings.push(
      finding('connection/list-failed', {
        message: `${describeStep(step)} failed: ${step.cause ?? step.detail}`,
        fix: step.fix ?? `Answer ${step.step}.`,
      }),
    );
  }
  const handshake = (era: string) => failed.find((step) => step.era === era && step.step in FAILED_STEP_RULES);
  if (!offer.eras.includes('2025-11-25')) {
    findings.push(
      finding('connection/legacy-era-missing', {
        message: `It speaks only 2026-07-28; hosts on 2025-11-25 (most hosts today) cannot connect: ${handshake('2025-11-25')?.cause ?? 'initialize failed'}`,
        fix: 'Serve both revisions (a v2 SDK server serves 2025-11-25 sessions beside 2026-07-28 requests).',
      }),
    );
  }
  if (!offer.eras.includes('2026-07-28')) {
    findings.push(
      finding('connection/modern-era-missing', {
        message: `It speaks 2025-11-25 only: ${handshake('2026-07-28')?.cause ?? 'discover failed'}`,
        fix: 'Nothing to do today; to serve 2026-07-28 too, build the server on the v2 server SDK.',
      }),
    );
  }
  const byEra = offer.toolNamesByEra;
  const legacy = byEra?.['2025-11-25'];
  const modern = byEra?.['2026-07-28'];
  if (legacy !== undefined && modern !== undefined && legacy.length > 0 && modern.length > 0) {
    const onlyLegacy = legacy.filter((name) => !modern.includes(name));
    const onlyModern = modern.filter((name) => !legacy.includes(name));
    if (onlyLegacy.length + onlyModern.length > 0) {
      findings.push(
        finding('connection/eras-disagree', {
          message: `The revisions list different tools: only in 2025-11-25: ${onlyLegacy.join(', ') || 'none'}; only in 2026-07-28: ${onlyModern.join(', ') || 'none'}.`,
          fix: 'Register the same tools for both revisions, unless the difference is on purpose.',
        }),
      );
    }
  }
  return findings;
}
