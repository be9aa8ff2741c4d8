// A jar job from start to report: learn the ids, delegate big jobs when spawn_agent is offered,
// inspect the rest in batches, act on what was found, write the report. Host side, pure.

import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import type { JarCriterion, TaskIntent } from '../reading/task-intent.js';
import { findTool } from '../tools/tool-names.js';
import { SLICE_SIZE, shareSize, sliceIds, spawnInput, workersMayHire } from './delegation.js';
import { describeJars } from './id-list.js';
import {
  actionCandidates,
  actionLines,
  actionVerb,
  confirmedTargets,
  leftAloneLine,
  namedLeftAlone,
  unknownQualifierLine,
} from './jar-actions.js';
import { buildLedger, type JarLedger } from './jar-ledger.js';
import { type AuditOutcome, writeAuditReport } from './jar-report.js';
import { resolveTarget } from './jar-target.js';
import type { JarFinding } from './jar-verdict.js';

export type JarIntent = Extract<TaskIntent, { kind: 'jar-audit' } | { kind: 'jar-action' } | { kind: 'jar-tally' }>;

export interface JarJobOptions {
  /** Most tool calls in one turn. */
  batchSize: number;
  /** Write the report now from what is established (a last-chance request with no tools). */
  reportNow: boolean;
  /** Room for the final text, in characters. */
  maxChars: number;
}

/**
 * Every jar job inspects first: an action (discard, reseal) is only ever taken on a jar this run
 * inspected and judged to qualify, whatever the task says about it.
 */
export function planJarJob(conversation: Conversation, intent: JarIntent, options: JarJobOptions): Decision {
  const tools = conversation.tools;
  const ledger = buildLedger(conversation.exchanges);
  const target = resolveTarget(intent.selection, ledger, findTool(tools, 'list_jars'), options.reportNow);
  if (target.kind === 'list-first') return callTools('First I list the jars, to learn which ones exist.', target.calls);
  if (target.kind === 'unavailable')
    return answer(`I could not check ${target.scope}: ${target.problem}. Nothing was inspected.`);

  const inspectTool = findTool(tools, 'inspect_jar');
  const spawnTool = findTool(tools, 'spawn_agent');
  const progress = auditProgress(target.ids, ledger);
  if (!options.reportNow) {
    const firstMove = ledger.spawns.length === 0 && ledger.inspected.size === 0;
    if (spawnTool !== undefined && inspectTool !== undefined && firstMove && progress.pending.length > SLICE_SIZE) {
      const share = shareSize(progress.pending.length, workersMayHire(spawnTool.description));
      const slices = sliceIds(progress.pending, share);
      return callTools(
        `${progress.pending.length} jars is a big job: I split it between ${slices.length} workers of at most ${share} jars each, running in parallel${share > SLICE_SIZE ? ', each to split its share again' : ''}.`,
        slices.map((slice) => ({ tool: spawnTool.name, input: spawnInput(slice) })),
      );
    }
    if (progress.pending.length > 0 && inspectTool !== undefined) {
      const batch = progress.pending.slice(0, options.batchSize);
      const done = target.ids.length - progress.pending.length;
      return callTools(
        `Inspecting ${describeJars(batch)} (${done} of ${target.ids.length} checked so far).`,
        batch.map((id) => ({ tool: inspectTool.name, input: { id } })),
      );
    }
  }

  const notes = [...target.notes];
  if (intent.kind === 'jar-audit' && intent.withheld !== undefined) {
    const { action, qualifier } = intent.withheld;
    notes.push(
      qualifier === undefined
        ? `Not done: I did not ${action} any jar, because I could not read the whole task.`
        : unknownQualifierLine(action, qualifier),
    );
  }
  for (const spawn of ledger.spawns.filter((record) => record.report === undefined)) {
    notes.push(`Worker ${spawn.name} did not report (${spawn.problem ?? 'no answer'}); its jars were left to me.`);
  }
  if (!options.reportNow && progress.pending.length > 0) {
    for (const id of progress.pending)
      progress.settled.set(id, { id, status: 'failed', reason: 'no inspect_jar tool was offered' });
    progress.pending = [];
  }
  const findings = [...progress.settled.values()];
  if (intent.kind === 'jar-action') {
    const candidates = actionCandidates(intent.action, intent.target, findings);
    const { ready, toConfirm, offShelf } = confirmedTargets(
      candidates.act,
      findings,
      new Set(ledger.inspected.keys()),
      intent.selection,
    );
    // A worker's word is not enough for a destructive call: the jar is inspected here first.
    if (toConfirm.length > 0 && inspectTool !== undefined && !options.reportNow) {
      const batch = toConfirm.slice(0, options.batchSize);
      return callTools(
        `Before I ${intent.action} them, I inspect ${describeJars(batch)} myself (a worker reported them).`,
        batch.map((id) => ({ tool: inspectTool.name, input: { id } })),
      );
    }
    if (offShelf.length > 0)
      notes.push(
        `Left ${describeJars(offShelf)} alone: ${offShelf.length === 1 ? 'its label does' : 'their labels do'} not put ${offShelf.length === 1 ? 'it' : 'them'} on the shelves you named.`,
      );
    const act = ready;
    const leftAlone = candidates.leftAlone;
    const acted = new Set(
      ledger.actions.filter((record) => record.action === intent.action).map((record) => record.id),
    );
    const pendingActions = act.filter((id) => !acted.has(id));
    const actionTool = findTool(tools, `${intent.action}_jar`);
    if (pendingActions.length > 0 && !options.reportNow && progress.pending.length === 0) {
      if (actionTool === undefined) {
        notes.push(
          `I could not ${intent.action} ${describeJars(pendingActions)}: no ${intent.action}_jar tool was offered.`,
        );
      } else {
        const batch = pendingActions.slice(0, options.batchSize);
        return callTools(
          `${actionVerb(intent.action)} ${describeJars(batch)}.`,
          batch.map((id) => ({ tool: actionTool.name, input: { id } })),
        );
      }
    }
    const lines = actionLines(intent.action, ledger.actions, options.reportNow ? pendingActions : []);
    if (intent.target === 'selected') {
      // The person named the jars: say what happened to each, without a full audit.
      const named = [...lines, ...namedLeftAlone(intent.action, findings, act)];
      if (progress.pending.length > 0)
        named.push(`Not reached (I ran out of room before inspecting them): ${describeJars(progress.pending)}.`);
      return answer([...notes, ...named].join('\n') || `Nothing to ${intent.action}: ${target.scope} named no jar.`);
    }
    if (intent.target === 'unknown') {
      notes.push(unknownQualifierLine(intent.action, intent.qualifier ?? 'those'));
    } else {
      notes.push(
        ...(act.length === 0 && progress.pending.length === 0
          ? [`Nothing to ${intent.action}: no jar qualified.`]
          : lines),
      );
      notes.push(...leftAloneLine(intent.action, leftAlone));
    }
  }
  const report = writeAuditReport(outcomeOf(target.scope, progress, notes, options.reportNow), options.maxChars);
  return answer(
    intent.kind === 'jar-tally' ? `${tallyLine(intent.criterion, findings, progress.pending)}\n${report}` : report,
  );
}

