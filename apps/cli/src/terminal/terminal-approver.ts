// Person.approve at an interactive terminal, for the gate and the sampling handler alike: a tool
// call shows its lane, server, full tool name, arguments and the reason; a sampling request shows
// the whole request the host would send (system prompt, messages, max tokens) and its price. Each
// waits for y / n / always. App side; questions from concurrent workers wait in
// createPendingApprovals and the prompt asks them one at a time, each answer going to its request.

import {
  type ApprovalQuestion,
  createPendingApprovals,
  formatCents,
  formatDuration,
  formatTokens,
  type Message,
  type Person,
} from '@kitchen/host';
import { cleanText } from '@kitchen/runtime/text/clean-text';
import { paint } from './paint.js';
import type { PromptReader, TerminalPrompt } from './terminal-prompt.js';

/** Arguments longer than this are cut, with a note saying how much was left out. */
const MAX_ARGUMENTS_SHOWN = 2_000;

export interface TerminalApproverOptions {
  prompt: TerminalPrompt;
  color: boolean;
  /** How long the gate waits, to tell a timeout from a stopped run when a question is withdrawn. */
  timeoutMs: number;
  /** The tree budget's state, shown with sampling requests. */
  treeTokens?: () => { left: number; max: number };
}

export function createTerminalApprover(options: TerminalApproverOptions): Person['approve'] {
  const pending = createPendingApprovals();
  // "always": server and tool pairs approved for the rest of the run.
  const always = new Set<string>();
  const isWaiting = (requestId: string) => pending.pending().some((question) => question.requestId === requestId);

  return (question, signal) => {
    const answer = pending.approve(question, signal);
    const askedAt = Date.now();
    void options.prompt.ask(async (reader) => {
      // Answered, timed out or withdrawn while it waited its turn: nothing to ask.
      if (!isWaiting(question.requestId)) return;
      const key = `${question.server}\u0000${question.kind === 'tool-call' ? question.tool : question.kind}`;
      if (always.has(key)) {
        pending.answer(question.requestId, true, 'approved for the rest of the run at the terminal ("always")');
        return;
      }
      for (const line of describeQuestion(question, options)) reader.say(line);
      const what = question.kind === 'sampling' ? 'server' : 'tool';
      for (;;) {
        const reply = await reader.readLine(
          paint('bold', `Allow? [y]es / [n]o / [a]lways for this ${what}: `, options.color),
          signal,
        );
        if (reply.kind === 'withdrawn') {
          const timedOut = Date.now() - askedAt >= options.timeoutMs - 50;
          reader.say(
            paint(
              'yellow',
              timedOut
                ? `   ⌛ no answer within ${formatDuration(options.timeoutMs)}: treated as a no`
                : '   (withdrawn: the run is stopping)',
              options.color,
            ),
          );
          return;
        }
        if (reply.kind === 'closed') {
          pending.answer(question.requestId, false, 'the prompt was closed (Ctrl-D) without an answer');
          return;
        }
        const typed = reply.text.trim().toLowerCase();
        if (typed === 'y' || typed === 'yes') {
          pending.answer(question.requestId, true);
          return;
        }
        if (typed === 'n' || typed === 'no') {
          pending.answer(question.requestId, false);
          return;
        }
        if (typed === 'a' || typed === 'always') {
          always.add(key);
          pending.answer(question.requestId, true, `approved for the rest of the run at the terminal ("always")`);
          return;
        }
        askAgain(reader, options.color);
      }
    });
    return answer;
  };
}

function askAgain(reader: PromptReader, color: boolean): void {
  reader.say(
    paint('dim', '   Type y to allow it once, n to refuse it, or a to allow it for the rest of the run.', color),
  );
}

/** The lines shown before the question: lane, server, tool, arguments, reason. */
export function describeQuestion(
  question: ApprovalQuestion,
  options: Pick<TerminalApproverOptions, 'color' | 'treeTokens'>,
): string[] {
  const lane =
    question.agent.depth === 0
      ? clean(question.agent.name)
      : `#${clean(question.agent.id)} ${clean(question.agent.name)}`;
  if (question.kind === 'sampling') {
    const budget = options.treeTokens?.();
    const { request } = question;
    const tokens = `~${formatTokens(question.estimatedInputTokens)} input + up to ${formatTokens(request.maxTokens)} output tokens`;
    return [
      paint(
        'yellow',
        `🧾 ${clean(question.server)}: the kitchen is asking to spend ${formatCents(question.costCents)} on a model call`,
        options.color,
      ),
      `   lane:    ${lane}`,
      `   size:    ${tokens}${budget === undefined ? '' : `; ${formatTokens(budget.left)} of ${formatTokens(budget.max)} tree tokens left`}`,
      ...(request.systemPrompt === undefined ? [] : [`   system:  ${showText(request.systemPrompt)}`]),
      // Approve what is actually sent: every message, not only the last.
      ...request.messages.map((message) => `   ${`${message.role}:`.padEnd(8)} ${showText(messageText(message))}`),
    ];
  }
  return [
    paint('yellow', `✋ approval needed in lane ${lane}`, options.color),
    `   server:    ${clean(question.server)}`,
    `   tool:      ${clean(question.tool)}`,
    `   arguments: ${showArguments(question.input)}`,
    `   why:       ${cleanText(question.reason)}`,
  ];
}

/** The arguments as JSON, cleaned of escape sequences and control characters, cut only when huge. */
function showArguments(input: Record<string, unknown>): string {
  const text = cleanText(JSON.stringify(input) ?? '{}');
  if (text.length <= MAX_ARGUMENTS_SHOWN) return text;
  return `${text.slice(0, MAX_ARGUMENTS_SHOWN)}… (${formatTokens(text.length - MAX_ARGUMENTS_SHOWN)} more characters)`;
}

/** A message's text as the model would read it; tool blocks as their JSON. */
function messageText(message: Message): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((block) => (block.type === 'text' ? block.text : JSON.stringify(block))).join('\n');
}

/** Text from a server, cleaned of escape sequences and control characters, cut only when huge. */
function showText(text: string): string {
  const cleaned = cleanText(text);
  if (cleaned.length <= MAX_ARGUMENTS_SHOWN) return cleaned;
  return `${cleaned.slice(0, MAX_ARGUMENTS_SHOWN)}… (${formatTokens(cleaned.length - MAX_ARGUMENTS_SHOWN)} more characters)`;
}

function clean(text: string): string {
  return cleanText(text);
}
