// What the page says about lanes, calls and runs, in words and numbers, and how it makes
// untrusted text safe to show. App side, browser and Node alike: no DOM, unit-tested in Node.

import type { DoneEvent, LoopStopReason, ToolResultAttachment } from '@kitchen/host';
import { formatBytes, formatCents, formatDuration, formatTokens, plural } from '@kitchen/runtime/format';
import { outcomeOfDone } from '@kitchen/runtime/runs/run-outcome';
import { removeControls } from '@kitchen/runtime/text/clean-text';
import type { RunListing } from './kitchen-api.js';
import type { Lane, SamplingEntry } from './lanes.js';

// Money, tokens and durations read as the terminal writes them: the host's one formatter.
export { formatCents, formatDuration, formatTokens, plural };

/** The top-level agent's lane id. */
export const ROOT_AGENT = 'main';

export function laneTitle(lane: Lane): string {
  if (lane.id === ROOT_AGENT) return 'main';
  return lane.name === lane.id ? `#${lane.id}` : `#${lane.id} ${cleanDisplayText(lane.name)}`;
}

/** How an agent's run ended, in a presenter's words rather than the API's ("end_turn", "aborted"). */
const OUTCOME_WORDS: Record<LoopStopReason, string> = {
  end_turn: 'finished',
  aborted: 'stopped',
  max_tokens: 'cut off: its answer hit the token limit',
  max_iterations: 'cut off: too many iterations',
  budget: 'cut off: the token budget ran out',
  refusal: 'the model refused',
  error: 'failed with an error',
  seatbelt: 'stopped by the seatbelt',
};

/** Why the kitchen stops a run or a lane the person at the page stopped (the host records it as `stoppedBy`). */
export const STOPPED_FROM_THE_PAGE = 'stopped from the web page';

/**
 * "finished", "stopped by you", "stopped: interrupted by SIGTERM", "cut off: …"; a reason this
 * page does not know, as it came. A stop is the person's only when the host recorded it so.
 */
export function outcomeWords(stopReason: string | undefined, stoppedBy?: string): string {
  if (stopReason === undefined) return 'ended';
  if (stopReason === 'aborted' && stoppedBy !== undefined)
    return stoppedBy === STOPPED_FROM_THE_PAGE ? 'stopped by you' : `stopped: ${cleanDisplayText(stoppedBy)}`;
  return cleanDisplayText((OUTCOME_WORDS as Record<string, string | undefined>)[stopReason] ?? stopReason);
}

/**
 * "running · iteration 2 · 3 tool calls", "✅ finished · 3 iters · 12 tool calls". The tokens
 * are the lane's money line (lane-view.ts), not said twice.
 */
export function laneStatusText(lane: Lane): string {
  const calls = plural(lane.toolCalls, 'tool call');
  if (lane.status === 'running') {
    const waiting = lane.waiting > 0 ? ' · ✋ waiting for you' : '';
    return `running${lane.iteration > 0 ? ` · iteration ${lane.iteration}` : ''} · ${calls}${waiting}`;
  }
  const failed = failedCalls(lane);
  const mark = lane.stopReason === 'end_turn' && failed === 0 ? '✅' : '⚠️';
  const failures = failed === 0 ? '' : ` (${failed} failed)`;
  return `${mark} ${outcomeWords(lane.stopReason, lane.stoppedBy)} · ${plural(lane.iterations, 'iter')} · ${calls}${failures}`;
}

/** The lane's tool calls that did not do their work: an error result, or denied at the gate. */
export function failedCalls(lane: Pick<Lane, 'calls'>): number {
  let failed = 0;
  for (const call of lane.calls.values()) if (call.result?.isError === true) failed += 1;
  return failed;
}

/** The offline model's label, as describe-model.ts writes it. */
const OFFLINE_MODEL = 'offline model';

/** What a run's cost is priced as: said for the offline model, which costs nothing to run. */
export function priceNote(model: string): string {
  return model.startsWith(OFFLINE_MODEL) ? 'offline model, priced as Claude Sonnet' : '';
}

/** "cookie-jars.inspect_jar", or the plain name of a local tool. */
export function toolLabel(server: string, tool: string): string {
  if (server === 'local' || server === '') return cleanDisplayText(tool);
  // A name the toolbox namespaced because two servers clash ("dice__roll") already says its server.
  const ownName = tool.startsWith(`${server}__`) ? tool.slice(server.length + 2) : tool;
  return `${cleanDisplayText(server)}.${cleanDisplayText(ownName)}`;
}

/** "the kitchen is asking to spend 6.0¢". */
export function samplingHeadline(entry: SamplingEntry): string {
  return `the kitchen is asking to spend ${formatCents(entry.costCents)}`;
}

/**
 * The line under the report, as the terminal prints it: what the whole run cost and who ran it.
 */
