// The board's rows as the run's events build them: tree order, counts, questions, and the end.

import type { LoopEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { createLaneBoard } from './lane-board.js';

const at = 0;
const start = (agent: string, parent?: string, depth = parent === undefined ? 0 : 1): LoopEvent => ({
  type: 'agent-start',
  agent,
  at,
  name: `w${agent}`,
  depth,
  ...(parent === undefined ? {} : { parent }),
  task: 't',
});

function boardOf(events: LoopEvent[]) {
  const board = createLaneBoard();
  for (const event of events) board.apply(event);
  return board;
}

describe('createLaneBoard', () => {
  it('puts each worker under the agent that hired it, in the order they were hired', () => {
    const rows = boardOf([start('main'), start('1', 'main'), start('2', 'main'), start('3', '1', 2)]).rows();
    expect(rows.map((row) => [row.agent, row.depth])).toEqual([
      ['main', 0],
      ['1', 1],
      ['3', 2],
      ['2', 1],
    ]);
  });

  it('counts calls in flight and done, iterations, tokens and cost', () => {
    const call = (callId: string): LoopEvent => ({
      type: 'tool-call',
      agent: 'main',
      at,
      callId,
      tool: 'roll',
      server: 'dice',
      input: {},
    });
    const board = boardOf([
      start('main'),
      { type: 'iteration-start', agent: 'main', at, iteration: 2 },
      call('a'),
      call('b'),
      {
        type: 'tool-result',
        agent: 'main',
        at,
        callId: 'a',
        tool: 'roll',
        server: 'dice',
        isError: false,
        content: '4',
        durationMs: 1,
      },
      {
        type: 'usage',
        agent: 'main',
        at,
        model: 'offline',
        inputTokens: 100,
        outputTokens: 20,
        costCents: 0.3,
        treeTokens: 120,
      },
    ]);
    expect(board.rows()[0]).toMatchObject({
      iteration: 2,
      callsDone: 1,
      callsRunning: 1,
      tokens: 120,
      costCents: 0.3,
      state: { kind: 'tools' },
    });
  });

  it("shows the latest progress of a lane's running call, until it returns", () => {
    const board = boardOf([
      start('main'),
      { type: 'tool-call', agent: 'main', at, callId: 'b', tool: 'bake', server: 'pastry-chef', input: {} },
      { type: 'progress', agent: 'main', at, callId: 'b', tool: 'bake', progress: 6, total: 8 },
    ]);
    expect(board.rows()[0]?.state).toEqual({ kind: 'tools', progress: 'bake 6/8' });
    board.apply({
      type: 'tool-result',
      agent: 'main',
      at,
      callId: 'b',
      tool: 'bake',
      server: 'pastry-chef',
      isError: false,
      content: 'baked',
      durationMs: 1,
    });
    expect(board.rows()[0]?.state).toEqual({ kind: 'thinking' });
  });

  it("adds what a server's sampling spent to the lane it came from, and keeps it at the agent's end", () => {
    const board = boardOf([
      start('main'),
      {
        type: 'sampling-response',
        agent: 'main',
        at,
        requestId: 's',
        server: 'pastry-chef',
        outcome: 'answered',
        inputTokens: 100,
        outputTokens: 50,
        costCents: 0.2,
      },
      {
        type: 'agent-end',
        agent: 'main',
        at,
        name: 'main',
        iterations: 1,
        toolCalls: 1,
        tokens: 1000,
        costCents: 1,
        stopReason: 'end_turn',
        finalText: '',
      },
    ]);
    expect(board.rows()[0]).toMatchObject({ tokens: 1150, costCents: 1.2 });
  });

  it('shows a lane waiting while its question is open, and running again once answered', () => {
    const asked: LoopEvent = {
      type: 'elicitation-request',
      agent: 'main',
      at,
      requestId: 'q',
      server: 'pastry-chef',
      message: 'Which filling?',
      schema: {},
    };
    const board = boardOf([start('main'), asked]);
    expect(board.rows()[0]?.state).toEqual({ kind: 'waiting', on: 'a form from pastry-chef' });
    board.apply({
      type: 'elicitation-response',
      agent: 'main',
      at,
      requestId: 'q',
      server: 'pastry-chef',
      action: 'accept',
    });
    expect(board.rows()[0]?.state).toEqual({ kind: 'thinking' });
  });

  it("takes an agent's own totals at its end, and ends every open lane when the run is done", () => {
    const board = boardOf([
      start('main'),
      start('1', 'main'),
      start('2', 'main'),
      {
        type: 'agent-end',
        agent: '1',
        at,
        name: 'w1',
        parent: 'main',
        iterations: 3,
        toolCalls: 7,
        tokens: 900,
        costCents: 1.5,
        stopReason: 'max_iterations',
        finalText: '',
      },
      {
        type: 'done',
        agent: 'main',
        at,
        finalText: '',
        stopReason: 'aborted',
        iterations: 4,
        toolCalls: 7,
        tokens: 900,
        costCents: 1.5,
      },
    ]);
    expect(board.ended()).toBe(true);
    expect(board.rows().map((row) => row.state)).toEqual([
      { kind: 'ended', stopReason: 'aborted' },
      { kind: 'ended', stopReason: 'max_iterations' },
      { kind: 'ended', stopReason: 'aborted' },
    ]);
    expect(board.rows()[1]).toMatchObject({ iteration: 3, callsDone: 7, tokens: 900, costCents: 1.5 });
  });
});
