// The inspector-style commands through the real CLI: tools, call (k=v checked against the tool's
// schema), resources, read, prompts and prompt, against an example server over HTTP and against
// @modelcontextprotocol/server-everything spawned over stdio with --server.

import { fileURLToPath } from 'node:url';
import { CLI_DIRECTORY, PROCESS_TEST_TIMEOUT_MS, runCli, writeConfig } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';

const everything = fileURLToPath(
  new URL('../../../packages/host/node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const withEverything = ['--server', `everything=${process.execPath} ${everything} stdio`];
const config = writeConfig({
  mcpServers: {
    dice: { trust: true, kitchen: { package: `${CLI_DIRECTORY}../../servers/dice`, entry: 'src/main.ts' } },
    'cookie-jars': {
      trust: true,
      kitchen: { package: `${CLI_DIRECTORY}../../servers/cookie-jars`, entry: 'src/main.ts' },
    },
  },
});

function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.concurrent('kitchen tools, call, resources, read, prompts, prompt', () => {
  it('lists one server’s tools with their input schemas', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['tools', 'dice', '--json', '--config', config]);
    expect(result.code).toBe(0);
    const tools = jsonLines(result.stdout);
    expect(tools).toContainEqual(
      expect.objectContaining({
        server: 'dice',
        name: 'roll_dice',
        inputSchema: expect.objectContaining({ type: 'object' }),
      }),
    );
    expect(tools.every((tool) => tool['server'] === 'dice')).toBe(true);
  });

  it('calls a tool with k=v arguments typed from its schema and prints the result', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['call', 'dice', 'roll_dice', 'count=2', 'sides=20', '--json', '--config', config]);
    expect(result.code).toBe(0);
    const outcome = jsonLines(result.stdout).find((event) => event['type'] === 'tool-result');
    expect(outcome).toMatchObject({ tool: 'roll_dice', server: 'dice', isError: false });
    expect(JSON.parse(String(outcome?.['content']))).toMatchObject({ count: 2, sides: 20 });
  });

  it('shows the picture and the sound of a roll as one line each, by type and size', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli([
      'call',
      'dice',
      'roll_dice',
      'count=3',
      'picture=true',
      'sound=true',
      '--config',
      config,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^← roll_dice: \{"count":3,.*\[image: image\/png/m);
    expect(result.stdout).toMatch(/^ {3}🖼 image\/png \d+ (B|KB)$/m);
    expect(result.stdout).toMatch(/^ {3}🔊 audio\/wav \d+ (B|KB) \(described to the model, not played\)$/m);
  });

  it('shows a URL-mode elicitation as events with its link, and declines it where nobody can open a browser', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli([
      'call',
      'everything',
      'trigger-url-elicitation',
      'url=https://example.com/connect',
      '--json',
      ...withEverything,
      '--config',
      config,
    ]);
    expect(result.code).toBe(0);
    const events = jsonLines(result.stdout);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'elicitation-request',
        server: 'everything',
        url: 'https://example.com/connect',
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'elicitation-response', action: 'decline', by: 'nobody' }),
    );
  });

  it('refuses an argument of the wrong type before calling, and names an unknown server', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const wrong = await runCli(['call', 'dice', 'roll_dice', 'count=three', '--config', config]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('kitchen call dice roll_dice: count=three: "three" is not a whole number');
    const unknown = await runCli(['resources', 'nowhere', '--config', config]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'kitchen resources: no server named "nowhere"; the config has dice, cookie-jars (or add one with --server NAME=URL)\n',
    );
  });

  it('shows progress and the result of a slow tool on a stdio server', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli([
      'call',
      'everything',
      'trigger-long-running-operation',
      '--args',
      '{"duration": 1, "steps": 2}',
      '--json',
      '--config',
      config,
      ...withEverything,
    ]);
    expect(result.code).toBe(0);
    const events = jsonLines(result.stdout);
    expect(events.filter((event) => event['type'] === 'progress').length).toBeGreaterThanOrEqual(1);
    expect(events).toContainEqual(expect.objectContaining({ type: 'server-log', server: 'everything' }));
    expect(events.at(-1)).toMatchObject({ type: 'tool-result', isError: false });
  });

  it('offers the servers the folders given with --root, and answers roots/list with them', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli([
      'call',
      'everything',
      'get-roots-list',
      '--root',
      '/tmp',
      '--json',
      '--config',
      config,
      ...withEverything,
    ]);
    expect(result.code).toBe(0);
    const outcome = jsonLines(result.stdout).find((event) => event['type'] === 'tool-result');
    expect(String(outcome?.['content'])).toContain('file:///tmp');
  });

  it('lists resources and templates, reads one, and lists prompts', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const listed = await runCli(['resources', 'everything', '--json', '--config', config, ...withEverything]);
    expect(listed.code).toBe(0);
    const resources = jsonLines(listed.stdout);
    expect(resources).toContainEqual(
      expect.objectContaining({ kind: 'resource', uri: 'demo://resource/static/document/startup.md' }),
    );
    expect(resources.some((resource) => resource['kind'] === 'template')).toBe(true);

    const read = await runCli([
      'read',
      'everything',
      'demo://resource/static/document/startup.md',
      '--config',
      config,
      ...withEverything,
    ]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('── demo://resource/static/document/startup.md (text/markdown)');
    expect(read.stdout).toContain('Startup');

    const prompts = await runCli(['prompts', 'cookie-jars', '--config', config]);
    expect(prompts.code).toBe(0);
    expect(prompts.stdout).toContain('audit_shelf(shelf*');
  });

  it('starts a run from a server’s prompt with its arguments', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli([
      'prompt',
      'cookie-jars',
      'audit_shelf',
      '--arg',
      'shelf=A',
      '--jars',
      '10',
      '--config',
      config,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('📝 the prompt "audit_shelf" of cookie-jars');
    expect(result.stdout).toContain('── report ──');
  });

  it('says which server refused a prompt and why', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['prompt', 'cookie-jars', 'audit_shelf', '--arg', 'shelf=Z', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /kitchen: cookie-jars answered prompts\/get "audit_shelf" with an error: There is no shelf "Z"/,
    );
  });

  it('names a missing prompt argument with the server’s suggestions for it', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['prompt', 'cookie-jars', 'audit_shelf', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /kitchen: the prompt "audit_shelf" of cookie-jars needs --arg shelf=… \(the server suggests A, B, C, D, E\)/,
    );
  });

  it('completes a prompt argument and a resource template variable from the server', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const shelves = await runCli(['complete', 'cookie-jars', 'prompt', 'audit_shelf', 'shelf', '--config', config]);
    expect(shelves.code).toBe(0);
    expect(shelves.stdout.trim().split('\n')).toEqual(['A', 'B', 'C', 'D', 'E']);
    const jars = await runCli([
      'complete',
      'cookie-jars',
      'resource',
      'jar://{id}',
      'id',
      '7',
      '--jars',
      '80',
      '--json',
      '--config',
      config,
    ]);
    expect(jars.code).toBe(0);
    const [answer] = jsonLines(jars.stdout);
    expect(answer).toMatchObject({
      server: 'cookie-jars',
      ref: { type: 'ref/resource', uri: 'jar://{id}' },
      argument: 'id',
      completion: { values: expect.arrayContaining(['7', '70']) },
    });
    const prompts = await runCli(['complete', 'cookie-jars', 'sideways', 'x', 'y', '--config', config]);
    expect(prompts.code).toBe(2);
    expect(prompts.stderr).toContain('kitchen complete: "sideways" must be prompt or resource');
  });
});
