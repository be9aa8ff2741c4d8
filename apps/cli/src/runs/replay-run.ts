// `kitchen replay RUN`: shows a recorded run again in the terminal, event by event, keeping the
// recorded gaps between events divided by --speed (0: all at once). App side; nothing is started,
// no model or server is asked.

import type { LoopEvent } from '@kitchen/host';
import { type ReplayTiming, replayEvents } from '@kitchen/runtime/runs/replay-events';
import type { RunTrace } from '@kitchen/runtime/runs/run-trace';
import { cleanText } from '@kitchen/runtime/text/clean-text';
import { describeModel } from '@kitchen/runtime/text/describe-model';
import { renderSummary } from '../terminal/render-summary.js';

export interface ReplayOptions extends ReplayTiming {
  write: (event: LoopEvent) => void;
  say: (line: string) => void;
  color: boolean;
}

/** Renders every event of the trace through `write`; resolves to the events shown. */
export async function replayRun(trace: RunTrace, options: ReplayOptions): Promise<LoopEvent[]> {
  const { run } = trace;
  // The trace is stored text (a task, a model name anyone could have written): printed cleaned.
  options.say(
    cleanText(`📼 replay of ${run.id}: ${describeModel(run.model)}, recorded ${new Date(run.startedAt).toISOString()}`),
  );
  options.say(`📝 ${cleanText(run.task)}`);
  const shown: LoopEvent[] = [];
  for await (const event of replayEvents(trace, options)) {
    options.write(event);
    shown.push(event);
  }
  if (trace.tornLastLine !== undefined)
    options.say(
      `⚠️ line ${trace.tornLastLine} of the trace was torn (the run was killed while writing it) and was skipped`,
    );
  const done = trace.events.find((event) => event.type === 'done');
  if (done?.type !== 'done' || trace.end === undefined) {
    const last = trace.events.at(-1);
    const where = last === undefined ? 'before its first event' : `after ${describeLast(last, run.startedAt)}`;
    options.say(`⚠️ the trace was cut off ${where}: the run has no end record (it was killed, or is still running)`);
  }
  if (done?.type === 'done') {
    options.say(
      renderSummary(
        { done, model: run.model, wallMs: trace.end?.durationMs ?? done.at - run.startedAt },
        options.color,
      ),
    );
  }
  return shown;
}

/** "event 42 (a tool-result in lane 2), 3.1 s into the run". */
function describeLast(event: LoopEvent, startedAt: number): string {
  const seconds = ((event.at - startedAt) / 1000).toFixed(1);
  return `a ${event.type} event in lane ${event.agent}, ${seconds} s into the run`;
}
