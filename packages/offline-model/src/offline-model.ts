// The offline model: a deterministic, rule-based implementation of the host's Model seam that
// needs no key and no network. It reads only the request (task, tools, tool results) and acts as a
// careful cook; reading/ reads the task, jars/ and tools/ plan the work. Host side.

import { setTimeout as delay } from 'node:timers/promises';
import {
  ConfigurationError,
  estimateRequestTokens,
  estimateTokens,
  type Model,
  ModelAbortedError,
  type ModelRequest,
  type ModelResponse,
  type TextBlock,
  type ToolUseBlock,
} from '@kitchen/host';
import { readConversation, toolUseId } from './conversation.js';
import { decideNextStep } from './decide-next-step.js';

export interface OfflineModelOptions {
  /** Milliseconds each call takes, for realistic timing demos; abortable through the request's signal. */
  latencyMs?: number;
  /** Most tool calls the model asks for in one turn (default 20). */
  batchSize?: number;
  /**
   * A latency model that makes timing comparisons mean something: each call takes perCallMs, plus
   * perTokenMs for every output token, plus perInputTokenMs for every input token (reading is
   * cheaper than writing). Added to latencyMs; abortable like it.
   */
  latency?: { perCallMs?: number; perTokenMs?: number; perInputTokenMs?: number };
}

export const OFFLINE_MODEL_ID = 'offline';
export const OFFLINE_BATCH_SIZE = 20;

export class OfflineModel implements Model {
  readonly label = 'offline model';
  readonly id = OFFLINE_MODEL_ID;
  readonly #latencyMs: number;
  readonly #batchSize: number;
  readonly #latency: { perCallMs: number; perTokenMs: number; perInputTokenMs: number };

  constructor(options: OfflineModelOptions = {}) {
    const latencyMs = options.latencyMs ?? 0;
    const batchSize = options.batchSize ?? OFFLINE_BATCH_SIZE;
    if (!Number.isFinite(latencyMs) || latencyMs < 0)
      throw new ConfigurationError(`latencyMs must be 0 or more milliseconds; got ${latencyMs}.`);
    if (!Number.isInteger(batchSize) || batchSize < 1)
      throw new ConfigurationError(`batchSize must be a whole number of at least 1; got ${batchSize}.`);
    this.#latencyMs = latencyMs;
    this.#batchSize = batchSize;
    const { perCallMs = 0, perTokenMs = 0, perInputTokenMs = 0 } = options.latency ?? {};
    for (const [name, value] of Object.entries({ perCallMs, perTokenMs, perInputTokenMs }))
      if (!Number.isFinite(value) || value < 0)
        throw new ConfigurationError(`latency.${name} must be 0 or more milliseconds; got ${value}.`);
    this.#latency = { perCallMs, perTokenMs, perInputTokenMs };
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    await abortableDelay(0, request.signal);
    const conversation = readConversation(request);
    const decision = decideNextStep(conversation, { batchSize: this.#batchSize });
    let content: Array<TextBlock | ToolUseBlock>;
    let stopReason: ModelResponse['stopReason'];
    if (decision.kind === 'calls') {
      // Deterministic ids, distinct between conversations (workers' lanes) and between turns.
      const prefix = `toolu_offline_${fingerprint(conversation.task)}_${conversation.assistantTurns + 1}`;
      const part = decision.part ?? 0;
      content = [
        { type: 'text', text: decision.say },
        ...decision.calls.map(
          (call, index): ToolUseBlock => ({
            type: 'tool_use',
            id: toolUseId(prefix, part, index + 1),
            name: call.tool,
            input: call.input,
          }),
        ),
      ];
      stopReason = 'tool_use';
    } else {
      // Stop where max_tokens would have stopped a real model.
      const truncated = decision.text.length > conversation.maxChars;
      content = [{ type: 'text', text: truncated ? decision.text.slice(0, conversation.maxChars) : decision.text }];
      stopReason = truncated ? 'max_tokens' : 'end_turn';
    }
    const usage = { inputTokens: estimateRequestTokens(request), outputTokens: estimateTokens(content) };
    const { perCallMs, perTokenMs, perInputTokenMs } = this.#latency;
    const modelled = perCallMs + perTokenMs * usage.outputTokens + perInputTokenMs * usage.inputTokens;
    await abortableDelay(this.#latencyMs + modelled, request.signal);
    return { content, stopReason, usage, model: OFFLINE_MODEL_ID };
  }
}

/** Waits `ms` (0: a turn of the event loop); an abort rejects at once with ModelAbortedError, as a real model call would. */
async function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) throw new ModelAbortedError(undefined, { cause: signal.reason });
  if (ms <= 0) return;
  try {
    await delay(ms, undefined, signal === undefined ? {} : { signal });
  } catch (error) {
    if (signal?.aborted) throw new ModelAbortedError(undefined, { cause: signal.reason });
    throw error;
  }
}

/** FNV-1a: a short, stable fingerprint of a text. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
