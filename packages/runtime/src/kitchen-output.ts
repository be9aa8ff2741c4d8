// Where the app writes: stdout for the run (rendered lines or JSON events), stderr for everything
// about the app itself; stdin, where a person at a terminal answers questions. A seam so tests
// and the CLI share one code path. Runtime side.

export interface TextSink {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface KitchenOutput {
  stdout: TextSink;
  stderr: TextSink;
  environment: NodeJS.ProcessEnv;
  /** Where a person answers questions; only a terminal (isTTY) is ever asked. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Where SIGINT, SIGTERM and SIGHUP arrive (the process), for output that must step aside first. */
  signals?: NodeJS.EventEmitter;
}

export const PROCESS_OUTPUT: KitchenOutput = {
  stdout: process.stdout,
  stderr: process.stderr,
  environment: process.env,
  stdin: process.stdin,
  signals: process,
};

/**
 * Exit codes of the kitchen CLI, one per run outcome (runs/run-outcome.ts), so a script can tell
 * them apart. failed: the model, a server or the host failed. partial: a limit stopped the run, its
 * answer was cut off at the output limit, or the model refused; its report says what was
 * established. notDone: it ended with an answer, but some tool call was denied at the gate, a
 * server's tool failed or a worker failed. interrupted: a signal or a person stopped it.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, partial: 3, notDone: 4, interrupted: 130 } as const;
