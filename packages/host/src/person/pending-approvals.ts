// A registry of approval questions waiting for a person, answered by request id: what a terminal
// prompt or a web page puts behind Person.approve. Host side; the prompt itself lives in the app.

import type { ApprovalAnswer, ApprovalQuestion, Person } from '../person.js';

export interface PendingApprovals {
  /** Person.approve: each question waits here until answered or no longer wanted. */
  readonly approve: Person['approve'];
  /** Answers one question; false when no such question is waiting (already answered, timed out, unknown). */
  answer(requestId: string, approved: boolean, reason?: string): boolean;
  /** The questions still waiting, oldest first. */
  pending(): ApprovalQuestion[];
}

/**
 * Questions from concurrent agents each get their own entry; answering one leaves the others
 * waiting. When the asker stops waiting (timeout, run stopped) the entry disappears, so a late
 * answer returns false instead of reaching nobody.
 */
export function createPendingApprovals(): PendingApprovals {
  const waiting = new Map<string, { question: ApprovalQuestion; resolve: (answer: ApprovalAnswer) => void }>();

  const approve: Person['approve'] = (question, signal) =>
    new Promise<ApprovalAnswer>((resolve) => {
      if (waiting.has(question.requestId)) {
        resolve({ approved: false, reason: `a question with id ${question.requestId} is already waiting` });
        return;
      }
      const finish = (answer: ApprovalAnswer): void => {
        signal.removeEventListener('abort', onAbort);
        waiting.delete(question.requestId);
        resolve(answer);
      };
      const onAbort = (): void => finish({ approved: false, reason: 'the question was withdrawn' });
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.set(question.requestId, { question, resolve: finish });
    });

  return {
    approve,
    answer(requestId, approved, reason) {
      const entry = waiting.get(requestId);
      if (entry === undefined) return false;
      entry.resolve(reason === undefined ? { approved } : { approved, reason });
      return true;
    },
    pending() {
      return [...waiting.values()].map((entry) => entry.question);
    },
  };
}
