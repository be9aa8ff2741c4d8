// The oven's batches as tasks (the 2026-07-28 tasks extension): a batch bakes for minutes, so the
// host gets a task at once and asks after it (tasks/get) while each stage moves it on; a cancelled
// task (tasks/cancel) turns the oven off. Server side, domain: no MCP here, only the batches and
// their states as the extension spells them. Kept outside any one McpServer, because a 2026
// server is built afresh for every request and a batch outlives them all.

import { randomUUID } from 'node:crypto';
import { bakeStage } from './pastry.js';

export type BatchStatus = 'working' | 'completed' | 'cancelled' | 'failed';

/** A task as tasks/get answers it (DetailedTask), without the result envelope. */
export interface BatchTask {
  taskId: string;
  status: BatchStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export interface BakeTasksOptions {
  /** Real milliseconds per baking minute. */
  millisecondsPerMinute: number;
  /** Stages a batch goes through (each one a status message). */
  steps: number;
  /** What the host is told to wait between two tasks/get. */
  pollIntervalMs?: number;
  /** How long a finished batch is kept for the host to collect. */
  keepMs?: number;
}

/** Asked for an unknown task id (never made here, or collected and forgotten). */
export class UnknownBatchError extends Error {}

export class BakeTasks {
  readonly #batches = new Map<string, BatchTask>();
  readonly #ovens = new Map<string, AbortController>();
  readonly #options: Required<BakeTasksOptions>;

  constructor(options: BakeTasksOptions) {
    this.#options = { pollIntervalMs: 100, keepMs: 10 * 60_000, ...options };
  }

  /** Puts a batch in the oven and returns its task at once; the oven works on after this returns. */
  start(batch: { pastry: string; count: number; minutes: number }): BatchTask {
    const now = new Date().toISOString();
    const task: BatchTask = {
      taskId: randomUUID(),
      status: 'working',
      statusMessage: `${batch.count} × ${batch.pastry}: preheating`,
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: this.#options.keepMs,
      pollIntervalMs: this.#options.pollIntervalMs,
    };
    this.#batches.set(task.taskId, task);
    const oven = new AbortController();
    this.#ovens.set(task.taskId, oven);
    void this.#bake(task, batch, oven.signal);
    return { ...task };
  }

  get(taskId: string): BatchTask {
    const task = this.#batches.get(taskId);
    if (task === undefined) throw new UnknownBatchError(`There is no batch "${taskId}" in this oven.`);
    return { ...task };
  }

  /** Turns the oven off for a batch still baking; a finished one stays as it was. */
  cancel(taskId: string): BatchTask {
    const task = this.#batches.get(taskId);
    if (task === undefined) throw new UnknownBatchError(`There is no batch "${taskId}" in this oven.`);
    if (task.status === 'working') {
      this.#ovens.get(taskId)?.abort();
      this.#update(task, { status: 'cancelled', statusMessage: 'cancelled: the oven is off' });
    }
    return { ...task };
  }

  async #bake(task: BatchTask, batch: { pastry: string; count: number; minutes: number }, signal: AbortSignal) {
    const { steps } = this.#options;
    const stepMs = (batch.minutes * this.#options.millisecondsPerMinute) / steps;
    for (let step = 1; step <= steps; step += 1) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, stepMs);
        signal.addEventListener('abort', () => resolve(clearTimeout(timer)), { once: true });
      });
      if (signal.aborted) return;
      if (step < steps)
        this.#update(task, {
          statusMessage: `${batch.count} × ${batch.pastry}: ${bakeStage(step, steps)} (${step}/${steps})`,
        });
    }
    this.#update(task, {
      status: 'completed',
      statusMessage: `${batch.count} × ${batch.pastry}: out of the oven`,
      // The tool's result as tools/call would have answered it, resultType included.
      result: {
        resultType: 'complete',
        content: [
          {
            type: 'text',
            text: JSON.stringify({ baked: true, pastry: batch.pastry, count: batch.count, minutes: batch.minutes }),
          },
        ],
        structuredContent: { baked: true, pastry: batch.pastry, count: batch.count, minutes: batch.minutes },
      },
    });
    this.#ovens.delete(task.taskId);
    // A finished batch is kept for the host to collect, then forgotten.
    setTimeout(() => this.#batches.delete(task.taskId), this.#options.keepMs).unref();
  }

  #update(task: BatchTask, change: Partial<BatchTask>) {
    Object.assign(task, change, { lastUpdatedAt: new Date().toISOString() });
  }
}
