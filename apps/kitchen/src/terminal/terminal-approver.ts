// The gate's and the sampling handler's approver at an interactive terminal: each question shows
// its lane, server, full tool name, arguments and the reason, and waits for y / n / always.
// App side; questions from concurrent workers wait in createPendingApprovals and the prompt asks
// them one at a time, each answer going back to its own request.

import { type ApprovalQuestion, type Approver, createPendingApprovals, formatDuration } from '@kitchen/host';
import { cleanText, shortenLine } from './clean-text.js';
import { formatCents, formatTokens } from './format-units.js';
import { paint } from './paint.js';
import type { PromptReader, TerminalPrompt } from './terminal-prompt.js';

/** The tool name the sampling handler puts on its questions. */
export const SAMPLING_TOOL = 'sampling/createMessage';
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

export function createTerminalApprover(options: TerminalApproverOptions): Approver {
  const pending = createPendingApprovals();
  // "always": server and tool pairs approved for the rest of the run.
  const always = new Set<string>();
  const isWaiting = (requestId: string) => pending.pending().some((question) => question.requestId === requestId);

  return (question, signal) => {
    const answer = pending.approver(question, signal);
    const askedAt = Date.now();
    void options.prompt.ask(async (reader) => {
      // Answered, timed out or withdrawn while it waited its turn: nothing to ask.
      if (!isWaiting(question.requestId)) return;
      const key = `${question.server}\u0000${question.tool}`;
      if (always.has(key)) {
        pending.answer(question.requestId, true, 'approved for the rest of the run at the terminal ("always")');
        return;
      }
      for (const line of describeQuestion(question, options)) reader.say(line);
      const what = question.tool === SAMPLING_TOOL ? 'server' : 'tool';
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
  if (question.tool === SAMPLING_TOOL) {
    const input = question.input;
    const cost = typeof input['costCents'] === 'number' ? input['costCents'] : 0;
    const budget = options.treeTokens?.();
    const tokens = `~${formatTokens(numberOr(input['estimatedInputTokens']))} input + up to ${formatTokens(numberOr(input['maxTokens']))} output tokens`;
    return [
      paint(
        'yellow',
        `🧾 ${clean(question.server)}: the kitchen is asking to spend ${formatCents(cost)} on a model call`,
        options.color,
      ),
      `   lane:    ${lane}`,
      `   size:    ${tokens}${budget === undefined ? '' : `; ${formatTokens(budget.left)} of ${formatTokens(budget.max)} tree tokens left`}`,
      ...(typeof input['systemPrompt'] === 'string' ? [`   system:  ${shortenLine(input['systemPrompt'], 200)}`] : []),
      `   prompt:  ${shortenLine(typeof input['prompt'] === 'string' ? input['prompt'] : '', 300)}`,
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

function clean(text: string): string {
  return cleanText(text);
}

function numberOr(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}
