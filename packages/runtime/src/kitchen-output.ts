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
  /** Where SIGINT and SIGTERM arrive (the process), for output that must step aside first. */
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
 * Exit codes of the kitchen CLI, so a script can tell a complete answer from a partial one. partial:
 * the run ended without a complete answer (a limit stopped it, its answer was cut off at the output
 * limit, or the model refused); its report says what was established.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, partial: 3, interrupted: 130 } as const;
