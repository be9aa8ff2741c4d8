// `kitchen demo` end to end: the real CLI process, the real example servers as child processes,
// MCP over HTTP on 127.0.0.1, the offline model. The report must match the cookie-jar domain's
// known answer.

import { afterEach, describe, expect, it } from 'vitest';
import { reportedJarIds, runCli, serverPids, startCli, tamperedJarIds, waitUntilGone, type CliProcess } from './cli-process.js';

const started: CliProcess[] = [];
afterEach(() => {
  for (const cli of started.splice(0)) cli.child.kill('SIGKILL');
});

describe('kitchen demo', () => {
  it('reports exactly the tampered jars of the default seed, with the offline model', { timeout: 30_000 }, async () => {
    const result = await runCli(['demo']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('🍪 task: Inspect all 80 cookie jars and report which ones were tampered with, and why');
    expect(reportedJarIds(result.stdout)).toEqual(tamperedJarIds(1729, 80));
    expect(result.stdout).toMatch(/📊 end_turn · .* · model: offline model \(deterministic, no network\)\n$/);
  });

  it('reports exactly the tampered jars for a random seed and jar count', { timeout: 30_000 }, async () => {
    const seed = Math.floor(Math.random() * 1_000_000);
    const jars = 20 + Math.floor(Math.random() * 60);
    const result = await runCli(['demo', '--seed', String(seed), '--jars', String(jars)]);
    expect(result.code, `seed ${seed}, ${jars} jars:\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain(`Inspect all ${jars} cookie jars`);
    expect(reportedJarIds(result.stdout), `seed ${seed}, ${jars} jars`).toEqual(tamperedJarIds(seed, jars));
  });

  it('stops the run and every server on Ctrl-C', { timeout: 30_000 }, async () => {
    const cli = startCli(['demo', '--latency', '400']);
    started.push(cli);
    await cli.waitFor(/── iteration 1 ──/);
    const pids = [...serverPids(cli.output().stdout).values()];
    expect(pids.length).toBeGreaterThanOrEqual(2);
    cli.child.kill('SIGINT');
    const result = await cli.exited;
    expect(result.code).toBe(130);
    expect(await waitUntilGone(pids, 5000)).toEqual([]);
  });
});
