// The live board on a stand-in terminal: a small screen that follows the few escape sequences the
// board writes (cursor up, clear to the end, show and hide the cursor), so each test reads what a
// person would see. Frames run on fake timers; nothing here waits for the clock.

import { EventEmitter } from 'node:events';
import type { LoopEvent } from '@kitchen/host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualScreen } from '../../test/virtual-screen.js';
import { createLaneBoard } from './lane-board.js';
import { createLiveBoard } from './live-board.js';
import { renderBoard } from './render-board.js';

const at = 0;
const start = (agent: string, name: string, parent?: string): LoopEvent => ({
  type: 'agent-start',
  agent,
  at,
  name,
  depth: parent === undefined ? 0 : 1,
  ...(parent === undefined ? {} : { parent }),
  task: name,
});
const call = (agent: string, id: number): LoopEvent => ({
  type: 'tool-call',
  agent,
  at,
  callId: `${agent}-${id}`,
  tool: 'inspect_jar',
  server: 'cookie-jars',
  input: { id },
});
const result = (agent: string, id: number): LoopEvent => ({
  type: 'tool-result',
  agent,
  at,
  callId: `${agent}-${id}`,
  tool: 'inspect_jar',
  server: 'cookie-jars',
  isError: false,
  content: '{}',
  durationMs: 1,
});
const end = (agent: string, name: string, stopReason: 'end_turn' | 'max_iterations' = 'end_turn'): LoopEvent => ({
  type: 'agent-end',
  agent,
  at,
  name,
  ...(agent === 'main' ? {} : { parent: 'main' }),
  iterations: 2,
  toolCalls: 2,
  tokens: 1234,
  costCents: 0.5,
  stopReason,
  finalText: 'ok',
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function board(screen: VirtualScreen, environment: NodeJS.ProcessEnv = {}, signals?: EventEmitter) {
  return createLiveBoard({
    terminal: screen,
    color: false,
    environment,
    now: () => 0,
    ...(signals === undefined ? {} : { signals }),
  });
}

describe('the live board', () => {
  it('draws one row per agent, workers indented under their parent, and updates them in place', () => {
    const screen = new VirtualScreen(100);
    const live = board(screen);
    live.write('⏳ starting 1 server…\n');
    live.apply(start('main', 'main'));
    live.apply(start('1', 'jars-1-20', 'main'));
    live.apply(call('1', 1));
    live.apply(call('1', 2));
    vi.advanceTimersByTime(100);
    expect(screen.shown()[0]).toBe('⏳ starting 1 server…');
    expect(screen.shown()[1]).toMatch(/^── 2 lanes \(2 running\) · 0 tool calls · 0 tokens/);
    expect(screen.shown()[2]).toMatch(/^⠙ main\s+thinking\s+iter 0 {2}0 calls {2}0 tokens {2}0\.0¢$/);
    expect(screen.shown()[3]).toMatch(/^⠙ {3}#1 jars-1-20\s+running tools\s+iter 0 {2}0 calls \+2 running/);
    expect(screen.shown()).toHaveLength(4);

    live.apply(result('1', 1));
    live.write('👷 a story line\n');
    vi.advanceTimersByTime(100);
    // The story line went above the board; the board is still the last four lines, updated.
    expect(screen.shown()[1]).toBe('👷 a story line');
    expect(screen.shown()[4]).toMatch(/#1 jars-1-20\s+running tools\s+iter 0 {2}1 call \+1 running/);
    expect(screen.shown()).toHaveLength(5);
    live.finish();
  });

  it('redraws at most once a frame however many events arrive', () => {
    const screen = new VirtualScreen(100);
    const live = board(screen);
    live.apply(start('main', 'main'));
    for (let id = 1; id <= 50; id += 1) live.apply(call('main', id));
    expect(screen.raw).toBe('');
    vi.advanceTimersByTime(100);
    const frames = screen.raw.split('── 1 lane').length - 1;
    expect(frames).toBe(1);
    live.finish();
  });

  it('leaves the final state on screen, the cursor shown, and writes straight through after', () => {
    const screen = new VirtualScreen(100);
    const live = board(screen);
    live.apply(start('main', 'main'));
    live.apply(start('1', 'w', 'main'));
    vi.advanceTimersByTime(100);
    live.apply(end('1', 'w', 'max_iterations'));
    live.apply(end('main', 'main'));
    live.apply({
      type: 'done',
      agent: 'main',
      at,
      finalText: 'ok',
      stopReason: 'end_turn',
      iterations: 4,
      toolCalls: 4,
      tokens: 2468,
      costCents: 1,
    });
    live.write('── report ──\n');
    live.finish();
    live.write('📊 summary\n');
    expect(screen.shown()).toEqual([
      '── report ──',
      expect.stringMatching(/^── 2 lanes · 4 tool calls · 2,468 tokens · 1\.0¢ · 0 ms ──$/),
      expect.stringMatching(/^✓ main\s+done\s+iter 2 {2}2 calls {2}1,234 tokens {2}0\.5¢$/),
      expect.stringMatching(/^! {3}#1 w\s+stopped: max_iterations\s+iter 2/),
      '📊 summary',
    ]);
    expect(screen.raw.endsWith('\u001b[?25h📊 summary\n')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(screen.shown().at(-1)).toBe('📊 summary');
  });

  it('clears itself while a question is asked, holds no redraw meanwhile, and comes back after', () => {
    const screen = new VirtualScreen(100);
    const live = board(screen);
    live.apply(start('main', 'main'));
    vi.advanceTimersByTime(100);
    live.pause();
    expect(screen.shown()).toEqual([]);
    // The prompt writes to the terminal itself.
    screen.write('Allow? [y]es / [n]o: y\n');
    live.apply(call('main', 1));
    vi.advanceTimersByTime(1000);
    expect(screen.shown()).toEqual(['Allow? [y]es / [n]o: y']);
    live.resume();
    expect(screen.shown()[0]).toBe('Allow? [y]es / [n]o: y');
    expect(screen.shown()[2]).toMatch(/main\s+running tools/);
    live.finish();
  });

  it('cuts every row to the width of a narrow terminal, and takes COLUMNS when the terminal says 0', () => {
    const narrow = new VirtualScreen(30);
    const live = board(narrow);
    live.apply(start('main', 'main'));
    live.apply(start('1', 'a-worker-with-a-long-name', 'main'));
    vi.advanceTimersByTime(100);
    expect(narrow.shown()).toHaveLength(3);
    for (const line of narrow.shown()) expect(Array.from(line).length).toBeLessThan(30);
    expect(narrow.shown()[2]).toMatch(/…$/);
    live.finish();

    const unsized = new VirtualScreen(0);
    const fromEnvironment = board(unsized, { COLUMNS: '40' });
    fromEnvironment.apply(start('main', 'main'));
    vi.advanceTimersByTime(100);
    for (const line of unsized.shown()) expect(Array.from(line).length).toBeLessThan(40);
    fromEnvironment.finish();
  });

  it('redraws at the new width when the terminal is resized', () => {
    const screen = new VirtualScreen(100);
    const live = board(screen);
    live.apply(start('main', 'main'));
    vi.advanceTimersByTime(100);
    screen.columns = 20;
    screen.emit('resize');
    expect(screen.shown()).toHaveLength(2);
    for (const line of screen.shown()) expect(Array.from(line).length).toBeLessThan(20);
    live.finish();
  });

  it('steps aside on Ctrl-C before anything else is printed', () => {
    const screen = new VirtualScreen(100);
    const signals = new EventEmitter();
    signals.on('SIGINT', () => screen.write('\nSIGINT: stopping the kitchen…\n'));
    const live = board(screen, {}, signals);
    live.apply(start('main', 'main'));
    vi.advanceTimersByTime(100);
    signals.emit('SIGINT');
    expect(screen.shown()).toEqual(['', 'SIGINT: stopping the kitchen…']);
    vi.advanceTimersByTime(100);
    expect(screen.shown().slice(0, 2)).toEqual(['', 'SIGINT: stopping the kitchen…']);
    expect(screen.shown()[2]).toMatch(/^── 1 lane/);
    live.finish();
    expect(signals.listenerCount('SIGINT')).toBe(1);
  });
});

describe('renderBoard', () => {
  it('uses no escape sequence without colour, and colours with it', () => {
    const lanes = createLaneBoard();
    lanes.apply(start('main', 'main'));
    const view = { columns: 100, maxLines: 10, frame: 0, elapsedMs: 0 };
    expect(renderBoard(lanes.rows(), { ...view, color: false }).join('\n')).not.toContain('\u001b');
    expect(renderBoard(lanes.rows(), { ...view, color: true }).join('\n')).toContain('\u001b[');
  });

  it('shows the running lanes first when the terminal is too short for all, and counts the rest', () => {
    const lanes = createLaneBoard();
    lanes.apply(start('main', 'main'));
    for (let id = 1; id <= 8; id += 1) lanes.apply(start(`${id}`, `w${id}`, 'main'));
    for (let id = 1; id <= 5; id += 1) lanes.apply(end(`${id}`, `w${id}`));
    const lines = renderBoard(lanes.rows(), { columns: 100, maxLines: 6, color: false, frame: 0, elapsedMs: 0 });
    expect(lines).toHaveLength(6);
    expect(lines.slice(1, 5).map((line) => line.trim().split(/\s+/).slice(1, 3).join(' '))).toEqual([
      'main thinking',
      '#6 w6',
      '#7 w7',
      '#8 w8',
    ]);
    expect(lines[5]).toBe('  … 5 more lanes');
  });

  it('shows a question waiting for an answer in its lane', () => {
    const lanes = createLaneBoard();
    lanes.apply(start('main', 'main'));
    lanes.apply({
      type: 'approval-request',
      agent: 'main',
      at,
      requestId: 'r',
      tool: 'discard_jar',
      server: 'cookie-jars',
      input: {},
      reason: 'x',
    });
    const [, row] = renderBoard(lanes.rows(), { columns: 100, maxLines: 5, color: false, frame: 0, elapsedMs: 0 });
    expect(row).toMatch(/^\? main\s+waiting: approval of discard_jar/);
  });
});
