// Writes LoopEvents to stdout: one JSON object a line with --json; otherwise the story of the run
// as lines, with a turn's calls folded (folded-log.ts) unless --verbose, and on a live board
// (live-board.ts) the calls counted in the lanes instead of told. App side; the single place both
// the loop's events and the out-of-band ones (a server asking for sampling outside any tool
// call) go through.

import type { LoopEvent } from '@kitchen/host';
import { withDefined } from '@kitchen/host';
import type { TextSink } from '@kitchen/runtime/kitchen-output';
import { createFoldedLog } from './folded-log.js';
import type { LiveBoard } from './live-board.js';
import { LINE_WIDTH } from './render-event.js';
import { createTerminalRenderer } from './terminal-renderer.js';

export interface EventWriter {
  (event: LoopEvent): void;
  /** Writes what is still waiting to be folded (the run's end flushes by itself). */
  flush(): void;
}

export interface EventWriterOptions {
  json: boolean;
  color: boolean;
  width?: number;
  stdout: TextSink;
  /** Event types the terminal leaves out because something else already shows them (an interactive prompt). */
  shownElsewhere?: ReadonlySet<LoopEvent['type']>;
  /** Fold a turn's calls and results into a line per tool (off: every call and result on its own line). */
  fold?: boolean;
  /** The live board: it gets every event, and the lines it already shows (calls, iterations) are left out. */
  board?: LiveBoard;
}

/** What the board shows in its rows, so the story above it leaves them out. */
const ON_THE_BOARD: ReadonlySet<LoopEvent['type']> = new Set(['iteration-start', 'usage']);

export function createEventWriter(options: EventWriterOptions): EventWriter {
  if (options.json) {
    return Object.assign((event: LoopEvent) => options.stdout.write(`${JSON.stringify(event)}\n`), {
      flush: () => {},
    });
  }
  const renderer = createTerminalRenderer({ color: options.color, ...(options.width ? { width: options.width } : {}) });
  const writeLine = (line: string) => options.stdout.write(`${line}\n`);
  const { board } = options;
  if (options.fold !== true && board === undefined) {
    return Object.assign(
      (event: LoopEvent) => {
        if (options.shownElsewhere?.has(event.type)) return;
        const text = renderer.render(event);
        if (text !== undefined) writeLine(text);
      },
      { flush: () => {} },
    );
  }
  const log = createFoldedLog({
    renderer,
    write: writeLine,
    color: options.color,
    width: options.width ?? LINE_WIDTH,
    tellCalls: board === undefined,
    ...withDefined({ shownElsewhere: options.shownElsewhere }),
  });
  return Object.assign(
    (event: LoopEvent) => {
      board?.apply(event);
      if (board !== undefined && ON_THE_BOARD.has(event.type)) {
        // The renderer still learns lane names from what it is not asked to print.
        return;
      }
      log.push(event);
    },
    { flush: () => log.flush() },
  );
}
