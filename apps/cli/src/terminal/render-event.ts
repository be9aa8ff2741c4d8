// Turns one LoopEvent into the lines a person reads in the terminal. App side: pure functions;
// every piece of text that came from a server or a model is cleaned before it is printed.

import { formatCents, formatDuration, formatTokens, type LoopEvent, MAIN_AGENT } from '@kitchen/host';
import { plural } from '@kitchen/runtime/format';
import { cleanText, shortenLine } from '@kitchen/runtime/text/clean-text';
import { approvalAdvice, stopAdvice } from './flag-advice.js';
import { paint } from './paint.js';
import { renderAttachments } from './render-attachments.js';

export const LINE_WIDTH = 100;
const ROOT_AGENT = MAIN_AGENT.id;

export interface RenderContext {
  color: boolean;
  /** Worker names by agent id, learned from agent-start events. */
  laneNames: ReadonlyMap<string, string>;
  /** Longest line for shortened text. Default LINE_WIDTH. */
  width?: number;
}

/** The printable form of an event, or undefined for events the terminal does not show. */
export function renderEvent(event: LoopEvent, context: RenderContext): string | undefined {
  const width = context.width ?? LINE_WIDTH;
  const colour = context.color;
  const lane = lanePrefix(event.agent, context);
  const line = (body: string | undefined) => (body === undefined ? undefined : `${lane}${body}`);
  switch (event.type) {
    case 'agent-start':
      if (event.agent === ROOT_AGENT || event.depth === 0) {
        return paint('bold', `🍪 task: ${shortenLine(event.task, width)}`, colour);
      }
      return paint('magenta', `👷 hired #${clean(event.agent)} "${clean(event.name)}"`, colour);
    case 'agent-end':
      if (event.agent === ROOT_AGENT || event.parent === undefined) return undefined;
      return paint(
        event.stopReason === 'end_turn' ? 'green' : 'yellow',
        `${event.stopReason === 'end_turn' ? '✅' : '⚠️'} #${clean(event.agent)} "${clean(event.name)}" — ` +
          `${plural(event.iterations, 'iter')}, ${formatTokens(event.tokens)} tokens, ${event.stopReason}`,
        colour,
      );
    case 'iteration-start':
      return line(paint('bold', `── iteration ${event.iteration} ──`, colour));
    case 'text':
      return cleanText(event.text) === '' ? undefined : line(`💬 ${shortenLine(event.text, width - 3)}`);
    case 'tool-call': {
      const head = `→ ${toolName(event.server, event.tool)} `;
      const input = shortenLine(JSON.stringify(event.input), Math.max(10, width - head.length));
      return line(paint('cyan', head, colour) + input);
    }
    case 'tool-result': {
      const head = event.isError ? `✗ ${clean(event.tool)} failed: ` : `← ${clean(event.tool)}: `;
      // A result past --max-result-chars: say the model read only part of what is shown here.
      const omitted =
        event.omittedChars === undefined
          ? ''
          : ` (the model read ${(event.content.length - event.omittedChars).toLocaleString('en-US')} of ${event.content.length.toLocaleString('en-US')} characters)`;
      const body = shortenLine(event.content, Math.max(10, width - head.length - omitted.length)) + omitted;
      const shown = line(event.isError ? paint('red', head + body, colour) : head + paint('dim', body, colour));
      // Images, audio, resources, links and structured content each get a line under the result.
      const parts = renderAttachments(event.attachments ?? [], width).map((part) => line(paint('dim', part, colour)));
      return [shown, ...parts].join('\n');
    }
    case 'progress': {
      const amount =
        event.total === undefined
          ? `${event.progress}`
          : `${progressBar(event.progress, event.total)} ${event.progress}/${event.total}`;
      const message = event.message === undefined ? '' : `: ${shortenLine(event.message, width / 2)}`;
      return line(paint('dim', `⏳ ${clean(event.tool)} ${amount}${message}`, colour));
    }
    case 'task-status': {
      const message = event.statusMessage === undefined ? '' : `: ${shortenLine(event.statusMessage, width / 2)}`;
      return line(
        paint('dim', `📋 ${clean(event.tool)} task ${clean(event.taskId)} ${event.status}${message}`, colour),
      );
    }
    case 'approval-request':
      return line(
        paint('yellow', `✋ approval needed: ${toolName(event.server, event.tool)} `, colour) +
          `${shortenLine(JSON.stringify(event.input), width / 2)} — ${shortenLine(event.reason, width)}`,
      );
    case 'approval-response':
      return line(renderApprovalResponse(event, width, colour));
    case 'sampling-request':
      return line(
        paint('yellow', `🧾 the kitchen is asking to spend ${formatCents(event.costCents)}`, colour) +
          ` for a model call from ${clean(event.server)} (~${formatTokens(event.estimatedInputTokens)} input + ` +
          `up to ${formatTokens(event.maxTokens)} output tokens; ${formatTokens(event.treeTokensLeft)} tree tokens left)`,
      );
    case 'sampling-response': {
      const head = `🧾 ${clean(event.server)}'s model call ${event.outcome}`;
      if (event.outcome === 'answered') {
        return line(
          `${head}: ${formatTokens(event.inputTokens)} in + ${formatTokens(event.outputTokens)} out tokens, ` +
            formatCents(event.costCents),
        );
      }
      return line(paint('yellow', head, colour) + (event.reason ? `: ${shortenLine(event.reason, width)}` : ''));
    }
    case 'elicitation-request': {
      if (event.url !== undefined) {
        return line(
          paint('yellow', `🔗 ${clean(event.server)} asks you to open a link: `, colour) +
            `${shortenLine(event.message, width / 2)} — ${shortenLine(event.url, width)}`,
        );
      }
      const properties = event.schema['properties'];
      const fields = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
      const listed =
        fields.length === 0 ? '' : ` (${plural(fields.length, 'field')}: ${shortenLine(fields.join(', '), width / 2)})`;
      return line(
        paint('yellow', `❓ ${clean(event.server)} asks: `, colour) + shortenLine(event.message, width) + listed,
      );
    }
    case 'elicitation-response': {
      const content = event.content === undefined ? '' : ` ${shortenLine(JSON.stringify(event.content), width / 2)}`;
      const reason = event.reason === undefined ? '' : ` (${shortenLine(event.reason, width / 2)})`;
      return line(`❓ answer to ${clean(event.server)}: ${event.action}${content}${reason}`);
    }
    case 'server-log': {
      // A server's own words, in its name and at its level (stderr: a raw line from a stdio server).
      const logger = event.logger === undefined ? '' : `/${clean(event.logger)}`;
      const head = `📜 ${clean(event.server)}${logger} ${event.level}: `;
      const serious = event.level !== 'stderr' && ['error', 'critical', 'alert', 'emergency'].includes(event.level);
      return line(
        paint(serious ? 'red' : 'dim', head + shortenLine(event.text, Math.max(10, width - head.length)), colour),
      );
    }
    case 'resource-updated':
      return line(`🔔 ${clean(event.server)} updated ${shortenLine(event.uri, width)}`);
    case 'usage':
      return undefined;
    case 'model-retry':
      return line(
        paint(
          'yellow',
          `🔁 ${shortenLine(event.reason, width - 30)}, retry ${event.attempt} of ${event.maxRetries} in ${formatDuration(event.delayMs)}`,
          colour,
        ),
      );
    case 'tool-retry': {
      const session = event.newSession ? ' on a new session' : '';
      return line(
        paint(
          'yellow',
          `🔁 ${clean(event.server)}.${clean(event.tool)} sent again${session} (retry ${event.attempt}): ${shortenLine(event.reason, width - 40)}`,
          colour,
        ),
      );
    }
    case 'done':
      return renderReport(event, colour);
  }
}

