// Discarding and resealing jars: which jars to act on, and how the outcome reads. A denied or
// failed call is reported as not done, with the reason the tool gave. Host side, pure.

import type { JarAction, JarActionTarget } from '../reading/task-intent.js';
import { describeJars } from './id-list.js';
import type { ActionRecord } from './jar-ledger.js';
import type { JarFinding } from './jar-verdict.js';

const PAST: Record<JarAction, string> = { discard: 'discarded', reseal: 'resealed' };
const PRESENT: Record<JarAction, string> = { discard: 'Discarding', reseal: 'Resealing' };

export function actionVerb(action: JarAction): string {
  return PRESENT[action];
}

/**
 * Which audited jars to act on. Resealing only helps a broken seal, so "reseal the tampered
 * jars" reseals those and leaves weight-only cases alone (the report says so).
 */
export function actionCandidates(
  action: JarAction,
  target: JarActionTarget,
  findings: JarFinding[],
): { act: number[]; leftAlone: number[] } {
  const tampered = findings.filter((finding) => finding.status === 'tampered');
  const needsBrokenSeal = target === 'broken-seal' || action === 'reseal';
  const act = tampered
    .filter((finding) => !needsBrokenSeal || finding.sealBroken === true)
    .map((finding) => finding.id);
  const leftAlone = tampered.filter((finding) => !act.includes(finding.id)).map((finding) => finding.id);
  return { act, leftAlone };
}

/** Lines about what was done: "Discarded jars 3, 17." and one line per jar that was not. */
export function actionLines(action: JarAction, records: ActionRecord[], notDone: number[] = []): string[] {
  const ours = latestPerJar(records.filter((record) => record.action === action));
  const done = ours.filter((record) => record.done).map((record) => record.id);
  const lines: string[] = [];
  if (done.length > 0) lines.push(`${capitalise(PAST[action])} ${describeJars(done)}.`);
  for (const record of ours.filter((candidate) => !candidate.done)) {
    lines.push(`Jar ${record.id} was NOT ${PAST[action]}: ${record.detail.replace(/\.$/, '')}.`);
  }
  if (notDone.length > 0) lines.push(`Not ${PAST[action]} (I ran out of room first): ${describeJars(notDone)}.`);
  return lines;
}

export function leftAloneLine(action: JarAction, ids: number[]): string[] {
  if (ids.length === 0) return [];
  return action === 'reseal'
    ? [`Left ${describeJars(ids)} as they are: their seals are intact, and resealing does not fix a weight.`]
    : [`Left ${describeJars(ids)} in place: their seals are intact, and you asked only about broken seals.`];
}

function latestPerJar(records: ActionRecord[]): ActionRecord[] {
  const byJar = new Map<number, ActionRecord>();
  for (const record of records) byJar.set(record.id, record);
  return [...byJar.values()].sort((left, right) => left.id - right.id);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
