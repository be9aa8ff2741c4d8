// The page tells the truth about how a run ended, who stopped it and how long a person was waited
// for, and shows a stored run's hostile text cleaned. In Node: LoopEvents in, words out.

import type { DoneEvent, LoopEvent, LoopEventDraft } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import {
  cleanDisplayText,
  laneStatusText,
  laneTitle,
  recentRunAbout,
  shortenText,
  summaryLine,
  toolLabel,
} from './page/lane-words.js';
import { foldEvents } from './page/lanes.js';
import { runEndWords } from './page/run-state-words.js';

let clock = 5_000;
const at = (draft: LoopEventDraft, gap = 10): LoopEvent => {
  clock += gap;
  return { ...draft, at: clock } as LoopEvent;
};

const done = (over: Partial<DoneEvent> = {}): DoneEvent => ({
  type: 'done',
  agent: 'main',
  at: clock,
  finalText: 'report',
  stopReason: 'end_turn',
  iterations: 2,
  toolCalls: 4,
  tokens: 1_000,
  costCents: 1,
  ...over,
});

describe('how a run ended, in the page’s words', () => {
  it('says finished only for an answer with every call done and every server up', () => {
    expect(runEndWords(done())).toBe('✅ finished');
    expect(runEndWords(done({ failedToolCalls: 2 }))).toBe('⚠️ partly done: 2 tool calls denied or failed');
    expect(runEndWords(done(), ['cookie-jars'])).toBe('❌ failed: cookie-jars went down');
    expect(summaryLine(done({ failedToolCalls: 2 }))).toMatch(/^📊 partly done · /);
    expect(summaryLine(done(), { serverDied: true })).toMatch(/^📊 failed · /);
    expect(summaryLine(done())).toMatch(/^📊 finished · /);
    expect(runEndWords(done({ failedToolCalls: 1 }), ['cookie-jars'])).toBe(
      '❌ failed: cookie-jars went down, 1 tool call denied or failed',
    );
  });

  it('says a stop was the person’s only when the host recorded it so', () => {
    expect(runEndWords(done({ stopReason: 'aborted', stoppedBy: 'stopped from the web page' }))).toBe(
      '⚠️ stopped by you',
    );
    expect(runEndWords(done({ stopReason: 'aborted', stoppedBy: 'interrupted by SIGTERM' }))).toBe(
      '⚠️ stopped: interrupted by SIGTERM',
    );
    expect(runEndWords(done({ stopReason: 'aborted' }))).toBe('⚠️ stopped');
    expect(summaryLine(done({ stopReason: 'aborted', stoppedBy: 'stopped from the web page' }))).toMatch(
      /^📊 stopped by you · /,
    );
  });

  it('marks a lane whose answer came after failed calls as not clean, and says how many failed', () => {
    const view = foldEvents([
      at({ type: 'agent-start', agent: 'main', name: 'main', depth: 0, task: 'Inspect jars' }),
      at({ type: 'tool-call', agent: 'main', callId: 'c1', tool: 'inspect_jar', server: 'cookie-jars', input: {} }),
      at({
        type: 'tool-result',
        agent: 'main',
        callId: 'c1',
        tool: 'inspect_jar',
        server: 'cookie-jars',
        isError: true,
        content: 'cookie-jars stopped unexpectedly',
        durationMs: 3,
      }),
      at({ type: 'tool-call', agent: 'main', callId: 'c2', tool: 'inspect_jar', server: 'cookie-jars', input: {} }),
      at({
        type: 'tool-result',
        agent: 'main',
        callId: 'c2',
        tool: 'inspect_jar',
        server: 'cookie-jars',
        isError: false,
        content: 'ok',
        durationMs: 3,
      }),
      at({
        type: 'agent-end',
        agent: 'main',
        name: 'main',
        iterations: 2,
        toolCalls: 2,
        tokens: 10,
        costCents: 0,
        stopReason: 'end_turn',
        finalText: 'done',
      }),
    ]);
    expect(laneStatusText(view.lanes[0]!)).toBe('⚠️ finished · 2 iters · 2 tool calls (1 failed)');
  });

  it('shows a worker stopped from the page as stopped by you, and one stopped otherwise as it was', () => {
    const end = (agent: string, stoppedBy?: string) =>
      at({
        type: 'agent-end',
        agent,
        name: agent,
        parent: 'main',
        iterations: 1,
        toolCalls: 0,
        tokens: 0,
        costCents: 0,
        stopReason: 'aborted',
        finalText: '',
        ...(stoppedBy === undefined ? {} : { stoppedBy }),
      });
    const view = foldEvents([end('1', 'stopped from the web page'), end('2', 'interrupted by SIGHUP'), end('3')]);
    expect(view.lanes.map((lane) => laneStatusText(lane).split(' · ')[0])).toEqual([
      '⚠️ stopped by you',
      '⚠️ stopped: interrupted by SIGHUP',
      '⚠️ stopped',
    ]);
  });
});

