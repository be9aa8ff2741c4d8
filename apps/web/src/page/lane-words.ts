// What the page says about lanes, calls and runs, in words and numbers, and how it makes
// untrusted text safe to show. App side, browser and Node alike: no DOM, unit-tested in Node.

import type { DoneEvent, ToolResultAttachment } from '@kitchen/host';
import { formatBytes, formatCents, formatDuration, formatTokens, plural } from '@kitchen/runtime/format';
import type { Lane, SamplingEntry } from './lanes.js';

// Money, tokens and durations read as the terminal writes them: the host's one formatter.
export { formatCents, formatDuration, formatTokens, plural };

/** The top-level agent's lane id. */
export const ROOT_AGENT = 'main';

export function laneTitle(lane: Lane): string {
  if (lane.id === ROOT_AGENT) return 'main';
  return lane.name === lane.id ? `#${lane.id}` : `#${lane.id} ${cleanDisplayText(lane.name)}`;
}

/** "running · iteration 2", "✅ ended · 3 iterations · 12,345 tokens · end_turn" */
export function laneStatusText(lane: Lane): string {
  if (lane.status === 'running') {
    const waiting = lane.waiting > 0 ? ' · ✋ waiting for you' : '';
    return `running${lane.iteration > 0 ? ` · iteration ${lane.iteration}` : ''}${waiting}`;
  }
  const mark = lane.stopReason === 'end_turn' ? '✅' : '⚠️';
  return `${mark} ended · ${plural(lane.iterations, 'iter')} · ${formatTokens(lane.tokens)} tokens · ${lane.stopReason ?? 'unknown'}`;
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
  about: { startedAt?: number; model?: string; maxTreeTokens?: number; samplingCents?: number } = {},
): string {
  const { startedAt, model, maxTreeTokens, samplingCents } = about;
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
  return `📊 ${done.stopReason} · ${parts.join(' · ')}`;
}

// ---- Text: server and model text is untrusted; the page inserts it with textContent only ----

// Control characters and bidirectional overrides can make text read differently from its bytes.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Strips control characters (tab and newline stay) and bidi overrides. */
export function cleanDisplayText(text: string): string {
  return String(text).replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTER, '');
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
