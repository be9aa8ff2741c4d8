// Runs the tool calls of one model turn concurrently and streams their events out live. Host side:
// the gate, the toolbox and the event queue meet here; every call ends as a tool_result block.

import { createEventQueue, drainWhile } from '../event-queue.js';
import { shortenForModel } from '../limits/shorten-for-model.js';
import { AGENT_DEPTH_LIMIT_TEXT, SPAWN_NOT_OFFERED_TEXT } from '../limits/spawn-agent-limits.js';
import { type LoopEvent, type LoopEventDraft, stamp } from '../loop-event.js';
import type { Model, ToolResultBlock, ToolUseBlock } from '../model.js';
import type { AgentInfo, ToolCallContext, ToolDescriptor, ToolOutcome } from '../tool-types.js';
import { LOCAL_SERVER } from '../wire/tool-index.js';
import { withDefined } from '../with-defined.js';
import type { LiveRun } from './live-run.js';

/**
 * How long an aborted local tool may take to wind down by itself before its result is written off;
 * one that ignores the signal is let go after it and runs on unobserved.
 */
const ABORT_GRACE_MS = 100;

export interface TurnToolCalls {
  toolUses: ToolUseBlock[];
  run: LiveRun;
  agent: AgentInfo;
  signal: AbortSignal;
  delegate: boolean;
  /** Calls answered with this text (by tool_use id) without running, e.g. one cut off at the output limit. */
  notRun?: ReadonlyMap<string, string> | undefined;
}

export interface TurnResults {
  /** One tool_result block per tool_use block, in the same order. */
  results: ToolResultBlock[];
  /** Calls that were started; calls past the run's maxToolCalls were answered without running. */
  started: number;
}

/** A turn's tool calls, each name looked up once, not started yet. */
export interface AnnouncedToolCalls {
  /** One tool-call event per call, in tool_use order, for the loop to yield before any call starts. */
  announcements: LoopEventDraft[];
  /** Starts every call at once. */
  start(): RunningToolCalls;
}

export interface RunningToolCalls {
  /**
   * Every event the calls emit, as it happens (approvals, progress, a worker's whole stream, each
   * tool-result as its call ends); it ends when the last call has ended.
   */
  events: AsyncIterable<LoopEvent>;
  /** Settles once `events` has ended. */
  results: Promise<TurnResults>;
}

/**
 * The loop yields the announcements, starts the calls, and drains their events itself: not
 * through another async generator, which would cost a few promises and ticks for every event of
 * every call (16 calls a turn are three events each).
 */
export function announceToolCalls(turn: TurnToolCalls): AnnouncedToolCalls {
  const { toolUses, run, agent } = turn;
  // Each name is looked up once a call: the event, the gate and the result all use this descriptor.
  const tools = toolUses.map((use) => run.toolbox.find(use.name));
  const announcements = toolUses.map((use, index): LoopEventDraft => {
    const tool = tools[index];
    const announcement: LoopEventDraft = {
      type: 'tool-call',
      agent: agent.id,
      callId: use.id,
      tool: use.name,
      server: tool?.server ?? 'unknown',
      input: use.input,
    };
    // The server's own name, when the model knows the tool by another (traces and the page show both).
    return tool === undefined || tool.originalName === use.name
      ? announcement
      : { ...announcement, serverTool: tool.originalName };
  });
  return { announcements, start: () => startToolCalls(turn, tools) };
}

function startToolCalls(turn: TurnToolCalls, tools: (ToolDescriptor | undefined)[]): RunningToolCalls {
  const { toolUses, run } = turn;
  // Counted before any call starts, so lanes drawing at once never pass the run's limit between them.
  const admitted = toolUses.map((use) => !turn.notRun?.has(use.id) && run.tree.admitToolCall());
  const queue = createEventQueue<LoopEvent>();
  const emit = (draft: LoopEventDraft) => queue.push(stamp(draft));
  const work = Promise.all(
    toolUses.map((use, index) => runOneCall(turn, use, tools[index], emit, admitted[index] === true)),
  );
  const results = work.then((outcomes) => ({
    results: toolUses.map((use, index) => resultBlock(use, outcomes[index] as ToolOutcome, run.model)),
    started: admitted.filter(Boolean).length,
  }));
  // A call that throws (a bug) fails `events`, which the loop reads first; a loop that stops
  // reading early never awaits `results`. Either way its rejection is already handled.
  results.catch(() => undefined);
  return { events: drainWhile(queue, work), results };
}

/** The tool_result block: the text, and the images when this model can look at them. */
function resultBlock(use: ToolUseBlock, outcome: ToolOutcome, model: Model): ToolResultBlock {
  const images = outcome.images ?? [];
  const looks = images.length > 0 && model.acceptsImages === true;
  const unseen =
    images.length === 0 || looks
      ? ''
      : `\n\n[${images.length === 1 ? 'the image was' : `${images.length} images were`} not passed: this model reads text only]`;
  return {
    type: 'tool_result',
    tool_use_id: use.id,
    content: outcome.content + unseen,
    ...(outcome.isError ? { is_error: true } : {}),
    ...(looks ? { images } : {}),
  };
}

