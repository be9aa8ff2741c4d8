// The agent loop: messages in, LoopEvents out. Host side. One iteration is one model call plus the
// tools it asked for, run concurrently; the loop is bounded and always ends with agent-end (and,
// for the top-level agent, done), whatever went wrong on the way.

import { AgentTree, type TreeSeatbelts } from './limits/agent-tree.js';
import { InputTokenBound } from './limits/input-token-bound.js';
import { callModelWithinBudget, usageEvent } from './loop/budgeted-model-call.js';
import { closingEvents } from './loop/closing-events.js';
import { cutOffCall } from './loop/cut-off-call.js';
import { establishedReport, withEstablished } from './loop/established-report.js';
import { askForLastReport, isLastChanceCause } from './loop/last-chance.js';
import { liveRun } from './loop/live-run.js';
import {
  agentStoppedEnding,
  type Ending,
  endingOfFinalReply,
  limitBeforeModelCall,
  loopFailedEnding,
  modelFailedEnding,
  noRoomEnding,
  runStoppedBy,
  seatbeltEnding,
  stoppedEnding,
} from './loop/loop-ending.js';
import { LoopSignals } from './loop/loop-signals.js';
import { firstUserText, replyText } from './loop/reply-text.js';
import type { RunSettings } from './loop/run-settings.js';
import { announceToolCalls } from './loop/run-tool-calls.js';
import { type LoopEvent, stamp } from './loop-event.js';
import type { Message, ModelStopReason } from './model.js';
import { type AgentInfo, MAIN_AGENT } from './tool-types.js';
import { withDefined } from './with-defined.js';

export type { RunSettings };

/** A model that keeps calling tools forever is a bug, not a feature: the loop is bounded. */
export const MAX_ITERATIONS = 20;
/** What an agent runs with when its settings leave them out. */
const LOOP_DEFAULTS = { maxIterations: MAX_ITERATIONS, maxTokensPerCall: 4096 };

export interface RunAgentLoopOptions extends RunSettings {
  messages: Message[];
  system?: string;
  /** False: tools that delegate (spawn_agent) are neither offered nor run. Default true. */
  delegate?: boolean;
  signal?: AbortSignal;
  agent?: AgentInfo;
  /** Whole-run limits on tool calls and wall time, counted over every agent; DEFAULT_SEATBELTS fill the gaps. */
  seatbelts?: TreeSeatbelts;
  /** The run's shared counters. spawn_agent passes its caller's to workers; the top-level loop makes one from `seatbelts`. */
  tree?: AgentTree;
}

/**
 * The loop, as the lesson tells it: ask the model; if it answered without tools, that is the answer;
 * else run the tools it asked for, all at once, hand their results back, and ask again. Bounded by
 * maxIterations and the run's seatbelts; an agent stopped early reports what it established.
 * Throws (a ConfigurationError) only for bad seatbelts, before the first event; everything else ends in words.
 */
