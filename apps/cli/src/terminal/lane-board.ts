// What the live board shows, kept from the run's events: one row per agent (the main agent and
// each worker, under its parent) with its state, iteration, tool calls and spend. App side, pure:
// drawing it is render-board.ts, putting it on the screen live-board.ts.

import { type LoopEvent, type LoopStopReason, MAIN_AGENT, withDefined } from '@kitchen/host';

export type LaneState =
  | { kind: 'thinking' }
  /** `progress`: the latest a running call reported ("bake 6/8"). */
  | { kind: 'tools'; progress?: string }
  /** A question waits for an answer: an approval, a sampling request or a form. */
  | { kind: 'waiting'; on: string }
  | { kind: 'ended'; stopReason: LoopStopReason };

export interface LaneRow {
  agent: string;
  name: string;
  parent?: string;
  depth: number;
  state: LaneState;
  iteration: number;
  callsDone: number;
  callsRunning: number;
  tokens: number;
  costCents: number;
}

export interface LaneBoard {
  apply(event: LoopEvent): void;
  /** The rows in tree order: each worker under its parent, in the order they were hired. */
  rows(): LaneRow[];
  /** True once the main agent (and so the run) has ended. */
  ended(): boolean;
}

export function createLaneBoard(): LaneBoard {
  const lanes = new Map<string, Lane>();
  let finished = false;

  const lane = (event: LoopEvent) => {
    let row = lanes.get(event.agent);
    if (row === undefined) {
      // An event before its lane's agent-start (a server asking between runs): the main lane takes it.
      row = newRow(event.agent, event.agent === MAIN_AGENT.id ? MAIN_AGENT.name : `#${event.agent}`, undefined, 0);
      lanes.set(event.agent, row);
    }
    return row;
  };
  const settle = (row: Lane) => {
    if (row.state.kind === 'ended') return;
    row.callsRunning = row.running.size;
    const [question] = row.questions.values();
    row.state =
      question !== undefined
        ? { kind: 'waiting', on: question }
        : row.running.size > 0
          ? { kind: 'tools', ...progressOf(row) }
          : { kind: 'thinking' };
  };

  return {
    apply(event) {
      if (event.type === 'agent-start') {
        const existing = lanes.get(event.agent);
        const row = newRow(event.agent, event.name, event.parent, event.depth);
        lanes.set(
          event.agent,
          existing === undefined
            ? row
            : {
                ...existing,
                ...row,
                running: existing.running,
                questions: existing.questions,
                progress: existing.progress,
              },
        );
        return;
      }
      const row = lane(event);
      switch (event.type) {
        case 'iteration-start':
          row.iteration = event.iteration;
          break;
        case 'tool-call':
          row.running.add(event.callId);
          break;
        case 'tool-result':
          if (row.running.delete(event.callId)) row.callsDone += 1;
          row.progress.delete(event.callId);
          break;
        case 'progress':
          if (row.running.has(event.callId))
            row.progress.set(
              event.callId,
              `${event.tool} ${event.progress}${event.total === undefined ? '' : `/${event.total}`}`,
            );
          break;
        case 'task-status':
          if (row.running.has(event.callId)) row.progress.set(event.callId, `${event.tool} task ${event.status}`);
          break;
        case 'approval-request':
          row.questions.set(event.requestId, `approval of ${event.tool}`);
          break;
        case 'sampling-request':
          row.questions.set(event.requestId, `sampling for ${event.server}`);
          break;
        case 'elicitation-request':
          row.questions.set(event.requestId, `a form from ${event.server}`);
          break;
        case 'approval-response':
          row.questions.delete(event.requestId);
          break;
        case 'sampling-response':
          // A server's model call is spent in the lane whose tool call it came from.
          row.questions.delete(event.requestId);
          row.sampling.tokens += event.inputTokens + event.outputTokens;
          row.sampling.costCents += event.costCents;
          row.tokens += event.inputTokens + event.outputTokens;
          row.costCents += event.costCents;
          break;
        case 'elicitation-response':
          row.questions.delete(event.requestId);
          break;
        case 'usage':
          row.tokens += event.inputTokens + event.outputTokens;
          row.costCents += event.costCents;
          break;
        case 'agent-end':
          // The agent's own count is the truth (retries and refused calls included); it leaves
          // out what servers' sampling spent in its lane.
          Object.assign(row, {
            iteration: event.iterations,
            callsDone: event.toolCalls,
            tokens: event.tokens + row.sampling.tokens,
            costCents: event.costCents + row.sampling.costCents,
          });
          row.running.clear();
          row.questions.clear();
          row.progress.clear();
          row.callsRunning = 0;
          row.state = { kind: 'ended', stopReason: event.stopReason };
          return;
        case 'done':
          finished = true;
          for (const open of lanes.values()) {
            if (open.state.kind !== 'ended') {
              open.running.clear();
              open.callsRunning = 0;
              open.state = { kind: 'ended', stopReason: open.agent === event.agent ? event.stopReason : 'aborted' };
            }
          }
          return;
        default:
          break;
      }
      settle(row);
    },
    rows() {
      const all = [...lanes.values()];
      const ordered: typeof all = [];
      const place = (parent: string | undefined) => {
        for (const row of all) {
          if (row.parent !== parent || ordered.includes(row)) continue;
          ordered.push(row);
          place(row.agent);
        }
      };
      place(undefined);
      // A worker whose parent never started a lane still gets a row.
      for (const row of all) if (!ordered.includes(row)) ordered.push(row);
      return ordered.map(
        ({ running: _running, questions: _questions, progress: _progress, sampling: _sampling, ...row }) => row,
      );
    },
    ended: () => finished,
  };
}

/** A row and what it is built from: the calls running, the questions open, the calls' progress. */
type Lane = LaneRow & {
  running: Set<string>;
  questions: Map<string, string>;
  progress: Map<string, string>;
  sampling: { tokens: number; costCents: number };
};

/** The most recent progress among a lane's running calls. */
function progressOf(lane: Lane): { progress?: string } {
  const latest = [...lane.progress.values()].at(-1);
  return latest === undefined ? {} : { progress: latest };
}

function newRow(agent: string, name: string, parent: string | undefined, depth: number): Lane {
  return {
    agent,
    name,
    ...withDefined({ parent }),
    depth,
    state: { kind: 'thinking' } as LaneState,
    iteration: 0,
    callsDone: 0,
    callsRunning: 0,
    tokens: 0,
    costCents: 0,
    running: new Set<string>(),
    questions: new Map<string, string>(),
    progress: new Map<string, string>(),
    sampling: { tokens: 0, costCents: 0 },
  };
}
