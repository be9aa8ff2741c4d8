// One run started from the web UI: its task, every event so far (so a page that connects late
// or reloads gets the whole story), the listeners that want the rest live, and its abort switch.
// App side.

import type { Gate, LoopEvent } from '@kitchen/host';

export type RunListener = (event: LoopEvent, index: number) => void;

export class WebRun {
  readonly events: LoopEvent[] = [];
  readonly controller = new AbortController();
  readonly startedAt = Date.now();
  /** The run's gate, for the tool calls its lanes' MCP Apps make (app-routes.ts). */
  appGate?: Pick<Gate, 'authorize' | 'decide'>;
  #finished = false;
  readonly #listeners = new Set<RunListener>();

  constructor(
    readonly id: string,
    readonly task: string,
    /** The model's label as people read it ("offline model (deterministic, no network)"). */
    readonly model: string,
    /** The presenter's pace: a wait before each model call, in ms. */
    readonly paceMs = 0,
  ) {}

  get finished(): boolean {
    return this.#finished;
  }

  /** Records an event and hands it to every listener, in order. */
  push(event: LoopEvent): void {
    if (this.#finished) return;
    this.events.push(event);
    const index = this.events.length - 1;
    for (const listener of [...this.#listeners]) listener(event, index);
  }

  /** After this no event is added; listeners are told through the `done` event they already got. */
  finish(): void {
    this.#finished = true;
    this.#listeners.clear();
  }

  subscribe(listener: RunListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  describe(): { runId: string; task: string; model: string; paceMs: number; finished: boolean; events: number } {
    return {
      runId: this.id,
      task: this.task,
      model: this.model,
      paceMs: this.paceMs,
      finished: this.#finished,
      events: this.events.length,
    };
  }
}
