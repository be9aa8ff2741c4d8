// LoopEvents as a run's recorder writes them, for the web app's tests: each 10 ms after the last,
// with the tool calls and results most tests need.

import type { LoopEvent, LoopEventDraft } from '@kitchen/host';

interface ResultOptions {
  isError?: boolean;
  tool?: string;
  server?: string;
  durationMs?: number;
}

/** Builders of events on one clock, starting after `startAt` (ms). */
export function loopEvents(startAt = 1_000) {
  let clock = startAt;
  const at = (draft: LoopEventDraft): LoopEvent => {
    clock += 10;
    return { ...draft, at: clock } as LoopEvent;
  };
  return {
    at,
    /** When the last event happened. */
    now: () => clock,
    toolCall: (agent: string, callId: string, input: unknown, tool = 'inspect_jar', server = 'cookie-jars') =>
      at({ type: 'tool-call', agent, callId, tool, server, input } as LoopEventDraft),
    toolResult: (agent: string, callId: string, content: string, options: ResultOptions = {}) =>
      at({
        type: 'tool-result',
        agent,
        callId,
        tool: options.tool ?? 'inspect_jar',
        server: options.server ?? 'cookie-jars',
        isError: options.isError ?? false,
        content,
        durationMs: options.durationMs ?? 3,
      } as LoopEventDraft),
  };
}
