// The agent loop: messages in, LoopEvents out. Host side. One iteration is one model call plus the
// tools it asked for, run concurrently; the loop is bounded and always ends with agent-end (and,
// for the top-level agent, done), whatever went wrong on the way.

import { setMaxListeners } from 'node:events';
import { describeError, reportError } from './errors.js';
import type { Gate } from './gate.js';
import { AgentTree, type TreeSeatbelts } from './limits/agent-tree.js';
import { InputTokenBound } from './limits/input-token-bound.js';
import { SPAWN_AGENT_TOOL } from './limits/spawn-agent-limits.js';
import { AbortWatch } from './loop/abort-watch.js';
import { callModelWithinBudget, usageEvent } from './loop/budgeted-model-call.js';
import { establishedReport } from './loop/established-report.js';
import { askForLastReport, isLastChanceCause } from './loop/last-chance.js';
import type { LiveRun } from './loop/live-run.js';
import {
  type Ending,
  endingOfFinalReply,
  limitBeforeModelCall,
  seatbeltEnding,
  stoppedEnding,
} from './loop/loop-ending.js';
import { announceToolCalls } from './loop/run-tool-calls.js';
import type { LoopStopReason } from './loop/stop-reason.js';
import { type LoopEvent, stamp } from './loop-event.js';
import type { Message, Model, ModelRequest, ModelStopReason, TextBlock, ToolUseBlock } from './model.js';
import type { WorkerToolPolicy } from './spawn-agent.js';
import { type AgentInfo, MAIN_AGENT } from './tool-types.js';
import type { Toolbox } from './toolbox.js';
import type { TreeBudget } from './tree-budget.js';

/** A model that keeps calling tools forever is a bug, not a feature: the loop is bounded. */
export const MAX_ITERATIONS = 20;
const DEFAULT_MAX_TOKENS_PER_CALL = 4096;

export interface RunAgentLoopOptions {
  messages: Message[];
  system?: string;
  model: Model;
  toolbox: Toolbox;
  gate?: Gate;
  /** Shared by reference by every agent of a run; without one, usage is counted but not capped. */
  budget?: TreeBudget;
  /** False: spawn_agent is neither offered nor run. Default true (offered when the toolbox has it). */
  delegate?: boolean;
  signal?: AbortSignal;
  /** Model calls per agent (a per-agent seatbelt). */
  maxIterations?: number;
  maxTokensPerCall?: number;
  /** Sampling temperature for every model call of this agent; the model's default otherwise. */
  temperature?: number;
  /** The only tools this agent is offered and may call (the gate still applies); default: all of the toolbox's. */
  allowedTools?: Iterable<string>;
  /** The model spawn_agent gives workers when it has none of its own (a host's per-run setting). */
  workerModel?: Model;
  /** The tool policy spawn_agent gives workers when it has none of its own (a host's per-run setting). */
  workerTools?: WorkerToolPolicy;
  agent?: AgentInfo;
  /** Whole-run limits on tool calls and wall time, counted over every agent; DEFAULT_SEATBELTS fill the gaps. */
  seatbelts?: TreeSeatbelts;
  /** The run's shared counters. spawn_agent passes its caller's to workers; the top-level loop makes one from `seatbelts`. */
  tree?: AgentTree;
}

