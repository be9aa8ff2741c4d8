// One eval started from the web UI (a case file, `kitchen eval FILE --web`): its board (one lane
// per case and model, eval-board.ts), the listeners that follow it live, its abort switch and,
// once every run has ended, the report. Each of its runs is a WebRun the kitchen keeps, so the
// page streams it as it streams any run. App side.

import type { EvalReport } from '@kitchen/eval';
import { type BoardLane, boardTotals, type EvalBoard } from './eval-board.js';

export type EvalListener = (about: EvalAbout) => void;

/** What GET /api/evals/:id answers, and each message of its stream. */
export interface EvalAbout {
  evalId: string;
  /** Where the cases came from: the file's path, or "pasted cases". */
  source: string;
  models: string[];
  lanes: BoardLane[];
  totals: ReturnType<typeof boardTotals>;
  minPassRate: number;
  finished: boolean;
  startedAt: number;
  /** Set when the eval stopped on an error before its report. */
  problem?: string;
}

export class WebEval {
  readonly controller = new AbortController();
  readonly startedAt = Date.now();
  report: EvalReport | undefined;
  problem: string | undefined;
  #finished = false;
  readonly #listeners = new Set<EvalListener>();

  constructor(
    readonly id: string,
    readonly source: string,
    readonly models: readonly string[],
    readonly board: EvalBoard,
  ) {}

  get finished(): boolean {
    return this.#finished;
  }

  /** The board changed: every listener gets the whole of it (it is small). */
  changed(): void {
    const about = this.describe();
    for (const listener of [...this.#listeners]) listener(about);
  }

  finish(): void {
    this.#finished = true;
    this.changed();
    this.#listeners.clear();
  }

  subscribe(listener: EvalListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  describe(): EvalAbout {
    return {
      evalId: this.id,
      source: this.source,
      models: [...this.models],
      lanes: this.board.lanes,
      totals: boardTotals(this.board),
      minPassRate: this.board.minPassRate,
      finished: this.#finished,
      startedAt: this.startedAt,
      ...(this.problem === undefined ? {} : { problem: this.problem }),
    };
  }
}