describe('waiting for you', () => {
  it('counts two lanes waiting at the same time once for the run', () => {
    const ask = (agent: string, requestId: string, gap: number) =>
      at(
        {
          type: 'approval-request',
          agent,
          requestId,
          tool: 'discard_jar',
          server: 'cookie-jars',
          input: {},
          reason: 'destructive',
        },
        gap,
      );
    const answer = (agent: string, requestId: string, gap: number) =>
      at(
        {
          type: 'approval-response',
          agent,
          requestId,
          tool: 'discard_jar',
          server: 'cookie-jars',
          decision: 'approved',
          by: 'person',
        },
        gap,
      );
    // Lane 1 waits 0–10 s, lane 2 waits 2–12 s, lane 3 waits 20–21 s: 13 s in all, not 21 s.
    const events = [
      ask('1', 'a', 10),
      ask('2', 'b', 2_000),
      answer('1', 'a', 8_000),
      answer('2', 'b', 2_000),
      ask('3', 'c', 8_000),
      answer('3', 'c', 1_000),
    ];
    const view = foldEvents(events);
    const lanesSum = view.lanes.reduce((sum, lane) => sum + lane.waitedMs, 0);
    expect(lanesSum).toBe(21_000);
    expect(view.waitedMs).toBe(13_000);
  });

  it('ends a wait nobody answered when the run ends', () => {
    const view = foldEvents([
      at({
        type: 'elicitation-request',
        agent: 'main',
        requestId: 'e1',
        server: 'pastry-chef',
        message: 'Which flour?',
        schema: {},
      }),
      { ...done(), at: clock + 4_000 },
    ]);
    expect(view.waitedMs).toBe(4_000);
  });
});

describe('a stored run’s hostile text', () => {
  const hostile = 'jar\u001b[2J\u001b]0;owned\u0007 \u202eevil\u202c \u0000\u0008\u009b31mred\u0007';

  it('strips whole escape sequences, C0 and C1 controls and bidi controls', () => {
    expect(cleanDisplayText(hostile)).toBe('jar evil red');
    expect(shortenText(`${hostile}\nline two`, 40)).toBe('jar evil red line two');
  });

  it('cleans the task, tool, server and model names and the report of a folded trace', () => {
    const view = foldEvents([
      at({ type: 'agent-start', agent: '1', name: `worker ${hostile}`, parent: 'main', depth: 1, task: hostile }),
      at({
        type: 'tool-call',
        agent: '1',
        callId: 'c1',
        tool: `inspect${hostile}`,
        server: `srv${hostile}`,
        input: {},
      }),
    ]);
    const lane = view.lanes[0]!;
    const control = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\[2J|31m/;
    expect(laneTitle(lane)).toBe('#1 worker jar evil red');
    const call = lane.calls.get('c1')!;
    expect(toolLabel(call.server, call.tool)).not.toMatch(control);
    expect(summaryLine(done({ finalText: hostile }), { model: `model ${hostile}` })).not.toMatch(control);
    expect(recentRunAbout({ outcome: `done${hostile}`, costCents: 0, workers: 0, durationMs: 0 })).not.toMatch(control);
  });
});
