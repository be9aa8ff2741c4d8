// How the page says a run ended, in one short phrase with its mark: the same outcome as the CLI's
// exit code and `kitchen runs` (done, partly done, stopped, failed, interrupted), so an answer
// after failed calls or a dead server never reads as a clean "✅ finished". App side, browser and
// Node alike: no DOM, unit-tested in Node.

import { outcomeOfDone } from '@kitchen/runtime/runs/run-outcome';
import { outcomeWords, plural } from './lane-words.js';
import type { DoneEvent } from './lanes.js';

/** "✅ finished", "⚠️ partly done: 2 tool calls failed", "❌ failed: cookie-jars went down", "⚠️ stopped by you". */
export function runEndWords(
  done: Pick<DoneEvent, 'stopReason' | 'failedToolCalls' | 'stoppedBy'>,
  /** Servers the run used that died while it ran and are not back. */
  downServers: readonly string[] = [],
): string {
  const failed = done.failedToolCalls ?? 0;
  const outcome = outcomeOfDone(done, downServers.length > 0);
  const wentDown = downServers.length === 0 ? '' : `${downServers.join(', ')} went down`;
  const calls = failed === 0 ? '' : `${plural(failed, 'tool call')} denied or failed`;
  const why = [wentDown, calls].filter((part) => part !== '').join(', ');
  switch (outcome) {
    case 'done':
      return '✅ finished';
    case 'partly done':
      return `⚠️ partly done: ${why}`;
    case 'failed':
      return done.stopReason === 'end_turn' ? `❌ failed: ${why}` : `❌ ${outcomeWords(done.stopReason)}`;
    case 'stopped':
    case 'interrupted':
      return `⚠️ ${outcomeWords(done.stopReason, done.stoppedBy)}${why === '' ? '' : ` (${why})`}`;
  }
}