export async function* runAgentLoop(options: RunAgentLoopOptions): AsyncGenerator<LoopEvent, void> {
  const { model, budget, system, temperature } = options;
  const agent = options.agent ?? MAIN_AGENT;
  const run = liveRun(options, options.tree ?? new AgentTree(options.seatbelts), LOOP_DEFAULTS);
  const { tree, maxIterations, maxTokensPerCall: maxTokens, allowedTools } = run;
  const delegate = options.delegate ?? true;
  const withheld = delegate ? [] : options.toolbox.delegatingTools();
  const offeredTools = () => {
    const specs = options.toolbox.specs({ exclude: withheld });
    return allowedTools === undefined ? specs : specs.filter((spec) => allowedTools.has(spec.name));
  };
  const lane = { agent: agent.id, name: agent.name, ...withDefined({ parent: agent.parent }) };
  const signals = new LoopSignals(options.signal, tree, agent.id);
  const messages = [...options.messages];
  const totals = { iterations: 0, toolCalls: 0, tokens: 0, costCents: 0 };
  const charge = (tokens: number, costCents: number) => {
    totals.tokens += tokens;
    totals.costCents += costCents;
  };
  const treeTokens = () => budget?.spentTokens ?? tree.totals.tokens + totals.tokens;
  // Learns the model's real input counts, so each reservation costs only what was appended.
  const inputBound = new InputTokenBound();
  let finalText = '';
  let modelStopReason: ModelStopReason | undefined;
  let answered = 0;
  let ending: Ending | undefined;

  const task = firstUserText(messages);
  yield stamp({ type: 'agent-start', ...lane, depth: agent.depth, task, ...withDefined({ callId: agent.callId }) });
  try {
    while (!ending) {
      // The last-chance report is one of the agent's maxIterations model calls: an agent that has
      // answered before writes it on its last allowed call.
      const reserved = answered > 0 && maxIterations > 1 ? 1 : 0;
      ending = limitBeforeModelCall(signals.work, tree, totals.iterations + reserved, maxIterations);
      if (ending) break;
      totals.iterations += 1;
      yield stamp({ type: 'iteration-start', agent: agent.id, iteration: totals.iterations });

      const tools = offeredTools();
      const request = { ...withDefined({ system }), messages, tools, maxTokens, ...withDefined({ temperature }) };
      const outcome = yield* callModelWithinBudget({
        model,
        request,
        budget,
        agent: agent.id,
        signal: signals.work,
        watch: signals.modelWatch,
        inputBound,
      });
      if (outcome.kind === 'no-room') ending = noRoomEnding(outcome);
      if (outcome.kind === 'failed') ending = modelFailedEnding(outcome, tree, model.label, totals.iterations);
      if (outcome.kind !== 'answered') break;

      const { response } = outcome;
      answered += 1;
      charge(outcome.tokens, outcome.costCents);
      yield usageEvent(agent.id, outcome, treeTokens());
      const turnText = replyText(response.content);
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
      const calls = announceToolCalls({ toolUses, run, agent, signal: signals.work, delegate, notRun });
      for (const announcement of calls.announcements) yield stamp(announcement);
      const running = calls.start();
      for await (const event of running.events) yield event;
      const turn = await running.results;
      totals.toolCalls += turn.started;
      messages.push({ role: 'user', content: turn.results });
    }
    ending = runStoppedBy(agentStoppedEnding(ending, signals.agentStopReason), signals.runStopReason);
    // An agent that stopped before it finished reports what it established: written by the model
    // when one more call makes sense (a limit that leaves time, a person who stopped this agent
    // alone, and an agent that has answered before), else drawn from its tool results. Never its
    // last sentence, which is an intention.
    const cause = ending?.unfinished;
    if (cause !== undefined && isLastChanceCause(cause) && answered > 0 && !signals.run.aborted) {
      const chargeChance = (tokens: number, costCents: number) => {
        charge(tokens, costCents);
        if (cause === 'max_iterations') totals.iterations += 1;
      };
      const chance = { cause, model, budget, agent: agent.id, system, messages, inputBound, treeTokens };
      finalText = yield* askForLastReport({ ...chance, charge: chargeChance, signal: signals.run, tools: run.toolbox });
      if (signals.stopped)
        ending = runStoppedBy(stoppedEnding(tree, ' during the last-chance report'), signals.runStopReason);
    } else if (cause !== undefined) finalText = establishedReport(cause, messages, run.toolbox);
    // An answer cut off at the output limit, or a refusal, keeps what the tools established before it.
    const stop = ending?.stopReason;
    if (stop === 'max_tokens' || stop === 'refusal')
      finalText = withEstablished(finalText, stop, messages, run.toolbox);
  } catch (error) {
    ending = loopFailedEnding(error);
    finalText = establishedReport('error', messages, run.toolbox);
  } finally {
    signals.close();
  }
  yield* closingEvents({ agent, lane, ending, totals, finalText, modelStopReason, tree, budget });
}
