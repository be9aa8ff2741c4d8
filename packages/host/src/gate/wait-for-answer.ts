// Waiting for a person's answer: the approver's answer, its failure, the timeout or the caller
// going away, whichever comes first, with every timer and listener cleaned up. Host side; the
// gate (tool calls) and askApprover (sampling requests) both wait this way.

import type { ApprovalAnswer, ApprovalQuestion, Approver } from '../gate.js';

export type WaitOutcome =
  | { kind: 'answer'; answer: ApprovalAnswer }
  | { kind: 'failed'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'stopped' };

// setTimeout fires at once for delays past 2^31 - 1 ms, so longer waits mean "no timeout".
const LONGEST_TIMER_MS = 2_147_483_647;

export interface WaitOptions {
  /** The caller's signal: when it aborts, the wait ends as "stopped". */
  signal: AbortSignal;
  timeoutMs: number;
  /** Called once the question is with the approver (so a registry holds it when a UI hears of it). */
  onAsked?: () => void;
}

export async function waitForAnswer(
  approver: Approver,
  question: ApprovalQuestion,
  options: WaitOptions,
): Promise<WaitOutcome> {
  if (options.signal.aborted) return { kind: 'stopped' };
  // The approver's own signal: aborted when the wait ends, so a prompt or a registry withdraws the question.
  const asking = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = (): void => {};
  try {
    const answered = callApprover(approver, question, asking.signal).then(
      (answer): WaitOutcome => ({ kind: 'answer', answer }),
      (error: unknown): WaitOutcome => ({ kind: 'failed', error }),
    );
    options.onAsked?.();
    const timedOut = new Promise<WaitOutcome>((resolve) => {
      if (options.timeoutMs <= LONGEST_TIMER_MS)
        timer = setTimeout(() => resolve({ kind: 'timeout' }), options.timeoutMs);
    });
    const stopped = new Promise<WaitOutcome>((resolve) => {
      onAbort = () => resolve({ kind: 'stopped' });
      options.signal.addEventListener('abort', onAbort, { once: true });
    });
    return await Promise.race([answered, timedOut, stopped]);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
    asking.abort();
  }
}

/** The answer's reason, trimmed, when it gave one. */
export function givenReason(answer: ApprovalAnswer | undefined): string | undefined {
  const reason = answer?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : undefined;
}

function callApprover(approver: Approver, question: ApprovalQuestion, signal: AbortSignal): Promise<ApprovalAnswer> {
  try {
    return Promise.resolve(approver(question, signal));
  } catch (error) {
    return Promise.reject(error);
  }
}