/** "3 of 80 jars have a broken seal: jars 4, 9, 22." (counting only what was established). */
function tallyLine(criterion: JarCriterion, findings: JarFinding[], notReached: number[]): string {
  const established = findings.filter((finding) => finding.status === 'tampered' || finding.status === 'clean');
  const matching = established.filter((finding) =>
    criterion === 'broken-seal'
      ? finding.sealBroken === true
      : criterion === 'weight-off'
        ? finding.weightOff === true
        : criterion === 'tampered'
          ? finding.status === 'tampered'
          : finding.status === 'clean',
  );
  const what = {
    'broken-seal': 'have a broken seal',
    'weight-off': 'have a weight off with no AUTHORIZED note',
    tampered: 'were tampered with',
    clean: 'are clean',
  }[criterion];
  const ids = matching.length > 0 ? `: ${describeJars(matching.map((finding) => finding.id))}` : '';
  const gap = notReached.length > 0 ? ` (${notReached.length} not reached)` : '';
  return `${matching.length} of ${established.length} jars I inspected ${what}${ids}${gap}.`;
}

interface AuditProgress {
  settled: Map<number, JarFinding>;
  pending: number[];
  workers: string[];
  instructionNotes: number;
}

/** Merges workers' reports and the model's own inspections; a worker's gaps are re-checked. */
function auditProgress(targetIds: number[], ledger: JarLedger): AuditProgress {
  const inTarget = new Set(targetIds);
  const settled = new Map<number, JarFinding>();
  const workers: string[] = [];
  let instructionNotes = 0;
  for (const spawn of ledger.spawns) {
    if (spawn.report === undefined) continue;
    workers.push(spawn.name);
    instructionNotes += spawn.report.instructionNotes;
    for (const finding of spawn.report.findings) {
      if (finding.status !== 'not-reached' && inTarget.has(finding.id)) settled.set(finding.id, finding);
    }
  }
  for (const finding of ledger.inspected.values()) {
    if (!inTarget.has(finding.id)) continue;
    settled.set(finding.id, finding);
    if (finding.instructionNote === true) instructionNotes += 1;
  }
  const pending = targetIds.filter((id) => !settled.has(id));
  return { settled, pending, workers, instructionNotes };
}

function outcomeOf(scope: string, progress: AuditProgress, notes: string[], partial: boolean): AuditOutcome {
  const findings = [...progress.settled.values()];
  const withStatus = (status: JarFinding['status']): JarFinding[] =>
    findings.filter((finding) => finding.status === status);
  return {
    scope,
    tampered: withStatus('tampered').map((finding) => ({ id: finding.id, reason: finding.reason ?? 'tampered' })),
    clean: withStatus('clean').map((finding) => finding.id),
    unknown: withStatus('unknown').map((finding) => finding.id),
    failed: withStatus('failed').map((finding) => ({
      id: finding.id,
      reason: finding.reason ?? 'the inspection failed',
    })),
    notReached: progress.pending,
    instructionNotes: progress.instructionNotes,
    workers: progress.workers,
    notes,
    partial: partial && progress.pending.length > 0,
  };
}
