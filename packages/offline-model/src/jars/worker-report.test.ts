import { describe, expect, it } from 'vitest';
import { type AuditOutcome, writeAuditReport } from './jar-report.js';
import { parseWorkerReport } from './worker-report.js';

const slice = Array.from({ length: 20 }, (_unused, index) => index + 41);

function outcome(fields: Partial<AuditOutcome>): AuditOutcome {
  return {
    scope: 'jars 41-60',
    tampered: [],
    clean: [],
    unknown: [],
    failed: [],
    notReached: [],
    instructionNotes: 0,
    workers: [],
    notes: [],
    partial: false,
    ...fields,
  };
}

describe('parseWorkerReport', () => {
  it('reads back every finding of a report the offline model wrote', () => {
    const report = writeAuditReport(
      outcome({
        tampered: [
          { id: 44, reason: 'seal broken' },
          { id: 52, reason: 'weight off by -9 g with no AUTHORIZED note' },
        ],
        clean: slice.filter((id) => ![44, 52, 57, 58, 59, 60].includes(id)),
        failed: [{ id: 57, reason: 'timed out (after 30 s)' }],
        unknown: [58],
        notReached: [59, 60],
        instructionNotes: 2,
        partial: true,
      }),
    );
    const parsed = parseWorkerReport(report, slice);
    expect(parsed?.instructionNotes).toBe(2);
    const byId = new Map(parsed?.findings.map((finding) => [finding.id, finding]));
    expect(byId.get(44)).toMatchObject({ status: 'tampered', reason: 'seal broken', sealBroken: true });
    expect(byId.get(52)).toMatchObject({ status: 'tampered', reason: 'weight off by -9 g with no AUTHORIZED note' });
    expect(byId.get(57)).toMatchObject({ status: 'failed', reason: 'timed out after 30 s' });
    expect(byId.get(58)?.status).toBe('unknown');
    expect(byId.get(59)?.status).toBe('not-reached');
    expect(byId.get(41)?.status).toBe('clean');
    expect(parsed?.findings).toHaveLength(20);
  });

  it('reads tampered jars listed by id when the report had no room for their reasons', () => {
    const report = writeAuditReport(
      outcome({
        tampered: slice.map((id) => ({ id, reason: 'weight off by +12 g with no AUTHORIZED note' })),
        clean: [],
      }),
      500,
    );
    expect(report.length).toBeLessThanOrEqual(500);
    expect(report).toMatch(/^More tampered jars \(no room for their reasons\): \d+-60\.$/m);
    const parsed = parseWorkerReport(report, slice);
    expect(parsed?.findings.map((finding) => finding.status)).toEqual(slice.map(() => 'tampered'));
  });

  it('folds identical errors into one entry per reason, and reads every jar back from it', () => {
    const ids = Array.from({ length: 198 }, (_unused, index) => index + 1);
    const report = writeAuditReport(
      outcome({
        scope: 'all 200 jars',
        clean: [199],
        failed: [
          ...ids.map((id) => ({ id, reason: 'server cookie-jars is down' })),
          { id: 200, reason: 'timed out (after 30 s)' },
        ],
      }),
    );
    expect(report).toContain(
      'Not established (the inspection failed): 198 jars: server cookie-jars is down (jars 1-198); 1 jar: timed out after 30 s (jar 200).',
    );
    expect(report.match(/cookie-jars is down/g)).toHaveLength(1);
    const parsed = parseWorkerReport(report, [...ids, 199, 200]);
    const failed = parsed?.findings.filter((finding) => finding.status === 'failed');
    expect(failed).toHaveLength(199);
    expect(failed?.[0]).toEqual({ id: 1, status: 'failed', reason: 'server cookie-jars is down' });
    expect(failed?.at(-1)).toEqual({ id: 200, status: 'failed', reason: 'timed out after 30 s' });
  });

  it('returns nothing for an answer that is not a report, so the lead re-checks the slice', () => {
    expect(parseWorkerReport('Agent thread limit reached. Solve the task yourself.', slice)).toBeUndefined();
  });

  it('does not count unmentioned jars as clean when the report has no count line', () => {
    const parsed = parseWorkerReport('Found these:\n- jar 45: seal broken', slice);
    expect(parsed?.findings).toEqual([
      { id: 45, status: 'tampered', reason: 'seal broken', sealBroken: true, weightOff: false },
    ]);
  });

  it('ignores lines about jars outside the slice it delegated', () => {
    const parsed = parseWorkerReport('- jar 3: seal broken\nInspected 20 jars; 20 were clean.', slice);
    expect(parsed?.findings.every((finding) => finding.status === 'clean')).toBe(true);
  });
});
