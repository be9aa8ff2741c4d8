// The inspector-style commands through the real CLI against a server that speaks only revision
// 2026-07-28 (the v2 server SDK, stateless): the same commands and output as for a 2025 server,
// with the listing paged by the server and a resource template completed; --protocol 2025-11-25
// keeps the host from asking for the new revision.

import { startRevision2026FeatureServer } from '@kitchen/host/testing/revision-2026-features';
import { PROCESS_TEST_TIMEOUT_MS, runCli, writeConfig } from '@kitchen/probe-kit/cli-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startRevision2026FeatureServer>>;
let config: string;
beforeAll(async () => {
  server = await startRevision2026FeatureServer();
  config = writeConfig({ mcpServers: { pantry: { url: server.url, protocol: '2026-07-28' } } });
});
afterAll(() => server.close());

describe.concurrent('kitchen resources, read, prompts, complete on a 2026-07-28 server', () => {
  it('lists every page of resources and the template, and reads one', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const listed = await runCli(['resources', 'pantry', '--json', '--config', config]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line['kind'] === 'resource').map((line) => line['uri'])).toEqual([
      'pantry://shelf/1',
      'pantry://shelf/2',
      'pantry://shelf/3',
      'pantry://shelf/4',
      'pantry://shelf/5',
    ]);
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'template', uriTemplate: 'recipe://{name}' }));

    const read = await runCli(['read', 'pantry', 'recipe://brioche', '--config', config]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('How to bake brioche.');
  });

  it('with --protocol 2025-11-25 never asks, and says the server speaks only 2026-07-28', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['tools', 'pantry', '--protocol', '2025-11-25', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pantry is unavailable');
    expect(result.stderr).toContain('it speaks only MCP revision 2026-07-28 and refused 2025-11-25');
    expect(result.stderr).toContain('Set protocol: "auto" or "2026-07-28" for this server');
  });

  it('lists tools and calls one, with its log line and progress', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const tools = await runCli(['tools', 'pantry', '--json', '--config', config]);
    expect(tools.code).toBe(0);
    expect(tools.stdout).toContain('"name":"knead"');

    const called = await runCli(['call', 'pantry', 'knead', '--json', '--config', config]);
    expect(called.code).toBe(0);
    const events = called.stdout
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toContainEqual(expect.objectContaining({ type: 'server-log', text: 'kneading started late' }));
    expect(events.filter((event) => event['type'] === 'progress')).toHaveLength(2);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool-result', tool: 'knead', isError: false, content: 'The dough is smooth.' }),
    );
  });

  it('lists prompts and completes a template variable', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const prompts = await runCli(['prompts', 'pantry', '--config', config]);
    expect(prompts.code).toBe(0);
    expect(prompts.stdout).toContain('bake(recipe*');

    const completed = await runCli([
      'complete',
      'pantry',
      'resource',
      'recipe://{name}',
      'name',
      'ba',
      '--config',
      config,
    ]);
    expect(completed.code).toBe(0);
    expect(completed.stdout.trim().split('\n')).toEqual(['bagel', 'baguette']);
  });
});
