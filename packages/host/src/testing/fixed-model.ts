// A model for tests that answers every request with the same text and usage, and keeps what it
// was sent: for checking what reached the model (a server's sampling request, say), not a run.

import type { Model, ModelRequest, ModelResponse } from '../model.js';

export interface FixedModelReply {
  text: string;
  inputTokens: number;
  outputTokens: number;
}

export class FixedModel implements Model {
  readonly id = 'claude-sonnet-5';
  readonly label = 'fixed model';
  readonly requests: ModelRequest[] = [];
  readonly #reply: FixedModelReply;

  constructor(reply: FixedModelReply) {
    this.#reply = reply;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    return {
      content: [{ type: 'text', text: this.#reply.text }],
      stopReason: 'end_turn',
      usage: { inputTokens: this.#reply.inputTokens, outputTokens: this.#reply.outputTokens },
      model: this.id,
    };
  }
}
