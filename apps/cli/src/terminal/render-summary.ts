// The closing line of a terminal run: what it cost and which model did it. App side.

import { type DoneEvent, formatCents, formatDuration, formatTokens } from '@kitchen/host';
import { plural } from '@kitchen/runtime/format';
import { cleanText } from '@kitchen/runtime/text/clean-text';
import { describeModel } from '@kitchen/runtime/text/describe-model';
import { paint } from './paint.js';

export interface RunSummary {
  done: DoneEvent;
  /** The model's human label and pricing id (Model.label, Model.id). */
  model: { label: string; id: string };
  wallMs: number;
  /** What servers' sampling requests cost (already inside done.costCents); shown when above 0. */
  samplingCents?: number;
  /** The tree budget's cap, so the line says how much of it was spent. */
  treeTokens?: number;
  /** A local model with no price in the config: its cost reads "local", not a Claude price. */
  unpriced?: boolean;
}

/** One line: iterations, tool calls, tokens (of the cap), cost (of which sampling), wall time, model. */
export function renderSummary(summary: RunSummary, colour: boolean): string {
  const { done } = summary;
  const parts = [
    plural(done.iterations, 'iteration'),
    plural(done.toolCalls, 'tool call'),
    summary.treeTokens === undefined
      ? `${formatTokens(done.tokens)} tokens`
      : `${formatTokens(done.tokens)} of ${formatTokens(summary.treeTokens)} tree tokens`,
    (summary.unpriced && done.costCents === 0 ? 'local' : formatCents(done.costCents)) +
      (summary.samplingCents ? ` (sampling ${formatCents(summary.samplingCents)})` : ''),
    formatDuration(summary.wallMs),
    // A replayed or rerun trace's model name is stored text anyone could have written.
    `model: ${cleanText(describeModel(summary.model))}`,
  ];
  return paint('dim', `📊 ${done.stopReason} · ${parts.join(' · ')}`, colour);
}
