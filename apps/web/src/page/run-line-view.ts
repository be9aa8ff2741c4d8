// The line above the lanes that says how the run on the kitchen web page is going: its address,
// its state, its lanes, what it cost and the tree's tokens against the budget. App side, in the
// browser.

import { cleanDisplayText, formatCents, formatDuration, formatTokens, priceNote } from './lane-words.js';
import type { PageRun } from './page-run.js';
import { runEndWords } from './run-state-words.js';

/** One word for the run's state, for the waiting banner: finished, partly done, stopped, unfinished or running. */
export function runWord(run: PageRun | undefined): string | undefined {
  if (!run) return undefined;
  if (run.view.done) return runEndWords(run.view.done, [...run.serversDown]).replace(/:.*$/, '');
  if (run.closed) return '⚠️ unfinished';
  return '⏳ running';
}

export interface RunLineParts {
  runLink: HTMLAnchorElement;
  runState: HTMLElement;
  runCost: HTMLElement;
  runPrice: HTMLElement;
  treeText: HTMLElement;
  treeMeter: HTMLMeterElement;
}

export function drawRunLine(parts: RunLineParts, run: PageRun, maxTreeTokens: number): void {
  const { view } = run;
  const downServers = [...run.serversDown].sort();
  const lanes = view.lanes.length;
  const ended = view.lanes.filter((lane) => lane.status === 'ended').length;
  const down = downServers.length === 0 ? '' : ` · 🔌 ${cleanDisplayText(downServers.join(', '))} down`;
  const state = view.done
    ? runEndWords(view.done, downServers)
    : run.closed
      ? '⚠️ unfinished (the kitchen stopped)'
      : '⏳ running';
  parts.runLink.textContent = cleanDisplayText(run.runId);
  parts.runLink.href = `?run=${encodeURIComponent(run.runId)}`;
  const pace = run.paceMs > 0 ? ` · pace ${formatDuration(run.paceMs)} per model call` : '';
  const recorded =
    run.replaySpeed !== undefined
      ? ` · 📼 replay ${run.replaySpeed === 0 ? 'all at once' : `at ${run.replaySpeed}×`}`
      : run.live
        ? ''
        : ' · from its trace';
  parts.runState.textContent = `${state}${view.done ? '' : down} · ${lanes} ${lanes === 1 ? 'lane' : 'lanes'}, ${ended} ended${pace}${recorded}`;
  const spent = view.done ? view.done.tokens : view.treeTokens;
  const max = maxTreeTokens;
  parts.treeText.textContent = `tree tokens ${formatTokens(spent)} of ${formatTokens(max)}`;
  // The meter turns amber past half the budget and red past 80%.
  parts.treeMeter.max = max;
  parts.treeMeter.low = max * 0.5;
  parts.treeMeter.high = max * 0.8;
  parts.treeMeter.optimum = 0;
  parts.treeMeter.value = spent;
  // The union of the times some question was open, not the lanes' times added up.
  const waited = view.waitedMs;
  const cents = view.done ? view.done.costCents : view.costCents + view.samplingCents;
  parts.runPrice.textContent = priceNote(run.model);
  parts.runCost.textContent = `${formatCents(cents)}${view.samplingCents ? ` (sampling ${formatCents(view.samplingCents)})` : ''}${waited > 0 ? ` · ✋ ${formatDuration(waited)} waiting for you` : ''}`;
}
