// The evals of one web kitchen: starting one from a case file's path or its pasted JSON (one at a
// time), finding one by id for the page, and stopping them when the kitchen stops. App side.

import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { type EvalCase, EvalCaseFileError, parseEvalCaseFile, readEvalCaseFile } from '@kitchen/eval';
import { describeError } from '@kitchen/host';
import { type EvalModel, evalModels, runWebEval } from './run-web-eval.js';
import type { WebEval } from './web-eval.js';
import type { WebKitchen } from './web-kitchen.js';

/** Evals kept for a page that opens one late (?eval=ID); their runs are traces on disk anyway. */
const KEPT_EVALS = 10;

/** Where the cases come from: a case file the kitchen reads, or the file's JSON itself. */
export type EvalRequest = { file: string; models?: string[] } | { caseFile: unknown; models?: string[] };

export type StartEvalResult = { ok: true; evaluation: WebEval } | { ok: false; status: 400 | 409; message: string };

export class WebEvals {
  readonly #evals = new Map<string, { evaluation: WebEval; done: Promise<void> }>();

  constructor(readonly kitchen: WebKitchen) {}

  find(evalId: string): WebEval | undefined {
    return this.#evals.get(evalId)?.evaluation;
  }

  get running(): WebEval | undefined {
    return [...this.#evals.values()].find((entry) => !entry.evaluation.finished)?.evaluation;
  }

  start(request: EvalRequest): StartEvalResult {
    const going = this.running;
    if (going !== undefined)
      return {
        ok: false,
        status: 409,
        message: `Eval ${going.id} is still running: open ?eval=${going.id} to follow it, or wait for it to finish.`,
      };
    let cases: EvalCase[];
    let source: string;
    try {
      if ('file' in request) {
        source = request.file;
        ({ cases } = readEvalCaseFile(resolve(request.file)));
      } else {
        source = 'pasted cases';
        ({ cases } = parseEvalCaseFile(request.caseFile, 'the pasted cases'));
      }
    } catch (error) {
      if (!(error instanceof EvalCaseFileError)) throw error;
      return { ok: false, status: 400, message: error.message };
    }
    let models: EvalModel[];
    try {
      models = evalModels(request.models ?? [], this.kitchen);
    } catch (error) {
      return { ok: false, status: 400, message: `--model: ${describeError(error)}` };
    }
    const started = runWebEval(this.kitchen, { id: randomUUID(), source, cases, models });
    this.#evals.set(started.evaluation.id, started);
    for (const [id, entry] of this.#evals) {
      if (this.#evals.size <= KEPT_EVALS) break;
      if (entry.evaluation.finished) this.#evals.delete(id);
    }
    return { ok: true, evaluation: started.evaluation };
  }

  /** Stops every eval still running and waits for its runs to end. */
  async close(): Promise<void> {
    for (const { evaluation } of this.#evals.values())
      evaluation.controller.abort(new Error('the kitchen web UI is shutting down'));
    await Promise.all([...this.#evals.values()].map((entry) => entry.done));
  }
}