/** Throws (a ConfigurationError) only for bad seatbelts, before the first event; everything else ends in words. */
export async function* runAgentLoop(options: RunAgentLoopOptions): AsyncGenerator<LoopEvent, void> {
  const { model, toolbox, budget } = options;
  const agent = options.agent ?? MAIN_AGENT;
  const tree = options.tree ?? new AgentTree(options.seatbelts);
  const maxIterations = options.maxIterations ?? MAX_ITERATIONS;
  const maxTokens = options.maxTokensPerCall ?? DEFAULT_MAX_TOKENS_PER_CALL;
  const delegate = options.delegate ?? true;
  const allowedTools = options.allowedTools === undefined ? undefined : new Set(options.allowedTools);
  const run: LiveRun = {
    model,
    toolbox,
    gate: options.gate,
    budget,
    tree,
    maxIterations,
    maxTokensPerCall: maxTokens,
    allowedTools,
    workerModel: options.workerModel,
    workerTools: options.workerTools,
  };
  const offeredTools = () => {
    const specs = toolbox.specs({ exclude: delegate ? [] : [SPAWN_AGENT_TOOL] });
    return allowedTools === undefined ? specs : specs.filter((spec) => allowedTools.has(spec.name));
  };
  const lane = { agent: agent.id, name: agent.name, ...(agent.parent === undefined ? {} : { parent: agent.parent }) };
  // Our own controller, so the finally block can stop in-flight calls when a consumer walks away.
  // Every call of a turn (and the gate, and a worker's whole loop) listens on it for a while and
  // removes its listener when done: many listeners at once are expected, not a leak.
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const forwardAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  else options.signal?.addEventListener('abort', forwardAbort, { once: true });
  // A person may stop this one agent (AgentTree.stopAgent): its calls stop as in an abort, but it
  // still gets its last chance to report what it established, on the run's own signal. The run's
  // signal is a stop, or its wall time running out mid-call (the tree's deadline).
  const agentStop = new AbortController();
  const runWork = AbortSignal.any([stop.signal, tree.deadline]);
  const work = AbortSignal.any([runWork, agentStop.signal]);
  setMaxListeners(0, runWork);
  setMaxListeners(0, work);
  // The model calls wait on `work` through one listener for the whole loop.
  const modelWatch = new AbortWatch(work);
  const unregisterStop = tree.registerAgentStop(agent.id, (reason) => agentStop.abort(new Error(reason)));

  const messages = [...options.messages];
  const totals = { iterations: 0, toolCalls: 0, tokens: 0, costCents: 0 };
  // Learns the model's real input counts, so each reservation costs only what was appended.
  const inputBound = new InputTokenBound();
  let finalText = '';
  let modelStopReason: ModelStopReason | undefined;
  let answered = 0;
  let ending: Ending | undefined;
  const treeTokens = () => budget?.spentTokens ?? tree.totals.tokens + totals.tokens;

  yield stamp({
    type: 'agent-start',
    ...lane,
    depth: agent.depth,
    task: firstUserText(messages),
    ...(agent.callId === undefined ? {} : { callId: agent.callId }),
  });
  try {
    while (!ending) {
      ending = limitBeforeModelCall(work, tree, totals.iterations, maxIterations);
      if (ending) break;
      totals.iterations += 1;
      yield stamp({ type: 'iteration-start', agent: agent.id, iteration: totals.iterations });

      const request: ModelRequest = {
        ...(options.system === undefined ? {} : { system: options.system }),
        messages,
        tools: offeredTools(),
        maxTokens,
        ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      };
      const outcome = yield* callModelWithinBudget({
        model,
        request,
        budget,
        agent: agent.id,
        signal: work,
        watch: modelWatch,
        inputBound,
      });
      if (outcome.kind === 'no-room') {
        const need = `it needs up to ${outcome.worstCase} tokens and ${outcome.left} of ${outcome.maxTokens} are left`;
        ending = {
          stopReason: 'budget',
          unfinished: 'budget',
          detail: `Stopped: the tree budget has no room for another model call (${need}).`,
          limit: {
            limit: 'maxTreeTokens',
            value: outcome.maxTokens,
            spent: outcome.maxTokens - outcome.left,
            needed: outcome.worstCase,
          },
        };
        break;
      }
      if (outcome.kind === 'failed') {
        ending = outcome.aborted
          ? stoppedEnding(tree, ' during a model call')
          : {
              stopReason: 'error',
              unfinished: 'error',
              detail: `The model (${model.label}) failed on iteration ${totals.iterations}: ${outcome.reason}`,
              error: reportError(outcome.error),
            };
        break;
      }

      const { response } = outcome;
      answered += 1;
      totals.tokens += outcome.tokens;
      totals.costCents += outcome.costCents;
      yield usageEvent(agent.id, outcome, treeTokens());
      const turnText = response.content
        .filter((block): block is TextBlock => block.type === 'text')
        .map((block) => block.text)
        .join('\n');
      if (turnText.trim() !== '') {
        // A turn the API paused goes on in the next reply: the answer is both parts.
        finalText = modelStopReason === 'pause_turn' ? finalText + turnText : turnText;
        yield stamp({ type: 'text', agent: agent.id, text: turnText });
      }
      modelStopReason = response.stopReason;
      messages.push({ role: 'assistant', content: response.content });
      const toolUses = response.content.filter((block) => block.type === 'tool_use');
      if (toolUses.length === 0) {
        ending = endingOfFinalReply(response.stopReason, maxTokens);
        continue;
      }
      const belt = tree.checkSeatbelts();
      if (belt) {
        ending = seatbeltEnding(belt);
        break;
      }

      const notRun = cutOffCall(response.stopReason, toolUses, maxTokens);
      const calls = announceToolCalls({ toolUses, run, agent, signal: work, delegate, notRun });
      for (const announcement of calls.announcements) yield stamp(announcement);
      const running = calls.start();
      for await (const event of running.events) yield event;
      const turn = await running.results;
      totals.toolCalls += turn.started;
      messages.push({ role: 'user', content: turn.results });
    }
    if (ending?.stopReason === 'aborted' && agentStop.signal.aborted && !runWork.aborted) {
      const why = agentStop.signal.reason instanceof Error ? agentStop.signal.reason.message : 'stopped';
      ending = { stopReason: 'aborted', unfinished: 'stopped', detail: `This agent was stopped: ${why}.` };
    }
    // An agent that stopped before it finished reports what it established: written by the model
    // when one more call makes sense (a limit that leaves time, a person who stopped this agent
    // alone, and an agent that has answered before), else drawn from its tool results. Never its
    // last sentence, which is an intention.
    const cause = ending?.unfinished;
    if (cause !== undefined && isLastChanceCause(cause) && answered > 0 && !runWork.aborted) {
      finalText = yield* askForLastReport({
        cause,
        model,
        budget,
        agent: agent.id,
        system: options.system,
        messages,
        signal: runWork,
        inputBound,
        charge: (tokens, costCents) => {
          totals.tokens += tokens;
          totals.costCents += costCents;
        },
        treeTokens,
      });
      if (stop.signal.aborted) ending = stoppedEnding(tree, ' during the last-chance report');
    } else if (cause !== undefined) finalText = establishedReport(cause, messages);
  } catch (error) {
    // A bug below us (a gate or local tool that threw) ends the run in words, not as a crash.
    ending = {
      stopReason: 'error',
      detail: `The agent loop failed: ${describeError(error)}`,
      error: reportError(error),
    };
    finalText = establishedReport('error', messages);
  } finally {
    options.signal?.removeEventListener('abort', forwardAbort);
    unregisterStop();
    stop.abort(new Error('the agent loop ended'));
  }

  const { stopReason, detail, limit, error } = ending ?? {
    stopReason: 'error',
    detail: 'The agent loop ended without a reason.',
  };
  const why = {
    ...(limit === undefined ? {} : { limit }),
    ...(error === undefined ? {} : { error }),
    ...(modelStopReason === undefined ? {} : { modelStopReason }),
    ...(stopReason === 'max_tokens' ? { truncated: true as const } : {}),
  };
  // A worker's finalText is all its parent sees, so a stop it did not choose (or an answer that was
  // cut off) says why in it.
  if (SAYS_WHY_IN_REPORT.has(stopReason) && detail !== undefined) {
    finalText = [finalText.trim(), detail].filter((part) => part !== '').join('\n\n');
  }
  tree.addTotals(totals);
  yield stamp({ type: 'agent-end', ...lane, ...totals, stopReason, finalText, ...why });
  if (agent.depth === 0) {
    // done counts the whole tree; with a budget, its spend (sampling calls charged to it included).
    const spend = budget ? { tokens: budget.spentTokens, costCents: budget.spentCents } : {};
    yield stamp({
      type: 'done',
      agent: agent.id,
      finalText,
      stopReason,
      ...tree.totals,
      ...spend,
      ...(detail === undefined ? {} : { detail }),
      ...why,
    });
  }
}

const SAYS_WHY_IN_REPORT: ReadonlySet<LoopStopReason> = new Set(['error', 'seatbelt', 'max_tokens', 'refusal']);

/**
 * A reply cut at the output limit may end inside its last tool call, whose input is then
 * incomplete: that call is not run, and the model reads why (the API's advice: ask again with room).
 */
function cutOffCall(
  stopReason: ModelStopReason,
  toolUses: ToolUseBlock[],
  maxTokens: number,
): Map<string, string> | undefined {
  const last = toolUses.at(-1);
  if (stopReason !== 'max_tokens' || last === undefined) return undefined;
  const why = `Tool "${last.name}" was not run: your reply was cut off at its limit of ${maxTokens} output tokens while writing this call, so its input may be incomplete. Call it again, with less text before it.`;
  return new Map([[last.id, why]]);
}

function firstUserText(messages: Message[]): string {
  const first = messages.find((message) => message.role === 'user');
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  return first.content
    .filter((block): block is TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}
