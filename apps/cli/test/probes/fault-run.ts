// Test helper for the fault probes: a Messages API script that calls the slow server's tool and
// reports its result, and the one end every fault must reach (words, exit code, nothing left, a CLI
// that ended by itself).

import { fileURLToPath } from 'node:url';
import { type FakeMessagesApi, startFakeMessagesApi, textReply, toolUseReply } from '@kitchen/host/testing';
import { type CliResult, writeConfig } from '@kitchen/probe-kit/cli-process';
import { expect } from 'vitest';
import { endedByItself, type ProbeMark, survivorsAfter } from './probe-processes.js';

export const KEY = 'sk-ant-kitchen-faults';
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** A config with only the slow server (fixtures/slow-server.ts). */
export function slowServerConfig(): string {
  return writeConfig({
    mcpServers: { slow: { trust: true, kitchen: { package: FIXTURES, entry: 'slow-server.ts' } } },
  });
}

export function anthropic(apiUrl: string): NodeJS.ProcessEnv {
  return { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: apiUrl };
}

/** Calls slow_count, then reports in one sentence what its result said. */
export async function slowCountApi(): Promise<FakeMessagesApi> {
  return startFakeMessagesApi({
    apiKey: KEY,
    script: (request) => {
      const last = request.body.messages.at(-1)?.content;
      const result = typeof last === 'string' ? undefined : last?.find((block) => block.type === 'tool_result');
      if (result === undefined) return toolUseReply('slow_count', {}, { id: 'toolu_slow' });
      const text = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
      return textReply(`The count came back: ${text.slice(0, 300)}`);
    },
  });
}

/** The end every fault must reach: words, the exit code, nothing left running, a CLI that ended by itself. */
export async function expectCleanEnd(
  result: CliResult,
  pid: number | undefined,
  mark: ProbeMark,
  expected: { code: number; words: RegExp; stackAllowed?: boolean },
): Promise<void> {
  const printed = `${result.stdout}${result.stderr}`;
  expect(result.code, printed).toBe(expected.code);
  expect(printed).toMatch(expected.words);
  if (!expected.stackAllowed) expect(printed).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(printed).not.toContain('unexpected failure');
  expect(await survivorsAfter(mark)).toEqual([]);
  expect(endedByItself(result.stderr, pid), printed).toBe(true);
}
