// The eval board the page draws: lanes per case and model, runs as they start and end, verdicts.

import { buildEvalReport, type CaseRun, type EvalCase, type EvalJob } from '@kitchen/eval';
import { describe, expect, it } from 'vitest';
import { boardFinished, boardRunEnded, boardRunStarted, boardTotals, createEvalBoard } from './eval-board.js';

const jarThree: EvalCase = {
  name: 'jar-three',
  task: 'check jar 3',
  repeat: 1,
  expect: { calls: [{ tool: 'cookie-jars.inspect_jar', args: { id: 3 }, match: 'partial' }], stopReason: 'end_turn' },
};
const twice: EvalCase = { ...jarThree, name: 'twice', repeat: 2 };

function scored(run: number, outcome: 'passed' | 'failed' | 'not-understood'): CaseRun {
  return {
    run,
    passed: outcome === 'passed',
    failures:
      outcome === 'failed'
        ? [
            {
              expectation: 'calls[0]',
              expected: { id: 4 },
              actual: [{ id: 3 }],
              message: 'calls[0]: no call of cookie-jars.inspect_jar with {"id":4}',
            },
          ]
        : [],
    ...(outcome === 'not-understood' ? { notUnderstood: 'I did not understand "paint the fence".' } : {}),
    finalText: '',
    toolCalls: 1,
    tokens: 100,
    costCents: 0,
    durationMs: 5,
  };
}

const job = (evalCase: EvalCase, model: string, run = 1): EvalJob => ({ evalCase, model, run });

describe('the eval board', () => {
  it('has one lane per case and model, each waiting, with a slot per repeat', () => {
    const board = createEvalBoard([jarThree, twice], ['offline', 'claude-haiku-4-5']);
    expect(board.lanes.map((lane) => lane.key)).toEqual([
      'jar-three · offline',
      'jar-three · claude-haiku-4-5',
      'twice · offline',
      'twice · claude-haiku-4-5',
    ]);
    expect(board.lanes.every((lane) => lane.verdict === 'waiting')).toBe(true);
    expect(board.lanes[2]?.runs.map((run) => run.run)).toEqual([1, 2]);
  });

  it('marks a lane running when its first run starts, with the run id the page streams', () => {
    const board = createEvalBoard([jarThree], ['offline']);
    const lane = boardRunStarted(board, job(jarThree, 'offline'), 'run-a');
    expect(lane?.verdict).toBe('running');
    expect(lane?.runs[0]).toMatchObject({ runId: 'run-a', status: 'running' });
  });

  it('gives a lane its verdict only when its last run has ended', () => {
    const board = createEvalBoard([twice], ['offline']);
    boardRunStarted(board, job(twice, 'offline', 1), 'run-1');
    boardRunStarted(board, job(twice, 'offline', 2), 'run-2');
    boardRunEnded(board, job(twice, 'offline', 1), scored(1, 'passed'));
    expect(board.lanes[0]?.verdict).toBe('running');
    boardRunEnded(board, job(twice, 'offline', 2), scored(2, 'failed'));
    expect(board.lanes[0]).toMatchObject({ verdict: 'failed', passRate: 0.5 });
    expect(board.lanes[0]?.failures).toEqual([expect.objectContaining({ run: 2, expectation: 'calls[0]' })]);
    expect(board.lanes[0]?.runs.map((run) => run.status)).toEqual(['passed', 'failed']);
  });

  it('tells a task the offline model did not understand apart from a failure', () => {
    const board = createEvalBoard([jarThree], ['offline']);
    boardRunStarted(board, job(jarThree, 'offline'), 'run-a');
    boardRunEnded(board, job(jarThree, 'offline'), scored(1, 'not-understood'));
    expect(board.lanes[0]).toMatchObject({
      verdict: 'not-understood',
      notUnderstood: 'I did not understand "paint the fence".',
    });
    expect(boardTotals(board)).toMatchObject({ passed: 0, failed: 0, notUnderstood: 1 });
  });

  it('counts the verdicts so far while the eval runs, and takes the report totals at the end', () => {
    const board = createEvalBoard([jarThree, twice], ['offline']);
    boardRunStarted(board, job(jarThree, 'offline'), 'run-a');
    boardRunEnded(board, job(jarThree, 'offline'), scored(1, 'passed'));
    boardRunStarted(board, job(twice, 'offline', 1), 'run-b');
    expect(boardTotals(board)).toMatchObject({ cases: 2, passed: 1, failed: 0, runs: 2, tokens: 100 });
    const report = buildEvalReport(
      [
        { name: 'jar-three', model: 'offline', runs: [scored(1, 'passed')] },
        { name: 'twice', model: 'offline', runs: [scored(1, 'failed'), scored(2, 'failed')] },
      ],
      { durationMs: 42 },
    );
    boardFinished(board, report);
    expect(board.lanes[1]?.verdict).toBe('failed');
    expect(boardTotals(board)).toEqual(report.totals);
  });

  it('uses the minimum pass rate it was given', () => {
    const board = createEvalBoard([twice], ['offline'], 0.5);
    boardRunEnded(board, job(twice, 'offline', 1), scored(1, 'passed'));
    boardRunEnded(board, job(twice, 'offline', 2), scored(2, 'failed'));
    expect(board.lanes[0]?.verdict).toBe('passed');
  });
});
