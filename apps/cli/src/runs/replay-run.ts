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
  const done = trace.events.find((event) => event.type === 'done');
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
