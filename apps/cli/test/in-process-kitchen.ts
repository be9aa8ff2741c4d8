// Test helper: runs runKitchen inside the test process, with the real servers as child processes
// (only the ones a test needs), a model of the test's choosing and a fake terminal. For the cases
// a CLI process cannot stage: a scripted model, a person answering at a terminal.

import { PassThrough } from 'node:stream';
import type { LoopEvent, Model } from '@kitchen/host';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { parseCliArguments } from '../src/cli/parse-cli-arguments.js';
import type { KitchenFlags } from '../src/command/kitchen-flags.js';
import { runKitchen } from '../src/run-kitchen.js';
import type { FakeTerminal } from './fake-terminal.js';

export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The events, when the run used --json. */
  events: LoopEvent[];
}

/** `args` as on the command line (flags only); `terminal` stands in for a person at an interactive terminal. */
export async function runInProcess(options: {
  task: string;
  args: string[];
  model?: Model;
  terminal?: FakeTerminal;
  environment?: NodeJS.ProcessEnv;
  /** Stands in for Ctrl-C (or the page's Stop): aborting it stops the run. */
  signal?: AbortSignal;
}): Promise<InProcessRun> {
  const parsed = parseCliArguments(['run', options.task, ...options.args]);
  if (!parsed.ok || parsed.command.name !== 'run')
    throw new Error(`bad test arguments: ${parsed.ok ? parsed.command.name : parsed.message}`);
  const flags: KitchenFlags = parsed.command.flags;
  let stdout = '';
  let stderr = '';
  const stdin =
    options.terminal === undefined ? new PassThrough() : Object.assign(options.terminal.input, { isTTY: true });
  const code = await runKitchen({
    task: options.task,
    flags,
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    output: {
      stdout: { write: (text: string) => (stdout += text) },
      // With --json the prompt goes to stderr: the fake terminal sees it there.
      stderr: {
        write: (text: string) => {
          stderr += text;
          options.terminal?.output.write(text);
        },
      },
      environment: { NO_COLOR: '1', ...options.environment },
      stdin,
    },
  });
  const events =
    flags.json && stdout.trim() !== ''
      ? stdout
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as LoopEvent)
      : [];
  return { code: code ?? EXIT.failed, stdout, stderr, events };
}
