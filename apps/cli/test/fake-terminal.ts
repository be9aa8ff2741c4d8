// Test helper: a stand-in for a person at a terminal. Lines typed into a stream the prompt reads,
// and everything the prompt wrote, with a way to wait until a question shows up.

import { PassThrough } from 'node:stream';
import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import type { TextSink } from '@kitchen/runtime/kitchen-output';

export interface FakeTerminal {
  input: PassThrough;
  output: TextSink;
  /** Everything written so far. */
  text(): string;
  /** Waits until the output holds `pattern` `count` times in all. */
  waitFor(pattern: string, count?: number): Promise<void>;
  /** Waits for `pattern` (`count` times in all), then types `line` (Enter included). */
  answer(pattern: string, line: string, count?: number): Promise<void>;
  /** Ctrl-D: ends the input. */
  close(): void;
}

export function createFakeTerminal(): FakeTerminal {
  const input = new PassThrough();
  let written = '';
  const occurrences = (pattern: string) => written.split(pattern).length - 1;
  const waitFor = async (pattern: string, count = 1) => {
    const deadline = Date.now() + PROCESS_TEST_TIMEOUT_MS;
    while (occurrences(pattern) < count) {
      if (Date.now() > deadline)
        throw new Error(`no ${JSON.stringify(pattern)} (x${count}) in the prompt output:\n${written}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return {
    input,
    output: { write: (text: string) => (written += text) },
    text: () => written,
    waitFor,
    async answer(pattern, line, count = 1) {
      await waitFor(pattern, count);
      input.write(`${line}\n`);
    },
    close: () => input.end(),
  };
}
