// @ts-check
// What the page says about lanes, calls and runs, in words and numbers, and how it makes
// untrusted text safe to show. App side, browser and Node alike: no DOM, unit-tested in Node.

/**
 * @typedef {import('@kitchen/host').DoneEvent} DoneEvent
 * @typedef {import('./lanes.js').Lane} Lane
 * @typedef {import('./lanes.js').SamplingEntry} SamplingEntry
 */

/** The top-level agent's lane id. */
export const ROOT_AGENT = 'main';

/** @param {Lane} lane */
export function laneTitle(lane) {
  if (lane.id === ROOT_AGENT) return 'main';
  return lane.name === lane.id ? `#${lane.id}` : `#${lane.id} ${cleanDisplayText(lane.name)}`;
}

/** "running · iteration 2", "✅ ended · 3 iterations · 12,345 tokens · end_turn". @param {Lane} lane */
export function laneStatusText(lane) {
  if (lane.status === 'running') {
    const waiting = lane.waiting > 0 ? ' · ✋ waiting for you' : '';
    return `running${lane.iteration > 0 ? ` · iteration ${lane.iteration}` : ''}${waiting}`;
  }
  const mark = lane.stopReason === 'end_turn' ? '✅' : '⚠️';
  return `${mark} ended · ${plural(lane.iterations, 'iter')} · ${formatTokens(lane.tokens)} tokens · ${lane.stopReason ?? 'unknown'}`;
}

/** "cookie-jars.inspect_jar", or the plain name of a local tool. @param {string} server @param {string} tool */
export function toolLabel(server, tool) {
  if (server === 'local' || server === '') return cleanDisplayText(tool);
  // A name the toolbox namespaced because two servers clash ("dice__roll") already says its server.
  const ownName = tool.startsWith(`${server}__`) ? tool.slice(server.length + 2) : tool;
  return `${cleanDisplayText(server)}.${cleanDisplayText(ownName)}`;
}

/** "the kitchen is asking to spend 6.0¢". @param {SamplingEntry} entry */
export function samplingHeadline(entry) {
  return `the kitchen is asking to spend ${formatCents(entry.costCents)}`;
}

/**
 * The line under the report, as the terminal prints it: what the whole run cost and who ran it.
 * @param {DoneEvent} done
 * @param {{ startedAt?: number; model?: string; maxTreeTokens?: number; samplingCents?: number }} [about]
 */
export function summaryLine(done, about = {}) {
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

/** Strips control characters (tab and newline stay) and bidi overrides. @param {string} text */
export function cleanDisplayText(text) {
  return String(text).replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTER, '');
}

/** One line of at most `maxLength` characters, ending with … when cut. @param {string} text @param {number} maxLength */
export function shortenText(text, maxLength) {
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

const wholeNumbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 14654 → "14,654". @param {number} tokens */
export function formatTokens(tokens) {
  return wholeNumbers.format(tokens);
}

/** "6.0¢" below a dollar, "$1.23" above. @param {number} cents */
export function formatCents(cents) {
  return cents < 100 ? `${cents.toFixed(1)}¢` : `$${(cents / 100).toFixed(2)}`;
}

/** 850 → "850 ms", 2345 → "2.3 s", 65000 → "1 min 5 s". @param {number} milliseconds */
export function formatDuration(milliseconds) {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  if (milliseconds < 60_000) return `${(milliseconds / 1000).toFixed(1)} s`;
  const seconds = Math.round(milliseconds / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** "1 iter", "3 iters". @param {number} count @param {string} singular */
export function plural(count, singular) {
  return `${formatTokens(count)} ${count === 1 ? singular : `${singular}s`}`;
}

/**
 * One line for a part of a tool result beyond its text: "🖼 image/png 12 KB", "🔗 Jar 7 jar://7".
 * @param {import('@kitchen/host').ToolResultAttachment} attachment
 */
export function attachmentText(attachment) {
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

/** 900 → "900 B", 12_345 → "12 KB". @param {number} bytes */
function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
