// Starting an eval behind the web UI: what is refused before anything runs (a bad case file, a
// model it cannot make, a second eval while one runs, a body naming both sources or neither).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import { describe, expect, it } from 'vitest';
import { startEvalBody } from './eval-routes.js';
import { WebEvals } from './web-evals.js';
import type { WebKitchen } from './web-kitchen.js';
import { parseBody } from './web-requests.js';

// A config names a server; none is started here (the kitchen has no connections).
const parsed = parseKitchenConfig(
  { servers: [{ name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts' }] },
  join(tmpdir(), 'kitchen.config.json'),
);
if (!parsed.ok) throw new Error(parsed.message);
const EMPTY_CONFIG = parsed.config;
const RUNS_DIR = mkdtempSync(join(tmpdir(), 'kitchen-web-evals-'));
const flags: KitchenSettings = { json: false, model: 'offline', seed: 1729, jars: 5, latencyMs: 0, rules: [] };
const CASES = { cases: [{ name: 'hello', task: 'paint the garden fence blue', expect: {} }] };

/** Enough of a web kitchen for WebEvals: no servers at all, the offline model, a runs folder of its own. */
function kitchenWithoutServers(settings: Partial<KitchenSettings> = {}): WebKitchen {
  const runs = new Map();
  return {
    options: {
      flags: { ...flags, ...settings },
      config: EMPTY_CONFIG,
      environment: { KITCHEN_RUNS_DIR: RUNS_DIR },
      connections: [],
    },
    workers: {},
    keepRun: (run: { id: string }) => runs.set(run.id, run),
  } as unknown as WebKitchen;
}

describe('starting an eval in the web UI', () => {
  it('refuses a case file it cannot read, or pasted cases of the wrong shape, naming the field', () => {
    const evals = new WebEvals(kitchenWithoutServers());
    expect(evals.start({ file: join(RUNS_DIR, 'missing.json') })).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/missing\.json: cannot read it/),
    });
    const bad = join(RUNS_DIR, 'bad.json');
    writeFileSync(
      bad,
      '{"cases": [{"name": "x", "task": "y", "expect": {"calls": [{"tool": "t", "match": "fuzzy"}]}}]}',
    );
    expect(evals.start({ file: bad })).toMatchObject({ status: 400, message: expect.stringContaining('fuzzy') });
    expect(evals.start({ caseFile: { cases: [{ task: 'no name' }] } })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^the pasted cases: .*name/),
    });
  });

  it('refuses a model it cannot make, before any run', () => {
    const evals = new WebEvals(kitchenWithoutServers());
    expect(evals.start({ caseFile: CASES, models: ['anthropic'] })).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/^--model: .*ANTHROPIC_API_KEY/),
    });
  });

  it('runs one eval at a time, and finds it by id until it is done', async () => {
    const evals = new WebEvals(kitchenWithoutServers());
    const first = evals.start({ caseFile: CASES, models: ['offline'] });
    if (!first.ok) throw new Error(first.message);
    expect(evals.start({ caseFile: CASES })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining(`?eval=${first.evaluation.id}`),
    });
    expect(evals.find(first.evaluation.id)).toBe(first.evaluation);
    await evals.close();
    expect(first.evaluation.finished).toBe(true);
  });

  it('stops an eval: its runs end aborted, its lanes get their verdicts and it finishes', async () => {
    // A minute before each model call: the run is still waiting when it is stopped.
    const evals = new WebEvals(kitchenWithoutServers({ latencyMs: 60_000 }));
    const started = evals.start({ caseFile: CASES, models: ['offline'] });
    if (!started.ok) throw new Error(started.message);
    const { evaluation } = started;
    await expect.poll(() => evaluation.board.lanes[0]?.verdict).toBe('running');
    evaluation.controller.abort(new Error('stopped from the web UI'));
    await evals.close();
    expect(evaluation.finished).toBe(true);
    expect(evaluation.board.lanes[0]).toMatchObject({ verdict: 'failed' });
    expect(evaluation.board.lanes[0]?.failures[0]).toMatchObject({ expectation: 'stopReason', actual: 'aborted' });
  });

  it('takes a path or pasted JSON, not both and not neither', () => {
    expect(parseBody(startEvalBody, { file: 'cases.json', models: ['offline'] })).toMatchObject({ ok: true });
    expect(parseBody(startEvalBody, { caseFile: CASES })).toMatchObject({ ok: true });
    expect(parseBody(startEvalBody, { file: 'a.json', caseFile: CASES })).toMatchObject({ ok: false });
    expect(parseBody(startEvalBody, {})).toMatchObject({ ok: false });
    expect(parseBody(startEvalBody, { task: 'x' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unknown field "task"'),
    });
  });
});
