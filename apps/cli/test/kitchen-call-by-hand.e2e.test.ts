// `kitchen call` answering a server that asks the host for something, as a run would: the pastry
// chef's sampling request answered by the offline model (priced, approved with --yes, charged) and
// its form filled in at a terminal, in both protocol revisions; refused with --no; an enum
// violation refused before anything is sent; a long result printed whole; `kitchen prompt --show`.

import type { PassThrough } from 'node:stream';
import type { LoopEvent } from '@kitchen/host';
import { PROCESS_TEST_TIMEOUT_MS, parseEvents, runCli, serversConfig } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../src/cli/parse-cli-arguments.js';
import { runInspectCommand } from '../src/inspect/run-inspect-command.js';
import { createFakeTerminal, type FakeTerminal } from './fake-terminal.js';

const config = serversConfig('pastry-chef', 'pantry', 'cookie-jars');
const REVISIONS = ['2025-11-25', '2026-07-28'] as const;

/** `kitchen call …` inside the test process, a fake terminal standing in for the person. */
async function callInProcess(args: string[], terminal: FakeTerminal): Promise<{ code: number; stdout: string }> {
  const parsed = parseCliArguments(args);
  if (!parsed.ok || parsed.command.name !== 'call') throw new Error('bad test arguments');
  let stdout = '';
  const code = await runInspectCommand(
    parsed.command,
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => terminal.output.write(text) },
      environment: { NO_COLOR: '1' },
      stdin: Object.assign(terminal.input, { isTTY: true }) as PassThrough & { isTTY: true },
    },
    new AbortController().signal,
  );
  return { code, stdout };
}

describe.concurrent('kitchen call, answering the server by hand', () => {
  for (const revision of REVISIONS) {
    it(`answers the pastry chef's sampling request with the offline model under --yes, priced and charged (${revision})`, {
      timeout: PROCESS_TEST_TIMEOUT_MS,
    }, async () => {
      const result = await runCli([
        'call',
        'pastry-chef',
        'critique_recipe',
        'recipe=lemon tart',
        '--yes',
        '--json',
        '--protocol',
        revision,
        '--config',
        config,
      ]);
      expect(result.code).toBe(0);
      const events = parseEvents(result.stdout);
      const asked = events.find((event) => event.type === 'sampling-request');
      expect(asked).toMatchObject({
        server: 'pastry-chef',
        via: revision === '2026-07-28' ? 'input_required' : 'push',
        maxTokens: 400,
      });
      const answered = events.find((event) => event.type === 'sampling-response');
      expect(answered).toMatchObject({ outcome: 'answered', by: 'person' });
      expect(answered?.type === 'sampling-response' && answered.costCents > 0).toBe(true);
      const outcome = events.find(
        (event): event is Extract<LoopEvent, { type: 'tool-result' }> => event.type === 'tool-result',
      );
      expect(outcome?.isError).toBe(false);
      expect(JSON.parse(outcome?.content ?? '{}')).toMatchObject({ recipe: 'lemon tart', model: 'offline' });
    });

    it(`fills in the pastry chef's form at the terminal, a choice taken by its number (${revision})`, {
      timeout: PROCESS_TEST_TIMEOUT_MS,
    }, async () => {
      const terminal = createFakeTerminal();
      const called = callInProcess(
        ['call', 'pastry-chef', 'choose_filling', '--protocol', revision, '--config', config],
        terminal,
      );
      await terminal.answer('filling: ', '2');
      await terminal.answer('servings: ', '4');
      const { code, stdout } = await called;
      expect(code).toBe(0);
      expect(stdout).toContain('"outcome":"chosen"');
      expect(stdout).toContain('"filling":"cherry"');
      expect(stdout).toContain('"servings":4');
    });
  }

  it('refuses the sampling request under --no, and the call fails with the reason', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli([
      'call',
      'pastry-chef',
      'critique_recipe',
      'recipe=lemon tart',
      '--no',
      '--config',
      config,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("pastry-chef's model call denied");
    expect(result.stdout).toContain('── whole error');
    expect(result.stdout).toContain('the run was started with --no, which refuses every call that needs approval.');
  });

  it('refuses a value outside the tool’s enum before sending, naming the allowed ones', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['call', 'pantry', 'place_order', 'item=caviar', 'quantity=1', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /kitchen call pantry place_order: item=caviar: caviar is not one of the allowed values: \w+/,
    );
    expect(result.stdout).not.toContain('→ pantry.place_order');
  });

  it('shows enums and defaults in the tool listing', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['tools', 'pantry', '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/pantry\.place_order\(item: \w+\|\w+/);
  });

  it('prints a long result whole beneath its line', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['call', 'cookie-jars', 'list_jars', '--config', config]);
    expect(result.code).toBe(0);
    const whole = result.stdout.split(/── whole result \([\d,]+ characters\)\n/)[1];
    expect(whole).toBeDefined();
    expect(() => JSON.parse(whole ?? '')).not.toThrow();
  });

  it('kitchen prompt --show prints the prompt’s messages and runs nothing', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli([
      'prompt',
      'cookie-jars',
      'audit_shelf',
      '--arg',
      'shelf=A',
      '--show',
      '--config',
      config,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('📝 cookie-jars prompt "audit_shelf": ');
    expect(result.stdout).toContain('── user');
    expect(result.stdout).not.toContain('🧠 model');
    expect(result.stdout).not.toContain('📊');
  });

  it('kitchen skills lists the chef’s skill with each file verified against the server’s digests', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['skills', 'pastry-chef', '--json', '--config', config]);
    expect(result.code).toBe(0);
    const [skill] = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { name: string; files: Array<{ path: string; verified: boolean }> });
    expect(skill?.name).toBe('laminated-dough');
    expect(skill?.files).toEqual([
      expect.objectContaining({ path: 'SKILL.md', verified: true }),
      expect.objectContaining({ path: 'references/TURNS.md', verified: true }),
    ]);
  });
});
