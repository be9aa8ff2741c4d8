// The workers' choices: the --worker-* flags over the config's "workers", and read back from a trace.

import { describe, expect, it } from 'vitest';
import type { KitchenSettings } from '../kitchen-settings.js';
import {
  describeWorkerChoices,
  mergeWorkerFlags,
  recordedWorkerChoices,
  type WorkerChoices,
} from './worker-choices.js';

/** The settings of `kitchen run` with only the given --worker-* flags (the CLI's defaults otherwise). */
function flagsOf(workers: Partial<KitchenSettings> = {}): KitchenSettings {
  return { json: false, model: 'auto', seed: 1729, jars: 80, latencyMs: 0, rules: [], ...workers };
}

describe('worker choices', () => {
  it('lets each --worker-* flag given take the place of the config’s setting', () => {
    const config = {
      model: 'claude-haiku-4-5',
      maxTokens: 512,
      tools: { kind: 'list' as const, tools: ['list_jars'] },
    };
    expect(mergeWorkerFlags(flagsOf(), config)).toEqual({ ok: true, workers: config });
    expect(mergeWorkerFlags(flagsOf({ workerModel: 'offline', workerTools: ['inspect_jar'] }), config)).toEqual({
      ok: true,
      workers: { model: 'offline', maxTokens: 512, tools: { kind: 'restrict', tools: ['inspect_jar'] } },
    });
    expect(mergeWorkerFlags(flagsOf({ workerReport: '/nowhere/report.json' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('--worker-report /nowhere/report.json: the file does not exist'),
    });
  });

  it('reads back what a trace recorded, and nothing from a broken record', () => {
    const recorded: WorkerChoices = {
      model: 'claude-haiku-4-5',
      temperature: 0.2,
      tools: { kind: 'restrict', tools: ['inspect_jar'] },
      reportSchema: { type: 'object' },
    };
    expect(recordedWorkerChoices(JSON.parse(JSON.stringify(recorded)))).toEqual(recorded);
    expect(recordedWorkerChoices(undefined)).toBeUndefined();
    expect(recordedWorkerChoices({ tools: { kind: 'everything' } })).toBeUndefined();
    expect(describeWorkerChoices(recorded)).toBe(
      'model claude-haiku-4-5 · temperature 0.2 · tools: only inspect_jar · report schema',
    );
  });
});