async function runOneCall(
  turn: TurnToolCalls,
  use: ToolUseBlock,
  tool: ToolDescriptor | undefined,
  emit: (draft: LoopEventDraft) => void,
  admitted: boolean,
): Promise<ToolOutcome> {
  const started = performance.now();
  const context: ToolCallContext = { callId: use.id, agent: turn.agent, signal: turn.signal, emit, run: turn.run };
  // Remote calls, the gate and local tools that wind down by themselves (spawn_agent's workers)
  // stop on abort; only another local tool needs watching (settleOnAbort), which saves a listener
  // and a promise per remote call.
  const outcome = admitted
    ? await (tool?.server === LOCAL_SERVER && turn.run.toolbox.localTool(use.name)?.windsDownOnAbort !== true
        ? settleOnAbort(authorizeAndCall(turn, use, tool, context), turn.signal, use.name)
        : authorizeAndCall(turn, use, tool, context))
    : { isError: true, content: turn.notRun?.get(use.id) ?? turn.run.tree.refusedCallText(use.name) };
  // The event keeps the whole result (a person and a trace can read it); the model reads at most
  // maxResultChars of it, so one 5 MB answer cannot end the run on budget.
  const shortened = shortenForModel(outcome.content, turn.run.tree.limits.maxResultChars, 'tool result');
  const durationMs = Math.round(performance.now() - started);
  const server = tool?.server ?? 'unknown';
  const { isError, content, attachments } = outcome;
  // A tool with an MCP App: the page renders it with the whole result.
  const app =
    tool?.app !== undefined && outcome.appResult !== undefined
      ? { resourceUri: tool.app.resourceUri, result: outcome.appResult }
      : undefined;
  // The common result has neither a cut nor attachments: written out without spreads, since this
  // runs on every call.
  emit(
    shortened === undefined && attachments === undefined && app === undefined
      ? {
          type: 'tool-result',
          agent: turn.agent.id,
          callId: use.id,
          tool: use.name,
          server,
          isError,
          content,
          durationMs,
        }
      : {
          type: 'tool-result',
          agent: turn.agent.id,
          callId: use.id,
          tool: use.name,
          server,
          isError,
          content,
          ...withDefined({ omittedChars: shortened?.omittedChars, attachments, app }),
          durationMs,
        },
  );
  return shortened === undefined ? outcome : { ...outcome, content: shortened.text };
}

async function authorizeAndCall(
  turn: TurnToolCalls,
  use: ToolUseBlock,
  tool: ToolDescriptor | undefined,
  context: ToolCallContext,
): Promise<ToolOutcome> {
  // Cooks don't hire cooks: a tool that delegates is not offered to this agent, and a model that
  // names it anyway is refused here, before the gate and the toolbox.
  if (!turn.delegate && turn.run.toolbox.localTool(use.name)?.delegates === true) {
    return { isError: true, content: turn.agent.depth > 0 ? AGENT_DEPTH_LIMIT_TEXT : SPAWN_NOT_OFFERED_TEXT };
  }
  const { toolbox, gate, allowedTools } = turn.run;
  // A tool policy withholds tools from this agent: not offered, and refused here if named anyway.
  if (allowedTools !== undefined && !allowedTools.has(use.name)) {
    return { isError: true, content: toolWithheldText(use.name, allowedTools) };
  }
  // An unknown name skips the gate: the toolbox answers it with the list of real tools.
  if (tool && gate) {
    const authorization = await gate.authorize({ tool, input: use.input, context });
    if (!authorization.approved) {
      // A call the gate refused is work not done, whoever asked for it.
      turn.run.tree.countFailedToolCall();
      return { isError: true, content: `Tool "${use.name}" was not run: ${authorization.reason}` };
    }
  }
  const outcome = await toolbox.call(use.name, use.input, context);
  // A server's tool that failed (a server that died fails them all) is work not done; a local tool
  // says so itself (spawn_agent, for a worker that failed), so a refused strategy is not counted.
  if (outcome.isError && tool !== undefined && tool.server !== LOCAL_SERVER) turn.run.tree.countFailedToolCall();
  return outcome;
}

/**
 * Remote calls, the gate and workers stop on abort by themselves; this also covers a local tool
 * that ignores the signal, so an abort always ends the turn within ABORT_GRACE_MS.
 */
function settleOnAbort(call: Promise<ToolOutcome>, signal: AbortSignal, tool: string): Promise<ToolOutcome> {
  const aborted: ToolOutcome = { isError: true, content: `Tool "${tool}" was cancelled because the run was aborted.` };
  return new Promise((resolve, reject) => {
    let grace: NodeJS.Timeout | undefined;
    const onAbort = () => {
      grace = setTimeout(() => resolve(aborted), ABORT_GRACE_MS);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    call.then(resolve, reject).finally(() => {
      clearTimeout(grace);
      signal.removeEventListener('abort', onAbort);
    });
  });
}

/** What an agent reads when it names a tool its tool policy withholds. */
export function toolWithheldText(name: string, allowed: ReadonlySet<string>): string {
  return `Tool "${name}" is not offered to this agent. Its tools are: ${[...allowed].join(', ') || '(none)'}.`;
}
