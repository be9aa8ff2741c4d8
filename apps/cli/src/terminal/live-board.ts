// The live lane board at the bottom of an interactive terminal: story lines scroll above it and
// the board is redrawn in place, at most once a frame (~10 a second), with plain ANSI cursor
// movement. It steps aside while a question is asked and leaves its final state on screen.
// App side; the rows come from lane-board.ts, their drawing from render-board.ts.

import type { LoopEvent } from '@kitchen/host';
import { withDefined } from '@kitchen/host';
import type { KitchenOutput, TextSink } from '@kitchen/runtime/kitchen-output';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import { displayWidth } from './display-width.js';
import { createLaneBoard, type LaneBoard } from './lane-board.js';
import { renderBoard } from './render-board.js';

const FRAME_MS = 100;
const HIDE_CURSOR = '\u001b[?25l';
const SHOW_CURSOR = '\u001b[?25h';

/** The terminal the board is drawn on (process.stdout, or a stand-in in tests). */
export interface BoardTerminal extends TextSink {
  rows?: number;
  on?(event: 'resize', listener: () => void): unknown;
  off?(event: 'resize', listener: () => void): unknown;
}

export interface LiveBoardOptions {
  terminal: BoardTerminal;
  color: boolean;
  /** COLUMNS and LINES, for a terminal that does not report its size. */
  environment: NodeJS.ProcessEnv;
  /** Where SIGINT, SIGTERM and SIGHUP arrive (the process): the board steps aside before anything else is printed. */
  signals?: NodeJS.EventEmitter;
  now?: () => number;
}

export interface LiveBoard extends TextSink {
  /** Story text (whole lines): written above the board at the next frame. */
  write(text: string): boolean;
  /** Updates the rows from an event; the first agent-start puts the board on screen. */
  apply(event: LoopEvent): void;
  /** Clears the board off the screen and stops drawing (a question is being asked). */
  pause(): void;
  /** Draws it again below whatever was written meanwhile. */
  resume(): void;
  /** Draws the final state once more and leaves it there; later writes go straight through. */
  finish(): void;
}

/** A live board on an interactive terminal; a plain log for pipes, CI, --plain, --json and TERM=dumb. */
export function wantsLiveBoard(flags: Pick<KitchenSettings, 'json' | 'plain'>, output: KitchenOutput): boolean {
  return !flags.json && !flags.plain && output.stdout.isTTY === true && output.environment['TERM'] !== 'dumb';
}

/** The board a run or a replay draws on this output, or undefined where a plain log fits. */
export function liveBoardFor(
  flags: Pick<KitchenSettings, 'json' | 'plain'>,
  output: KitchenOutput,
  color: boolean,
): LiveBoard | undefined {
  if (!wantsLiveBoard(flags, output)) return undefined;
  return createLiveBoard({
    terminal: output.stdout,
    color,
    environment: output.environment,
    ...withDefined({ signals: output.signals }),
  });
}

export function createLiveBoard(options: LiveBoardOptions): LiveBoard {
  const { terminal } = options;
  const now = options.now ?? Date.now;
  const lanes: LaneBoard = createLaneBoard();
  const started = now();
  /** Display widths of the board lines on screen, to know how far up to go to clear them. */
  let drawn: number[] = [];
  let drawnColumns = 0;
  let pending = '';
  let dirty = false;
  let active = false;
  let paused = false;
  let finished = false;
  let frame = 0;
  let cursorHidden = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const columns = () => terminal.columns || Number(options.environment['COLUMNS']) || 80;
  const lines = () => terminal.rows || Number(options.environment['LINES']) || 24;

  /** Moves to where the board starts and clears down, counting lines a narrower terminal re-wrapped. */
  const erase = (width = columns()) => {
    const height = drawn.reduce((sum, used) => sum + Math.max(1, Math.ceil(used / width)), 0);
    drawn = [];
    return height === 0 ? '' : `\r\u001b[${height}A\u001b[0J`;
  };
  const takePending = () => {
    const text = pending;
    pending = '';
    return text === '' || text.endsWith('\n') ? text : `${text}\n`;
  };
  const boardText = () => {
    const board = renderBoard(lanes.rows(), {
      columns: columns(),
      maxLines: Math.max(2, lines() - 2),
      color: options.color,
      frame,
      elapsedMs: now() - started,
    });
    drawn = board.map(displayWidthOfLine);
    drawnColumns = columns();
    return `${board.join('\n')}\n`;
  };
  const draw = () => {
    dirty = false;
    const hide = cursorHidden ? '' : HIDE_CURSOR;
    cursorHidden = true;
    terminal.write(`${erase()}${takePending()}${hide}${boardText()}`);
  };
  const tick = () => {
    frame += 1;
    // The spinner moves while any lane runs; otherwise only news redraws.
    if (dirty || pending !== '' || !lanes.ended()) draw();
  };
  const startFrames = () => {
    if (timer !== undefined || !active || paused || finished) return;
    timer = setInterval(tick, FRAME_MS);
    timer.unref?.();
  };
  const stopFrames = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const stepAside = () => {
    if (!active || paused || finished) return;
    terminal.write(`${erase()}${takePending()}${SHOW_CURSOR}`);
    cursorHidden = false;
    dirty = true;
  };
  const onResize = () => {
    if (!active || paused || finished) return;
    // The old rows were cut to the old width; a narrower terminal may have wrapped them.
    terminal.write(erase(Math.min(columns(), drawnColumns || columns())));
    draw();
  };
  const restoreCursor = () => {
    if (cursorHidden) terminal.write(SHOW_CURSOR);
  };
  terminal.on?.('resize', onResize);
  options.signals?.prependListener('SIGINT', stepAside);
  options.signals?.prependListener('SIGTERM', stepAside);
  options.signals?.prependListener('SIGHUP', stepAside);
  process.once('exit', restoreCursor);

  return {
    get isTTY() {
      return terminal.isTTY;
    },
    get columns() {
      return terminal.columns;
    },
    write(text) {
      if (!active || paused || finished) terminal.write(text);
      else pending += text;
      return true;
    },
    apply(event) {
      lanes.apply(event);
      dirty = true;
      if (!active && event.type === 'agent-start' && !finished) {
        active = true;
        startFrames();
      }
    },
    pause() {
      if (paused) return;
      stepAside();
      paused = true;
      stopFrames();
    },
    resume() {
      if (!paused) return;
      paused = false;
      if (!active || finished) return;
      draw();
      startFrames();
    },
    finish() {
      if (finished) return;
      stopFrames();
      if (active && !paused) {
        draw();
        terminal.write(SHOW_CURSOR);
        cursorHidden = false;
      }
      finished = true;
      drawn = [];
      terminal.off?.('resize', onResize);
      options.signals?.off('SIGINT', stepAside);
      options.signals?.off('SIGTERM', stepAside);
      options.signals?.off('SIGHUP', stepAside);
      process.off('exit', restoreCursor);
    },
  };
}

function displayWidthOfLine(line: string): number {
  // The board's lines carry colour codes; they take no columns.
  return displayWidth(line.replace(/\u001b\[[0-9;]*m/g, ''));
}
