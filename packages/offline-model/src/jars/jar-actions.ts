// Discarding and resealing jars: which jars to act on, and how the outcome reads. A denied or
// failed call is reported as not done, with the reason the tool gave. Host side, pure.

import type { JarSelection } from '../reading/jar-selection.js';
import type { JarAction, JarActionTarget } from '../reading/task-intent.js';
import { describeJars } from './id-list.js';
import { type ActionRecord, shelfInLabel } from './jar-ledger.js';
import { onShelves } from './jar-target.js';
import type { JarFinding } from './jar-verdict.js';

const PAST: Record<JarAction, string> = { discard: 'discarded', reseal: 'resealed' };
const PRESENT: Record<JarAction, string> = { discard: 'Discarding', reseal: 'Resealing' };

export function actionVerb(action: JarAction): string {
  return PRESENT[action];
}

/**
 * Which inspected jars to act on. Only a jar that was inspected (it exists, its state is known)
 * and that meets the target qualifies. Resealing only helps a broken seal, so "reseal the
 * tampered jars" reseals those and leaves weight-only cases alone (the report says so); a word
 * the model does not know ("dodgy") qualifies nothing.
 */
export function actionCandidates(
  action: JarAction,
  target: JarActionTarget,
  findings: JarFinding[],
): { act: number[]; leftAlone: number[] } {
  const inspected = findings.filter((finding) => finding.status === 'tampered' || finding.status === 'clean');
  const chosen = inspected.filter((finding) => qualifiesFor(target, finding));
  const needsBrokenSeal = target === 'broken-seal' || action === 'reseal';
  const act = chosen.filter((finding) => !needsBrokenSeal || finding.sealBroken === true).map((finding) => finding.id);
  const leftAlone = chosen.filter((finding) => !act.includes(finding.id)).map((finding) => finding.id);
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

/**
 * The last word before a destructive call: the jar was inspected by this agent in this run (a
 * worker's word is confirmed first), and its own label puts it on a shelf the person named.
 */
export function confirmedTargets(
  act: number[],
  findings: JarFinding[],
  ownInspections: ReadonlySet<number>,
  selection: Pick<JarSelection, 'shelves' | 'notShelves'>,
): { ready: number[]; toConfirm: number[]; offShelf: number[] } {
  const shelves = selection.shelves === undefined ? undefined : new Set(selection.shelves);
  const notShelves = new Set(selection.notShelves ?? []);
  const byShelf = shelves !== undefined || notShelves.size > 0;
  const byId = new Map(findings.map((finding) => [finding.id, finding]));
  const ready: number[] = [];
  const toConfirm: number[] = [];
  const offShelf: number[] = [];
  for (const id of act) {
    if (!ownInspections.has(id)) toConfirm.push(id);
    else if (byShelf && !onShelves(shelfInLabel(byId.get(id)?.label), shelves, notShelves)) offShelf.push(id);
    else ready.push(id);
  }
  return { ready, toConfirm, offShelf };
}

function latestPerJar(records: ActionRecord[]): ActionRecord[] {
  const byJar = new Map<number, ActionRecord>();
  for (const record of records) byJar.set(record.id, record);
  return [...byJar.values()].sort((left, right) => left.id - right.id);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** For jars the person named: why one was not acted on (no such jar, an intact seal, a failed look). */
export function namedLeftAlone(action: JarAction, findings: JarFinding[], act: number[]): string[] {
  const lines: string[] = [];
  for (const finding of [...findings].sort((left, right) => left.id - right.id)) {
    if (act.includes(finding.id)) continue;
    if (finding.status === 'unknown') lines.push(`Jar ${finding.id} was not ${PAST[action]}: there is no such jar.`);
    else if (finding.status === 'failed')
      lines.push(
        `Jar ${finding.id} was not ${PAST[action]}: I could not inspect it first (${finding.reason ?? 'the inspection failed'}).`,
      );
    else if (action === 'reseal')
      lines.push(`Left jar ${finding.id} as it is: its seal is intact, so there is nothing to reseal.`);
  }
  return lines;
}

/** The model met a word it does not know where the jars to act on were named: it acted on none, and asks. */
export function unknownQualifierLine(action: JarAction, qualifier: string): string {
  const which = qualifier === 'the jars' ? 'which jars you mean' : `which jars are "${qualifier}"`;
  return (
    `I did not ${action} any jar: I don't know ${which}, and I never ${action} a jar that does not clearly qualify. ` +
    `Tell me which: for example "${action} the tampered jars", "${action} the jars with a broken seal" or "${action} jars 3 and 7".`
  );
}

function qualifiesFor(target: JarActionTarget, finding: JarFinding): boolean {
  switch (target) {
    case 'tampered':
    case 'broken-seal':
      return finding.status === 'tampered';
    case 'weight-off':
      return finding.status === 'tampered' && finding.weightOff === true;
    case 'clean':
      return finding.status === 'clean';
    case 'selected':
      return true;
    case 'unknown':
      return false;
  }
}
