// Sub-agents from the command line: the 80-jar demo without spawn_agent, with a worker limit, and
// --max-depth reaching the spawn_agent tool (checked in process with a scripted team).

import type { ModelRequest } from '@kitchen/host';
import { teamModel, textTurn, toolTurn } from '@kitchen/host/testing';
import {
  PROCESS_TEST_TIMEOUT_MS,
  reportedJarIds,
  runCli,
  serversConfig,
  tamperedJarIds,
} from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './in-process-kitchen.js';

const config = serversConfig('cookie-jars');

describe.concurrent('delegation flags', () => {
  it('--no-delegate: no spawn_agent, no workers, and the same answer as with them', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', '--no-delegate', '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '🧰 8 tools: 6 from cookie-jars · 2026-07-28, 2 local (list_resources, read_resource)',
    );
    expect(result.stdout).not.toContain('spawn_agent');
    expect(result.stdout).not.toContain('👷 hired');
    expect(reportedJarIds(result.stdout)).toEqual(tamperedJarIds(1729, 80));
  });

  it('--max-workers 2: the spawns past the limit are refused, the main agent does those jars itself, and the answer holds', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', '--max-workers', '2', '--config', config]);
    expect(result.code).toBe(0);
    expect(
      result.stdout.match(/✗ spawn_agent failed: Agent thread limit reached\. Solve the task yourself\./g),
    ).toHaveLength(2);
    expect(result.stdout.match(/👷 hired #/g)).toHaveLength(2);
    expect(reportedJarIds(result.stdout)).toEqual(tamperedJarIds(1729, 80));
  });

  it('--max-depth lets workers hire workers; by default they are not offered spawn_agent', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const offered = (maxDepth: string[]) => {
      const workersSaw: boolean[] = [];
      const team = teamModel({
        main: (_request, turn) =>
          turn === 0
            ? toolTurn({ name: 'spawn_agent', input: { task: 'Say hello', name: 'helper' } })
            : textTurn('done'),
        worker: (request: ModelRequest) => {
          workersSaw.push((request.tools ?? []).some((tool) => tool.name === 'spawn_agent'));
          return textTurn('hello');
        },
      });
      return runInProcess({
        task: 'Hire a helper',
        args: ['--json', ...maxDepth, '--config', config],
        model: team,
      }).then((run) => ({ run, workersSaw }));
    };
    const [byDefault, deeper] = await Promise.all([offered([]), offered(['--max-depth', '2'])]);
    expect(byDefault.run.code).toBe(0);
    expect(byDefault.workersSaw).toEqual([false]);
    expect(deeper.workersSaw).toEqual([true]);
  });
});
