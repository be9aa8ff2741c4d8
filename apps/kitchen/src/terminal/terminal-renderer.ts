// Keeps the little state the terminal view needs (worker names per lane) around renderEvent.
// App side.

import type { LoopEvent } from '@kitchen/host';
import { renderEvent } from './render-event.js';

export interface TerminalRenderer {
  /** The printable form of the event, or undefined when the terminal does not show it. */
  render(event: LoopEvent): string | undefined;
}

export function createTerminalRenderer(options: { color: boolean; width?: number }): TerminalRenderer {
  const laneNames = new Map<string, string>();
  return {
    render(event) {
      if (event.type === 'agent-start') laneNames.set(event.agent, event.name);
      return renderEvent(event, {
        color: options.color,
        laneNames,
        ...(options.width ? { width: options.width } : {}),
      });
    },
  };
}
