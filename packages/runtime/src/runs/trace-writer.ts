// Writes one run's trace as JSONL while the run goes: a line per LoopEvent, per model call and per
// MCP call, then an end line. Runtime side; the kitchen host wires it so the CLI and the web UI both
// record every run.

import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { LoopEvent, Model, ModelRequest, ModelResponse } from '@kitchen/host';
import { withDefined } from '@kitchen/host';
import type { TraceLine, TraceRunLine } from './run-trace.js';
import { makeRunsFolder } from './runs-folder.js';

/** Where traces go unless configured otherwise (git-ignored). */
export const DEFAULT_RUNS_FOLDER = join('.kitchen', 'runs');

/** A run id that sorts by time and reads as one: 2026-11-30T12-40-05-123Z-k3f9. */
export function newRunId(now = new Date()): string {
  return `${now.toISOString().replaceAll(':', '-').replace('.', '-')}-${Math.random().toString(36).slice(2, 6)}`;
}

/** One trace file, open for the length of a run. Writes are synchronous so a crash keeps what happened. */
export class TraceWriter {
  readonly path: string;
  #fd: number | undefined;
  readonly #started: number;
  readonly #toolCalls = new Map<string, { at: number; agent: string }>();
  #workers = 0;

  constructor(folder: string, run: Omit<TraceRunLine, 'kind'>) {
    makeRunsFolder(folder);
    this.path = join(folder, `${run.id}.jsonl`);
    this.#fd = openSync(this.path, 'wx');
    this.#started = run.startedAt;
    this.#write({ kind: 'run', ...run });
  }

  /** Every event of every agent; a tool-result of a server's tool also becomes an mcp-call line. */
  event(event: LoopEvent): void {
    this.#write({ kind: 'event', event });
    if (event.type === 'agent-start' && event.agent !== 'main') this.#workers += 1;
    if (event.type === 'tool-call') this.#toolCalls.set(event.callId, { at: event.at, agent: event.agent });
    if (event.type === 'tool-result' && event.server !== 'local') {
      const call = this.#toolCalls.get(event.callId);
      this.#write({
        kind: 'mcp-call',
        at: call?.at ?? event.at - event.durationMs,
        agent: call?.agent ?? event.agent,
        callId: event.callId,
        server: event.server,
        tool: event.tool,
        durationMs: event.durationMs,
        isError: event.isError,
      });
    }
    if (event.type === 'done') {
      this.#write({
        kind: 'end',
        at: event.at,
        outcome: event.stopReason,
        durationMs: event.at - this.#started,
        tokens: event.tokens,
        costCents: event.costCents,
        iterations: event.iterations,
        toolCalls: event.toolCalls,
        workers: this.#workers,
        ...withDefined({ failedToolCalls: event.failedToolCalls, stoppedBy: event.stoppedBy }),
      });
    }
  }

  /** Wraps a model so each of its calls is written as a model-call line. */
  recordModel(model: Model): Model {
    return new TracedModel(model, (line) => this.#write(line));
  }

  close(): void {
    if (this.#fd === undefined) return;
    closeSync(this.#fd);
    this.#fd = undefined;
  }

  #write(line: TraceLine): void {
    if (this.#fd === undefined) return;
    writeSync(this.#fd, `${JSON.stringify(line)}\n`);
  }
}

class TracedModel implements Model {
  readonly label: string;
  readonly id: string;

  constructor(
    readonly inner: Model,
    readonly write: (line: TraceLine) => void,
  ) {
    this.label = inner.label;
    this.id = inner.id;
  }

  get acceptsImages(): boolean {
    return this.inner.acceptsImages === true;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const { signal: _signal, ...sent } = request;
    const at = Date.now();
    try {
      const response = await this.inner.complete(request);
      this.write({ kind: 'model-call', at, durationMs: Date.now() - at, modelId: this.id, request: sent, response });
      return response;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.write({
        kind: 'model-call',
        at,
        durationMs: Date.now() - at,
        modelId: this.id,
        request: sent,
        error: message,
      });
      throw error;
    }
  }
}
