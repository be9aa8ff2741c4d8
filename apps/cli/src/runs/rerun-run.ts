// `kitchen rerun RUN`: runs a recorded task again against live servers with the recorded model
// responses (a ReplayModel), so the only thing that can change is what the servers answer; then
// says where the new run diverges from the recording. App side.

import { type DoneEvent, type LoopEvent, ReplayModel, type ToolResultEvent, withDefined } from '@kitchen/host';
import type { KitchenHost, KitchenRunOptions } from '@kitchen/runtime/kitchen-host';
import { type RunTrace, recordedExchanges } from '@kitchen/runtime/runs/run-trace';
import { cleanText } from '@kitchen/runtime/text/clean-text';

/** One place where the rerun did not do what the recording did. */
export type Divergence =
  | { kind: 'tool-result'; callId: string; agent: string; tool: string; server: string; recorded: string; now: string }
  | { kind: 'missing-call'; callId: string; agent: string; tool: string; server: string }
  | { kind: 'extra-call'; callId: string; agent: string; tool: string; server: string }
  | { kind: 'final-text'; recorded: string; now: string }
  | { kind: 'stop-reason'; recorded: string; now: string };

export interface RerunResult {
  events: LoopEvent[];
  done?: DoneEvent;
  divergences: Divergence[];
  /** Recorded model responses the rerun did not ask for. */
  unusedResponses: number;
}

export interface RerunOptions extends Omit<KitchenRunOptions, 'task' | 'model'> {
  /** Each event as the rerun makes it (for a live view). */
  onEvent?: (event: LoopEvent) => void;
}

/** Runs the trace's task on `host` with the recorded model responses and compares the outcome. */
export async function rerunRun(trace: RunTrace, host: KitchenHost, options: RerunOptions = {}): Promise<RerunResult> {
  const model = new ReplayModel(recordedExchanges(trace));
  const events: LoopEvent[] = [];
  const { onEvent, ...runOptions } = options;
  const seen = (event: LoopEvent) => {
    events.push(event);
    onEvent?.(event);
  };
  for await (const event of host.run({
    ...runOptions,
    task: trace.run.task,
    model,
    emit: (event) => {
      seen(event);
      runOptions.emit?.(event);
    },
  }))
    seen(event);
  const done = events.find((event): event is DoneEvent => event.type === 'done');
  return {
    events,
    ...withDefined({ done }),
    divergences: compareRuns(trace.events, events),
    unusedResponses: model.remaining,
  };
}

/** Tool results compared by call id (the recorded model chose the ids), then the final report. */
export function compareRuns(recorded: readonly LoopEvent[], now: readonly LoopEvent[]): Divergence[] {
  const divergences: Divergence[] = [];
  const before = toolResults(recorded);
  const after = toolResults(now);
  for (const [callId, old] of before) {
    const fresh = after.get(callId);
    const where = { callId, agent: old.agent, tool: old.tool, server: old.server };
    if (fresh === undefined) divergences.push({ kind: 'missing-call', ...where });
    else if (fresh.content !== old.content || fresh.isError !== old.isError)
      divergences.push({ kind: 'tool-result', ...where, recorded: old.content, now: fresh.content });
  }
  for (const [callId, fresh] of after) {
    if (!before.has(callId))
      divergences.push({ kind: 'extra-call', callId, agent: fresh.agent, tool: fresh.tool, server: fresh.server });
  }
  const oldDone = recorded.find((event): event is DoneEvent => event.type === 'done');
  const newDone = now.find((event): event is DoneEvent => event.type === 'done');
  if (oldDone !== undefined && newDone !== undefined) {
    if (oldDone.stopReason !== newDone.stopReason)
      divergences.push({ kind: 'stop-reason', recorded: oldDone.stopReason, now: newDone.stopReason });
    if (oldDone.finalText !== newDone.finalText)
      divergences.push({ kind: 'final-text', recorded: oldDone.finalText, now: newDone.finalText });
  }
  return divergences;
}

function toolResults(events: readonly LoopEvent[]): Map<string, ToolResultEvent> {
  const results = new Map<string, ToolResultEvent>();
  for (const event of events) if (event.type === 'tool-result') results.set(event.callId, event);
  return results;
}

/** The rerun's verdict for a person: a match, or each divergence with a line diff. */
export function renderDivergences(result: RerunResult): string {
  if (result.divergences.length === 0)
    return `✅ the rerun matches its recording: ${result.events.filter((event) => event.type === 'tool-result').length} tool results and the final report are the same\n`;
  const lines = [`❗ the rerun diverges from its recording in ${result.divergences.length} place(s):`];
  for (const divergence of result.divergences) {
    switch (divergence.kind) {
      case 'tool-result':
        lines.push(
          `  ${divergence.server}/${divergence.tool} (agent ${divergence.agent}, ${divergence.callId}) answered differently:`,
        );
        lines.push(...lineDiff(divergence.recorded, divergence.now).map((line) => `    ${line}`));
        break;
      case 'missing-call':
        lines.push(
          `  ${divergence.server}/${divergence.tool} (agent ${divergence.agent}, ${divergence.callId}) was not called this time`,
        );
        break;
      case 'extra-call':
        lines.push(
          `  ${divergence.server}/${divergence.tool} (agent ${divergence.agent}, ${divergence.callId}) was called only this time`,
        );
        break;
      case 'stop-reason':
        lines.push(`  the run stopped with ${divergence.now}, the recording with ${divergence.recorded}`);
        break;
      case 'final-text':
        lines.push('  the final report differs:');
        lines.push(...lineDiff(divergence.recorded, divergence.now).map((line) => `    ${line}`));
        break;
    }
  }
  if (result.unusedResponses > 0)
    lines.push(`  ${result.unusedResponses} recorded model response(s) were not asked for`);
  // Tool results and reports are a server's and a model's text, recorded and now: printed cleaned.
  return `${lines.map((line) => cleanText(line, { keepNewlines: true })).join('\n')}\n`;
}

/** A small line diff: the lines only the recording has (-) and only the rerun has (+), at most 12. */
export function lineDiff(recorded: string, now: string): string[] {
  const oldLines = recorded.split('\n');
  const newLines = now.split('\n');
  const newSet = new Set(newLines);
  const oldSet = new Set(oldLines);
  const diff = [
    ...oldLines.filter((line) => !newSet.has(line)).map((line) => `- ${line}`),
    ...newLines.filter((line) => !oldSet.has(line)).map((line) => `+ ${line}`),
  ];
  return diff.length > 12 ? [...diff.slice(0, 12), `… ${diff.length - 12} more changed line(s)`] : diff;
}
