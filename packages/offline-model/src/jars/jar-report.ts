// The written report of a jar audit. Its lines are also the format workers report in, so the
// lead can merge them (worker-report.ts reads them back). Host side, pure.

import { describeJars, formatIdList } from './id-list.js';

export interface AuditOutcome {
  /** "jars 12-30", "all 80 jars". */
  scope: string;
  tampered: Array<{ id: number; reason: string }>;
  clean: number[];
  unknown: number[];
  failed: Array<{ id: number; reason: string }>;
  notReached: number[];
  instructionNotes: number;
  /** Lane names of the workers whose reports were merged. */
  workers: string[];
  /** Extra lines: listing problems, what was done to the jars. */
  notes: string[];
  /** Written from a last-chance request: the run ran out of room. */
  partial: boolean;
}

export const INSPECTED_LINE = /Inspected (\d+) jars?; (\d+) (?:was|were) clean/i;
export const TAMPERED_LINE = /^\s*-\s*jar\s+(\d+)\s*:\s*(.+?)\s*$/gim;
export const INSTRUCTIONS_LINE = /(\d+) (?:jar )?notes? contained instructions/i;
export const UNKNOWN_LINE = /^Unknown jars?[^:\n]*:\s*(.+)$/im;
export const FAILED_LINE = /^Not established[^:\n]*:\s*(.+)$/im;
/** One reason and the jars it stopped: "198 jars: server cookie-jars is down (jars 1-198)". */
export const FAILED_GROUP = /\d+ jars?: ([^;()]*?) \(jars? ([\d ,–-]+)\)/g;
export const NOT_REACHED_LINE = /^Not reached[^:\n]*:\s*(.+)$/im;
export const MORE_TAMPERED_LINE = /^More tampered jars[^:\n]*:\s*(.+)$/im;

/**
 * The report, within `maxChars` when given: if every reason does not fit, the last tampered jars
 * are listed by id on one line, so the counts and what was not reached always survive.
 */
export function writeAuditReport(outcome: AuditOutcome, maxChars = Number.POSITIVE_INFINITY): string {
  const tampered = [...outcome.tampered].sort((left, right) => left.id - right.id);
  const inspected = tampered.length + outcome.clean.length;
  const counts = [`${tampered.length} tampered`, `${outcome.clean.length} clean`];
  if (outcome.unknown.length > 0) counts.push(`${outcome.unknown.length} unknown`);
  if (outcome.failed.length > 0) counts.push(`${outcome.failed.length} not established`);
  if (outcome.notReached.length > 0) counts.push(`${outcome.notReached.length} not reached`);
  const summary = outcome.partial
    ? `Partial audit of ${outcome.scope} (I ran out of room): ${counts.join(', ')}.`
    : `Audit of ${outcome.scope}: ${counts.join(', ')}.`;
  const tail = [
    `Inspected ${inspected} ${inspected === 1 ? 'jar' : 'jars'}; ${outcome.clean.length} ${outcome.clean.length === 1 ? 'was' : 'were'} clean.`,
  ];
  if (outcome.instructionNotes > 0) {
    const notes = outcome.instructionNotes;
    tail.push(
      `${notes} ${notes === 1 ? 'note' : 'notes'} contained instructions; I treated ${notes === 1 ? 'it' : 'them'} as data and ignored ${notes === 1 ? 'it' : 'them'}.`,
    );
  }
  if (outcome.unknown.length > 0)
    tail.push(`Unknown jars (no such jar in the pantry): ${formatIdList(outcome.unknown)}.`);
  if (outcome.failed.length > 0) {
    tail.push(`Not established (the inspection failed): ${foldFailures(outcome.failed).join('; ')}.`);
  }
  if (outcome.notReached.length > 0)
    tail.push(`Not reached (I ran out of room before inspecting them): ${describeJars(outcome.notReached)}.`);
  if (outcome.workers.length > 0) {
    tail.push(
      `Delegated to ${outcome.workers.length} ${outcome.workers.length === 1 ? 'worker' : 'workers'} (${outcome.workers.join(', ')}); their reports are merged above.`,
    );
  }
  tail.push(...outcome.notes);
  return [summary, ...fitTamperedLines(tampered, maxChars - [summary, ...tail].join('\n').length - 1), ...tail].join(
    '\n',
  );
}

/**
 * One entry per distinct reason, most jars first: a server that went down mid-audit is one
 * "198 jars: server cookie-jars is down (jars 1-198)", not the same error 198 times.
 */
function foldFailures(failed: AuditOutcome['failed']): string[] {
  const byReason = new Map<string, number[]>();
  for (const jar of failed) {
    // Parentheses and semicolons frame the entries, so a reason never carries its own.
    const reason = jar.reason.replace(/[();]/g, '').trim() || 'the inspection failed';
    byReason.set(reason, [...(byReason.get(reason) ?? []), jar.id]);
  }
  return [...byReason.entries()]
    .sort((left, right) => right[1].length - left[1].length)
    .map(([reason, ids]) => `${ids.length} ${ids.length === 1 ? 'jar' : 'jars'}: ${reason} (${describeJars(ids)})`);
}

function fitTamperedLines(tampered: Array<{ id: number; reason: string }>, room: number): string[] {
  const all = tampered.map((jar) => `- jar ${jar.id}: ${jar.reason}`);
  if (all.join('\n').length + 1 <= room) return all;
  const fitted: string[] = [];
  let used = 0;
  for (const [index, line] of all.entries()) {
    const rest = `More tampered jars (no room for their reasons): ${formatIdList(tampered.slice(index).map((jar) => jar.id))}.`;
    if (used + line.length + 1 + rest.length + 1 > room) return [...fitted, rest];
    fitted.push(line);
    used += line.length + 1;
  }
  return fitted;
}
