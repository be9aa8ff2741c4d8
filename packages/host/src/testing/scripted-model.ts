// ScriptedModel: a real Model that serves turns from a script, for tests. Host side (a fake of
// the model seam, not a mock): it answers what it is told and records every request it saw.

import { setTimeout as delay } from 'node:timers/promises';
import {
  estimateRequestTokens,
  estimateTokens,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type ModelStopReason,
  type TextBlock,
  type ToolUseBlock,
  type Usage,
} from '../model.js';
import { withDefined } from '../with-defined.js';

/** One scripted answer. `text` and `toolUses` build the content unless `content` is given. */
export interface ScriptedTurn {
  text?: string;
  toolUses?: Array<{ name: string; input?: Record<string, unknown>; id?: string }>;
  content?: Array<TextBlock | ToolUseBlock>;
  stopReason?: ModelStopReason;
  /** Default: counted from the request and answer sizes, like the offline model does. */
  usage?: Usage;
  /** Throw this instead of answering. */
  error?: Error;
  /** Answer after this long (an abort of request.signal rejects sooner). */
  delayMs?: number;
}

/** A turn, or a function of the request that returns one. `turn` counts from 0. */
export type ScriptStep = ScriptedTurn | ((request: ModelRequest, turn: number) => ScriptedTurn | Promise<ScriptedTurn>);

export interface ScriptedModelOptions {
  id?: string;
  label?: string;
  /** Play a model that can look at images in tool results. Default false. */
  acceptsImages?: boolean;
}

export class ScriptedModel implements Model {
  readonly id: string;
  readonly label: string;
  readonly acceptsImages: boolean;
  /** Every request, in order (messages copied as they were at the time of the call). */
  readonly requests: ModelRequest[] = [];
  readonly #script: ScriptStep[] | ((request: ModelRequest, turn: number) => ScriptedTurn | Promise<ScriptedTurn>);

  constructor(
    script: ScriptStep[] | ((request: ModelRequest, turn: number) => ScriptedTurn | Promise<ScriptedTurn>),
    options: ScriptedModelOptions = {},
  ) {
    this.#script = script;
    this.id = options.id ?? 'scripted';
    this.label = options.label ?? 'scripted model';
    this.acceptsImages = options.acceptsImages ?? false;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const turn = this.requests.length;
    this.requests.push({ ...request, messages: structuredClone(request.messages) });
    const step = typeof this.#script === 'function' ? this.#script : this.#script[turn];
    if (step === undefined) {
      throw new Error(
        `ScriptedModel has no turn ${turn + 1}: the script has ${(this.#script as ScriptStep[]).length} turns.`,
      );
    }
    const scripted = typeof step === 'function' ? await step(request, turn) : step;
    if (scripted.delayMs) await sleep(scripted.delayMs, request.signal);
    if (scripted.error) throw scripted.error;
    const content = scripted.content ?? buildContent(scripted, turn);
    const hasToolUse = content.some((block) => block.type === 'tool_use');
    return {
      content,
      stopReason: scripted.stopReason ?? (hasToolUse ? 'tool_use' : 'end_turn'),
      usage: scripted.usage ?? { inputTokens: estimateRequestTokens(request), outputTokens: estimateTokens(content) },
      model: this.id,
    };
  }
}

/** Shorthand for a turn that only answers in text. */
export function textTurn(text: string): ScriptedTurn {
  return { text };
}

/** Shorthand for a turn that calls tools (all in one turn, so they run concurrently). */
export function toolTurn(
  ...calls: Array<{ name: string; input?: Record<string, unknown>; id?: string }>
): ScriptedTurn {
  return { toolUses: calls };
}

function buildContent(scripted: ScriptedTurn, turn: number): Array<TextBlock | ToolUseBlock> {
  const content: Array<TextBlock | ToolUseBlock> = [];
  if (scripted.text !== undefined) content.push({ type: 'text', text: scripted.text });
  (scripted.toolUses ?? []).forEach((call, index) => {
    content.push({
      type: 'tool_use',
      id: call.id ?? `toolu_${turn + 1}_${index + 1}`,
      name: call.name,
      input: call.input ?? {},
    });
  });
  return content;
}

async function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await delay(milliseconds, undefined, withDefined({ signal }));
  } catch {
    throw signal?.reason instanceof Error ? signal.reason : new Error('The model call was aborted.');
  }
}
