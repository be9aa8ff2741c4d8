// Keeps the little state the terminal view needs (worker names per lane) around renderEvent.
// App side.

import type { LoopEvent } from '@kitchen/host';
import { lanePrefix, renderEvent, toolName } from './render-event.js';

export interface TerminalRenderer {
  /** The printable form of the event, or undefined when the terminal does not show it. */
  render(event: LoopEvent): string | undefined;
  /** What starts a lane's lines ("[#1 jars-1-20] "); empty for the main agent. */
  lane(agent: string): string;
  /** A tool as the lines name it ("cookie-jars.inspect_jar"). */
  toolName(server: string, tool: string): string;
}

export function createTerminalRenderer(options: { color: boolean; width?: number }): TerminalRenderer {
  const laneNames = new Map<string, string>();
  const context = () => ({
    color: options.color,
    laneNames,
    ...(options.width ? { width: options.width } : {}),
  });
  return {
    render(event) {
      if (event.type === 'agent-start') laneNames.set(event.agent, event.name);
      return renderEvent(event, context());
    },
    lane: (agent) => lanePrefix(agent, context()),
    toolName,
  };
}
