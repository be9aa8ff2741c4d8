// Draws one entry of a lane: an iteration mark, the model's text, a tool call with its progress,
// its questions and its result (JSON folded and highlighted, long text folded), a server's log
// line. App side, in the browser; every piece of server or model text goes in with textContent.

import { renderToolApp } from './app-view.js';
import { renderAttachment } from './attachment-view.js';
import { el } from './dom.js';
import { parseJsonObject, renderJson } from './json-view.js';
import { cleanDisplayText, formatDuration, shortenText, toolLabel } from './lane-words.js';
import type { LaneEntry, QuestionEntry, ToolEntry, ToolResult } from './lanes.js';
import { renderQuestion, toolName } from './question-view.js';

/** Text longer than this is shown folded, its first line as the summary. */
const FOLD_TEXT_AT = 600;
/** Characters of one result drawn in the page; the trace keeps all of it. */
const MOST_RESULT_CHARACTERS = 20_000;

/**
 * The <li> for one lane entry; drawn again, whole, each time the entry changes.
 * `laneTitleOf(id)` names another lane, for the link from a spawn_agent call to the worker it hired.
 */
export function renderEntry(entry: LaneEntry, laneTitleOf = (id: string) => `#${id}`): HTMLLIElement {
  switch (entry.kind) {
    case 'approval':
    case 'sampling':
    case 'elicitation':
      return el('li', 'entry', undefined, renderQuestion(entry, false));
    case 'iteration':
      return el('li', 'entry iteration', `iteration ${entry.iteration}`);
    case 'text':
      return el('li', 'entry text', undefined, foldedText(entry.text));
    case 'tool':
      return renderToolEntry(entry, laneTitleOf);
    case 'log':
      // A server's own log line (notifications/message, or stderr of a stdio server), in its name.
      return el(
        'li',
        `entry log level-${entry.level}`,
        `📜 ${entry.server}${entry.logger ? `/${entry.logger}` : ''} ${entry.level}: ${shortenText(cleanDisplayText(entry.text), 200)}`,
      );
  }
  return el('li', 'entry');
}

/** Long text folds behind its first line; short text is shown as it is. */
function foldedText(text: string): HTMLElement {
  const clean = cleanDisplayText(text);
  if (clean.length <= FOLD_TEXT_AT) return el('span', 'text-body', clean);
  const details = el('details', 'text-fold', undefined, el('summary', '', shortenText(clean, 160)));
  details.append(el('div', 'text-body', clean));
  return details;
}

function renderToolEntry(entry: ToolEntry, laneTitleOf: (id: string) => string): HTMLLIElement {
  const call = el(
    'div',
    'call',
    undefined,
    el('span', 'arrow', '→'),
    toolName(entry.server, entry.tool),
    // The model saw another name than the server's own (a clash, or a name the model API refuses).
    entry.serverTool === undefined ? null : el('span', 'server-tool', `(on ${entry.server}: ${entry.serverTool})`),
    el('code', 'arguments', shortenText(JSON.stringify(entry.input), 90)),
  );
  if (entry.worker !== undefined) {
    // The worker this call hired, and (in its lane header) the way back.
    const link = el('a', 'worker-link', `hired lane ${laneTitleOf(entry.worker)} ↘`);
    link.href = `#lane-${entry.worker}`;
    call.append(link);
  }
  const item = el(
    'li',
    `entry tool${entry.result ? '' : ' pending'}${entry.result?.isError ? ' failed' : ''}`,
    undefined,
    call,
  );
  item.id = `call-${entry.callId}`;
  for (const question of entry.questions) item.append(renderQuestion(question, true));
  if (entry.progress && !entry.result) {
    const bar = el('progress');
    if (entry.progress.total !== undefined) bar.max = entry.progress.total;
    bar.value = entry.progress.progress;
    item.append(
      el(
        'div',
        'progress',
        undefined,
        bar,
        el(
          'span',
          'progress-message',
          entry.progress.message ??
            `${entry.progress.progress}${entry.progress.total === undefined ? '' : ` of ${entry.progress.total}`}`,
        ),
      ),
    );
  }
  if (entry.result) {
    item.append(renderResult(entry, entry.result));
    // Images, audio, resources, links and structured content: one line each, under the result; a
    // small image is drawn too.
    const parts = entry.result.attachments ?? [];
    if (parts.length > 0) {
      item.append(el('ul', 'attachments', undefined, ...parts.map(renderAttachment)));
    }
    // A tool with an MCP App: the App itself, in a sandboxed frame, under the result.
    if (entry.result.app !== undefined) item.append(renderToolApp(entry, entry.result.app));
  }
  return item;
}

function renderResult(entry: ToolEntry, result: ToolResult): HTMLElement {
  const { isError, content, durationMs } = result;
  // The tool's own time, and apart from it the time its questions waited for a person.
  const toolMs = Math.max(0, durationMs - (entry.waitedMs ?? 0));
  const timing = el('span', 'duration', formatDuration(toolMs));
  const head = el(
    'summary',
    'result',
    undefined,
    el('span', 'arrow', isError ? '✗' : '←'),
    el('span', 'result-text', shortenText(content, 110)),
    timing,
    entry.waitedMs > 0 ? el('span', 'waited', `✋ ${formatDuration(entry.waitedMs)} waiting for you`) : null,
  );
  const details = el('details', `result-details${isError ? ' failed' : ''}`, undefined, head);
  // The whole result is drawn when it is first opened: most never are, and a big run's frames
  // would otherwise build (and style) every result's JSON tree for nobody.
  details.addEventListener(
    'toggle',
    () => {
      const shown = content.length > MOST_RESULT_CHARACTERS ? `${content.slice(0, MOST_RESULT_CHARACTERS)}…` : content;
      const json = parseJsonObject(shown);
      details.append(json === undefined ? el('pre', 'result-full', shown) : renderJson(json));
    },
    { once: true },
  );
  return details;
}

/** "cookie-jars.discard_jar", for banners and announcements. */
export function callLabel(entry: QuestionEntry): string {
  return entry.kind === 'approval' ? toolLabel(entry.server, entry.tool) : cleanDisplayText(entry.server);
}
