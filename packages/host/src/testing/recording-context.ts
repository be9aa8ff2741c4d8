// A ToolCallContext that records what it is sent, for tests of tools and handlers. Host side.

import { type LoopEvent, stamp } from '../loop-event.js';
import { type AgentInfo, MAIN_AGENT, type ToolCallContext } from '../tool-types.js';

export interface RecordingContext {
  context: ToolCallContext;
  /** Every event pushed through context.emit, stamped. */
  events: LoopEvent[];
  abort: (reason?: unknown) => void;
}

export function createRecordingContext(options: { callId?: string; agent?: AgentInfo } = {}): RecordingContext {
  const events: LoopEvent[] = [];
  const controller = new AbortController();
  return {
    context: {
      callId: options.callId ?? 'call_1',
      agent: options.agent ?? MAIN_AGENT,
      signal: controller.signal,
      emit: (draft) => events.push(stamp(draft)),
    },
    events,
    abort: (reason) => controller.abort(reason),
  };
}

/** Runs an event stream to the end and returns every event. */
export async function collectEvents(stream: AsyncIterable<LoopEvent>): Promise<LoopEvent[]> {
  const events: LoopEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
