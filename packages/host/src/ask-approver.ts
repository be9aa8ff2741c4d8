// askApprover(): puts one question to the Gate's kind of approver and always settles — with the
// answer, or with a denial when it fails, times out or the request goes away. Host side.

import { formatDuration, type ApprovalQuestion, type Approver } from './gate.js';

export type ApproverOutcome = { approved: true; reason?: string } | { approved: false; reason: string };

// setTimeout fires at once for delays past 2^31 - 1 ms, so longer waits mean "no timeout".
const LONGEST_TIMER_MS = 2_147_483_647;

export async function askApprover(
  approver: Approver,
  question: ApprovalQuestion,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<ApproverOutcome> {
  const what = `${question.tool} from ${question.server}`;
  if (options.signal.aborted) return { approved: false, reason: `The request for ${what} was withdrawn before anyone answered.` };
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = (): void => {};
  try {
    const answered = Promise.resolve()
      .then(() => approver(question, controller.signal))
      .then(
        (answer) => ({ kind: 'answer' as const, answer }),
        (error: unknown) => ({ kind: 'failed' as const, error }),
      );
    const timedOut = new Promise<{ kind: 'timeout' }>((resolve) => {
      if (options.timeoutMs <= LONGEST_TIMER_MS) timer = setTimeout(() => resolve({ kind: 'timeout' }), options.timeoutMs);
    });
    const withdrawn = new Promise<{ kind: 'withdrawn' }>((resolve) => {
      onAbort = () => resolve({ kind: 'withdrawn' });
      options.signal.addEventListener('abort', onAbort, { once: true });
    });
    const outcome = await Promise.race([answered, timedOut, withdrawn]);
    switch (outcome.kind) {
      case 'answer': {
        const given = typeof outcome.answer?.reason === 'string' && outcome.answer.reason.trim() !== '' ? outcome.answer.reason.trim() : undefined;
        // Only a literal `true` approves: a malformed answer must not open the purse.
        if (outcome.answer?.approved === true) return given === undefined ? { approved: true } : { approved: true, reason: given };
        return { approved: false, reason: `The user declined ${what}${given === undefined ? '.' : `: ${given}`}` };
      }
      case 'failed':
        return { approved: false, reason: `Asking the user about ${what} failed (${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}); treated as a no.` };
      case 'timeout':
        return { approved: false, reason: `Nobody answered the request for ${what} within ${formatDuration(options.timeoutMs)}; treated as a no.` };
      case 'withdrawn':
        return { approved: false, reason: `The request for ${what} was withdrawn before anyone answered.` };
    }
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
}