function renderApprovalResponse(
  event: Extract<LoopEvent, { type: 'approval-response' }>,
  width: number,
  colour: boolean,
): string | undefined {
  const tool = clean(event.tool);
  const reason = event.reason ? `: ${shortenLine(event.reason, width)}` : '';
  const advice = approvalAdvice(event);
  if (event.decision === 'approved') {
    // Approvals by rule happen on every call; printing them would bury the ones that matter.
    if (event.by === 'rule') return undefined;
    return paint('green', event.reason ? `✋ approved ${tool}${reason}` : `✋ approved by you: ${tool}`, colour);
  }
  const who = DENIED_BY[event.by];
  return paint('red', `⛔ denied ${tool} ${who}`, colour) + reason + (advice === undefined ? '' : ` ${advice}`);
}

const DENIED_BY: Readonly<Record<Extract<LoopEvent, { type: 'approval-response' }>['by'], string>> = {
  person: 'by you',
  timeout: '(nobody answered in time)',
  rule: 'by rule',
  stop: '(the run was stopped)',
  nobody: '(nobody to ask)',
};

function renderReport(event: Extract<LoopEvent, { type: 'done' }>, colour: boolean): string {
  const lines: string[] = [];
  if (event.stopReason !== 'end_turn') {
    const advice = stopAdvice(event);
    const words = [event.detail ? cleanText(event.detail) : undefined, advice].filter((part) => part !== undefined);
    const detail = words.length === 0 ? '' : `: ${words.join(' ')}`;
    lines.push(paint('yellow', `⚠️ stopped early (${event.stopReason})${detail}`, colour));
    // A bug turned into words keeps its stack where a developer looks (--json carries it too).
    if (event.error?.code === 'unexpected' && event.error.stack !== undefined)
      lines.push(paint('dim', cleanText(event.error.stack, { keepNewlines: true }), colour));
  }
  // A report cut off at the output limit is never shown as a whole one.
  lines.push(paint('bold', event.truncated ? '── report (cut off: incomplete) ──' : '── report ──', colour));
  const report = cleanText(event.finalText, { keepNewlines: true }).trim();
  lines.push(report === '' ? '(the model gave no report)' : report);
  return lines.join('\n');
}

const BAR_WIDTH = 10;

/** "[████░░░░░░]": how far a call has come, when the server says how far it has to go. */
function progressBar(progress: number, total: number): string {
  const share = total > 0 ? Math.min(1, Math.max(0, progress / total)) : 0;
  const filled = Math.round(share * BAR_WIDTH);
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}]`;
}

/** "[#1 jars-1-20] " before a worker's lines; the main agent's have none. */
export function lanePrefix(agent: string, context: RenderContext): string {
  if (agent === ROOT_AGENT) return '';
  const name = context.laneNames.get(agent);
  const label = name === undefined ? `#${clean(agent)}` : `#${clean(agent)} ${clean(name)}`;
  return `${paint('magenta', `[${label}]`, context.color)} `;
}

/** "cookie-jars.inspect_jar"; a local tool by its name alone. */
export function toolName(server: string, tool: string): string {
  if (server === 'local') return clean(tool);
  // A name the toolbox namespaced because two servers clash ("dice__roll") already says its server.
  const ownName = tool.startsWith(`${server}__`) ? tool.slice(server.length + 2) : tool;
  return `${clean(server)}.${clean(ownName)}`;
}

function clean(text: string): string {
  return shortenLine(text, 60);
}
