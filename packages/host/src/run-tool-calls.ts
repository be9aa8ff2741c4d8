// Runs the tool calls of one model turn concurrently and streams their events out live. Host side:
// the gate, the toolbox and the event queue meet here; every call ends as a tool_result block.

import { createEventQueue, drainWhile } from './event-queue.js';
import type { Gate } from './gate.js';
import { stamp, type LoopEvent, type LoopEventDraft } from './loop-event.js';
import type { ToolResultBlock, ToolUseBlock } from './model.js';
import type { Toolbox } from './toolbox.js';
import type { AgentInfo, ToolCallContext, ToolOutcome } from './tool-types.js';

/** The local tool that starts a sub-agent; workers (delegate: false) must not reach it. */
export const SPAWN_AGENT_TOOL = 'spawn_agent';

export interface TurnToolCalls {
  toolUses: ToolUseBlock[];
  toolbox: Toolbox;
  gate: Gate | undefined;
  agent: AgentInfo;
  signal: AbortSignal;
  delegate: boolean;
}

/**
 * Yields a tool-call event per call (in tool_use order), then every event the calls emit as it
 * happens (approvals, progress, a worker's whole stream, each tool-result as its call ends).
 * Returns one tool_result block per tool_use block, in the same order.
 */
export async function* runToolCalls(turn: TurnToolCalls): AsyncGenerator<LoopEvent, ToolResultBlock[]> {
  const { toolUses, toolbox, agent } = turn;
  for (const use of toolUses) {
    const server = toolbox.find(use.name)?.server ?? 'unknown';
    yield stamp({ type: 'tool-call', agent: agent.id, callId: use.id, tool: use.name, server, input: use.input });
  }

  const queue = createEventQueue<LoopEvent>();
  const emit = (draft: LoopEventDraft) => queue.push(stamp(draft));
  const work = Promise.all(toolUses.map((use) => runOneCall(turn, use, emit)));
  for await (const event of drainWhile(queue, work)) yield event;
  const outcomes = await work;

  return toolUses.map((use, index) => {
    const outcome = outcomes[index] as ToolOutcome;
    return { type: 'tool_result', tool_use_id: use.id, content: outcome.content, ...(outcome.isError ? { is_error: true } : {}) };
  });
}

async function runOneCall(turn: TurnToolCalls, use: ToolUseBlock, emit: (draft: LoopEventDraft) => void): Promise<ToolOutcome> {
  const started = performance.now();
  const context: ToolCallContext = { callId: use.id, agent: turn.agent, signal: turn.signal, emit };
  const outcome = await settleOnAbort(authorizeAndCall(turn, use, context), turn.signal, use.name);
  emit({
    type: 'tool-result',
    agent: turn.agent.id,
    callId: use.id,
    tool: use.name,
    server: turn.toolbox.find(use.name)?.server ?? 'unknown',
    isError: outcome.isError,
    content: outcome.content,
    durationMs: Math.round(performance.now() - started),
  });
  return outcome;
}

async function authorizeAndCall(turn: TurnToolCalls, use: ToolUseBlock, context: ToolCallContext): Promise<ToolOutcome> {
  if (!turn.delegate && use.name === SPAWN_AGENT_TOOL) {
    return { isError: true, content: `Tool "${SPAWN_AGENT_TOOL}" is not offered to this agent: cooks don't hire cooks. Solve the task yourself.` };
  }
  const tool = turn.toolbox.find(use.name);
  // An unknown name skips the gate: the toolbox answers it with the list of real tools.
  if (tool && turn.gate) {
    const authorization = await turn.gate.authorize({ tool, input: use.input, context });
    if (!authorization.approved) {
      return { isError: true, content: `Tool "${use.name}" was not run: ${authorization.reason}` };
    }
  }
  return turn.toolbox.call(use.name, use.input, context);
}

/**
 * Remote calls and the gate stop on abort by themselves; this also covers a local tool that
 * ignores the signal, so an abort always ends the turn quickly. Such a tool runs on unobserved.
 */
function settleOnAbort(call: Promise<ToolOutcome>, signal: AbortSignal, tool: string): Promise<ToolOutcome> {
  const aborted: ToolOutcome = { isError: true, content: `Tool "${tool}" was cancelled because the run was aborted.` };
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(aborted);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    call.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
