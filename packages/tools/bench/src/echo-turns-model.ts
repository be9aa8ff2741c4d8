// The instant model of the loop scenarios: asks for one echo call per turn for `turns` turns, then
// answers in text. Host side: a scripted fake of the model seam that does no work per turn.

import type { Model, ModelRequest, ModelResponse } from '@kitchen/host';
import { ECHO_TOOL } from './echo-server.js';

export const ECHO_TASK = 'Echo a short text once per turn, then say done.';

/** Called at the start of every model call (turn counts from 1), while the loop holds its history. */
export type TurnProbe = (turn: number, request: ModelRequest) => Promise<void> | void;

/**
 * Not @kitchen/host/testing's ScriptedModel: that one deep-copies every request into its log (about
 * 1 ms a turn at 200 turns of history, and O(turns²) memory), a cost that would grow with history
 * on both sides and hide whether the loop itself does. This one reads nothing and keeps nothing.
 */
export class EchoTurnsModel implements Model {
  readonly id = 'echo-turns';
  readonly label = 'instant echo-turns model';
  readonly #turns: number;
  readonly #probe: TurnProbe | undefined;
  readonly #callsPerTurn: number;
  #turn = 0;

  constructor(turns: number, probe?: TurnProbe, callsPerTurn = 1) {
    this.#turns = turns;
    this.#probe = probe;
    this.#callsPerTurn = callsPerTurn;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    this.#turn += 1;
    await this.#probe?.(this.#turn, request);
    const usage = { inputTokens: 100, outputTokens: 20 };
    if (this.#turn <= this.#turns) {
      const content = Array.from({ length: this.#callsPerTurn }, (_, call) => ({
        type: 'tool_use' as const,
        id: `toolu_${this.#turn}_${call}`,
        name: ECHO_TOOL,
        input: { text: `turn ${this.#turn}` },
      }));
      return {
        content,
        stopReason: 'tool_use',
        usage,
        model: this.id,
      };
    }
    return { content: [{ type: 'text', text: 'done' }], stopReason: 'end_turn', usage, model: this.id };
  }
}
