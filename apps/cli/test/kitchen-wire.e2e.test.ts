// `kitchen wire` through the real CLI: the pastry chef launched as a child process serving both
// eras, critique_recipe made once per revision, the exchanges printed side by side or as records.

import { PROCESS_TEST_TIMEOUT_MS, runCli, serversConfig } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';

const config = serversConfig('pastry-chef');

describe.concurrent('kitchen wire', () => {
  it('prints the same call in both eras side by side, steps aligned', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['wire', '--yes', '--config', config]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^→ POST initialize +│ → POST server\/discover$/m);
    expect(result.stdout).toMatch(/^→ POST \(the answer to the server\) +│ → POST tools\/call$/m);
    expect(result.stdout).toMatch(/"resultType":"input_required"/);
    expect(result.stdout).toMatch(/^→ DELETE \(end the session\) +│ \(no session to close\)$/m);
    expect(result.stdout).toContain("The server's model calls were answered by the offline model.");
  });

  it("prints one era's records whole with --json: no session, and the call made twice", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['wire', '--era', '2026-07-28', '--json', '--yes', '--config', config]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const recording = JSON.parse(lines[0] ?? '{}') as {
      era: string;
      records: Array<{ kind: string; headers?: Record<string, string>; body?: { method?: string } }>;
      outcome: { isError: boolean };
    };
    expect(recording.era).toBe('2026-07-28');
    expect(recording.outcome.isError).toBe(false);
    const requests = recording.records.filter((record) => record.kind === 'request');
    expect(requests.filter((request) => request.body?.method === 'tools/call')).toHaveLength(2);
    expect(requests.some((request) => request.headers?.['mcp-session-id'] !== undefined)).toBe(false);
  });

  it('refuses a tool the server does not offer, naming the ones it does', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['wire', 'pastry-chef', 'fry', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^kitchen wire: pastry-chef offers no tool "fry"; it offers .*critique_recipe/m);
  });
});
