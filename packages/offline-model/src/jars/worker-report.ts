// Reading a worker's report back into findings, so the lead can merge the slices it delegated.
// Workers write the format of jar-report.ts; anything unreadable is re-checked. Host side, pure.

import { readForeignReport } from './foreign-report.js';
import { parseIdList } from './id-list.js';
import {
  FAILED_GROUP,
  FAILED_LINE,
  INSPECTED_LINE,
  INSTRUCTIONS_LINE,
  MORE_TAMPERED_LINE,
  NOT_REACHED_LINE,
  TAMPERED_LINE,
  UNKNOWN_LINE,
} from './jar-report.js';
import type { JarFinding } from './jar-verdict.js';

export interface WorkerReport {
  /** Findings for the slice's ids; ids the report does not settle are left out. */
  findings: JarFinding[];
  instructionNotes: number;
}

/**
 * Undefined when the text is not a report at all ("Agent thread limit reached. Solve the task
 * yourself.", a crash, prose that settles no jar of the slice): the lead then inspects that slice
 * itself. Whatever model wrote it, a report is read: the offline model's format, JSON, or prose.
 */
export function parseWorkerReport(text: string, sliceIds: number[]): WorkerReport | undefined {
  // A JSON report (a report schema was set) is read by its fields; prose from another model by its sentences.
  if (/^\s*(?:```(?:json)?\s*)?[{[]/.test(text)) return readForeignReport(text, sliceIds);
  return readOwnReport(text, sliceIds) ?? readForeignReport(text, sliceIds);
}

/** A report in the offline model's own format (jar-report.ts). */
function readOwnReport(text: string, sliceIds: number[]): WorkerReport | undefined {
  const inSlice = new Set(sliceIds);
  const tampered = new Map<number, string>();
  for (const match of text.matchAll(TAMPERED_LINE)) {
    const id = Number(match[1]);
    if (inSlice.has(id)) tampered.set(id, match[2] ?? 'tampered');
  }
  for (const id of idsOnLine(text, MORE_TAMPERED_LINE)) {
    if (inSlice.has(id) && !tampered.has(id))
      tampered.set(id, "tampered (the worker's report had no room for the reason)");
  }
  const inspected = INSPECTED_LINE.exec(text);
  if (inspected === null && tampered.size === 0) return undefined;
  const unknown = new Set(idsOnLine(text, UNKNOWN_LINE).filter((id) => inSlice.has(id)));
  const notReached = new Set(idsOnLine(text, NOT_REACHED_LINE).filter((id) => inSlice.has(id)));
  const failed = new Map<number, string>();
  const failedLine = FAILED_LINE.exec(text)?.[1] ?? '';
  for (const match of failedLine.matchAll(FAILED_GROUP)) {
    for (const id of parseIdList(match[2] ?? ''))
      if (inSlice.has(id)) failed.set(id, match[1] ?? 'the inspection failed');
  }
  const findings: JarFinding[] = [];
  for (const id of sliceIds) {
    const reason = tampered.get(id);
    if (reason !== undefined)
      findings.push({
        id,
        status: 'tampered',
        reason,
        sealBroken: /seal broken/i.test(reason),
        weightOff: /weight off/i.test(reason),
      });
    else if (unknown.has(id)) findings.push({ id, status: 'unknown', reason: 'no such jar' });
    else if (failed.has(id)) findings.push({ id, status: 'failed', reason: failed.get(id) ?? '' });
    else if (notReached.has(id)) findings.push({ id, status: 'not-reached' });
    // Without the count line the worker never said the rest were clean; they stay unsettled.
    else if (inspected !== null) findings.push({ id, status: 'clean' });
  }
  return { findings, instructionNotes: Number(INSTRUCTIONS_LINE.exec(text)?.[1] ?? 0) };
}

function idsOnLine(text: string, line: RegExp): number[] {
  const match = line.exec(text);
  return match?.[1] === undefined ? [] : parseIdList(match[1]);
}
