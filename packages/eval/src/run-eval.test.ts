// The runner against the real cookie-jars server in memory, through the host's own loop: the
// offline model and a scripted model, the case files in cases/ (one built to fail).

import { allowAllGate, type LoopEvent, type Model, runAgentLoop, TreeBudget } from '@kitchen/host';
import { connectInMemory, ScriptedModel, textTurn, toolTurn } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { buildServer } from '@kitchen/server-cookie-jars';
import { describe, expect, it } from 'vitest';
import { readEvalCaseFile } from './eval-case-file.js';
import { evalExitCode } from './eval-exit-code.js';
import { type EvalJob, runEval, type TaskRun } from './run-eval.js';

const casesFolder = new URL('../cases/', import.meta.url).pathname;

/** One task through the host's loop over a fresh cookie-jars server, as `kitchen eval` runs it over its servers. */
function inMemoryRunner(model: (job: EvalJob) => Model) {
  return async (job: EvalJob): Promise<TaskRun> => {
    const toolbox = await connectInMemory({ 'cookie-jars': buildServer({ seed: 1729, jars: 20 }) });
    const events: LoopEvent[] = [];
    try {
      for await (const event of runAgentLoop({
        messages: [{ role: 'user', content: job.evalCase.task }],
        model: model(job),
        toolbox,
        gate: allowAllGate,
        budget: new TreeBudget({ maxTokens: 600_000 }),
      }))
        events.push(event);
    } finally {
      await toolbox.close();
    }
    return { events, runId: `${job.evalCase.name}-${job.model}-${job.run}` };
  };
}

describe('running an eval', () => {
  it('passes the cases the offline model does right, and sets apart the task it does not understand', async () => {
    const { cases } = readEvalCaseFile(`${casesFolder}cookie-jars.json`);
    const report = await runEval({ cases, models: ['offline'], runTask: inMemoryRunner(() => new OfflineModel()) });
    expect(report.cases.map((each) => [each.name, each.verdict, each.runs])).toEqual([
      ['jar-three', 'passed', 1],
      ['jars-one-to-five', 'passed', 2],
      ['fence', 'not-understood', 1],
    ]);
    expect(report.cases[2]?.notUnderstood).toMatch(/I don't know how to do "paint the garden fence blue"/);
    expect(report.cases[1]?.runIds).toEqual(['jars-one-to-five-offline-1', 'jars-one-to-five-offline-2']);
    expect(report.totals).toMatchObject({ cases: 3, passed: 2, failed: 0, notUnderstood: 1, runs: 4 });
    expect(report.cases[0]?.tokens).toBeGreaterThan(0);
    expect(evalExitCode(report)).toBe(0);
  });

  it('fails the case built to fail, naming every expectation it missed, and exits 1', async () => {
    const { cases } = readEvalCaseFile(`${casesFolder}built-to-fail.json`);
    const report = await runEval({ cases, models: ['offline'], runTask: inMemoryRunner(() => new OfflineModel()) });
    const [wrong] = report.cases;
    expect(wrong).toMatchObject({ name: 'wrong-jar', verdict: 'failed', passed: false, passRate: 0 });
    expect(wrong?.failures.map((failure) => failure.expectation)).toEqual([
      'calls[0]',
      'firstCall',
      'maxToolCalls',
      'finalText.contains',
    ]);
    expect(wrong?.failures[0]?.actual).toEqual([{ tool: 'cookie-jars.inspect_jar', args: { id: 3 } }]);
    expect(evalExitCode(report)).toBe(1);
  });

  it('runs every case on each model and gives a pass rate over the repeats', async () => {
    const evalCase = readEvalCaseFile(`${casesFolder}cookie-jars.json`).cases[0];
    if (evalCase === undefined) throw new Error('no case');
    // The "flaky" model inspects the wrong jar on its second run of the case.
    const model = (job: EvalJob) =>
      job.model === 'offline'
        ? new OfflineModel()
        : new ScriptedModel([
            toolTurn({ name: 'inspect_jar', input: { id: job.run === 2 ? 4 : 3 } }),
            textTurn('Jar 3: not tampered with.'),
          ]);
    const cases = [{ ...evalCase, repeat: 4 }];
    const strict = await runEval({
      cases,
      models: ['offline', 'flaky'],
      runTask: inMemoryRunner(model),
      concurrency: 3,
    });
    expect(strict.cases.map((each) => [each.model, each.verdict, each.passRate, each.runs])).toEqual([
      ['offline', 'passed', 1, 4],
      ['flaky', 'failed', 0.75, 4],
    ]);
    expect(strict.cases[1]?.failures.map((failure) => failure.run)).toEqual([2]);
    expect(evalExitCode(strict)).toBe(1);
    const lenient = await runEval({ cases, models: ['flaky'], runTask: inMemoryRunner(model), minPassRate: 0.75 });
    expect(lenient.cases[0]).toMatchObject({ verdict: 'passed', passRate: 0.75 });
    expect(evalExitCode(lenient)).toBe(0);
  });

  it('never runs more tasks at once than its limit, and scores a task that throws as a failed run', async () => {
    const evalCase = { ...(readEvalCaseFile(`${casesFolder}cookie-jars.json`).cases[0] ?? ({} as never)), repeat: 6 };
    let running = 0;
    let most = 0;
    const runner = inMemoryRunner(() => new OfflineModel());
    const report = await runEval({
      cases: [evalCase],
      concurrency: 2,
      runTask: async (job) => {
        running += 1;
        most = Math.max(most, running);
        try {
          if (job.run === 3) throw new Error('the server went away');
          return await runner(job);
        } finally {
          running -= 1;
        }
      },
    });
    expect(most).toBe(2);
    expect(report.cases[0]).toMatchObject({ model: 'default', runs: 6, verdict: 'failed' });
    expect(report.cases[0]?.failures).toEqual([
      {
        run: 3,
        expectation: 'run',
        expected: 'a finished run',
        actual: 'the server went away',
        message: 'the run failed: the server went away',
      },
    ]);
  });
});
