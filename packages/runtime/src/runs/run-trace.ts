// One run's trace: the lines of a `.kitchen/runs/<id>.jsonl` file. Runtime side. A trace holds every
// LoopEvent of every agent, each model request and response (what rerun serves again) and each
// MCP call's timing, so a run can be listed, replayed and rerun without the model that made it.

import type { LoopEvent, LoopStopReason, ModelResponse, ReplayModel } from '@kitchen/host';

/** One model request and its response, as a ReplayModel serves them. */
export type RecordedExchange = ConstructorParameters<typeof ReplayModel>[0][number];

/** The first line: what was asked, of which model, with which settings. */
export interface TraceRunLine {
  kind: 'run';
  id: string;
  startedAt: number;
  task: string;
  model: { id: string; label: string };
  /** True when spawn_agent was offered. */
  delegate: boolean;
  /** Whatever else the caller wants kept (seed, jars, servers, worker options). */
  settings: Record<string, unknown>;
}

export interface TraceEventLine {
  kind: 'event';
  event: LoopEvent;
}

/** One model call as sent and as answered (or the error it ended with). */
export interface TraceModelCallLine {
  kind: 'model-call';
  at: number;
  durationMs: number;
  /** Which model answered (a worker model may differ from the main one). */
  modelId: string;
  request: RecordedExchange['request'];
  response?: ModelResponse;
  error?: string;
}

/** One tools/call to a server, timed from the tool-call to its result. */
export interface TraceMcpCallLine {
  kind: 'mcp-call';
  at: number;
  agent: string;
  callId: string;
  server: string;
  tool: string;
  durationMs: number;
  isError: boolean;
}

/** The last line, written when the run ends: what `kitchen runs` lists. */
export interface TraceEndLine {
  kind: 'end';
  at: number;
  outcome: LoopStopReason | 'unfinished';
  durationMs: number;
  tokens: number;
  costCents: number;
  iterations: number;
  toolCalls: number;
  workers: number;
  /** The run's tool calls that were denied at the gate or failed (absent: none, or an older trace). */
  failedToolCalls?: number;
  /** aborted only: who or what stopped the run ("interrupted by SIGHUP", "stopped from the web UI"). */
  stoppedBy?: string;
}

export type TraceLine = TraceRunLine | TraceEventLine | TraceModelCallLine | TraceMcpCallLine | TraceEndLine;

/** A trace read back: its lines, grouped by kind. */
export interface RunTrace {
  run: TraceRunLine;
  events: LoopEvent[];
  modelCalls: TraceModelCallLine[];
  mcpCalls: TraceMcpCallLine[];
  end?: TraceEndLine;
  /** Set when the last line was torn (a run killed mid-write): it was skipped, the rest was read. */
  tornLastLine?: number;
}

const KINDS = new Set(['run', 'event', 'model-call', 'mcp-call', 'end']);

/** Reads a trace file's text; a line that is not a trace line is named with its number. */
export function parseRunTrace(text: string, where = 'the trace'): RunTrace {
  let run: TraceRunLine | undefined;
  const trace: Omit<RunTrace, 'run'> = { events: [], modelCalls: [], mcpCalls: [] };
  const raws = text.split('\n');
  // A run killed while it wrote leaves its last line torn, with no newline after it.
  const lastWritten = text.endsWith('\n') ? -1 : raws.length - 1;
  raws.forEach((raw, index) => {
    if (raw.trim() === '') return;
    let line: TraceLine;
    try {
      line = JSON.parse(raw) as TraceLine;
    } catch (error) {
      if (index === lastWritten) {
        trace.tornLastLine = index + 1;
        return;
      }
      throw new Error(`${where}, line ${index + 1}, is not JSON (${(error as Error).message})`);
    }
    if (typeof line !== 'object' || line === null || !KINDS.has(line.kind))
      throw new Error(
        `${where}, line ${index + 1}, is not a trace line (kind must be run, event, model-call, mcp-call or end)`,
      );
    switch (line.kind) {
      case 'run':
        run = line;
        break;
      case 'event':
        trace.events.push(line.event);
        break;
      case 'model-call':
        trace.modelCalls.push(line);
        break;
      case 'mcp-call':
        trace.mcpCalls.push(line);
        break;
      case 'end':
        trace.end = line;
        break;
    }
  });
  if (run === undefined) throw new Error(`${where} has no "run" line: it is not a kitchen trace`);
  return { run, ...trace };
}

/** The recorded model exchanges of a trace, ready for a ReplayModel. */
export function recordedExchanges(trace: RunTrace): RecordedExchange[] {
  return trace.modelCalls.flatMap((call) =>
    call.response === undefined ? [] : [{ request: call.request, response: call.response }],
  );
}
