// The agent loop: messages in, LoopEvents out. Host side. One iteration is one model call plus the
// tools it asked for, run concurrently; the loop is bounded and always ends with agent-end (and,
// for the top-level agent, done), whatever went wrong on the way.

import { setMaxListeners } from 'node:events';
import { describeError } from './errors.js';
import type { Gate } from './gate.js';
import { stamp, type LoopEvent } from './loop-event.js';
import { estimateRequestTokens, type Message, type Model, type ModelRequest, type ModelResponse, type TextBlock } from './model.js';
import { DEFAULT_PRICES, priceCents } from './price-table.js';
import { runToolCalls, SPAWN_AGENT_TOOL } from './run-tool-calls.js';
import type { LoopStopReason } from './stop-reason.js';
import type { Toolbox } from './toolbox.js';
import type { AgentInfo } from './tool-types.js';
import type { TreeBudget } from './tree-budget.js';

/** A model that keeps calling tools forever is a bug, not a feature: the loop is bounded. */
export const MAX_ITERATIONS = 20;
export const DEFAULT_MAX_TOKENS_PER_CALL = 4096;
export const MAIN_AGENT: Readonly<AgentInfo> = Object.freeze({ id: 'main', name: 'main', depth: 0 });

export interface RunAgentLoopOptions {
  messages: Message[];
  system?: string;
  model: Model;
  toolbox: Toolbox;
  gate?: Gate;
  /** Shared by reference by every agent of a run; without one, usage is counted but not capped. */
  budget?: TreeBudget;
  /** False for workers: spawn_agent is neither offered nor run. Default true. */
  delegate?: boolean;
  signal?: AbortSignal;
  maxIterations?: number;
  maxTokensPerCall?: number;
  agent?: AgentInfo;
}

interface Ending {
  stopReason: LoopStopReason;
  detail?: string;
}

export async function* runAgentLoop(options: RunAgentLoopOptions): AsyncGenerator<LoopEvent, void> {
  const { model, toolbox, budget } = options;
  const agent = options.agent ?? MAIN_AGENT;
  const maxIterations = options.maxIterations ?? MAX_ITERATIONS;
  const maxTokens = options.maxTokensPerCall ?? DEFAULT_MAX_TOKENS_PER_CALL;
  const delegate = options.delegate ?? true;
  const lane = { agent: agent.id, name: agent.name, ...(agent.parent === undefined ? {} : { parent: agent.parent }) };
  // Our own controller, so the finally block can stop in-flight calls when a consumer walks away.
  // Every call of a turn (and the gate, and a worker's whole loop) listens on it for a while and
  // removes its listener when done: many listeners at once are expected, not a leak.
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const forwardAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  else options.signal?.addEventListener('abort', forwardAbort, { once: true });

  const messages = [...options.messages];
  const totals = { iterations: 0, toolCalls: 0, tokens: 0, costCents: 0 };
  let finalText = '';
  let ending: Ending | undefined;

  yield stamp({ type: 'agent-start', ...lane, depth: agent.depth, task: firstUserText(messages) });
  try {
    while (!ending) {
      if (stop.signal.aborted) {
        ending = { stopReason: 'aborted', detail: 'The run was aborted.' };
        break;
      }
      if (totals.iterations >= maxIterations) {
        ending = { stopReason: 'max_iterations', detail: `The agent used all ${maxIterations} of its model calls before finishing.` };
        break;
      }
      totals.iterations += 1;
      yield stamp({ type: 'iteration-start', agent: agent.id, iteration: totals.iterations });

      const request: ModelRequest = {
        ...(options.system === undefined ? {} : { system: options.system }),
        messages,
        tools: toolbox.specs({ exclude: delegate ? [] : [SPAWN_AGENT_TOOL] }),
        maxTokens,
        signal: stop.signal,
      };
      const worstCase = estimateRequestTokens(request) + maxTokens;
      const reservation = budget?.reserve(agent.id, worstCase);
      if (budget && !reservation) {
        const left = budget.remainingTokens;
        ending = { stopReason: 'budget', detail: `The tree budget has no room for another model call: it needs up to ${worstCase} tokens and ${left} of ${budget.maxTokens} are left.` };
        break;
      }

      let response: ModelResponse;
      try {
        response = await untilAborted(model.complete(request), stop.signal);
      } catch (error) {
        if (reservation) budget?.release(reservation);
        ending = stop.signal.aborted
          ? { stopReason: 'aborted', detail: 'The run was aborted during a model call.' }
          : { stopReason: 'error', detail: `The model (${model.label}) failed on iteration ${totals.iterations}: ${describeError(error)}` };
        break;
      }

      const charged = reservation && budget
        ? budget.settle(reservation, response.usage, response.model)
        : { tokens: response.usage.inputTokens + response.usage.outputTokens, costCents: priceCents(DEFAULT_PRICES, response.model, response.usage) };
      totals.tokens += charged.tokens;
      totals.costCents += charged.costCents;
      yield stamp({
        type: 'usage',
        agent: agent.id,
        model: response.model,
        inputTokens: response.usage.inputTokens,
        outputTokens: response.usage.outputTokens,
        costCents: charged.costCents,
        treeTokens: budget ? budget.spentTokens : totals.tokens,
      });

      const turnText = response.content.filter((block): block is TextBlock => block.type === 'text').map((block) => block.text).join('\n');
      if (turnText.trim() !== '') {
        finalText = turnText;
        yield stamp({ type: 'text', agent: agent.id, text: turnText });
      }
      messages.push({ role: 'assistant', content: response.content });
      const toolUses = response.content.filter((block) => block.type === 'tool_use');
      if (toolUses.length === 0) {
        ending = { stopReason: 'end_turn' };
        break;
      }

      const results = yield* runToolCalls({ toolUses, toolbox, gate: options.gate, agent, signal: stop.signal, delegate });
      totals.toolCalls += toolUses.length;
      messages.push({ role: 'user', content: results });
    }
  } catch (error) {
    // A bug below us (a gate or local tool that threw) ends the run in words, not as a crash.
    ending = { stopReason: 'error', detail: `The agent loop failed: ${describeError(error)}` };
  } finally {
    options.signal?.removeEventListener('abort', forwardAbort);
    stop.abort(new Error('the agent loop ended'));
  }

  const { stopReason, detail } = ending ?? { stopReason: 'error', detail: 'The agent loop ended without a reason.' };
  yield stamp({ type: 'agent-end', ...lane, ...totals, stopReason, finalText });
  if (agent.depth === 0) {
    yield stamp({ type: 'done', agent: agent.id, finalText, stopReason, ...totals, ...(detail === undefined ? {} : { detail }) });
  }
}

/** Rejects as soon as `signal` fires, so a model that ignores the signal cannot hold up an abort. */
function untilAborted<Value>(work: Promise<Value>, signal: AbortSignal): Promise<Value> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function firstUserText(messages: Message[]): string {
  const first = messages.find((message) => message.role === 'user');
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  return first.content.filter((block): block is TextBlock => block.type === 'text').map((block) => block.text).join('\n');
}
