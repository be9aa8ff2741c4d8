// The workers' choices: the --worker-* flags over the config's "workers", and read back from a trace.

import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../cli/parse-cli-arguments.js';
import {
  describeWorkerChoices,
  mergeWorkerFlags,
  recordedWorkerChoices,
  type WorkerChoices,
} from './worker-choices.js';

function flagsOf(args: string[]) {
  const parsed = parseCliArguments(['run', ...args, 'a task']);
  if (!parsed.ok || parsed.command.name !== 'run') throw new Error(`bad test flags: ${JSON.stringify(parsed)}`);
  return parsed.command.flags;
}

describe('worker choices', () => {
  it('lets each --worker-* flag given take the place of the config’s setting', () => {
    const config = {
      model: 'claude-haiku-4-5',
      maxTokens: 512,
      tools: { kind: 'list' as const, tools: ['list_jars'] },
    };
    expect(mergeWorkerFlags(flagsOf([]), config)).toEqual({ ok: true, workers: config });
    expect(mergeWorkerFlags(flagsOf(['--worker-model', 'offline', '--worker-tools', 'inspect_jar']), config)).toEqual({
      ok: true,
      workers: { model: 'offline', maxTokens: 512, tools: { kind: 'restrict', tools: ['inspect_jar'] } },
    });
    expect(mergeWorkerFlags(flagsOf(['--worker-report', '/nowhere/report.json']))).toMatchObject({
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
