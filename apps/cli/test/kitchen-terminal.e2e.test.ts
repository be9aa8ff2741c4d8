// The interactive prompt end to end, in a real pseudo-terminal (util-linux `script` gives the CLI
// a TTY on stdin and stdout): y and n going to their own requests, a question nobody answers,
// and Ctrl-C while a question is open.

import { spawn } from 'node:child_process';
import {
  CLI_DIRECTORY,
  CLI_ENTRY,
  cliEnvironment,
  PROCESS_TEST_TIMEOUT_MS,
  serversConfig,
  tamperedJarIds,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { afterAll, describe, expect, it } from 'vitest';

// util-linux's `script`, on every Debian-like machine (the kitchen's tests run on Linux).
const SCRIPT = 'script';
const config = serversConfig('cookie-jars');
const TASK = 'discard the tampered jars among jars 1-10';
const children: Array<ReturnType<typeof spawn>> = [];
afterAll(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

interface PtyRun {
  /** Called with the output so far each time it grows; return text to type, or undefined. */
  onOutput: (output: string) => string | undefined;
}

/** Runs the CLI under `script`; resolves with everything the terminal showed and the exit code. */
function runInTerminal(args: string[], run: PtyRun): Promise<{ output: string; code: number | null }> {
  const command = [process.execPath, ...CLI_ENTRY, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
  const child = spawn(SCRIPT, ['-qfec', command, '/dev/null'], { cwd: CLI_DIRECTORY, env: cliEnvironment() });
  children.push(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    const typed = run.onOutput(output);
    if (typed !== undefined) child.stdin.write(typed);
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ output, code })));
}

/** Types one answer per "Allow?" shown, in order. */
function answering(answers: string[]): PtyRun {
  let given = 0;
  return {
    onOutput(output) {
      if (output.split('Allow?').length - 1 <= given || given >= answers.length) return undefined;
      return `${answers[given++]}\r`;
    },
  };
}

describe.concurrent('the interactive terminal prompt', () => {
  it('asks about each discard in turn and sends y and n each to its own request', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const [first, second] = tamperedJarIds(1729, 10);
    const { output, code } = await runInTerminal(
      ['run', TASK, '--jars', '10', '--config', config],
      answering(['y', 'n']),
    );
    expect(code).toBe(4); // partly done: a call was denied
    expect(output).toContain('✋ approval needed in lane main');
    expect(output).toContain('   tool:      discard_jar');
    expect(output).toContain(`   arguments: {"id":${first}}`);
    expect(output).toContain('   why:       discard_jar on cookie-jars is marked destructive.');
    expect(output).toContain(`Discarded jar ${first}.`);
    expect(output).toContain(
      `Jar ${second} was NOT discarded: Tool "discard_jar" was not run: The user denied discard_jar on cookie-jars`,
    );
    expect(output).toMatch(/📊 end_turn · /);
  });

  it('denies a question nobody answers once --approval-timeout passes, and the run completes', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const { output, code } = await runInTerminal(
      ['run', TASK, '--jars', '10', '--approval-timeout', '1', '--config', config],
      { onOutput: () => undefined },
    );
    expect(code).toBe(4); // partly done: a call was denied
    expect(output).toContain('⌛ no answer within 1 s: treated as a no');
    expect(output).toContain(
      '⛔ denied discard_jar (nobody answered in time): Nobody answered the approval request within 1 s; treated as a denial.',
    );
    expect(output).toMatch(/📊 end_turn · /);
  });

  it('stops the run on Ctrl-C while a question is open, and exits 130', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    let interrupted = false;
    const { output, code } = await runInTerminal(['run', TASK, '--jars', '10', '--config', config], {
      onOutput(text) {
        if (interrupted || !text.includes('Allow?')) return undefined;
        interrupted = true;
        return '\u0003';
      },
    });
    expect(code).toBe(130);
    expect(output).toContain('SIGINT: stopping the kitchen…');
    expect(output).toContain('⚠️ stopped early (aborted)');
  });

  it('runs the pastry demo with a person: a sampling approval, a form filled in field by field, a bake approval', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const pastry = writeConfig({
      servers: [
        {
          name: 'pastry-chef',
          trust: true,
          package: `${CLI_DIRECTORY}../../servers/pastry-chef`,
          entry: 'src/main.ts',
          args: ['--bake-ms-per-minute', '2'],
        },
      ],
      sampling: { 'pastry-chef': { action: 'ask', capCents: 5 } },
    });
    // Each step: what must be on screen (counted from the last step's mark), and what to type.
    const steps: Array<[string, string]> = [
      ['for this server: ', 'y'],
      ['filling: ', '2'],
      ['servings: ', '40'],
      ['servings: ', '4'],
      ['for this tool: ', 'y'],
    ];
    let next = 0;
    let seen = 0;
    const { output, code } = await runInTerminal(['demo', 'pastry', '--config', pastry], {
      onOutput(text) {
        const step = steps[next];
        if (step === undefined) return undefined;
        const at = text.indexOf(step[0], seen);
        if (at < 0) return undefined;
        seen = at + step[0].length;
        next += 1;
        return `${step[1]}\r`;
      },
    });
    expect(code).toBe(0);
    expect(next).toBe(steps.length);
    expect(output).toContain('🧾 pastry-chef: the kitchen is asking to spend');
    expect(output).toMatch(/size: +~\d+ input \+ up to 400 output tokens; [\d,]+ of 600,000 tree tokens left/);
    expect(output).toContain('   servings: must be at most 12; try again, or cancel.');
    expect(output).toContain('❓ answer to pastry-chef: accept {"filling":"cherry","servings":4}');
    expect(output).toContain('- choose_filling: outcome: chosen; filling: cherry; servings: 4; grams: 400');
    expect(output).toContain('- bake: baked: true; minutes: 25; steps: 8');
    expect(output).toMatch(/📊 end_turn · .*\(sampling \d+\.\d¢\)/);
  });
});
