// `kitchen dev` end to end: a server file in a temporary folder, served over HTTP on 127.0.0.1 by
// the kitchen, is edited by the test; the developer loop restarts it and prints the tool it gained,
// with the server's stderr under its name. No clock: each step waits for its line.

import { rmSync, writeFileSync } from 'node:fs';
import {
  type CliProcess,
  type CliResult,
  PROCESS_TEST_TIMEOUT_MS,
  startCli,
  waitUntilGone,
} from '@kitchen/probe-kit/cli-process';
import {
  type DevServerFolder,
  devServerSource,
  writeBuiltDevServerFolder,
  writeDevServerFolder,
} from '@kitchen/probe-kit/dev-server-folder';
import { afterEach, describe, expect, it } from 'vitest';

const started: CliProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const cli of started.splice(0)) cli.child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * Runs `kitchen dev mine` on the folder, waits for v1 with its one tool, rewrites the server as v2
 * with a second tool, waits for the restart (its line, the added tool, v2's stderr), then stops it
 * with Ctrl-C and checks it exited 0.
 */
async function editAndStop({ folder, serverFile, config }: DevServerFolder, restartLine: RegExp): Promise<CliResult> {
  folders.push(folder);
  const cli = startCli(['dev', 'mine', '--config', config]);
  started.push(cli);
  await cli.waitFor(/🔧 mine: 1 tool: roll/);
  await cli.waitFor(/\[mine\] booting v1/);
  writeFileSync(serverFile, devServerSource('v2', ['roll', 'weigh']));
  await cli.waitFor(restartLine);
  await cli.waitFor(/\+ weigh \(added\)/);
  await cli.waitFor(/\[mine\] booting v2/);
  cli.child.kill('SIGINT');
  const result = await cli.exited;
  expect(result.code).toBe(0);
  return result;
}

describe('kitchen dev', () => {
  it('restarts the server when its file changes and prints the tool it added, its stderr under its name', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const result = await editAndStop(writeDevServerFolder('kitchen-dev-'), /server\.mjs changed; restarting mine/);
    expect(result.stdout).toMatch(/🔧 mine: 2 tools \(was 1\):\n {3}\+ weigh \(added\)\n/);
    // Every server process the loop started, the first one and its restart.
    const pids = [...result.stdout.matchAll(/\(pid (\d+)\)/g)].map((match) => Number(match[1]));
    expect(pids).toHaveLength(2);
    expect(await waitUntilGone(pids, PROCESS_TEST_TIMEOUT_MS)).toEqual([]);
  });

  it('runs a TypeScript server from its source, not from a build that is out of date, and restarts it on an edit', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const result = await editAndStop(
      writeBuiltDevServerFolder('kitchen-dev-built-'),
      /main\.ts changed; restarting mine/,
    );
    expect(result.stdout).not.toMatch(/stale/);
    expect(result.stderr).not.toMatch(/booting stale/);
  });

  it('refuses, in one line naming the config, a server it does not know', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const cli = startCli(['dev', 'nowhere']);
    started.push(cli);
    cli.child.stdin.end();
    const result = await cli.exited;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^kitchen dev: no server named "nowhere"; the config has cookie-jars, dice/);
  });
});
