// The plain log's folding: a turn's calls to one tool in one line, their results likewise,
// failures grouped by what they said, local tools and everything else told as before.

import type { LoopEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { createFoldedLog } from './folded-log.js';
import { createTerminalRenderer } from './terminal-renderer.js';

const at = 0;
const call = (agent: string, id: number, tool = 'inspect_jar'): LoopEvent => ({
  type: 'tool-call',
  agent,
  at,
  callId: `${agent}-${tool}-${id}`,
  tool,
  server: 'cookie-jars',
  input: { id },
});
const result = (agent: string, id: number, isError = false, content = `{"id":${id}}`): LoopEvent => ({
  type: 'tool-result',
  agent,
  at,
  callId: `${agent}-inspect_jar-${id}`,
  tool: 'inspect_jar',
  server: 'cookie-jars',
  isError,
  content,
  durationMs: 3,
});
const hire = (agent: string, name: string): LoopEvent => ({
  type: 'agent-start',
  agent,
  at,
  name,
  parent: 'main',
  depth: 1,
  task: name,
});

function logOf(events: LoopEvent[], tellCalls = true): string[] {
  const lines: string[] = [];
  const log = createFoldedLog({
    renderer: createTerminalRenderer({ color: false }),
    write: (line) => lines.push(line),
    color: false,
    width: 100,
    tellCalls,
  });
  for (const event of events) log.push(event);
  log.flush();
  return lines;
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('the folded plain log', () => {
  it("folds a worker's turn of calls into one line, and its results into another", () => {
    const lines = logOf([
      hire('1', 'jars-1-20'),
      { type: 'iteration-start', agent: '1', at, iteration: 1 },
      ...ids(1, 20).map((id) => call('1', id)),
      ...ids(1, 20).map((id) => result('1', id)),
      { type: 'iteration-start', agent: '1', at, iteration: 2 },
    ]);
    expect(lines).toEqual([
      '👷 hired #1 "jars-1-20"',
      '[#1 jars-1-20] ── iteration 1 ──',
      '[#1 jars-1-20] → cookie-jars.inspect_jar ×20 (id 1–20)',
      '[#1 jars-1-20] ← inspect_jar ×20 (id 1–20)',
      '[#1 jars-1-20] ── iteration 2 ──',
    ]);
  });

  it('keeps lanes apart when their calls interleave, and groups by tool within a turn', () => {
    const lines = logOf([
      hire('1', 'a'),
      hire('2', 'b'),
      call('1', 1),
      call('2', 5),
      call('1', 2),
      call('2', 6),
      call('1', 9, 'read_note'),
      { type: 'text', agent: '1', at, text: 'next' },
      { type: 'text', agent: '2', at, text: 'next' },
    ]);
    expect(lines.slice(2)).toEqual([
      '[#1 a] → cookie-jars.inspect_jar ×2 (id 1–2)',
      '[#1 a] → cookie-jars.read_note {"id":9}',
      '[#1 a] 💬 next',
      '[#2 b] → cookie-jars.inspect_jar ×2 (id 5–6)',
      '[#2 b] 💬 next',
    ]);
  });

  it('groups failures by what they said, apart from the results that came back', () => {
    const timeout = 'The tool call timed out after 60 s.';
    const lines = logOf([
      ...ids(1, 5).map((id) => call('main', id)),
      result('main', 1),
      result('main', 2, true, timeout),
      result('main', 3),
      result('main', 4, true, timeout),
      result('main', 5, true, 'Jar 5 does not exist.'),
    ]);
    expect(lines).toEqual([
      '→ cookie-jars.inspect_jar ×5 (id 1–5)',
      '← inspect_jar ×2 (id 1, 3)',
      `✗ inspect_jar failed ×2 (id 2, 4): ${timeout}`,
      '✗ inspect_jar failed: Jar 5 does not exist.',
    ]);
  });

  it('tells a single call and result as the verbose log does, and never folds a local tool', () => {
    const lines = logOf([
      call('main', 7),
      result('main', 7),
      ...[1, 2].map(
        (id): LoopEvent => ({
          type: 'tool-call',
          agent: 'main',
          at,
          callId: `spawn-${id}`,
          tool: 'spawn_agent',
          server: 'local',
          input: { task: `part ${id}` },
        }),
      ),
    ]);
    expect(lines).toEqual([
      '→ cookie-jars.inspect_jar {"id":7}',
      '← inspect_jar: {"id":7}',
      '→ spawn_agent {"task":"part 1"}',
      '→ spawn_agent {"task":"part 2"}',
    ]);
  });

  it('lets a server log stand between calls and results without splitting the results', () => {
    const lines = logOf([
      call('main', 1),
      call('main', 2),
      result('main', 1),
      { type: 'server-log', agent: 'main', at, server: 'cookie-jars', level: 'warning', text: 'jar 2 is odd' },
      result('main', 2),
      { type: 'text', agent: 'main', at, text: 'done' },
    ]);
    expect(lines).toEqual([
      '→ cookie-jars.inspect_jar ×2 (id 1–2)',
      '📜 cookie-jars warning: jar 2 is odd',
      '← inspect_jar ×2 (id 1–2)',
      '💬 done',
    ]);
  });

  it('shows what waits before a person is asked', () => {
    const lines = logOf([
      hire('1', 'a'),
      call('1', 1),
      call('1', 2),
      {
        type: 'approval-request',
        agent: 'main',
        at,
        requestId: 'r1',
        tool: 'discard_jar',
        server: 'cookie-jars',
        input: { id: 3 },
        reason: 'destructive',
      },
    ]);
    expect(lines[1]).toBe('[#1 a] → cookie-jars.inspect_jar ×2 (id 1–2)');
    expect(lines[2]).toContain('✋ approval needed: cookie-jars.discard_jar');
  });

  it('folds the approvals a turn needed and the answers they got, by tool and by what was said', () => {
    const ask = (id: number): LoopEvent => ({
      type: 'approval-request',
      agent: 'main',
      at,
      requestId: `r${id}`,
      callId: `main-discard_jar-${id}`,
      tool: 'discard_jar',
      server: 'cookie-jars',
      input: { id },
      reason: 'discard_jar on cookie-jars is marked destructive.',
    });
    const answer = (id: number): LoopEvent => ({
      type: 'approval-response',
      agent: 'main',
      at,
      requestId: `r${id}`,
      callId: `main-discard_jar-${id}`,
      tool: 'discard_jar',
      server: 'cookie-jars',
      decision: 'denied',
      by: 'person',
      reason: 'refused by --no',
    });
    const lines = logOf([
      ...[2, 5, 7].map((id) => call('main', id, 'discard_jar')),
      ...[2, 5, 7].map(ask),
      ...[2, 5, 7].map(answer),
    ]);
    expect(lines).toEqual([
      '→ cookie-jars.discard_jar ×3 (id 2, 5, 7)',
      '✋ approval needed: cookie-jars.discard_jar ×3 (id 2, 5, 7) — discard_jar on cookie-jars is marked destructive.',
      '⛔ denied discard_jar ×3 (id 2, 5, 7) by you: refused by --no',
    ]);
  });

  it('on the live board, tells the outcome of a call a person was asked about', () => {
    const lines = logOf(
      [
        call('main', 1),
        call('main', 2),
        {
          type: 'approval-request',
          agent: 'main',
          at,
          requestId: 'r1',
          callId: 'main-inspect_jar-2',
          tool: 'inspect_jar',
          server: 'cookie-jars',
          input: { id: 2 },
          reason: 'asks',
        },
        result('main', 1),
        result('main', 2),
      ],
      false,
    );
    expect(lines.at(-1)).toBe('← inspect_jar: {"id":2}');
    expect(lines.filter((line) => line.startsWith('←'))).toHaveLength(1);
  });

  it('on the live board, leaves out calls and the results that came back, and tells failures', () => {
    const lines = logOf(
      [
        ...ids(1, 3).map((id) => call('main', id)),
        result('main', 1),
        result('main', 2, true, 'gone'),
        result('main', 3, true, 'gone'),
      ],
      false,
    );
    expect(lines).toEqual(['✗ inspect_jar failed ×2 (id 2–3): gone']);
  });

  it('tells a result that carried a picture on the board too, with its line under it', () => {
    const picture: LoopEvent = {
      ...(result('main', 1) as Extract<LoopEvent, { type: 'tool-result' }>),
      content: '{"total":7}\n\n[image: image/png, 3 KB]',
      attachments: [{ kind: 'image', mimeType: 'image/png', bytes: 3_072, toModel: true }],
    };
    const lines = logOf([call('main', 1), picture, call('main', 2), result('main', 2)], false);
    expect(lines.join('\n').split('\n')).toEqual([
      '← inspect_jar: {"total":7} [image: image/png, 3 KB]',
      '   🖼 image/png 3 KB',
    ]);
  });
});
