// Where the app writes: stdout for the run (rendered lines or JSON events), stderr for everything
// about the app itself; stdin, where a person at a terminal answers questions. A seam so tests
// and the CLI share one code path. App side.

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
}

export const PROCESS_OUTPUT: KitchenOutput = {
  stdout: process.stdout,
  stderr: process.stderr,
  environment: process.env,
  stdin: process.stdin,
};

/** Exit codes of the kitchen CLI. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;