export function summaryLine(
  done: DoneEvent,
  about: {
    startedAt?: number;
    model?: string;
    maxTreeTokens?: number;
    samplingCents?: number;
    /** A server of the run went down while it ran (server-news.ts). */
    serverDied?: boolean;
  } = {},
): string {
  const { startedAt, model, maxTreeTokens, samplingCents, serverDied = false } = about;
  const parts = [
    plural(done.iterations, 'iteration'),
    plural(done.toolCalls, 'tool call'),
    maxTreeTokens === undefined
      ? `${formatTokens(done.tokens)} tokens`
      : `${formatTokens(done.tokens)} of ${formatTokens(maxTreeTokens)} tree tokens`,
    formatCents(done.costCents) + (samplingCents ? ` (sampling ${formatCents(samplingCents)})` : ''),
    ...(startedAt === undefined ? [] : [formatDuration(done.at - startedAt)]),
    ...(model === undefined ? [] : [`model: ${cleanDisplayText(model)}`]),
  ];
  // The run's outcome, as the CLI's and kitchen runs': an answer after failures is not "finished".
  const outcome = outcomeOfDone(done, serverDied);
  const word =
    outcome === 'partly done' || (outcome === 'failed' && done.stopReason === 'end_turn')
      ? outcome
      : outcomeWords(done.stopReason, done.stoppedBy);
  return `📊 ${word} · ${parts.join(' · ')}`;
}

/** A listed run's outcome word (the same as `kitchen runs`), as a presenter says it. */
const RUN_OUTCOME_WORDS: Record<string, string> = { done: 'finished' };

/** "finished · 12.3¢ · 4 workers · 38 s": how a run ended and what it cost. */
export function recentRunAbout(run: Pick<RunListing, 'outcome' | 'costCents' | 'workers' | 'durationMs'>): string {
  return [
    RUN_OUTCOME_WORDS[run.outcome] ?? outcomeWords(run.outcome),
    formatCents(run.costCents),
    ...(run.workers > 0 ? [plural(run.workers, 'worker')] : []),
    formatDuration(run.durationMs),
  ].join(' · ');
}

/** "today 21:03:12", "yesterday 09:15:40", "3 Nov 14:02:07": a run's start, to the second. */
export function whenStarted(startedAt: number, now: number): string {
  const started = new Date(startedAt);
  const time = started.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const day = (at: Date) => at.toDateString();
  const today = new Date(now);
  const yesterday = new Date(now - 86_400_000);
  if (day(started) === day(today)) return `today ${time}`;
  if (day(started) === day(yesterday)) return `yesterday ${time}`;
  return `${started.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

// ---- Text: server and model text is untrusted; the page inserts it with textContent only ----

// Control characters and bidirectional overrides can make text read differently from its bytes.
// The runtime's cleaner, as the terminal's: whole escape sequences go, not only their ESC, so a
// stored "\u001b[2J" leaves no "[2J" behind.

/** Strips escape sequences, control characters (tab and newline stay) and bidi controls. */
export function cleanDisplayText(text: string): string {
  return removeControls(String(text).replace(/\r\n?/g, '\n'));
}

/** One line of at most `maxLength` characters, ending with … when cut. */
export function shortenText(text: string, maxLength: number): string {
  // Cleaning a megabyte to show a hundred characters is waste; keep a generous head only.
  const cut = text.length > maxLength * 8;
  const line = cleanDisplayText(cut ? text.slice(0, maxLength * 8) : text)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  const characters = Array.from(line);
  if (characters.length <= maxLength) return cut ? `${line}…` : line;
  return `${characters
    .slice(0, Math.max(0, maxLength - 1))
    .join('')
    .trimEnd()}…`;
}

/**
 * One line for a part of a tool result beyond its text: "🖼 image/png 12 KB", "🔗 Jar 7 jar://7".
 */
export function attachmentText(attachment: ToolResultAttachment): string {
  switch (attachment.kind) {
    case 'image':
      return `🖼 ${attachment.mimeType} ${formatBytes(attachment.bytes)}${attachment.toModel ? '' : ' (described to the model, not shown)'}`;
    case 'audio':
      return `🔊 ${attachment.mimeType} ${formatBytes(attachment.bytes)} (described to the model, not played)`;
    case 'resource':
      return `📎 ${cleanDisplayText(attachment.uri)} ${formatBytes(attachment.bytes)}${attachment.text ? '' : ' binary'}`;
    case 'resource-link':
      return `🔗 ${cleanDisplayText(attachment.name)} ${cleanDisplayText(attachment.uri)}`;
    case 'structured':
      return `{…} structured content: ${cleanDisplayText(JSON.stringify(attachment.value)).slice(0, 200)}`;
    case 'for-user':
      return `👤 for you only: ${cleanDisplayText(attachment.text)}`;
  }
}
