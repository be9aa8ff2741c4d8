// The line above the lanes that says how the run on the kitchen web page is going: its address,
// its state, its lanes, what it cost and the tree's tokens against the budget. App side, in the
// browser.

import { formatCents, formatDuration, formatTokens } from './lane-words.js';

/** One word for the run's state, for the waiting banner: done, stopped, unfinished or running. */
export function runWord(run) {
  if (!run) return undefined;
  if (run.view.done) return run.view.done.stopReason === 'end_turn' ? '✅ done' : '⚠️ stopped';
  if (run.closed) return '⚠️ unfinished';
  return '⏳ running';
}

/**
 * @param {{ runLink: HTMLAnchorElement; runState: HTMLElement; runCost: HTMLElement;
 *   treeText: HTMLElement; treeMeter: HTMLMeterElement }} parts
 */
export function drawRunLine(parts, run, maxTreeTokens) {
  const { view } = run;
  const lanes = view.lanes.length;
  const ended = view.lanes.filter((lane) => lane.status === 'ended').length;
  const state = view.done
    ? view.done.stopReason === 'end_turn'
      ? '✅ done'
      : `⚠️ stopped (${view.done.stopReason})`
    : run.closed
      ? '⚠️ unfinished (the kitchen stopped)'
      : '⏳ running';
  parts.runLink.textContent = run.runId;
  parts.runLink.href = `?run=${encodeURIComponent(run.runId)}`;
  const pace = run.paceMs > 0 ? ` · pace ${formatDuration(run.paceMs)} per model call` : '';
  const recorded =
    run.replaySpeed !== undefined
      ? ` · 📼 replay ${run.replaySpeed === 0 ? 'all at once' : `at ${run.replaySpeed}×`}`
      : run.live
        ? ''
        : ' · from its trace';
  parts.runState.textContent = `${state} · ${lanes} ${lanes === 1 ? 'lane' : 'lanes'}, ${ended} ended${pace}${recorded}`;
  const spent = view.done ? view.done.tokens : view.treeTokens;
  const max = maxTreeTokens;
  parts.treeText.textContent = `tree tokens ${formatTokens(spent)} of ${formatTokens(max)}`;
  // The meter turns amber past half the budget and red past 80%.
  parts.treeMeter.max = max;
  parts.treeMeter.low = max * 0.5;
  parts.treeMeter.high = max * 0.8;
  parts.treeMeter.optimum = 0;
  parts.treeMeter.value = spent;
  const waited = view.lanes.reduce((sum, lane) => sum + lane.waitedMs, 0);
  const cents = view.done ? view.done.costCents : view.costCents + view.samplingCents;
  parts.runCost.textContent = `${formatCents(cents)}${view.samplingCents ? ` (sampling ${formatCents(view.samplingCents)})` : ''}${waited > 0 ? ` · ✋ ${formatDuration(waited)} waiting for you` : ''}`;
}
