// Writes LoopEvents to stdout: one JSON object a line with --json, rendered lines otherwise.
// App side; the single place both the loop's events and the out-of-band ones (a server asking
// for sampling outside any tool call) go through.

import type { LoopEvent } from '@kitchen/host';
import type { TextSink } from './kitchen-output.js';
import { createTerminalRenderer } from './terminal-renderer.js';

export type EventWriter = (event: LoopEvent) => void;

export interface EventWriterOptions {
  json: boolean;
  color: boolean;
  width?: number;
  stdout: TextSink;
  /** Event types the terminal leaves out because something else already shows them (an interactive prompt). */
  shownElsewhere?: ReadonlySet<LoopEvent['type']>;
}

export function createEventWriter(options: EventWriterOptions): EventWriter {
  if (options.json) return (event) => options.stdout.write(`${JSON.stringify(event)}\n`);
  const renderer = createTerminalRenderer({ color: options.color, ...(options.width ? { width: options.width } : {}) });
  return (event) => {
    if (options.shownElsewhere?.has(event.type)) return;
    const text = renderer.render(event);
    if (text !== undefined) options.stdout.write(`${text}\n`);
  };
}
